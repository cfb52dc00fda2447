package validate

import (
	"github.com/capq/capq/xmlconf"
)

// AbstractCSQueue#setupQueueConfigs (every queue, at start and on
// refreshQueues, whether multi-node placement is on or off) reads the
// queue's lookup policy with CapacitySchedulerConfiguration#
// getMultiNodesSortingAlgorithmPolicy: the queue's multi-node-sorting.policy,
// else the scheduler-wide one; a name then needs its .class key. Unlike
// getMultiNodePlacementPolicies (CS057) this getter gives the name
// "default" no class.

var ruleMultiNodeQueuePolicy = &Rule{
	ID: "CS123", Name: "multi-node-queue-policy", Category: CatOrdering, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_2,
	Docs: Docs{
		Summary: "a queue's multi-node sorting policy name has no class",
		Why: "Every queue reads its multi-node-sorting.policy (else the scheduler-wide one) when it is set up, at start and " +
			"on refreshQueues, whether multi-node placement is on or not, and looks up multi-node-sorting.policy.<name>.class: " +
			"without one the queue fails with `<name> Class is not configured or not an instance of ...MultiNodeLookupPolicy`. " +
			"The name `default`, which the policy list gives ResourceUsageMultiNodeLookupPolicy without its key (CS057), " +
			"needs the key here too.",
		Bad:      "multi-node-sorting.policy=default  (no multi-node-sorting.policy.default.class)",
		Good:     "multi-node-sorting.policy.default.class=org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.ResourceUsageMultiNodeLookupPolicy",
		Source:   "CapacitySchedulerConfiguration#getMultiNodesSortingAlgorithmPolicy (AbstractCSQueue#setupQueueConfigs)",
		Versions: "3.2+",
	},
	Check: func(p *Pass) {
		c := p.Model.Conf
		if c == nil {
			return
		}
		globalKey := xmlconf.Prefix + "multi-node-sorting.policy"
		globalDone := false
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			name, own := c.GetOr(q.Key("multi-node-sorting.policy"), ""), true
			if _, ok := c.Raw(q.Key("multi-node-sorting.policy")); !ok {
				name, own = c.GetOr(globalKey, ""), false
			}
			if name == "" || (!own && globalDone) {
				return // isEmpty: no multi-node lookup for this queue
			}
			n := xmlconf.JavaTrim(name)
			if xmlconf.JavaTrim(c.GetOr(globalKey+"."+n+".class", "")) != "" {
				return // an unloadable class is left to the policy list (CS057)
			}
			at := p.AtKey(globalKey)
			if own {
				at = p.AtProp(q, "multi-node-sorting.policy")
			} else {
				globalDone = true
			}
			p.ReportHint(at, "set multi-node-sorting.policy."+n+".class",
				"%s Class is not configured or not an instance of org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.MultiNodeLookupPolicy", n)
		})
	},
}
