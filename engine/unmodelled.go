package engine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Warning is a setting the configuration turns on that the engine reads
// but does not model: the dry run behaves as if it were off, and says so.
type Warning struct {
	// Key is the property (for a queue setting, its full key on the first
	// queue that sets it); Queues counts the queues that set it.
	Key    string
	Pos    xmlconf.Pos
	Queues int
	// Feature names what Hadoop does with it; Effect what capq does instead.
	Feature, Effect string
}

// String renders the warning on one line. A warning without a key is
// about the engine's semantics (Engine.Unmodelled): "not modelled:
// <feature>: <effect>".
func (w Warning) String() string {
	if w.Key == "" {
		return fmt.Sprintf("not modelled: %s: %s", w.Feature, w.Effect)
	}
	where := w.Key
	if w.Queues > 1 {
		where += fmt.Sprintf(" (and %d more queue(s))", w.Queues-1)
	}
	return fmt.Sprintf("not modelled: %s: %s; %s", where, w.Feature, w.Effect)
}

// globalGates are the boolean switches without which Hadoop ignores a
// globalUnmodelled key, so a key set with its switch off warns of nothing.
//
// Lazy preemption is modelled (lazy.go) but for the reserved-container
// selector, whose ReservedContainerCandidatesSelector.
// getPreemptionCandidatesOnNode counts a node's killable containers as
// room (getTotalKillableResources) and never selects them: capq's selector sees them as running
// containers, so it warns only with that selector on.
var globalGates = map[string]string{
	"yarn.scheduler.capacity.lazy-preemption-enabled": "yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers",
}

// globalUnmodelled are scheduler-wide keys the engine ignores: each enables
// a Hadoop behaviour when its value is other than the default. since is
// the first profile whose Hadoop reads the key (zero: every one); an older
// one ignores it as Hadoop does, so there is nothing to warn about.
var globalUnmodelled = []struct {
	key, off, feature, effect string
	since                     xmlconf.Version
}{
	{"yarn.resourcemanager.monitor.capacity.preemption.additional_res_balance_based_on_reserved_containers", "false",
		"extra preemption to balance reserved resource (FifoCandidatesSelector)", "reservations do not add to what is preempted", xmlconf.V2_10},
	{"yarn.scheduler.capacity.ordering-policy.priority-utilization.underutilized-preemption.allow-move-reservation", "false",
		"moving a reservation to a node where preemption can free room for it (QueuePriorityContainerCandidateSelector.tryToMakeBetterReservationPlacement)",
		"reservations stay on their node; only their own node is considered", xmlconf.V2_10},
	// YARN-4108, in the 2.8.0 changelog: 2.7 has no lazy preemption.
	// Only with the reserved-container selector (globalGates).
	{"yarn.scheduler.capacity.lazy-preemption-enabled", "false",
		"killable containers in the reserved-container selector (ReservedContainerCandidatesSelector counts them as room on their node)",
		"that selector treats them as running containers; lazy preemption is otherwise modelled", xmlconf.V2_10},
	// ApplicationSubmissionContextPBImpl#setApplicationTags lowercases the
	// tags unless this is false (APPLICATION_TAG_FORCE_LOWERCASE_CONVERSION:
	// in the 3.4 API, not the 3.3.4 one, and in neither the 3.3.5 nor the
	// 3.3.6 changelog; the JIRA is not identified). capq always lowercases
	// them.
	{"yarn.resourcemanager.application-tag-based-placement.force-lowercase", "true",
		"application tags kept in their case (ApplicationSubmissionContextPBImpl#setApplicationTags)",
		"tags are lowercased all the same: workflow IDs and userid= tags match as if in lower case", xmlconf.V3_4},
	// ResourceUtils.getResourceTypes (resource types, Hadoop 3; lint CS055
	// from the 3.1 profile): the DominantResourceCalculator weighs every
	// declared type, and requests and nodes may carry them. capq's nodes
	// and workloads have memory and vcores only.
	{"yarn.resource-types", "",
		"resource types beyond memory and vcores (ResourceUtils.getResourceTypes; requests, node capacities and the DominantResourceCalculator's shares count them)",
		"nodes and requests have memory and vcores only: the run schedules as if no other type were declared", xmlconf.V3_1},
}

