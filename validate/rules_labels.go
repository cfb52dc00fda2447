package validate

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/capq/capq/xmlconf"
)

var ruleLabelsSubset = &Rule{
	ID: "CS030", Name: "labels-not-subset", Category: CatLabels, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "a queue can access node labels its parent cannot",
		Why: "Below a parent whose accessible-node-labels is not *, a child may only list labels of its parent: " +
			"`Some labels of child queue is not a subset of parent queue, these labels=[<l>]`, or for *: " +
			"`Parent's accessible queue is not ANY(*), but child's accessible queue is *`.",
		Bad:      "root.eng.accessible-node-labels=gpu; root.eng.dev.accessible-node-labels=gpu,ssd",
		Good:     "root.eng.accessible-node-labels=gpu,ssd",
		Source:   "QueueNodeLabelsSettings#validateNodeLabels (≤3.3 AbstractCSQueue#setupQueueConfigs)",
		Versions: "all",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			parent := q.Parent.AccessibleLabels.V
			own := q.AccessibleLabels
			if own.Origin != xmlconf.FromQueue || contains(parent, "*") || q.Parent.IsRoot() {
				return
			}
			at := AtValue(p, q, own)
			if contains(own.V, "*") {
				p.Report(at, "Parent's accessible queue is not ANY(*), but child's accessible queue is *")
				return
			}
			var diff []string
			for _, l := range own.V {
				if !contains(parent, l) {
					diff = append(diff, l)
				}
			}
			if len(diff) > 0 {
				sort.Strings(diff)
				p.ReportHint(at, "add the labels to "+q.Parent.Key("accessible-node-labels")+" or remove them here",
					"Some labels of child queue is not a subset of parent queue, these labels=[%s]", strings.Join(diff, ","))
			}
		})
	},
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var ruleDefaultLabelExpr = &Rule{
	ID: "CS031", Name: "default-label-inaccessible", Category: CatLabels, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary:  "a leaf's default-node-label-expression names a label the queue cannot access",
		Why:      "Hadoop refuses the leaf: `Invalid default label expression of  queue=<q> doesn't have permission to access all labels in default label expression. ...`.",
		Bad:      "root.a.accessible-node-labels=gpu; root.a.default-node-label-expression=ssd",
		Good:     "root.a.default-node-label-expression=gpu",
		Source:   "AbstractLeafQueue#setupQueueConfigs",
		Versions: "all",
	},
	Check: func(p *Pass) {
		eachLeaf(p.Model, func(q *xmlconf.Queue) {
			expr := q.DefaultLabelExpr
			if expr.Origin != xmlconf.FromQueue || contains(q.AccessibleLabels.V, "*") {
				return
			}
			for _, l := range strings.Split(expr.V, "&&") {
				l = strings.TrimSpace(l)
				if l == "" || contains(q.AccessibleLabels.V, l) {
					continue
				}
				p.ReportHint(AtValue(p, q, expr), "add "+l+" to "+q.Key("accessible-node-labels")+" or change the expression",
					"Invalid default label expression of  queue=%s doesn't have permission to access all labels in default label expression. labelExpression of resource request=%s. Queue labels=%s",
					shortOrPath(p.Version, q), expr.V, strings.Join(q.AccessibleLabels.V, ","))
				return
			}
		})
	},
}

var ruleLabelSettingsUnused = &Rule{
	ID: "CS033", Name: "label-settings-inaccessible", Category: CatLabels, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "node-label settings that cannot take effect: a label the queue cannot access, or a labeled capacity under a parent with none",
		Why: "Hadoop accepts both but the queue never gets containers on that partition: a label outside accessible-node-labels " +
			"is not accessible (the capacity still counts in its siblings' sum; YARN-11971 proposes rejecting it), and an " +
			"absolute labeled capacity is the product of the ancestors' labeled capacities, so a parent without one (unset or 0) " +
			"gives 0. A parent's labeled weight, absolute resource or (non-legacy mode) capacity vector does give it a share.",
		Bad:      "root.a.accessible-node-labels=gpu; root.a.accessible-node-labels.ssd.capacity=50",
		Good:     "root.a.accessible-node-labels=gpu,ssd; root.a.accessible-node-labels.ssd.capacity=50",
		Source:   "lint",
		Versions: "all",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			for _, ls := range q.Labels {
				c := ls.Capacity
				if c.Mode != xmlconf.ModePercent || !(c.Percent > 0) || parentHasLabelShare(p, q.Parent, ls.Label) {
					continue
				}
				p.ReportHint(p.AtProperty(q, c.Prop), labelShareHint(p.Version, q.Parent.Path, ls.Label),
					"%q has capacity %s for label %q, but its parent %q has none for it, so the queue gets 0 of that partition",
					q.Path, xmlconf.FormatJavaFloat(c.Percent), ls.Label, q.Parent.Path)
			}
			acc := q.AccessibleLabels.V
			if contains(acc, "*") {
				return
			}
			for _, ls := range q.Labels {
				if contains(acc, ls.Label) {
					continue
				}
				pr := ls.Capacity.Prop
				if pr == nil {
					pr = ls.MaxCapacity.Prop
				}
				p.ReportHint(p.AtProperty(q, pr), inaccessibleLabelHint(q, ls),
					"%q sets capacities for label %q but cannot access it (accessible-node-labels=%q)", q.Path, ls.Label, strings.Join(acc, ","))
			}
		})
	},
}

