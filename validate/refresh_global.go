package validate

import (
	"math"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

const storeClassKey = "yarn.scheduler.configuration.store.class"

// mutableStore is RF014: AdminService.refreshQueues refuses outright when
// the running scheduler keeps its configuration in a mutable store
// (memory, leveldb, zk, fs: CapacityScheduler.initScheduler's switch).
func (c *refreshCheck) mutableStore() {
	if c.v.Less(xmlconf.V2_10) || c.old.Conf == nil {
		return
	}
	switch c.old.Conf.GetOr(storeClassKey, "file") {
	case "memory", "leveldb", "zk", "fs":
		at := (&Pass{Model: c.old, file: c.file}).AtKey(storeClassKey)
		c.hint(xmlconf.SeverityError, at,
			"change the scheduler configuration through the REST API (PUT /ws/v1/cluster/scheduler-conf) or yarn schedulerconf",
			"Scheduler configuration is mutable. refreshQueues is not allowed in this scenario.")
	}
}

// restartOnlyKey reports whether the ResourceManager reads key only in
// CapacityScheduler.initScheduler, never in reinitialize (RF013), or only
// from its own configuration (xmlconf.RMOnlySettings), which
// AdminService.refreshQueues hands the scheduler as it was at start.
func restartOnlyKey(key string, v xmlconf.Version) bool {
	if _, ok := xmlconf.RMOnly(key, v); ok {
		return true
	}
	if rest, ok := strings.CutPrefix(key, xmlconf.Prefix); ok {
		if since, ok := globalKeySince[rest]; ok && v.Less(since) {
			// Never read on this profile (2.7's one scheduling thread has
			// no maximum-threads): no restart applies it either; CS005
			// says it is ignored.
			return false
		}
	}
	switch key {
	case xmlconf.Prefix + "resource-calculator", xmlconf.Prefix + "multi-node-placement-enabled", storeClassKey:
		return true
	case xmlconf.MinAllocationMBKey, xmlconf.MinAllocationVcoresKey:
		// CapacityScheduler#initScheduler sets minimumAllocation; reinitialize
		// validates the new value but never applies it (2.x and 3.x).
		return true
	case xmlconf.Prefix + "legacy-queue-mode.enabled":
		return v.AtLeast(xmlconf.V3_4)
	}
	return strings.HasPrefix(key, xmlconf.Prefix+"schedule-asynchronously.") ||
		strings.HasPrefix(key, xmlconf.Prefix+"multi-node-sorting.policy")
}

// restartOnly reports RF013 for every restart-only key whose value changed.
func (c *refreshCheck) restartOnly() {
	c.waitGlobal()
	for _, pc := range c.globalChanges() {
		if !restartOnlyKey(pc.Name, c.v) || sameWhenTrimmed(pc) {
			continue
		}
		at := (&Pass{Model: c.new, file: c.file}).AtKey(pc.Name)
		kept := "the old value"
		if pc.Old == nil {
			kept = "the default"
		}
		c.hint(xmlconf.SeverityWarning, at, "restart the ResourceManager to apply it",
			"%q changes from %s to %s, but the ResourceManager reads it only at start: refreshQueues keeps %s",
			pc.Name, quoteOrUnset(pc.Old), quoteOrUnset(pc.New), kept)
	}
}

// sameWhenTrimmed reports whether a restart-only key changed only in the
// spaces and line breaks around its value, where Hadoop reads it with a
// trimming getter (getClass, getBoolean, getInt, getLong: getTrimmed), so
// a restart would read the same value. The monitor policies (split
// untrimmed from 3.1), the configuration store (a plain get and a switch)
// and the multi-node sorting policies are compared as written.
func sameWhenTrimmed(pc PropChange) bool {
	if pc.Old == nil || pc.New == nil || pc.Name == xmlconf.MonitorPoliciesKey || pc.Name == storeClassKey ||
		strings.HasPrefix(pc.Name, xmlconf.Prefix+"multi-node-sorting.policy") {
		return false
	}
	return xmlconf.JavaTrim(*pc.Old) == xmlconf.JavaTrim(*pc.New)
}

func quoteOrUnset(s *string) string {
	if s == nil {
		return "(unset)"
	}
	return `"` + *s + `"`
}

// globalChanges returns the scheduler-wide changes computed by run.
func (c *refreshCheck) globalChanges() []PropChange { return c.global }

// diffGlobal lists keys outside the queue tree (scheduler-wide
// yarn.scheduler.capacity.* keys and yarn-site keys) whose raw value
// differs, sorted by key. Hashing the key sets is cheaper than sorting them.
func diffGlobal(oc, nc *xmlconf.Conf) []PropChange {
	out := []PropChange{}
	if oc == nil || nc == nil {
		return out
	}
	// Only scheduler-wide keys matter here, a few dozen among 100,000:
	// skip queue keys before any lookup rather than copying both sides
	// into maps.
	oc.Each(func(k string, op *xmlconf.Property) {
		if queueKey(k) {
			return
		}
		if nv, ok := nc.Raw(k); !ok || nv != op.Value {
			out = append(out, propChange(k, op.Value, true, nv, ok))
		}
	})
	nc.Each(func(k string, np *xmlconf.Property) {
		if queueKey(k) {
			return
		}
		if _, ok := oc.Raw(k); !ok {
			out = append(out, propChange(k, "", false, np.Value, true))
		}
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// queueKey reports whether key belongs to the queue tree (root or below).
func queueKey(key string) bool {
	rest, ok := strings.CutPrefix(key, xmlconf.Prefix+"root")
	return ok && (rest == "" || rest[0] == '.')
}

// zeroSumFlags is RF015's check on every parent that stays a parent.
func (c *refreshCheck) zeroSumFlags() {
	c.reinitialized(func(oq, nq *xmlconf.Queue, ok, nk queueKind) {
		if ok.isParent() && nk.isParent() {
			c.zeroSumFlag(oq, nq)
		}
	})
}

// zeroSumFlag is RF015 (3.4) for one parent: AbstractParentQueue reads
// allow-zero-capacity-sum once, in its constructor, so a live parent
// checks its children's sum with the flag it started with. Turning the
// flag on together with children that need it is refused on refresh
// although NEW alone is valid.
func (c *refreshCheck) zeroSumFlag(oq, nq *xmlconf.Queue) {
	if c.v.Less(xmlconf.V3_4) || oq.AllowZeroCapacitySum.V == nq.AllowZeroCapacitySum.V {
		return
	}
	at := (&Pass{Model: c.new, file: c.file}).AtProp(nq, "allow-zero-capacity-sum")
	if oq.AllowZeroCapacitySum.V || !nq.AllowZeroCapacitySum.V {
		c.report(xmlconf.SeverityWarning, at,
			"allow-zero-capacity-sum of %s changes to %t, but the live queue keeps %t until a restart",
			nq.Path, nq.AllowZeroCapacitySum.V, oq.AllowZeroCapacitySum.V)
		return
	}
	if msg := zeroSumError(nq); msg != "" {
		c.hint(xmlconf.SeverityError, at,
			"the live "+nq.Path+" keeps allow-zero-capacity-sum=false until a restart; restart the ResourceManager, or change the flag first and the capacities in a later refresh after a restart",
			"%s", msg)
		return
	}
	c.report(xmlconf.SeverityWarning, at,
		"allow-zero-capacity-sum of %s changes to true, but the live queue keeps false until a restart", nq.Path)
}

// zeroSumError is the default-label CS024b/CS024c check of
// AbstractParentQueue.setChildQueues with allow-zero-capacity-sum off,
// for percentage children under a percentage parent.
func zeroSumError(p *xmlconf.Queue) string {
	parentCap := float32(1)
	if !p.IsRoot() {
		if p.Capacity.Mode != xmlconf.ModePercent && p.Capacity.Mode != xmlconf.ModeUnset {
			return ""
		}
		parentCap = p.Capacity.Fraction()
	}
	var sum float32
	for _, ch := range p.Children {
		if ch.Capacity.Mode != xmlconf.ModePercent && ch.Capacity.Mode != xmlconf.ModeUnset {
			return ""
		}
		sum += ch.Capacity.Fraction()
	}
	const precision = 0.0005
	s := xmlconf.FormatJavaFloat(sum)
	switch {
	case math.Abs(float64(1-sum)) > precision && math.Abs(float64(sum)) <= precision && parentCap != 0:
		return "Illegal capacity sum of " + s + " for children of queue " + p.Name +
			" for label=. It is set to 0, but parent percent != 0, and doesn't allow children capacity to set to 0"
	case math.Abs(float64(1-sum)) <= precision && parentCap == 0:
		return "Illegal capacity sum of " + s + " for children of queue " + p.Name +
			" for label=. queue=" + p.Name + " has zero capacity, but childqueues have positive capacities"
	}
	return ""
}
