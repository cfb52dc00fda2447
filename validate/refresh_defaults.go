package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// defaultRead gives what Hadoop reads for one own key of a queue, and
// whether that reading is sound (false: the text does not parse, so the
// raw change stays listed for the lint rule that judges it).
type defaultRead func(q *xmlconf.Queue, rc readCtx) (string, bool)

// readCtx is the side a reading is taken on: the profile and the model
// the queue belongs to (for its queue mode).
type readCtx struct {
	v xmlconf.Version
	m *xmlconf.Model
}

// defaultReads are the own keys whose unset reading is a default that
// depends on the queue or the profile, so that writing the default out (or
// dropping it) changes nothing Hadoop reads:
//   - submit and administer ACLs: "*" on root, " " elsewhere
//     (CapacitySchedulerConfiguration.getAcl);
//   - reservation ACLs: "*" on every queue (getReservationAcl);
//   - root's capacity: 100 (rootCapacity); any queue's maximum-capacity:
//     100, also when written -1 (maximumCapacity);
//   - a queue's max-parallel-apps: the scheduler-wide key from 3.3
//     (maxParallelApps);
//   - a leaf's user limits and AM share: the scheduler-wide key, read for
//     user limits only from 3.4 (YARN-10928), else Hadoop's constant
//     (getUserLimit, getUserLimitFactor,
//     getMaximumApplicationMasterResourcePerQueuePercent).
var defaultReads = map[string]defaultRead{
	"acl_submit_applications":     aclRead(func(q *xmlconf.Queue) xmlconf.Value[xmlconf.ACL] { return q.SubmitACL }),
	"acl_administer_queue":        aclRead(func(q *xmlconf.Queue) xmlconf.Value[xmlconf.ACL] { return q.AdminACL }),
	"acl_administer_reservations": reservationACL("acl_administer_reservations"),
	"acl_list_reservations":       reservationACL("acl_list_reservations"),
	"acl_submit_reservations":     reservationACL("acl_submit_reservations"),
	"minimum-user-limit-percent":  minUserLimitPercent,
	"user-limit-factor":           leafFloat(func(q *xmlconf.Queue) xmlconf.Value[float32] { return q.UserLimitFactor }),
	"maximum-am-resource-percent": leafFloat(func(q *xmlconf.Queue) xmlconf.Value[float32] { return q.MaxAMResourcePercent }),
	"capacity":                    queueCapacity,
	"maximum-capacity":            maximumCapacity,
	"ordering-policy":             orderingPolicy,
	"maximum-allocation":          maxAllocation,
	"maximum-allocation-mb":       maxAllocation,
	"maximum-allocation-vcores":   maxAllocation,
	"state":                       configuredState,
	"max-parallel-apps":           maxParallelApps,
	// refresh_value_reads.go
	"queues":                                        childQueues,
	"accessible-node-labels":                        accessibleLabels,
	"default-node-label-expression":                 defaultLabelExpression,
	"maximum-applications":                          maximumApplications,
	"priority":                                      ownInt(func(q *xmlconf.Queue) xmlconf.Value[int32] { return q.Priority }, anyQueue),
	"default-application-priority":                  ownInt(func(q *xmlconf.Queue) xmlconf.Value[int32] { return q.DefaultApplicationPriority }, (*xmlconf.Queue).IsLeaf),
	"disable_preemption":                            ownBool(func(q *xmlconf.Queue) xmlconf.Value[bool] { return q.DisablePreemption }, anyQueue),
	"intra-queue-preemption.disable_preemption":     ownBool(func(q *xmlconf.Queue) xmlconf.Value[bool] { return q.IntraQueuePreemptionDisabled }, anyQueue),
	"reservable":                                    ownBool(func(q *xmlconf.Queue) xmlconf.Value[bool] { return q.Reservable }, anyQueue),
	"allow-zero-capacity-sum":                       ownBool(func(q *xmlconf.Queue) xmlconf.Value[bool] { return q.AllowZeroCapacitySum }, isParent),
	"maximum-application-lifetime":                  appLifetime("maximum-application-lifetime"),
	"default-application-lifetime":                  appLifetime("default-application-lifetime"),
	"ordering-policy.fair.enable-size-based-weight": fairSizeBasedWeight,
	// refresh_acl_reads.go; readerOf adds its templateACLReader and
	// refresh_value_reads.go's userWeightReader
	"acl_application_max_priority": priorityACLs,
}

