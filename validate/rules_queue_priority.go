package validate

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// A queue's priority (yarn.scheduler.capacity.<queue-path>.priority, YARN-5864)
// orders it against its siblings only when their parent's queue ordering
// policy is priority-utilization: CapacitySchedulerConfiguration#getQueueOrderingPolicy
// builds PriorityUtilizationQueueOrderingPolicy(false) for "utilization",
// the default (a parent inherits its parent's policy), and
// ProportionalCapacityPreemptionPolicy#cloneQueues sets a child's
// relativePriority only under priority-utilization. Files that give
// siblings different priorities under the default policy (rookieC511/-Yarn-)
// expect an order Hadoop never applies.

var ruleQueuePriorityIgnored = &Rule{
	ID: "CS115", Name: "queue-priority-ignored", Category: CatOrdering, Severity: xmlconf.SeverityWarning,
	Since: xmlconf.V2_10,
	Docs: Docs{
		Summary: "siblings have different queue priorities, but their parent orders them by utilization, which ignores priority",
		Why: "Queue priority decides which sibling is offered resources first (and which one preemption favours) only under a parent whose " +
			"ordering-policy is priority-utilization. The default, utilization, is PriorityUtilizationQueueOrderingPolicy with " +
			"respectPriority=false, and parents inherit it, so the priorities are accepted and do nothing.",
		Bad:      "root.first.priority=2, root.second.priority=1   (root.ordering-policy unset: utilization)",
		Good:     "root.ordering-policy=priority-utilization; root.first.priority=2, root.second.priority=1",
		Source:   "CapacitySchedulerConfiguration#getQueueOrderingPolicy; ProportionalCapacityPreemptionPolicy#cloneQueues (relativePriority)",
		Versions: "2.9+ (queue priority is YARN-5864); 2.7 does not read priority at all (CS005)",
	},
	Check: checkQueuePriorityIgnored,
}

func checkQueuePriorityIgnored(p *Pass) {
	eachParent(p.Model, func(q *xmlconf.Queue) {
		if q.OrderingPolicy.V != "utilization" {
			return // priority-utilization, or a policy class capq does not model
		}
		first, levels := priorityLevels(q)
		if first == nil || len(levels) < 2 {
			return // no child sets a priority, or all rank the same
		}
		p.ReportHint(p.AtProp(first, "priority"),
			fmt.Sprintf("set %s=priority-utilization, or drop the priorities", q.Key("ordering-policy")),
			"children of %q have different priorities (%s), but %q orders them by %s, which ignores queue priority",
			q.Path, strings.Join(levels, ", "), q.Path, orderingOrigin(q))
	})
}

// priorityLevels lists "name=priority" for the children of q in their
// declared order when their priorities differ, with the first child that
// sets one.
func priorityLevels(q *xmlconf.Queue) (*xmlconf.Queue, []string) {
	var first *xmlconf.Queue
	distinct := map[int32]bool{}
	var levels []string
	for _, c := range q.Children {
		if c.Priority.Set() && first == nil {
			first = c
		}
		distinct[c.Priority.V] = true
		levels = append(levels, fmt.Sprintf("%s=%d", c.Name, c.Priority.V))
	}
	if len(distinct) < 2 {
		return first, nil
	}
	return first, levels
}

// orderingOrigin says where the parent's utilization policy comes from.
func orderingOrigin(q *xmlconf.Queue) string {
	switch q.OrderingPolicy.Origin {
	case xmlconf.FromQueue:
		return "utilization"
	case xmlconf.FromParent:
		return "utilization (inherited from its parent)"
	}
	return "utilization (the default)"
}