// queueUnmodelled are per-queue settings the engine ignores, with the
// test that says whether a queue turns them on.
var queueUnmodelled = []struct {
	suffix, feature, effect string
	on                      func(q *xmlconf.Queue) (xmlconf.Pos, bool)
}{
	// Absolute resources per label are modelled (legacy mode,
	// updatePartitionResources); a capacity vector per label is 3.4's
	// non-legacy syntax, which capq computes for the default partition only.
	{"accessible-node-labels", labelVectorFeature, labelVectorEffect,
		func(q *xmlconf.Queue) (xmlconf.Pos, bool) {
			for _, ls := range q.Labels {
				for _, c := range []xmlconf.Capacity{ls.Capacity, ls.MaxCapacity} {
					if c.Mode == xmlconf.ModeVector && c.Prop != nil {
						return c.Prop.ValuePos, true
					}
				}
			}
			return xmlconf.Pos{}, false
		}},
	{"default-node-label-expression", "a node label expression of more than one label (&&, ||)",
		"Hadoop refuses such requests; capq refuses them too (INVALID_LABEL) but cannot say what a later Hadoop would do",
		func(q *xmlconf.Queue) (xmlconf.Pos, bool) {
			v := q.DefaultLabelExpr
			return v.Pos(), v.Origin == xmlconf.FromQueue && (strings.Contains(v.V, "&&") || strings.Contains(v.V, "||"))
		}},
	{"ordering-policy", "an app ordering policy class that is not built in", "its apps are ordered FIFO",
		func(q *xmlconf.Queue) (xmlconf.Pos, bool) {
			return q.OrderingPolicy.Pos(), q.IsLeaf() && q.OrderingPolicy.Origin == xmlconf.FromQueue && !builtInAppPolicy[q.OrderingPolicy.V]
		}},
	// Since YARN-9824 (2.10, 3.1.4, 3.3) a parent may name a
	// QueueOrderingPolicy class, which lint CS056 accepts; the engine
	// knows only Hadoop's two.
	{"ordering-policy", "a queue ordering policy class on a parent (a QueueOrderingPolicy on the ResourceManager's classpath)",
		"its children are ordered by used capacity (utilization)",
		func(q *xmlconf.Queue) (xmlconf.Pos, bool) {
			v := q.OrderingPolicy
			return v.Pos(), !q.IsLeaf() && v.Origin == xmlconf.FromQueue && v.V != "utilization" && v.V != "priority-utilization"
		}},
	{"ordering-policy.exclusive-enforced-partitions", "separate FIFO orders for apps whose AM asks for an exclusive-enforced partition (FifoOrderingPolicyWithExclusivePartitions)",
		"the leaf orders all its apps in one FIFO order",
		func(q *xmlconf.Queue) (xmlconf.Pos, bool) {
			p := q.Props["ordering-policy.exclusive-enforced-partitions"]
			return propPos(p), q.IsLeaf() && q.OrderingPolicy.V == "fifo-with-partitions" && p != nil && !p.Unset && strings.TrimSpace(p.Value) != ""
		}},
	{"reservable", "the reservation system (ReservationQueue)", "no reservation queues are created",
		func(q *xmlconf.Queue) (xmlconf.Pos, bool) {
			return q.Reservable.Pos(), q.Reservable.Set() && q.Reservable.V
		}},
}

// builtInAppPolicy are the app ordering policies the engine models: fair,
// and FIFO (fifo-for-pending-apps orders as FIFO without recovery;
// fifo-with-partitions does too unless it names exclusive-enforced
// partitions, warned about separately).
var builtInAppPolicy = map[string]bool{"fifo": true, "fair": true, "fifo-with-partitions": true, "fifo-for-pending-apps": true}

// propPos is where a property's value is, or nowhere for no property.
func propPos(p *xmlconf.Property) xmlconf.Pos {
	if p == nil {
		return xmlconf.Pos{}
	}
	return p.ValuePos
}