// maxParallelApps: from 3.3 (YARN-9930) every queue reads
// getMaxParallelAppsForQueue on each reinitialize, its own key with
// Integer.parseInt or, unset, the scheduler-wide max-parallel-apps
// (getInt, Integer.MAX_VALUE), so writing that out changes nothing.
// Before 3.3 no queue reads it (CS005).
func maxParallelApps(q *xmlconf.Queue, rc readCtx) (string, bool) {
	mp := q.MaxParallelApps
	if rc.v.Less(suffixSince("max-parallel-apps")) || mp.Err != "" {
		return "", false
	}
	return strconv.Itoa(int(mp.V)), true
}

// orderingPolicy: a parent reads getQueueOrderingPolicy(queue, its
// parent's policy) and a leaf getAppOrderingPolicy (default fifo) on
// every reinitialize, so writing out what the queue inherits reads the
// same (the model keeps a built-in class name as its alias, as Hadoop
// loads the same class for either).
func orderingPolicy(q *xmlconf.Queue, _ readCtx) (string, bool) {
	return q.OrderingPolicy.V, q.OrderingPolicy.Err == ""
}

// maxAllocation: the model reads the queue's maximum allocation as the
// profile does on every reinitialize (from 3.3 AbstractCSQueue#
// setupMaximumAllocation, 3.4 QueueAllocationSettings, start from the
// parent's; before 3.3 getMaximumAllocationPerQueue reads an unset key as
// the cluster's yarn.scheduler.maximum-allocation-*), so writing out what
// an unset key reads there changes nothing.
func maxAllocation(q *xmlconf.Queue, _ readCtx) (string, bool) {
	return q.MaxAllocation.V.String(), q.MaxAllocation.Err == ""
}

// configuredState: 2.7 reads getState straight into the queue, RUNNING
// when unset, so writing RUNNING out changes nothing. From 2.9 (YARN-5756,
// so the 2.10 profile) an unset state is not the parent's:
// AbstractCSQueue#initializeQueueState (3.4: QueueStateHelper.
// reinitializeState) keeps the live state when the key is unset, while a
// written RUNNING restarts a stopped queue, so a change between set and
// unset always stays listed; two spellings of one state read alike.
func configuredState(q *xmlconf.Queue, rc readCtx) (string, bool) {
	cs := q.ConfiguredState
	switch {
	case cs.Err != "":
		return "", false
	case cs.Prop == nil:
		return string(xmlconf.StateRunning), rc.v.Less(xmlconf.V2_10)
	}
	return string(cs.V), true // getConfiguredState upper-cases it
}

// queueCapacity reads root's capacity as rootCapacity does and any other
// queue's as getNonLabeledQueueCapacity (2.7: getCapacity) parses it: a
// percentage with getFloat, a weight (3.4) with Float.parseFloat of the
// text before its "w" (internalGetLabeledQueueWeight), so "30" and "30.0",
// or "2w" and "2.0w", read alike. Such a queue's capacity has no default,
// so a change to or from unset stays listed; an absolute or vector
// capacity is read by absoluteReading. In 3.4's non-legacy mode the
// vector counts too: a text getFloat reads but QueueCapacityConfigParser
// leaves empty ("1e1") is no reading.
func queueCapacity(q *xmlconf.Queue, rc readCtx) (string, bool) {
	c := q.Capacity
	switch {
	case q.IsRoot():
		return rootCapacity(q)
	case c.Err != "":
		return "", false
	case c.Mode == xmlconf.ModeWeight:
		return formatReading32(c.Weight) + "w", true
	case c.Mode == xmlconf.ModeAbsolute || c.Mode == xmlconf.ModeVector:
		return absoluteReading(c, rc)
	case c.Mode != xmlconf.ModePercent || rc.m.NonLegacyMode() && c.EmptyVector():
		return "", false
	}
	return formatReading32(c.Percent), true
}