// parentHasLabelShare reports whether parent has a capacity for label l
// that gives its children something to take a percentage of: a positive
// percentage, or a weight, an absolute resource or a capacity vector,
// which Hadoop turns into a share of the partition (the weight's
// normalized share; in 3.4's non-legacy mode the vector's effective
// resource, of which PercentageQueueCapacityCalculator takes the child's
// percentage). Only an unset or 0% labeled capacity leaves it none.
func parentHasLabelShare(p *Pass, parent *xmlconf.Queue, l string) bool {
	if percentFraction(parent, l, p.Version) != 0 {
		return true
	}
	c, _ := capacityFor(parent, l)
	switch {
	case c.Mode == xmlconf.ModeWeight:
		return c.Weight > 0
	case c.Mode != xmlconf.ModeAbsolute && c.Mode != xmlconf.ModeVector:
		return false
	case p.Model.NonLegacyMode():
		r, ok := xmlconf.ReadVector(c.Raw)
		// A memory entry of 0 is kept (YARN-11646) but is no share:
		// ResourceCalculationDriver zeroes the other types of a queue
		// whose memory is 0.
		return ok && !r.Empty() && !r.ZeroMemory
	}
	// Legacy mode reads the legacy absolute resource, a vector as not set.
	return c.Mode == xmlconf.ModeAbsolute && c.Absolute.MemoryMB > 0
}

// inaccessibleLabelHint tells how to fix a label q configures but cannot
// access. Deleting the keys is only safe when they hold no capacity:
// CSQueueUtils.loadCapacitiesByLabelsFromConf loads every configured label,
// accessible or not, and ParentQueue#setChildQueues sums them per label, so
// a positive capacity may be what makes the parent's sum 100.
func inaccessibleLabelHint(q *xmlconf.Queue, ls *xmlconf.LabelSettings) string {
	add := "add " + ls.Label + " to " + q.Key("accessible-node-labels")
	if c := ls.Capacity; c.Mode == xmlconf.ModePercent && c.Percent > 0 {
		return fmt.Sprintf("%s, or move its %s%% to a sibling that can access %s: Hadoop still counts it in %s's sum for %s, so deleting it alone can break that sum",
			add, strconv.FormatFloat(float64(c.Percent), 'f', -1, 32), ls.Label, q.Parent.Path, ls.Label)
	}
	return add + " or delete these keys"
}

var ruleInvalidState = &Rule{
	ID: "CS040", Name: "invalid-state", Category: CatState, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "a queue state is neither RUNNING nor STOPPED",
		Why: "The state is upper-cased and passed to QueueState.valueOf without trimming: `No enum constant " +
			"org.apache.hadoop.yarn.api.records.QueueState.<X>`; DRAINING is an internal state and refused.",
		Bad:      "root.a.state=STOP",
		Good:     "root.a.state=STOPPED",
		Source:   "CapacitySchedulerConfiguration#getConfiguredState; QueueStateHelper",
		Versions: "all",
	},
	Check: func(p *Pass) {
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			s := q.ConfiguredState
			if s.Err == "" {
				return
			}
			msg := s.Err
			// DRAINING is a QueueState from YARN-5756 (CHANGELOG.2.9.0.md).
			if p.Version.Less(xmlconf.V2_10) && s.V == xmlconf.StateDraining {
				msg = "No enum constant org.apache.hadoop.yarn.api.records.QueueState.DRAINING"
			}
			p.ReportHint(AtValue(p, q, s), "write RUNNING or STOPPED, without spaces", "%s", msg)
		})
	},
}

var ruleRunningUnderStopped = &Rule{
	ID: "CS041", Name: "running-under-stopped", Category: CatState, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "a queue is explicitly RUNNING while its parent is STOPPED",
		Why: "From 2.9 (YARN-5746) Hadoop refuses it on every load: `The parent queue:<parent> cannot be STOPPED as the child queue:<child> " +
			"is in RUNNING state.` (before 3.3: `The parent queue:<parent> state is STOPPED, child queue:<child> state cannot be RUNNING.`, " +
			"short queue names). Tools that write state=RUNNING on every queue make stopping a parent impossible. " +
			"Hadoop 2.7 accepts it, but the child still takes no applications.",
		Bad:      "root.eng.state=STOPPED; root.eng.dev.state=RUNNING",
		Good:     "root.eng.state=STOPPED (children inherit it; remove their state keys)",
		Source:   "AbstractCSQueue#initializeQueueState (3.4: QueueStateHelper#setQueueState)",
		Versions: "2.10+ error; 2.7 warning",
	},
	Check: func(p *Pass) {
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			if q.ConfiguredState.V != xmlconf.StateRunning || q.ConfiguredState.Err != "" {
				return
			}
			ps := q.Parent.State.V
			if ps != xmlconf.StateStopped && ps != xmlconf.StateDraining {
				return
			}
			at := AtValue(p, q, q.ConfiguredState)
			hint := "remove the child's state key so it inherits STOPPED"
			switch {
			case p.Version.Less(xmlconf.V2_10):
				p.Accepted(at, "remove the child's state key", "%q is RUNNING under STOPPED parent %q; it accepts no applications", q.Path, q.Parent.Path)
			case p.Version.Less(xmlconf.V3_3):
				// The 3.1/3.2 line's AbstractCSQueue#initializeQueueState (the one
				// still reading getMaximumAllocationPerQueue) names the queues by
				// getQueueName, the short name; the 3.3 line's (with
				// setupMaximumAllocation and getMaxParallelAppsForQueue) by path.
				p.ReportHint(at, hint, "The parent queue:%s state is STOPPED, child queue:%s state cannot be RUNNING.", q.Parent.Name, q.Name)
			default:
				p.ReportHint(at, hint, "The parent queue:%s cannot be STOPPED as the child queue:%s is in RUNNING state.", q.Parent.Path, q.Path)
			}
		})
	},
}

