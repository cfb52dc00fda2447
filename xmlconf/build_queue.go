package xmlconf

import (
	"slices"
	"strings"
)

// settings fills q's configured and effective values. Parents are built
// before their children (m.Queues is depth first), so inherited values
// are ready.
func (b *builder) settings(q *Queue) {
	b.capacities(q)
	b.labels(q)
	b.state(q)
	b.userLimits(q)
	b.acls(q)
	b.ordering(q)
	b.allocationLimit(q)
	b.lifetimes(q)
	b.preemptionFlags(q)
	b.userSettings(q)
	b.autoCreate(q)
	q.Priority, _ = b.intAt(queueKey{q, "priority"}, FromQueue, 0)
	q.DefaultApplicationPriority, _ = b.intAt(queueKey{q, "default-application-priority"}, FromQueue, 0)
	q.Reservable, _ = b.boolAt(queueKey{q, "reservable"}, FromQueue, false)
	q.AllowZeroCapacitySum, _ = b.boolAt(queueKey{q, "allow-zero-capacity-sum"}, FromQueue, false)
}

func (b *builder) capacities(q *Queue) {
	p, raw, _ := b.qprop(q, "capacity")
	q.Capacity = parseCapacity(p, raw, false, b.v)
	p, raw, _ = b.qprop(q, "maximum-capacity")
	q.MaxCapacity = parseCapacity(p, raw, true, b.v)
	if q.Capacity.Mode == ModeAbsolute {
		q.ConfiguredMin = q.Capacity.Absolute
	}
	if q.MaxCapacity.Mode == ModeAbsolute {
		q.ConfiguredMax = q.MaxCapacity.Absolute
	}
}

// labels reads accessible-node-labels (root is always "*"; unset inherits
// the parent's) and every label with accessible-node-labels.<l>.* keys.
func (b *builder) labels(q *Queue) {
	switch {
	case q.IsRoot():
		q.AccessibleLabels = Value[[]string]{V: []string{"*"}}
		if p, ok := q.Props["accessible-node-labels"]; ok {
			q.AccessibleLabels.Prop, q.AccessibleLabels.Raw = p, p.Value
		}
	default:
		if p, raw, ok := b.qprop(q, "accessible-node-labels"); ok {
			q.AccessibleLabels = Value[[]string]{V: parseLabelSet(raw), Raw: raw, Origin: FromQueue, Prop: p}
		} else {
			q.AccessibleLabels = inherit(q.Parent.AccessibleLabels)
		}
	}
	if v, ok := b.stringAt(queueKey{q, "default-node-label-expression"}, FromQueue, ""); ok {
		v.V = strings.TrimSpace(v.V)
		q.DefaultLabelExpr = v
	} else if q.Parent != nil && containsAllLabels(q.AccessibleLabels.V, q.Parent.AccessibleLabels.V) {
		// AbstractCSQueue#setupQueueConfigs (3.4: QueueNodeLabelsSettings#
		// setDefaultLabelExpression) inherits the parent's expression only
		// when the queue's accessible labels contain all of the parent's,
		// as sets: a queue limited to gpu under a "*" parent keeps none.
		q.DefaultLabelExpr = inherit(q.Parent.DefaultLabelExpr)
	}
	// Hadoop's configured node labels of the queue (Model.KeyLabels):
	// label "" is NO_LABEL, read from the queue's own keys
	// (getNodeLabelPrefix), so it adds no partition.
	for _, l := range b.m.keyLabels[q.Path] {
		if l == "" {
			continue
		}
		ls := &LabelSettings{Label: l}
		prefix := LabelKeyInfix + l + "."
		p, raw, _ := b.qprop(q, prefix+"capacity")
		ls.Capacity = parseCapacity(p, raw, false, b.v)
		p, raw, _ = b.qprop(q, prefix+"maximum-capacity")
		ls.MaxCapacity = parseCapacity(p, raw, true, b.v)
		ls.MaxAMPercent = Value[float32]{V: -1}
		if b.v.AtLeast(V2_10) {
			// getMaximumAMResourcePercentPerPartition is YARN-3216 (2.8): the
			// 2.7 line reads no per-label AM share (lint's CS005 says so).
			ls.MaxAMPercent, _ = b.floatAt(queueKey{q, prefix + "maximum-am-resource-percent"}, FromQueue, -1)
		}
		q.Labels = append(q.Labels, ls)
	}
}