// Unmodelled lists what the configuration enables that the engine does
// not model (the honest-engine rule: never silence). With an engine at
// hand, call Engine.Unmodelled, which adds what the engine found. Scheduler-wide keys
// come first in the table's order, then queue settings, each once with
// the first queue (in tree order) that sets it and how many do.
func Unmodelled(m *xmlconf.Model) []Warning {
	var out []Warning
	if m == nil {
		return out
	}
	if m.Conf != nil {
		for _, g := range globalUnmodelled {
			if m.Version.Less(g.since) {
				continue
			}
			p, ok := m.Conf.Lookup(g.key)
			if !ok || strings.EqualFold(strings.TrimSpace(p.Value), g.off) || (g.off == "" && strings.TrimSpace(p.Value) == "") {
				continue
			}
			if gate, ok := globalGates[g.key]; ok {
				v, set := m.Conf.Lookup(gate)
				if !set {
					continue
				}
				if on, _ := xmlconf.HadoopGetBool(v.Value, false); !on {
					continue
				}
			}
			out = append(out, Warning{Key: g.key, Pos: p.ValuePos, Queues: 0, Feature: g.feature, Effect: g.effect})
		}
	}
	if w, ok := otherScheduler(m); ok {
		out = append(out, w)
	}
	out = append(out, schedulingUnmodelled(m)...)
	if w, ok := intraOrderUnknown(m); ok {
		out = append(out, w)
	}
	if w, ok := intraFairUnmodelled(m); ok {
		out = append(out, w)
	}
	if w, ok := mixedCapacityUnmodelled(m); ok {
		out = append(out, w)
	}
	if w, ok := drfSelectionBefore32(m); ok {
		out = append(out, w)
	}
	if w, ok := preemptionBefore29(m); ok {
		out = append(out, w)
	}
	if w, ok := monitorPolicyUnmodelled(m); ok {
		out = append(out, w)
	}
	if w, ok := appBackoffUnmodelled(m); ok {
		out = append(out, w)
	}
	out = append(out, templatedUnmodelled(m)...)
	for _, u := range queueUnmodelled {
		if w, ok := perQueue(m, func(q *xmlconf.Queue) (Warning, bool) {
			pos, on := u.on(q)
			return Warning{Key: q.Key(u.suffix), Pos: pos, Feature: u.feature, Effect: u.effect}, on
		}); ok {
			out = append(out, w)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Queues == 0 && out[j].Queues != 0 })
	return out
}

// otherScheduler warns when yarn-site.xml makes the ResourceManager run a
// scheduler Hadoop ships that is not the CapacityScheduler
// (ResourceManager.createScheduler): the dry run describes a cluster
// that does not exist.
func otherScheduler(m *xmlconf.Model) (Warning, bool) {
	p, ok := xmlconf.SchedulerClass(m)
	if !ok || xmlconf.ReadsCapacityScheduler(p.Value) != xmlconf.SchedulerOther {
		return Warning{}, false
	}
	return Warning{Key: p.Name, Pos: p.ValuePos,
		Feature: "the scheduler yarn-site.xml names (" + xmlconf.JavaTrim(p.Value) + "), which never reads capacity-scheduler.xml",
		Effect:  "the run simulates the CapacityScheduler with this file, not the cluster's scheduler"}, true
}

// perQueue is the warning at gives for the first queue (tree order) it
// gives one for, with Queues counting every such queue.
func perQueue(m *xmlconf.Model, at func(q *xmlconf.Queue) (Warning, bool)) (Warning, bool) {
	var w *Warning
	for _, q := range m.Queues {
		qw, on := at(q)
		if !on {
			continue
		}
		if w == nil {
			w = &qw
		}
		w.Queues++
	}
	if w == nil {
		return Warning{}, false
	}
	return *w, true
}

// intraFairUnmodelled warns when intra-queue preemption is on, a leaf
// orders its apps with the fair policy and the target is older than 3.2:
// capq orders such a leaf's apps by their users' usage for the split
// (TAFairOrderingComparator, YARN-4781, in trunk since 3.2), which
// earlier releases may not. From 3.2 the split is modelled: by user limit
// up to the 3.3 line, by fair share in the newest plugin (3.4 profile;
// intraConf.fairShares).
func intraFairUnmodelled(m *xmlconf.Model) (Warning, bool) {
	if !m.Global.Preemption.Enabled.V || !m.Global.Preemption.IntraQueuePreemptionEnable.V || !m.Version.Less(xmlconf.V3_2) {
		return Warning{}, false
	}
	return perQueue(m, func(q *xmlconf.Queue) (Warning, bool) {
		return Warning{Key: q.Key("ordering-policy"), Pos: q.OrderingPolicy.Pos(),
			Feature: "intra-queue preemption in a fair-ordered leaf as Hadoop " + m.Version.String() + " computes it",
			Effect:  "the leaf's apps are ordered by their users' usage as from Hadoop 3.2 (IntraQueueCandidatesSelector.TAFairOrderingComparator)"}, q.IsLeaf() && q.OrderingPolicy.V == "fair"
	})
}

