package validate

import "github.com/capq/capq/xmlconf"

// ruleWeightMaximum: in 3.4's non-legacy queue mode a maximum-capacity
// vector parses with weight entries, but the capacity calculation cannot
// turn a weight into a maximum and throws, so the queues never load.
var ruleWeightMaximum = &Rule{
	ID: "CS018", Name: "weight-maximum", Category: CatCapacity, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_4,
	Docs: Docs{
		Summary: "a maximum-capacity vector has a weight entry in non-legacy queue mode",
		Why: "With legacy-queue-mode.enabled=false, QueueCapacityConfigParser reads `[memory=8192,vcores=2w]` as a vector whose " +
			"vcores entry is a weight. ResourceCalculationDriver asks the calculator of each child's maximum type for its maximum " +
			"resource, and WeightQueueCapacityCalculator.calculateMaximumResource throws `Resource vcores has WEIGHT maximum capacity " +
			"type, which is not supported`. The queue manager runs that calculation when it initializes and reinitializes the queues, " +
			"so the ResourceManager does not start and refreshQueues fails (`Failed to re-init queues : ...`). In legacy mode the same " +
			"text is an absolute resource whose weight entry is ignored (CS027); a plain `5w` maximum does not parse at all (CS015).",
		Bad:      "legacy-queue-mode.enabled=false, root.b.maximum-capacity=[memory=16384,vcores=10w]",
		Good:     "legacy-queue-mode.enabled=false, root.b.maximum-capacity=[memory=16384,vcores=50%]",
		Source:   "WeightQueueCapacityCalculator#calculateMaximumResource, ResourceCalculationDriver#setChildResources",
		Versions: "3.4+ in non-legacy queue mode",
	},
	Check: func(p *Pass) {
		if !p.Model.NonLegacyMode() {
			return
		}
		eachNonRoot(p.Model, func(q *xmlconf.Queue) {
			for _, l := range configuredLabels(q) {
				_, m := capacityFor(q, l)
				if r, ok := xmlconf.WeightMaximumResource(m); ok {
					p.ReportHint(p.AtProperty(q, m.Prop), "write a percentage or an amount for "+r+": weights are not allowed in a maximum",
						"Resource %s has WEIGHT maximum capacity type, which is not supported", r)
				}
			}
		})
	},
}