// containsAllLabels is Set.containsAll over accessible-label sets ("*" is
// an element like any label, so {"*"} does not contain {"gpu"}).
func containsAllLabels(set, sub []string) bool {
	for _, l := range sub {
		if !slices.Contains(set, l) {
			return false
		}
	}
	return true
}

// parseLabelSet splits a label list like
// CapacitySchedulerConfiguration#getAccessibleNodeLabels: split(","),
// each entry String.trim'd (TrimmedTokens), empties dropped, into a set;
// "*" anywhere means only "*". " " is no labels.
func parseLabelSet(s string) []string {
	set := map[string]bool{}
	for _, t := range TrimmedTokens(s, ",") {
		set[t] = true
	}
	if set["*"] {
		return []string{"*"}
	}
	return sortedKeys(set)
}

// state mirrors getConfiguredState (QueueState.valueOf of the upper-cased,
// untrimmed text) and, from 2.9 (YARN-5746, YARN-5756 in
// CHANGELOG.2.9.0.md; the 2.10 profile), AbstractCSQueue#
// initializeQueueState (3.4: QueueStateHelper): unset inherits the
// parent's state (DRAINING counts as STOPPED), root defaults to RUNNING.
// 2.7's setupQueueConfigs reads CapacitySchedulerConfiguration#getState
// into the queue, RUNNING when unset whatever the parent's state (its
// ParentQueue#submitApplication still refuses applications below a
// stopped parent).
func (b *builder) state(q *Queue) {
	if p, raw, ok := b.qprop(q, "state"); ok {
		v := Value[QueueState]{Raw: raw, Origin: FromQueue, Prop: p}
		switch st := QueueState(strings.ToUpper(raw)); st {
		case StateRunning, StateStopped:
			v.V = st
		case StateDraining:
			v.V = st
			v.Err = "Invalid queue state configuration. We can only use RUNNING or STOPPED."
		default:
			v.Err = "No enum constant org.apache.hadoop.yarn.api.records.QueueState." + strings.ToUpper(raw)
		}
		q.ConfiguredState = v
	}
	switch {
	case q.ConfiguredState.V == StateRunning || q.ConfiguredState.V == StateStopped:
		q.State = q.ConfiguredState
	case q.Parent == nil || b.v.Less(V2_10):
		q.State = Value[QueueState]{V: StateRunning}
	default:
		q.State = inherit(q.Parent.State)
		if q.State.V == StateDraining {
			q.State.V = StateStopped
		}
	}
}

// userLimits reads the leaf limits; they fall back to the global keys
// (3.4) and Hadoop's defaults, never to the parent queue.
func (b *builder) userLimits(q *Queue) {
	g := b.m.Global
	q.MinUserLimitPercent = b.userLimitPercent(q, g.MinUserLimitPercent)
	q.UserLimitFactor = b.queueFloatOr(q, "user-limit-factor", g.UserLimitFactor)
	q.MaxAMResourcePercent = b.queueFloatOr(q, "maximum-am-resource-percent", g.MaxAMResourcePercent)
	q.MaxApplications, _ = b.intAt(queueKey{q, "maximum-applications"}, FromQueue, -1)
	// getMaxParallelAppsForQueue: the queue's own value with an untrimmed
	// Integer.parseInt (rawnum.go), unset the scheduler-wide getInt.
	if v, ok := b.rawIntAt(queueKey{q, "max-parallel-apps"}, FromQueue, maxInt32); ok {
		q.MaxParallelApps = v
	} else {
		q.MaxParallelApps = g.MaxParallelApps
	}
}

// MinUserLimitIsInt reports whether profile v reads a queue's
// minimum-user-limit-percent with getInt. CapacitySchedulerConfiguration.
// getUserLimit is `int getUserLimit(String queue)` over getInt, with an int
// DEFAULT_USER_LIMIT, in the 2.7 and 2.10 lines, the 3.1 line (auto-created
// leaf queues, no multi-node placement yet), and the 3.2- and 3.3-based
// lines (a 3.2.3-based UsersManager keeps an int userLimit; a 3.3-based
// CapacitySchedulerConfiguration with max-parallel-apps and the shaded
// guava still reads getInt); it is getFloat only in the 3.4 line, next to
// YARN-10928's scheduler-wide default. getInt refuses "50.0" or "12.5"
// (NumberFormatException when the queue is initialized: the
// ResourceManager does not start, a refresh fails) and reads "0x32" as 50.
func MinUserLimitIsInt(v Version) bool { return v.Less(V3_4) }