// labelShareHint says which queues need a capacity for label so that a
// child of parent gets a share. From 3.4 root holds all of every label
// whatever the file says (CapacitySchedulerConfiguration.
// internalGetLabeledQueueCapacity: root is 100), so only the ancestors
// below root need one.
func labelShareHint(v xmlconf.Version, parent, label string) string {
	if v.AtLeast(xmlconf.V3_4) {
		return "give " + parent + " (and its ancestors below root, which holds all of every label from 3.4) a capacity for label " + label
	}
	return "give " + parent + " (and its ancestors, root included) a capacity for label " + label
}

var ruleDefaultLabelDeadPartition = &Rule{
	ID: "CS116", Name: "default-label-dead-partition", Category: CatLabels, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "a leaf's default-node-label-expression sends its applications to a partition where its maximum capacity is 0",
		Why: "An application submitted without a node-label expression gets the queue's default-node-label-expression, " +
			"for its AM too. A queue with no accessible-node-labels.<label>.* key does not have the label among its " +
			"configured node labels, so no capacity is loaded for it and its maximum there reads 0 " +
			"(QueueCapacities LABEL_DOESNT_EXIST_CAP); before 3.4 the same holds for root without a key for the label, " +
			"and a maximum-capacity of 0 on the path gives 0 as well. Hadoop accepts the file, but those applications " +
			"stay ACCEPTED: no container of that partition can go to the queue. Being able to access the label " +
			"(accessible-node-labels, \"*\" included) is not enough.",
		Bad:      "root.a.accessible-node-labels=gpu; root.a.default-node-label-expression=gpu   (no root.a.accessible-node-labels.gpu.* key)",
		Good:     "root.a.accessible-node-labels.gpu.capacity=50   (and, before 3.4, root.accessible-node-labels.gpu.capacity=100)",
		Source:   "AbstractCSQueue#setupQueueConfigs (getConfiguredNodeLabels, CSQueueUtils.loadCapacitiesByLabelsFromConf), QueueCapacities#_get",
		Versions: "all; not in 3.4's non-legacy queue mode, and not for labels in weight or absolute mode",
	},
	Check: func(p *Pass) {
		if p.Model.NonLegacyMode() {
			return // the capacity calculation there gives a 0 maximum the parent's
		}
		eachLeaf(p.Model, func(q *xmlconf.Queue) {
			l := q.DefaultLabelExpr.V
			if l == "" || strings.Contains(l, "&&") || !(contains(q.AccessibleLabels.V, l) || contains(q.AccessibleLabels.V, "*")) {
				return // no default label, or one CS031 reports as inaccessible
			}
			if _, m, ok := xmlconf.PercentAbsolutes(q, l, p.Version); !ok || m > 0 {
				return
			}
			p.ReportHint(AtValue(p, q, q.DefaultLabelExpr), deadPartitionHint(p.Version, q, l),
				"default-node-label-expression of %q is %q, where the queue's maximum capacity is 0: applications submitted to it without a label expression never get a container",
				q.Path, l)
		})
	},
}

// deadPartitionHint names the keys that give q a share of label l: a
// key for the label on every queue of the path without one (root too
// before 3.4) and a maximum above 0 where it is 0.
func deadPartitionHint(v xmlconf.Version, q *xmlconf.Queue, l string) string {
	var fixes []string
	for a := q; a != nil && !(a.IsRoot() && v.AtLeast(xmlconf.V3_4)); a = a.Parent {
		key := a.Key("accessible-node-labels." + l)
		switch ls := a.LabelSettings(l); {
		case ls == nil:
			fixes = append([]string{"set " + key + ".capacity"}, fixes...)
		case ls.MaxCapacity.Mode == xmlconf.ModePercent && ls.MaxCapacity.Percent == 0:
			fixes = append([]string{"raise " + key + ".maximum-capacity above 0"}, fixes...)
		}
	}
	if len(fixes) == 0 {
		return "set a different default-node-label-expression"
	}
	return strings.Join(fixes, "; ") + "; or set a different default-node-label-expression"
}
