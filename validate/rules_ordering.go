package validate

import (
	"regexp"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// javaClassName matches a plausible fully-qualified Java class name; capq
// cannot load classes, so only names that cannot be classes are errors.
var javaClassName = regexp.MustCompile(`^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$`)

var leafPolicies = map[string]bool{"fifo": true, "fair": true, "fifo-with-partitions": true, "fifo-for-pending-apps": true}

var ruleOrderingPolicy = &Rule{
	ID: "CS056", Name: "ordering-policy", Category: CatOrdering, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "an ordering policy this kind of queue cannot use",
		Why: "Leaves take fifo, fair, fifo-with-partitions, fifo-for-pending-apps or a class name (`Unable to construct " +
			"ordering policy for: <p>, <p>`); parents take utilization, priority-utilization or the class name of a QueueOrderingPolicy with a no-argument " +
			"constructor (`Unable to construct queue ordering policy=<p> queue=<path>`). The key is the same, so `fair` on a " +
			"parent or `utilization` on a leaf fail.",
		Bad:      "root.eng.ordering-policy=fair   (root.eng has children)",
		Good:     "root.eng.ordering-policy=priority-utilization; root.eng.dev.ordering-policy=fair",
		Source:   "CapacitySchedulerConfiguration#getAppOrderingPolicy / getQueueOrderingPolicy",
		Versions: "all (parent policies from 2.9, the 2.10 profile; 2.7 parents ignore the key)",
	},
	Check: func(p *Pass) {
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			pr := q.Props["ordering-policy"]
			if pr == nil || pr.Unset {
				return
			}
			raw := pr.Value
			// get, then String.trim (getAppOrderingPolicy compares
			// policyType.trim(); getQueueOrderingPolicy trims the value):
			// a no-break space is kept, so "fair\u00a0" is no alias.
			t := xmlconf.JavaTrim(raw)
			at := p.AtProperty(q, pr)
			if q.IsLeaf() && !q.IsRoot() {
				if !leafPolicies[t] && !javaClassName.MatchString(raw) {
					p.ReportHint(at, "leaf queues take fifo, fair, fifo-with-partitions, fifo-for-pending-apps or a class name",
						"Unable to construct ordering policy for: %s, %s", raw, raw)
				}
				return
			}
			// ParentQueue#setupQueueConfigs reads the key through
			// CapacitySchedulerConfiguration#getQueueOrderingPolicy since
			// YARN-5864 (queue priorities, 2.9.0, the same change that added
			// the "priority" key dated 2.10 in catalog_versions.go). Only
			// the 2.7 profile predates it.
			if p.Version.Less(xmlconf.V2_10) {
				return
			}
			if t == "utilization" || t == "priority-utilization" || parentPolicyClass(t) {
				return
			}
			p.ReportHint(at, "parent queues take utilization, priority-utilization or a QueueOrderingPolicy class name",
				"Unable to construct queue ordering policy=%s queue=%s", raw, q.Path)
		})
	},
}

// unusableQueuePolicyClasses are Hadoop classes a parent's ordering-policy
// may name but Class.forName(..).newInstance() cannot turn into a
// QueueOrderingPolicy: the app ordering policies fail the cast, and
// PriorityUtilizationQueueOrderingPolicy has no no-argument constructor.
var unusableQueuePolicyClasses = map[string]bool{
	"org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FifoOrderingPolicy":                              true,
	"org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FairOrderingPolicy":                              true,
	"org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FifoOrderingPolicyWithExclusivePartitions":       true,
	"org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.FifoOrderingPolicyForPendingApps":                true,
	"org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.policy.PriorityUtilizationQueueOrderingPolicy": true,
}

// parentPolicyClass reports whether a parent's trimmed ordering-policy t
// may load as a class. YARN-9824 (2.10.0, 3.1.4, 3.2.2, 3.3.0, so every
// profile from 2.10 on) made CapacitySchedulerConfiguration
// #getQueueOrderingPolicy instantiate any other value as a class instead
// of throwing; capq cannot load classes, so only names that cannot be
// classes, or known classes that cannot work, are errors.
func parentPolicyClass(t string) bool {
	return javaClassName.MatchString(t) && !unusableQueuePolicyClasses[t]
}