// userLimitPercent reads a leaf's minimum-user-limit-percent with the
// profile's getter (MinUserLimitIsInt), the model keeping a float.
func (b *builder) userLimitPercent(q *Queue, fallback Value[float32]) Value[float32] {
	const suffix = "minimum-user-limit-percent"
	if !MinUserLimitIsInt(b.v) {
		return b.queueFloatOr(q, suffix, fallback)
	}
	v, ok := b.intAt(queueKey{q, suffix}, FromQueue, int32(fallback.V))
	if !ok {
		return fallback
	}
	return Value[float32]{V: float32(v.V), Raw: v.Raw, Origin: v.Origin, Prop: v.Prop, Err: v.Err}
}

func (b *builder) queueFloatOr(q *Queue, suffix string, fallback Value[float32]) Value[float32] {
	if v, ok := b.floatAt(queueKey{q, suffix}, FromQueue, fallback.V); ok {
		return v
	}
	return fallback
}

// acls reads submit and administer ACLs; root defaults to "*" and every
// other queue to " " (nobody), as CapacitySchedulerConfiguration.getAcl.
func (b *builder) acls(q *Queue) {
	def := " "
	if q.IsRoot() {
		def = "*"
	}
	read := func(suffix string) Value[ACL] {
		if p, raw, ok := b.qprop(q, suffix); ok {
			return Value[ACL]{V: ParseACL(raw, b.v), Raw: raw, Origin: FromQueue, Prop: p}
		}
		return Value[ACL]{V: ParseACL(def, b.v), Raw: def}
	}
	q.SubmitACL = read("acl_submit_applications")
	q.AdminACL = read("acl_administer_queue")
	if _, raw, ok := b.qprop(q, "acl_application_max_priority"); ok {
		// Groups Hadoop cannot parse are CS059's; the model keeps the rest.
		q.PriorityACLs, _ = ParsePriorityACL(raw, b.v)
	}
}

// appPolicyClasses are the built-in app ordering policies' classes, which
// a leaf may name instead of their aliases: getAppOrderingPolicy maps an
// alias to its class and loads the class (Class.forName), so the two
// spellings are the same policy. The model keeps the alias.
var appPolicyClasses = map[string]string{
	"org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FifoOrderingPolicy":                        "fifo",
	"org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FairOrderingPolicy":                        "fair",
	"org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FifoOrderingPolicyWithExclusivePartitions": "fifo-with-partitions",
	"org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FifoOrderingPolicyForPendingApps":          "fifo-for-pending-apps",
}

// AppPolicyAlias is v (trimmed) with a built-in app ordering policy's
// class name replaced by its alias, as a queue's ordering-policy is kept.
// Hadoop reads the key with get and compares policyType.trim() (String.trim,
// CapacitySchedulerConfiguration#getAppOrderingPolicy; getQueueOrderingPolicy
// trims with it too), so a no-break space stays and the value is no alias.
func AppPolicyAlias(v string) string {
	v = JavaTrim(v)
	if alias, ok := appPolicyClasses[v]; ok {
		return alias
	}
	return v
}

// ordering: a parent's policy defaults to its parent's (root:
// utilization); a leaf's to fifo. A built-in app policy's class name is
// kept as its alias (appPolicyClasses).
func (b *builder) ordering(q *Queue) {
	if v, ok := b.stringAt(queueKey{q, "ordering-policy"}, FromQueue, ""); ok {
		v.V = JavaTrim(v.V) // String.trim, as AppPolicyAlias says
		if alias, ok := appPolicyClasses[v.V]; ok {
			v.V = alias
		}
		q.OrderingPolicy = v
	} else if q.IsLeaf() {
		q.OrderingPolicy = Value[string]{V: "fifo"}
	} else if q.Parent != nil && !q.Parent.IsLeaf() {
		q.OrderingPolicy = inherit(q.Parent.OrderingPolicy)
	} else {
		q.OrderingPolicy = Value[string]{V: "utilization"}
	}
	// FairOrderingPolicy#configure: Boolean.parseBoolean on the raw text (rawnum.go).
	q.FairSizeBasedWeight, _ = b.rawBoolAt(queueKey{q, "ordering-policy.fair.enable-size-based-weight"}, FromQueue)
}