// drfSelectionBefore32 warns that under DRF the preemption selectors
// follow YARN-8292 (Hadoop 3.1.1 and 3.2 on: a zero resource of the need
// turns -1, conservative-drf chooses how far a selector goes), which
// older releases do not have.
func drfSelectionBefore32(m *xmlconf.Model) (Warning, bool) {
	p := m.Global.Preemption
	if !p.Enabled.V || !m.Global.DominantCalculator() || !m.Version.Less(xmlconf.V3_2) {
		return Warning{}, false
	}
	return Warning{Key: "yarn.scheduler.capacity.resource-calculator", Pos: m.Global.ResourceCalculator.Pos(),
		Feature: "which containers preemption chooses under DRF as Hadoop " + m.Version.String() + " does (before YARN-8292)",
		Effect:  "the selectors follow Hadoop 3.2 and later (conservative-drf and intra-queue-preemption.conservative-drf apply)"}, true
}

// preemptionBefore29 warns that on the 2.7 profile the preemption
// monitor computes as Hadoop 2.9 and later do. YARN-5864 (2.9.0) rewrote
// ProportionalCapacityPreemptionPolicy's inter-queue computation (the
// candidate selectors, the ideal-assignment fixpoint): the 2.7 line's
// TestProportionalCapacityPreemptionPolicy asserts preemption between
// queues that are all over their guarantees (testOverCapacityImbalance:
// 5, testZeroGuarOverCap: 15) that 2.9 and later never make.
func preemptionBefore29(m *xmlconf.Model) (Warning, bool) {
	p := m.Global.Preemption
	if !p.Enabled.V || !m.Version.Less(xmlconf.V2_10) {
		return Warning{}, false
	}
	return Warning{Key: "yarn.resourcemanager.scheduler.monitor.enable", Pos: p.Enabled.Pos(),
		Feature: "preemption as Hadoop " + m.Version.String() + " computes it (before YARN-5864's rewrite in 2.9)",
		Effect:  "the monitor computes as Hadoop 2.9 and later: queues all over their guarantees are not balanced against each other"}, true
}

// mixedCapacityUnmodelled warns about what of Hadoop 3.4's non-legacy
// queue mode capq does not compute. The default partition's capacities,
// in CapacitySchedulerQueueCapacityHandler's order (absolute, then
// percentage, then weight, per memory and vcores), are modelled by
// xmlconf.QueueResources; left out are node-label capacities that are not
// percentages (ResourceCalculationDriver runs per label), vector entries
// for other resource types (yarn.io/gpu, …) and weights as a maximum,
// which Hadoop refuses (WeightQueueCapacityCalculator.
// calculateMaximumResource throws).
func mixedCapacityUnmodelled(m *xmlconf.Model) (Warning, bool) {
	if !m.NonLegacyMode() {
		return Warning{}, false
	}
	return perQueue(m, func(q *xmlconf.Queue) (Warning, bool) {
		c, suffix := nonLegacyGap(q)
		if c == nil {
			return Warning{}, false
		}
		return Warning{Key: q.Key(suffix), Pos: propPos(c.Prop), Feature: mixedCapacityFeature, Effect: mixedCapacityEffect}, true
	})
}

const (
	labelVectorFeature   = "a labelled capacity vector (accessible-node-labels.<l>.capacity = [memory=50%,vcores=2w])"
	labelVectorEffect    = "the queue's guarantee and maximum in that partition are 0"
	mixedCapacityFeature = "3.4 non-legacy weights and absolute resources per node label, for resource types other than memory and vcores, and weights as a maximum (ResourceCalculationDriver)"
	mixedCapacityEffect  = "labelled weights and absolute resources follow the legacy computation, other resource types are ignored, a weight maximum counts as the parent's maximum"
)

