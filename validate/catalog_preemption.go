package validate

import "github.com/capq/capq/xmlconf"

// preemptionPrefix is where ProportionalCapacityPreemptionPolicy reads its
// settings. They usually live in yarn-site.xml but are read from the
// merged configuration, so a typo is as silent in either file.
const preemptionPrefix = "yarn.resourcemanager.monitor.capacity.preemption."

// preemptionKeys are the keys under preemptionPrefix that Hadoop reads
// (CapacitySchedulerConfiguration's PREEMPTION_* constants), with the first
// profile that reads them. Hadoop 2.7 read only the first six; the rest
// came with YARN-4390 (2.8), YARN-2009 (2.9) and later, and are marked
// 2.10 so that no profile that may read them flags them (the conservative
// DRF keys are YARN-8292, in the 2.10.1, 3.1.1 and 3.2.0 changelogs). The
// preemption-to-balance keys are YARN-8379: the 3.1.1 and 3.2.0 changelogs
// list it, the 2.10.0 and 2.10.1 ones do not, so 2.10 ignores them.
var preemptionKeys = map[string]xmlconf.Version{
	"observe_only": {}, "monitoring_interval": {}, "max_wait_before_kill": {},
	"total_preemption_per_round": {}, "max_ignored_over_capacity": {}, "natural_termination_factor": {},
	"select_based_on_reserved_containers":                              xmlconf.V2_10,
	"additional_res_balance_based_on_reserved_containers":              xmlconf.V2_10,
	"intra-queue-preemption.enabled":                                   xmlconf.V2_10,
	"intra-queue-preemption.minimum-threshold":                         xmlconf.V2_10,
	"intra-queue-preemption.max-allowable-limit":                       xmlconf.V2_10,
	"intra-queue-preemption.preemption-order-policy":                   xmlconf.V2_10,
	"intra-queue-preemption.conservative-drf":                          xmlconf.V2_10,
	"conservative-drf":                                                 xmlconf.V2_10,
	"preemption-to-balance-queue-after-satisfied.enabled":              xmlconf.V3_1,
	"preemption-to-balance-queue-after-satisfied.max-wait-before-kill": xmlconf.V3_1,
}

var preemptionKeyNames = namesOf(preemptionKeys)