// allocationLimit is a queue's maximum allocation as the profile reads it.
// From 3.3 (YARN-9116: AbstractCSQueue#setupMaximumAllocation, 3.4's
// QueueAllocationSettings.setupMaximumAllocation) maximum-allocation (a
// resource string) wins over the -mb/-vcores keys and sets every resource
// type, 0 where it names none; without it, the -mb/-vcores keys each
// replace one component of the parent's (root: the cluster's) maximum.
// Before 3.3 CapacitySchedulerConfiguration#getMaximumAllocationPerQueue
// reads only the -mb/-vcores keys, and an unset one as the cluster's
// yarn.scheduler.maximum-allocation-*, never the parent's. Every profile
// reads -1 (UNDEFINED) as unset.
func (b *builder) allocationLimit(q *Queue) {
	if b.v.Less(V3_3) {
		q.MaxAllocation = b.allocationKeys(q, b.m.Global.MaxAllocation)
		return
	}
	inherited := b.m.Global.MaxAllocation
	if q.Parent != nil {
		inherited = inherit(q.Parent.MaxAllocation)
	}
	if p, raw, ok := b.qprop(q, "maximum-allocation"); ok {
		v := Value[Resource]{V: inherited.V, Raw: raw, Origin: FromQueue, Prop: p}
		r, err := parseAllocationString(raw)
		if err != nil {
			v.Err = err.Error()
		} else {
			v.V = r
		}
		q.MaxAllocation = v
		return
	}
	q.MaxAllocation = b.allocationKeys(q, inherited)
}

// allocationKeys replaces the components of base that the queue's
// maximum-allocation-mb/-vcores keys set (getInt with default UNDEFINED,
// so a written -1 leaves the component as it is).
func (b *builder) allocationKeys(q *Queue, base Value[Resource]) Value[Resource] {
	v := base
	if mem, ok := b.intAt(queueKey{q, "maximum-allocation-mb"}, FromQueue, int32(base.V.MemoryMB)); ok && (mem.V != -1 || mem.Err != "") {
		v.V.MemoryMB, v.Origin, v.Prop, v.Raw, v.Err = int64(mem.V), FromQueue, mem.Prop, mem.Raw, mem.Err
	}
	if vc, ok := b.intAt(queueKey{q, "maximum-allocation-vcores"}, FromQueue, int32(base.V.VCores)); ok && (vc.V != -1 || vc.Err != "") {
		v.V.VCores = int64(vc.V)
		if v.Origin != FromQueue {
			v.Origin, v.Prop, v.Raw = FromQueue, vc.Prop, vc.Raw
		}
		if vc.Err != "" {
			v.Err = vc.Err
		}
	}
	return v
}

// parseAllocationString reads "memory-mb=8192,vcores=4" (also with
// "memory=" and units) as ResourceUtils.createResourceFromString does:
// from Resource.newInstance(0, 0), so a type the string does not name is 0
// ("memory-mb=2048" allows no vcores), not the parent's.
func parseAllocationString(raw string) (Resource, error) {
	var r Resource
	for _, kv := range strings.Split(raw, ",") {
		name, val, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		name, val = strings.TrimSpace(name), strings.TrimSpace(val)
		units := unitsOf(val)
		n, err := ParseJavaLong(strings.TrimSuffix(val, units))
		if err != nil {
			return Resource{}, err
		}
		if _, known := unitFactors[units]; known && units != "" {
			n = convertUnits(units, n)
		}
		switch name {
		case "memory-mb", "memory":
			r.MemoryMB = n
		case "vcores":
			r.VCores = n
		default:
			if r.Other == nil {
				r.Other = map[string]int64{}
			}
			r.Other[name] = n
		}
	}
	return r, nil
}

// lifetimes: -1 (unset) inherits the parent's value.
func (b *builder) lifetimes(q *Queue) {
	read := func(suffix string, parent Value[int64]) Value[int64] {
		v, ok := b.longAt(queueKey{q, suffix}, FromQueue, -1)
		if ok && v.V >= 0 {
			return v
		}
		if q.Parent != nil && (!ok || v.V < 0) {
			inh := inherit(parent)
			if ok && v.Err != "" {
				inh.Err, inh.Prop, inh.Raw = v.Err, v.Prop, v.Raw
			}
			return inh
		}
		return v
	}
	var pMax, pDef Value[int64]
	if q.Parent != nil {
		pMax, pDef = q.Parent.MaxLifetime, q.Parent.DefaultLifetime
	} else {
		pMax, pDef = Value[int64]{V: -1}, Value[int64]{V: -1}
	}
	q.MaxLifetime = read("maximum-application-lifetime", pMax)
	q.DefaultLifetime = read("default-application-lifetime", pDef)
}