var ruleMultiNode = &Rule{
	ID: "CS057", Name: "multi-node-policy", Category: CatOrdering, Severity: xmlconf.SeverityError,
	StartOnly: true,
	Since:     xmlconf.V3_2,
	Docs: Docs{
		Summary: "a multi-node sorting policy has no class or a negative sorting interval",
		Why: "With multi-node placement enabled every policy named in multi-node-sorting.policy.names needs a class: `<name> Class is not configured or not an instance of ...MultiNodeLookupPolicy`, and a non-negative interval. " +
			"Only the name `default` has a class without its key (ResourceUsageMultiNodeLookupPolicy, DEFAULT_NODE_SORTING_POLICY_CLASSNAME). " +
			"The policies are read only when the scheduler starts (CapacityScheduler#initScheduler registers them with the " +
			"MultiNodeSortingManager; reinitialize does not): refreshQueues accepts the file and the ResourceManager's next " +
			"start fails (a start-only rule).",
		Bad:      "multi-node-placement-enabled=true; multi-node-sorting.policy.names=binpack  (no .class)",
		Good:     "multi-node-sorting.policy.binpack.class=org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.ResourceUsageMultiNodeLookupPolicy",
		Source:   "CapacitySchedulerConfiguration#getMultiNodePlacementPolicies (from CapacityScheduler#initScheduler only)",
		Versions: "3.2+",
	},
	Check: func(p *Pass) {
		c := p.Model.Conf
		if c == nil {
			return
		}
		on, _ := xmlconf.HadoopGetBool(c.GetOr(xmlconf.Prefix+"multi-node-placement-enabled", ""), false)
		if !on {
			return
		}
		namesKey := xmlconf.Prefix + "multi-node-sorting.policy.names"
		for _, n := range xmlconf.MultiNodePolicyNames(c.GetOr(namesKey, ""), p.Version) {
			base := xmlconf.Prefix + "multi-node-sorting.policy." + n
			// getMultiNodePlacementPolicies: "default" has a class
			// without its key; a no-break space around one stays.
			cls := xmlconf.MultiNodePolicyClass(c, n)
			if cls == "" || !javaClassName.MatchString(cls) {
				at := p.AtKey(base + ".class")
				if at.Pos.Line == 0 {
					at = p.AtKey(namesKey)
				}
				p.Report(at, "%s Class is not configured or not an instance of org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.MultiNodeLookupPolicy", n)
			}
			if iv, ok, _ := c.Get(base + ".sorting-interval.ms"); ok {
				if v, err := xmlconf.HadoopGetLong(iv); err == nil && v < 0 {
					p.Report(p.AtKey(base+".sorting-interval.ms"), "%s multi-node policy is configured with invalid sorting-interval:%d", n, v)
				}
			}
		}
	},
}

// splitTrim splits a comma list, trimming and dropping empty entries.
// Only yarn.resource-types uses it: ResourceUtils#initializeResourcesMap
// reads it with getStrings in the one version read so far; whether later
// releases trim is not pinned, so this is left as it was.
func splitTrim(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

var ruleResourceTypes = &Rule{
	ID: "CS055", Name: "default-calculator-resource-types", Category: CatOrdering, Severity: xmlconf.SeverityError,
	StartOnly: true,
	Since:     xmlconf.V3_1,
	Docs: Docs{
		Summary: "custom resource types are configured but the DefaultResourceCalculator only counts memory",
		Why: "The ResourceManager refuses to start: `RM uses DefaultResourceCalculator which used only memory as " +
			"resource-type but invalid resource-types specified <types>. Use DominantResourceCalculator instead ...`. " +
			"initResourceCalculator runs in initScheduler only: refreshQueues keeps the calculator the scheduler started " +
			"with and accepts the file (a start-only rule; RF013 reports a changed resource-calculator).",
		Bad:      "yarn.resource-types=yarn.io/gpu (resource-calculator left at the default)",
		Good:     "yarn.scheduler.capacity.resource-calculator=org.apache.hadoop.yarn.util.resource.DominantResourceCalculator",
		Source:   "CapacityScheduler#initResourceCalculator (startup only)",
		Versions: "3.1+",
	},
	Check: func(p *Pass) {
		// Only the DefaultResourceCalculator itself: a class Hadoop cannot
		// load stops the start before this check (CS119), and one capq
		// cannot see may not extend the DefaultResourceCalculator.
		if p.Model.Conf == nil || p.Model.Global.ResourceCalculator.V != xmlconf.DefaultResourceCalculator {
			return
		}
		types := splitTrim(p.Model.Conf.GetOr("yarn.resource-types", ""))
		if len(types) == 0 {
			return
		}
		p.ReportHint(p.AtKey("yarn.resource-types"), "set "+xmlconf.Prefix+"resource-calculator to the DominantResourceCalculator",
			"RM uses DefaultResourceCalculator which used only memory as resource-type but invalid resource-types specified %s. Use DominantResourceCalculator instead to make effective use of these resource-types",
			"[memory-mb, vcores, "+strings.Join(types, ", ")+"]")
	},
}