// nonLegacyGap returns the first capacity of q that mixedCapacityUnmodelled
// names, with its key suffix, or nil.
func nonLegacyGap(q *xmlconf.Queue) (*xmlconf.Capacity, string) {
	if otherResourceTypes(q.Capacity) {
		return &q.Capacity, "capacity"
	}
	if otherResourceTypes(q.MaxCapacity) || hasMode(q.MaxCapacity, xmlconf.ModeWeight) {
		return &q.MaxCapacity, "maximum-capacity"
	}
	for _, ls := range q.Labels {
		for i, c := range []*xmlconf.Capacity{&ls.Capacity, &ls.MaxCapacity} {
			// Vector label capacities have their own warning
			// (queueUnmodelled, accessible-node-labels); absolute ones
			// follow the legacy computation, which ResourceCalculationDriver
			// does not run per label in this mode.
			if c.Mode == xmlconf.ModeWeight || c.Mode == xmlconf.ModeAbsolute {
				return c, "accessible-node-labels." + ls.Label + [...]string{".capacity", ".maximum-capacity"}[i]
			}
		}
	}
	return nil, ""
}

// otherResourceTypes reports a vector entry for a resource beyond memory
// and vcores.
func otherResourceTypes(c xmlconf.Capacity) bool {
	for _, e := range c.Vector {
		switch e.Resource {
		case "memory", "memory-mb", "vcores":
		default:
			return true
		}
	}
	return false
}

// hasMode reports whether c is, or has a vector entry, in mode.
func hasMode(c xmlconf.Capacity, mode xmlconf.CapacityMode) bool {
	if c.Mode == mode {
		return true
	}
	for _, e := range c.Vector {
		if e.Mode == mode {
			return true
		}
	}
	return false
}

// intraOrderUnknown warns about a preemption-order-policy that is neither
// userlimit_first nor priority_first: Hadoop's
// IntraQueuePreemptionOrderPolicy.valueOf throws and the policy does not
// start, where capq goes on with userlimit_first.
func intraOrderUnknown(m *xmlconf.Model) (Warning, bool) {
	o := m.Global.Preemption.IntraQueueOrder
	if !m.Global.Preemption.Enabled.V || !o.Set() {
		return Warning{}, false
	}
	switch strings.ToUpper(o.V) {
	case "USERLIMIT_FIRST", "PRIORITY_FIRST":
		return Warning{}, false
	}
	return Warning{Key: "yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.preemption-order-policy", Pos: o.Pos(),
		Feature: fmt.Sprintf("unknown intra-queue preemption order %q (Hadoop accepts userlimit_first or priority_first and fails to start the policy)", o.V),
		Effect:  "userlimit_first is used"}, true
}

// monitorPolicyUnmodelled warns about scheduling edit policies the
// monitor lists that Hadoop does not ship (lint CS079): the ResourceManager
// runs them if its classpath has them, and capq cannot know what they do.
func monitorPolicyUnmodelled(m *xmlconf.Model) (Warning, bool) {
	g := &m.Global
	if !g.MonitorEnabled.V || !g.MonitorPolicies.Set() {
		return Warning{}, false
	}
	var names []string
	for _, c := range g.MonitorPolicyNames {
		// Trimmed as MonitorRuns trims: spaces around a name stop a 3.1+
		// ResourceManager (lint CS079), and the run is of what it meant.
		if c = xmlconf.JavaTrim(c); c != "" && xmlconf.BuiltinMonitorPolicy(c) == nil {
			names = append(names, fmt.Sprintf("%q", c))
		}
	}
	if len(names) == 0 {
		return Warning{}, false
	}
	if len(names) > 3 { // a hostile list stays one line
		names = append(names[:3], fmt.Sprintf("%d more", len(names)-3))
	}
	return Warning{Key: "yarn.resourcemanager.scheduler.monitor.policies", Pos: g.MonitorPolicies.Pos(),
		Feature: "scheduling edit policies Hadoop does not ship (" + strings.Join(names, ", ") + ")",
		Effect:  "the run goes without them"}, true
}