func (b *builder) preemptionFlags(q *Queue) {
	parentDisable, parentIntra := Value[bool]{}, Value[bool]{}
	if q.Parent != nil {
		parentDisable, parentIntra = inherit(q.Parent.DisablePreemption), inherit(q.Parent.IntraQueuePreemptionDisabled)
	}
	if v, ok := b.boolAt(queueKey{q, "disable_preemption"}, FromQueue, parentDisable.V); ok {
		q.DisablePreemption = v
	} else {
		q.DisablePreemption = parentDisable
	}
	if v, ok := b.boolAt(queueKey{q, "intra-queue-preemption.disable_preemption"}, FromQueue, parentIntra.V); ok {
		q.IntraQueuePreemptionDisabled = v
	} else {
		q.IntraQueuePreemptionDisabled = parentIntra
	}
}

// userSettings reads user-settings.<user>.weight (inherited from the
// parent, overridden per user) and user.<user>.max-parallel-apps.
func (b *builder) userSettings(q *Queue) {
	// Both maps stay nil unless something is configured: most queues
	// have neither, and a 10,000-queue file should not pay for them.
	if q.Parent != nil && len(q.Parent.UserWeights) > 0 {
		q.UserWeights = make(map[string]Value[float32], len(q.Parent.UserWeights))
		for u, w := range q.Parent.UserWeights {
			q.UserWeights[u] = inherit(w)
		}
	}
	for suffix := range q.Props {
		if rest, ok := strings.CutPrefix(suffix, "user-settings."); ok {
			if user, ok := strings.CutSuffix(rest, ".weight"); ok && user != "" {
				if q.UserWeights == nil {
					q.UserWeights = map[string]Value[float32]{}
				}
				q.UserWeights[user], _ = b.floatAt(queueKey{q, suffix}, FromQueue, 1)
			}
		}
	}
	if len(b.userParallel) > 0 {
		q.UserMaxParallelApps = make(map[string]Value[int32], len(b.userParallel))
	}
	for _, key := range b.userParallel {
		user := strings.TrimSuffix(strings.TrimPrefix(key, Prefix+"user."), ".max-parallel-apps")
		// getMaxParallelAppsForUser: Integer.parseInt, untrimmed (rawnum.go).
		q.UserMaxParallelApps[user], _ = b.rawIntAt(key, FromGlobal, maxInt32)
	}
}

// userParallelKeys lists the global user.<user>.max-parallel-apps keys
// (once per build: they apply to every queue).
func (b *builder) userParallelKeys(props []*Property) []string {
	var out []string
	for _, p := range props {
		k := p.Name
		if strings.HasPrefix(k, Prefix+"user.") && strings.HasSuffix(k, ".max-parallel-apps") && k != Prefix+"user.max-parallel-apps" {
			out = append(out, k)
		}
	}
	return out
}

func (b *builder) autoCreate(q *Queue) {
	a := &q.AutoCreate
	a.Legacy, _ = b.boolAt(queueKey{q, "auto-create-child-queue.enabled"}, FromQueue, false)
	a.V2, _ = b.boolAt(queueKey{q, "auto-queue-creation-v2.enabled"}, FromQueue, false)
	if a.V2.V {
		a.MaxQueues, _ = b.intAt(queueKey{q, "auto-queue-creation-v2.max-queues"}, FromQueue, 1000)
	} else {
		a.MaxQueues, _ = b.intAt(queueKey{q, "auto-create-child-queue.max-queues"}, FromQueue, 1000)
	}
	a.FailOnExceeding, _ = b.boolAt(queueKey{q, "auto-create-child-queue.fail-on-exceeding-parent-capacity"}, FromQueue, false)
	a.ManagementPolicy, _ = b.stringAt(queueKey{q, "auto-create-child-queue.management-policy"}, FromQueue,
		"org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.queuemanagement.GuaranteedOrZeroCapacityOverTimePolicy")
	for suffix, p := range q.Props {
		for _, prefix := range []string{"leaf-queue-template.", "auto-queue-creation-v2.template.", "auto-queue-creation-v2.leaf-template.", "auto-queue-creation-v2.parent-template."} {
			if strings.HasPrefix(suffix, prefix) {
				if a.Template == nil {
					a.Template = map[string]*Property{}
				}
				a.Template[suffix] = p
			}
		}
	}
}
