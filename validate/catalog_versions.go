package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Keys newer than some profiles: an older ResourceManager does not read
// them, so on that profile they are as ignored as a typo (CS005).
var queueSuffixSince = []struct {
	prefix string // exact suffix, or a family ending in "."
	since  xmlconf.Version
}{
	{"allow-zero-capacity-sum", xmlconf.V3_4},
	{"auto-queue-creation-v2.", xmlconf.V3_4},
	{"auto-create-child-queue.", xmlconf.V3_1},
	{"leaf-queue-template.", xmlconf.V3_1},
	{"max-parallel-apps", xmlconf.V3_3},
	// The resource string is YARN-9116 (RELEASENOTES.3.3.0.md): before it
	// getMaximumAllocationPerQueue reads only the -mb/-vcores keys.
	{"maximum-allocation", xmlconf.V3_3},
	{"multi-node-sorting.policy", xmlconf.V3_2},
	{"maximum-application-lifetime", xmlconf.V2_10},
	{"default-application-lifetime", xmlconf.V2_10},
	{"user-settings.", xmlconf.V2_10},
	{"priority", xmlconf.V2_10},
	{"acl_application_max_priority", xmlconf.V2_10},
	// Application priority (YARN-1963) came with 2.8: DEFAULT_APPLICATION_PRIORITY
	// is a constant of the 2.8 line's CapacitySchedulerConfiguration, not of 2.7's.
	{"default-application-priority", xmlconf.V2_10},
	{"intra-queue-preemption.disable_preemption", xmlconf.V2_10},
	{"app-backoff.", xmlconf.V3_4},
	// The per-label AM share is YARN-3216 (2.8):
	// getMaximumAMResourcePercentPerPartition is in the 2.8 line's
	// CapacitySchedulerConfiguration and not in 2.7's, whose
	// CSQueueUtils.loadUpdateAndCheckCapacities sets only capacities.
	{labelKeyForm + "maximum-am-resource-percent", xmlconf.V2_10},
}

// labelKeyForm is how queueSuffixSince names a per-label key: the label
// itself (a segment without dots) is any name.
const labelKeyForm = "accessible-node-labels.<label>."