// rootCapacity reads root's capacity as a percentage, 100 when unset:
// CapacitySchedulerConfiguration.getNonLabeledQueueCapacity fixes root's
// at 100 (2.7: getCapacity) and 3.4's QueueCapacityConfigParser.parse
// gives root 100% whatever it says. Only a percentage written as 100 reads
// the same as unset; another value, a weight or an absolute resource stays
// listed for the lint rules (CS011, ...).
func rootCapacity(q *xmlconf.Queue) (string, bool) {
	c := q.Capacity
	switch {
	case c.Mode == xmlconf.ModeUnset:
		return "100", true
	case c.Mode != xmlconf.ModePercent || c.Err != "":
		return "", false
	}
	return formatReading32(c.Percent), true
}

// maximumCapacity reads any queue's maximum-capacity as
// getNonLabeledQueueMaximumCapacity (2.7: getMaximumCapacity) does: an
// unset or -1 maximum is 100% of the parent's maximum (xmlconf.Capacity.
// MaxFraction). For a queue with an absolute capacity (3.1+) "100" matches
// no resource, so getMaximumResourceRequirement reads none as for unset
// and AbstractCSQueue takes the parent's maximum resource. 3.4's
// non-legacy mode reads the vector instead (nonLegacyMaximum); root's is
// 100% there whatever it says (QueueCapacityConfigParser.parse). An
// absolute or vector maximum of another queue is read by absoluteReading;
// root's, or one that does not parse, stays listed.
func maximumCapacity(q *xmlconf.Queue, rc readCtx) (string, bool) {
	c := q.MaxCapacity
	if (c.Mode == xmlconf.ModeAbsolute || c.Mode == xmlconf.ModeVector) && !q.IsRoot() {
		return absoluteReading(c, rc)
	}
	if rc.m.NonLegacyMode() && !q.IsRoot() {
		return nonLegacyMaximum(c)
	}
	if c.Err != "" || c.Mode != xmlconf.ModeUnset && c.Mode != xmlconf.ModePercent {
		return "", false
	}
	return formatReading32(c.MaxFraction() * 100), true
}

// parentsMaximum is the non-legacy reading of a maximum-capacity that
// QueueCapacityConfigParser leaves empty.
const parentsMaximum = "the parent's maximum"

// nonLegacyMaximum reads a non-root queue's maximum-capacity, labelled or
// not, in 3.4's non-legacy mode, where the calculation reads the vector of
// CapacitySchedulerConfiguration.parseConfiguredMaximumCapacityVector:
// QueueCapacityConfigParser.parse gives an empty vector for an unset
// value and for one neither RESOURCE_REGEX nor UNIFORM_REGEX
// "^([0-9.]+)(.*)" types ("-1", "-5", "1e2"), and an empty vector is
// replaced by the defaultVector QueueCapacityVector.newInstance (absolute
// 0 for every resource), which ResourceCalculationDriver.
// validateCalculatedResources turns into the parent's maximum exactly.
// CSQueueUtils.loadCapacitiesByLabelsFromConf still reads the text with
// getFloat in this mode, so such a text is the unset reading only where
// that agrees too (-1 and 1e2 are 100; -5 is not). "100" is another
// vector, 100% through the percentage calculator's floating-point product,
// which can fall a unit short of the parent's maximum: it stays listed.
func nonLegacyMaximum(c xmlconf.Capacity) (string, bool) {
	switch {
	case c.Mode == xmlconf.ModeUnset:
		return parentsMaximum, true
	case c.Mode != xmlconf.ModePercent || c.Err != "":
		return "", false
	case c.EmptyVector():
		return parentsMaximum, c.MaxFraction() == 1
	}
	return formatReading32(c.Percent) + "%", true
}

