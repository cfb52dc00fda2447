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

// globalUnmodelled are scheduler-wide keys the engine ignores: each enables
// a Hadoop behaviour when its value is other than the default.
var globalUnmodelled = []struct {
	key, off, feature, effect string
}{
	{"yarn.resourcemanager.monitor.capacity.preemption.additional_res_balance_based_on_reserved_containers", "false",
		"extra preemption to balance reserved resource (FifoCandidatesSelector)", "reservations do not add to what is preempted"},
	{"yarn.scheduler.capacity.ordering-policy.priority-utilization.underutilized-preemption.enabled", "false",
		"QueuePriorityContainerCandidateSelector (under-utilized high-priority queues preempt on reserved nodes)", "queue priority only orders the ideal assignment"},
	{"yarn.scheduler.capacity.lazy-preemption-enabled", "false",
		"lazy preemption (killable containers kept until needed)", "marked containers are killed at max_wait_before_kill"},
	{"yarn.resourcemanager.monitor.capacity.preemption.conservative-drf", "false",
		"conservative DRF for cross-queue preemption", "the FIFO selector's plain check is used"},
}

// queueUnmodelled are per-queue settings the engine ignores, with the
// test that says whether a queue turns them on.
var queueUnmodelled = []struct {
	suffix, feature, effect string
	on                      func(q *xmlconf.Queue) (xmlconf.Pos, bool)
}{
	{"accessible-node-labels", "a labelled capacity in absolute resources (accessible-node-labels.<l>.capacity = [memory=...])",
		"the queue's guarantee and maximum in that partition are 0",
		func(q *xmlconf.Queue) (xmlconf.Pos, bool) {
			for _, ls := range q.Labels {
				for _, c := range []xmlconf.Capacity{ls.Capacity, ls.MaxCapacity} {
					if (c.Mode == xmlconf.ModeAbsolute || c.Mode == xmlconf.ModeVector) && c.Prop != nil {
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
	{"default-application-priority", "the queue's default application priority", "apps submitted without a priority get 0",
		func(q *xmlconf.Queue) (xmlconf.Pos, bool) {
			return q.DefaultApplicationPriority.Pos(), q.DefaultApplicationPriority.Origin == xmlconf.FromQueue && q.DefaultApplicationPriority.V != 0
		}},
	{"reservable", "the reservation system (ReservationQueue)", "no reservation queues are created",
		func(q *xmlconf.Queue) (xmlconf.Pos, bool) {
			return q.Reservable.Pos(), q.Reservable.Set() && q.Reservable.V
		}},
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
			p, ok := m.Conf.Lookup(g.key)
			if !ok || strings.EqualFold(strings.TrimSpace(p.Value), g.off) || (g.off == "" && strings.TrimSpace(p.Value) == "") {
				continue
			}
			out = append(out, Warning{Key: g.key, Pos: p.ValuePos, Queues: 0, Feature: g.feature, Effect: g.effect})
		}
	}
	out = append(out, schedulingUnmodelled(m)...)
	if w, ok := intraOrderUnknown(m); ok {
		out = append(out, w)
	}
	if w, ok := intraFairUnmodelled(m); ok {
		out = append(out, w)
	}
	if w, ok := labelPreemptionUnmodelled(m); ok {
		out = append(out, w)
	}
	for _, u := range queueUnmodelled {
		var w *Warning
		for _, q := range m.Queues {
			pos, on := u.on(q)
			if !on {
				continue
			}
			if w == nil {
				w = &Warning{Key: q.Key(u.suffix), Pos: pos, Feature: u.feature, Effect: u.effect}
			}
			w.Queues++
		}
		if w != nil {
			out = append(out, *w)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Queues == 0 && out[j].Queues != 0 })
	return out
}

// intraFairUnmodelled warns when intra-queue preemption is on and a leaf
// orders its apps with the fair policy: Hadoop then splits the leaf by
// fair share (FifoIntraQueuePreemptionPlugin.setFairShareForApps,
// calcActuallyToBePreemptedBasedOnFS), which the engine does not model;
// it uses the priority split there too.
func intraFairUnmodelled(m *xmlconf.Model) (Warning, bool) {
	if !m.Global.Preemption.Enabled.V || !m.Global.Preemption.IntraQueuePreemptionEnable.V {
		return Warning{}, false
	}
	var w *Warning
	for _, q := range m.Queues {
		if !q.IsLeaf() || q.OrderingPolicy.V != "fair" {
			continue
		}
		if w == nil {
			w = &Warning{Key: q.Key("ordering-policy"), Pos: q.OrderingPolicy.Pos(),
				Feature: "intra-queue preemption by fair share (FifoIntraQueuePreemptionPlugin with FairOrderingPolicy)",
				Effect:  "the leaf's apps are split by priority as under fifo"}
		}
		w.Queues++
	}
	if w == nil {
		return Warning{}, false
	}
	return *w, true
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

// labelPreemptionUnmodelled warns when the preemption monitor runs and a
// queue has capacity in a labelled partition: Hadoop balances every
// partition (ProportionalCapacityPreemptionPolicy's ...ForNodePartitions),
// the engine the default partition only.
func labelPreemptionUnmodelled(m *xmlconf.Model) (Warning, bool) {
	if !m.Global.Preemption.Enabled.V {
		return Warning{}, false
	}
	var w *Warning
	for _, q := range m.Queues {
		if q.IsRoot() || len(q.Labels) == 0 {
			continue
		}
		if w == nil {
			pos := xmlconf.Pos{}
			if p := q.Labels[0].Capacity.Prop; p != nil {
				pos = p.ValuePos
			}
			w = &Warning{Key: q.Key("accessible-node-labels." + q.Labels[0].Label + ".capacity"), Pos: pos,
				Feature: "preemption in labelled partitions (ProportionalCapacityPreemptionPolicy by node partition)",
				Effect:  "preemption balances the default partition only"}
		}
		w.Queues++
	}
	if w == nil {
		return Warning{}, false
	}
	return *w, true
}