var globalKeySince = map[string]xmlconf.Version{
	"legacy-queue-mode.enabled": xmlconf.V3_4, "mapping-rule-format": xmlconf.V3_4,
	"mapping-rule-json": xmlconf.V3_4, "mapping-rule-json-file": xmlconf.V3_4,
	"auto-queue-creation-v2.queue-expiration-time": xmlconf.V3_4, "auto-queue-creation-v2.maximum-queue-depth": xmlconf.V3_4,
	"max-parallel-apps": xmlconf.V3_3, "user.max-parallel-apps": xmlconf.V3_3,
	"multi-node-placement-enabled": xmlconf.V3_2, "multi-node-sorting.policy.names": xmlconf.V3_2, "multi-node-sorting.policy": xmlconf.V3_2,
	"minimum-user-limit-percent": xmlconf.V3_4, "user-limit-factor": xmlconf.V3_4,
	"skip-allocate-on-nodes-with-reserved-containers": xmlconf.V3_4,
	// App backoff is YARN-11809 (2025, Hadoop trunk), dated 3.4 because
	// the 3.4 profile follows trunk.
	"app-backoff.enabled": xmlconf.V3_4, "app-backoff.interval-ms": xmlconf.V3_4, "app-backoff.missed-threshold": xmlconf.V3_4,
	// Not yet constants of CapacitySchedulerConfiguration in the 2.8 line
	// (which already has rack-locality-full-reset, YARN-4287), so not in
	// 2.7 either; read from 2.9.0 (rack-locality-additional-delay is
	// YARN-4189), which the 2.10 profile covers. The 2.10.0 changelog's
	// YARN-8896 changed maximum-container-assignments' default to 100.
	"per-node-heartbeat.multiple-assignments-enabled":  xmlconf.V2_10,
	"per-node-heartbeat.maximum-container-assignments": xmlconf.V2_10,
	"per-node-heartbeat.maximum-offswitch-assignments": xmlconf.V2_10,
	"rack-locality-additional-delay":                   xmlconf.V2_10,
	// WorkflowPriorityMappingsManager is YARN-9760, a new feature of 2.10.0:
	// CHANGELOG.2.10.0.md (released 2019-10-22) lists it under NEW
	// FEATURES (three changelogs of the 3.x lines list it too). CS059,
	// which parses the mappings, runs from 2.10 on too, so 2.7 is the
	// profile that ignores them.
	"workflow-priority-mappings":                 xmlconf.V2_10,
	"workflow-priority-mappings-override.enable": xmlconf.V2_10,
	// Read from the 2.8/2.9 lines on, never by 2.7 (the 2.10 profile, as
	// rack-locality-additional-delay above; README's gate table has the
	// evidence):
	//   - lazy-preemption-enabled is YARN-4108 (CapacityScheduler:
	//     lazy preemption), in CHANGELOG.2.8.0.md's SUB-TASKS and in no
	//     2.7.x changelog (a 2016 draft of the 2.9.0 changelog listed it;
	//     the released one does not);
	//   - application.fail-fast is YARN-6031 (the 2.8.1, 2.9.0 and
	//     3.0.0-alpha4 changelogs, not 2.7.4's); a 2.8 line
	//     CapacitySchedulerConfiguration that has lazy preemption has no
	//     APP_FAIL_FAST yet;
	//   - global-queue-max-application (QUEUE_GLOBAL_MAX_APPLICATION) is
	//     absent from that 2.8 line file and present in the 2.9/3.0 ones;
	//     it came with YARN-5545 (its test, TestApplicationLimits#
	//     testApplicationLimitSubmit, sets it), in CHANGELOG.2.9.0.md;
	//   - schedule-asynchronously.maximum-threads and
	//     .maximum-pending-backlogs are read where CapacityScheduler builds
	//     the global scheduler's AsyncScheduleThreads and its
	//     ResourceCommitterService, which YARN-5716 added (in
	//     CHANGELOG.2.9.0.md's SUB-TASKS); 2.7's CapacityScheduler has one
	//     AsyncScheduleThread and reads only .enable and
	//     .scheduling-interval-ms;
	//   - the priority-utilization underutilized-preemption keys are
	//     YARN-5864 (queue priorities), a new feature of the 2.9.0 and
	//     3.0.0-alpha4 changelogs.
	"lazy-preemption-enabled":                                                                   xmlconf.V2_10,
	"application.fail-fast":                                                                     xmlconf.V2_10,
	"global-queue-max-application":                                                              xmlconf.V2_10,
	"schedule-asynchronously.maximum-threads":                                                   xmlconf.V2_10,
	"schedule-asynchronously.maximum-pending-backlogs":                                          xmlconf.V2_10,
	"ordering-policy.priority-utilization.underutilized-preemption.enabled":                     xmlconf.V2_10,
	"ordering-policy.priority-utilization.underutilized-preemption.reserved-container-delay-ms": xmlconf.V2_10,
	"ordering-policy.priority-utilization.underutilized-preemption.allow-move-reservation":      xmlconf.V2_10,
	// QueueConfigurationAutoRefreshPolicy, which alone reads the interval,
	// is YARN-10623: the 3.4.0 changelog lists it under NEW FEATURES and no
	// 3.3.x changelog has it.
	"queue.auto.refresh.monitoring-interval": xmlconf.V3_4,
}

// suffixSince returns the first version that reads a per-queue suffix
// (zero: every supported profile).
func suffixSince(s string) xmlconf.Version {
	if rest, ok := strings.CutPrefix(s, "accessible-node-labels."); ok {
		if i := strings.IndexByte(rest, '.'); i > 0 {
			s = labelKeyForm + rest[i+1:]
		}
	}
	for _, e := range queueSuffixSince {
		if s == e.prefix || (strings.HasSuffix(e.prefix, ".") && strings.HasPrefix(s, e.prefix)) {
			return e.since
		}
	}
	return xmlconf.Version{}
}

// globalSince returns the first version that reads a scheduler-wide key
// (rest: the name after yarn.scheduler.capacity.), a family member
// (user.<name>.max-parallel-apps) included; ok is false when every
// supported profile reads it.
func globalSince(rest string) (since xmlconf.Version, ok bool) {
	if since, ok = globalKeySince[rest]; ok {
		return since, true
	}
	return globalFamilySince(rest)
}