// reservationACL reads a reservation ACL as getReservationAcl: plain get
// with "*" for every queue, root or not.
func reservationACL(suffix string) defaultRead {
	return func(q *xmlconf.Queue, rc readCtx) (string, bool) {
		raw := "*"
		if p := q.Props[suffix]; p != nil {
			raw = p.Value
		}
		return xmlconf.ParseACL(raw, rc.v).Canonical(), true
	}
}

// leafFloat reads a leaf-only number; a parent does not read it, so a
// change there is left to lint.
func leafFloat(get func(*xmlconf.Queue) xmlconf.Value[float32]) defaultRead {
	return func(q *xmlconf.Queue, _ readCtx) (string, bool) {
		val := get(q)
		return strconv.FormatFloat(float64(val.V), 'g', -1, 32), q.IsLeaf() && val.Err == ""
	}
}

// sameReading splits off the raw changes where Hadoop reads the same
// value on both sides: one side leaves the key unset and the other writes
// what Hadoop would read anyway, or both write texts it parses alike ("1"
// and "1.0" through getFloat, "TRUE" and "true" through getBoolean).
// Nothing changes in the running queue, so they do not make it "modified".
// Each becomes a note, so the JSON still shows the edit. A key the profile
// does not read stays listed (CS005 says it is ignored).
func sameReading(oq, nq *xmlconf.Queue, props []PropChange, om, nm *xmlconf.Model, v xmlconf.Version) (kept []PropChange, notes []string) {
	kept = props[:0:0]
	for _, pc := range props {
		suffix := strings.TrimPrefix(pc.Name, nq.Key(""))
		read := readerOf(suffix)
		if read == nil || v.Less(suffixSince(suffix)) {
			kept = append(kept, pc)
			continue
		}
		ov, ook := read(oq, readCtx{v, om})
		nv, nok := read(nq, readCtx{v, nm})
		if !ook || !nok || ov != nv {
			kept = append(kept, pc)
			continue
		}
		if pc.Old != nil && pc.New != nil {
			notes = append(notes, fmt.Sprintf("%s %s → %s changes nothing: Hadoop %s reads both as %q for %s",
				suffix, quoteOrUnset(pc.Old), quoteOrUnset(pc.New), v, nv, nq.Path))
			continue
		}
		notes = append(notes, fmt.Sprintf("%s %s → %s changes nothing: Hadoop %s reads %q for %s when it is unset",
			suffix, quoteOrUnset(pc.Old), quoteOrUnset(pc.New), v, nv, nq.Path))
	}
	return kept, notes
}

// absoluteReading reads an absolute or vector capacity or maximum-capacity
// of a queue other than root. From 3.1 getMinimumResourceRequirement and
// getMaximumResourceRequirement (internalGetLabeledResourceRequirementForQueue)
// build a Resource from the legacy syntax: entries in any order, names
// trimmed, units converted to MiB (the model's Absolute). From 3.4, in both
// queue modes, AbstractCSQueue.setupQueueConfigs also parses the text into
// a QueueCapacityVector (xmlconf.CanonicalVector), which non-legacy mode
// calculates with; a vector that is not the legacy syntax
// ("[memory=50%,vcores=2]") gives no Resource and is read in non-legacy
// mode only. A text whose legacy reading drops an entry or has no memory
// (the model's Err), or that gives no vector, stays listed.
func absoluteReading(c xmlconf.Capacity, rc readCtx) (string, bool) {
	var legacy string
	switch {
	case c.Err != "":
		return "", false
	case c.Mode == xmlconf.ModeAbsolute:
		legacy = c.Absolute.String()
	case c.Mode != xmlconf.ModeVector || !rc.m.NonLegacyMode():
		return "", false
	}
	if rc.v.Less(xmlconf.V3_4) {
		return legacy, true
	}
	vec, ok := xmlconf.CanonicalVector(c.Raw)
	if !ok {
		return "", false
	}
	if legacy == "" {
		return "vector " + vec, true
	}
	return legacy + ", vector " + vec, true
}
