package preview

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// How the dry run treats a catalog key set to a value other than its
// default (the product rule: a setting capq does not model gets a warning
// where the user will see it).
const (
	modelled = iota + 1 // the engine or the simulator reads it
	warned              // a non-default value gives a "not modelled" warning
	noEffect            // nothing a dry run shows can depend on it
)

// keyClass is the decision for one catalog key.
type keyClass struct {
	class int
	// where (modelled) names where the key's value is used, as
	// "path/from/repo/root.go: identifier"; the test checks the file has
	// the identifier.
	where string
	// value (warned) is the non-default value that warns, and with the
	// other settings the warning needs (keys as in buildSetting).
	value string
	with  map[string]string
	// reason (noEffect) says why no dry run can show the key.
	reason string
}

func at(where string) keyClass { return keyClass{class: modelled, where: where} }
func warns(value string, with map[string]string) keyClass {
	return keyClass{class: warned, value: value, with: with}
}
func none(reason string) keyClass { return keyClass{class: noEffect, reason: reason} }

// The reservation system is one warning (reservable): its other keys are
// read for reservable queues only.
const reservationOnly = "read by the reservation system for a reservable queue only (ReservationSchedulerConfiguration, PlanQueue); " +
	"reservable itself is warned about (no reservation queues are created)"

// catalogClasses is the one table: every key of validate.Catalog, by
// kind and name, with how the dry run treats it. A key the catalog gains
// without a line here fails TestCatalogKeysAreClassified.
var catalogClasses = map[validate.CatalogKind]map[string]keyClass{
	validate.KindGlobal: {
		"maximum-applications":                             at("engine/engine.go: MaxApplications"),
		"maximum-am-resource-percent":                      at("xmlconf/build_queue.go: g.MaxAMResourcePercent"),
		"global-queue-max-application":                     at("engine/partition_queue.go: GlobalQueueMaxApps"),
		"minimum-user-limit-percent":                       at("xmlconf/build_queue.go: g.MinUserLimitPercent"),
		"user-limit-factor":                                at("xmlconf/build_queue.go: g.UserLimitFactor"),
		"resource-calculator":                              at("engine/engine.go: DominantCalculator"),
		"node-locality-delay":                              at("engine/engine.go: NodeLocalityDelay"),
		"rack-locality-additional-delay":                   at("engine/engine.go: RackLocalityAddDelay"),
		"rack-locality-full-reset":                         at("engine/engine.go: RackLocalityFullReset"),
		"per-node-heartbeat.multiple-assignments-enabled":  at("engine/engine.go: MultipleAssignments"),
		"per-node-heartbeat.maximum-container-assignments": at("engine/engine.go: MaxContainerAssignments"),
		"per-node-heartbeat.maximum-offswitch-assignments": at("engine/engine.go: MaxOffSwitchAssignments"),
		"reservations-continue-look-all-nodes":             at("engine/engine.go: ReservationsContinueLook"),
		"schedule-asynchronously.enable":                   at("engine/async.go: schedule-asynchronously.enable"),
		"schedule-asynchronously.scheduling-interval-ms":   at("engine/async.go: schedule-asynchronously.scheduling-interval-ms"),
		"schedule-asynchronously.maximum-threads": warns("4",
			map[string]string{"schedule-asynchronously.enable": "true"}),
		"schedule-asynchronously.maximum-pending-backlogs": warns("50",
			map[string]string{"schedule-asynchronously.enable": "true"}),
		"lazy-preemption-enabled": warns("true",
			map[string]string{"yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers": "true"}),
		"application.fail-fast": none("read only when the ResourceManager recovers an application whose queue is gone after a restart " +
			"(CapacityScheduler#addApplicationOnRecovery, CapacitySchedulerConfiguration#shouldAppFailFast); a dry run has no restart"),
		"user-metrics.enable":                          none("per-user QueueMetrics for JMX (CSQueueMetrics); scheduling does not read them"),
		"queue-mappings":                               at("placement/load.go: KeyQueueMappings"),
		"queue-mappings-override.enable":               at("placement/load.go: KeyOverride"),
		"mapping-rule-format":                          at("placement/load.go: KeyFormat"),
		"mapping-rule-json":                            at("placement/load.go: KeyJSON"),
		"mapping-rule-json-file":                       at("placement/load.go: KeyJSONFile"),
		"workflow-priority-mappings":                   at("engine/workflow.go: WorkflowMappings"),
		"workflow-priority-mappings-override.enable":   at("engine/workflow.go: WorkflowOverride"),
		"max-parallel-apps":                            at("engine/parallel.go: MaxParallelApps"),
		"user.max-parallel-apps":                       at("engine/parallel.go: UserMaxParallelApps"),
		"multi-node-placement-enabled":                 at("engine/multinode.go: multi-node-placement-enabled"),
		"multi-node-sorting.policy.names":              at("engine/multinode.go: multi-node-sorting.policy.names"),
		"multi-node-sorting.policy":                    at("engine/multinode.go: multi-node-sorting.policy"),
		"legacy-queue-mode.enabled":                    at("xmlconf/mixed.go: LegacyQueueMode"),
		"auto-queue-creation-v2.queue-expiration-time": at("engine/expiry.go: QueueExpirySeconds"),
		"auto-queue-creation-v2.maximum-queue-depth":   at("engine/autocreate.go: keyV2MaxDepth"),
		"queue.auto.refresh.monitoring-interval": none("how often QueueConfigurationAutoRefreshPolicy looks at capacity-scheduler.xml's " +
			"modification time; a dry run's file never changes on disk (a workload's refreshes are explicit events)"),
		"skip-allocate-on-nodes-with-reserved-containers":                                           at("engine/multinode.go: skip-allocate-on-nodes-with-reserved-containers"),
		"ordering-policy.priority-utilization.underutilized-preemption.enabled":                     at("engine/preempt.go: Underutilized"),
		"ordering-policy.priority-utilization.underutilized-preemption.reserved-container-delay-ms": at("engine/preempt.go: UnderutilizedDelayMS"),
		"ordering-policy.priority-utilization.underutilized-preemption.allow-move-reservation":      warns("true", nil),
		"app-backoff.enabled": warns("true", nil),
		"app-backoff.interval-ms": none("read only while app backoff is on (AbstractLeafQueue#isAppInBackoffState, TestCapacitySchedulerAppBackoff), " +
			"which is warned about: capq never backs an app off"),
		"app-backoff.missed-threshold": none("read only while app backoff is on (AbstractLeafQueue#isAppInBackoffState, TestCapacitySchedulerAppBackoff), " +
			"which is warned about: capq never backs an app off"),
	},
	validate.KindFamily: {
		"user.<name>.max-parallel-apps":                        at("engine/parallel.go: UserMaxParallelApps"),
		"multi-node-sorting.policy.<name>.class":               at("xmlconf/lists.go: \".class\""),
		"multi-node-sorting.policy.<name>.sorting-interval.ms": at("engine/multinode.go: \".sorting-interval.ms\""),
	},
	validate.KindQueue: {
		"queues":                                    at("xmlconf/build.go: \"queues\""),
		"capacity":                                  at("engine/queue.go: mq.Capacity"),
		"maximum-capacity":                          at("engine/queue.go: mq.MaxCapacity"),
		"accessible-node-labels":                    at("engine/partition.go: mq.Labels"),
		"default-node-label-expression":             at("engine/queue.go: DefaultLabelExpr"),
		"minimum-user-limit-percent":                at("engine/queue.go: MinUserLimitPercent"),
		"user-limit-factor":                         at("engine/queue.go: UserLimitFactor"),
		"maximum-applications":                      at("engine/engine.go: MaxApplications"),
		"maximum-am-resource-percent":               at("engine/queue.go: MaxAMResourcePercent"),
		"max-parallel-apps":                         at("engine/parallel.go: MaxParallelApps"),
		"state":                                     at("engine/queue.go: State"),
		"acl_submit_applications":                   at("engine/queue.go: SubmitACL"),
		"acl_administer_queue":                      at("engine/queue.go: AdminACL"),
		"acl_administer_reservations":               none("who may administer reservations (ReservationsACLsManager); a dry run makes no reservation calls"),
		"acl_list_reservations":                     none("who may list reservations (ReservationsACLsManager); a dry run makes no reservation calls"),
		"acl_submit_reservations":                   none("who may submit reservations (ReservationsACLsManager); a dry run makes no reservation calls"),
		"acl_application_max_priority":              at("engine/queue.go: PriorityACLs"),
		"priority":                                  at("engine/queue.go: mq.Priority"),
		"default-application-priority":              at("engine/queue.go: DefaultApplicationPriority"),
		"ordering-policy":                           at("engine/queue.go: OrderingPolicy"),
		"maximum-allocation":                        at("engine/queue.go: MaxAllocation"),
		"maximum-allocation-mb":                     at("engine/queue.go: MaxAllocation"),
		"maximum-allocation-vcores":                 at("engine/queue.go: MaxAllocation"),
		"maximum-application-lifetime":              at("engine/lifetime.go: MaxLifetime"),
		"default-application-lifetime":              at("engine/lifetime.go: DefaultLifetime"),
		"disable_preemption":                        at("engine/queue.go: DisablePreemption"),
		"intra-queue-preemption.disable_preemption": at("engine/queue.go: IntraQueuePreemptionDisabled"),
		"reservable":                                warns("true", nil),
		"reservation-agent":                         none(reservationOnly),
		"reservation-policy":                        none(reservationOnly),
		"reservation-planner":                       none(reservationOnly),
		"reservation-window":                        none(reservationOnly),
		"reservation-enforcement-window":            none(reservationOnly),
		"reservation-move-on-expiry":                none(reservationOnly),
		"show-reservations-as-queues":               none(reservationOnly),
		"average-capacity":                          none(reservationOnly),
		"instantaneous-max-capacity":                none(reservationOnly),
		"allow-zero-capacity-sum": none("only relaxes the check of children's capacity sums that stops a ResourceManager " +
			"(lint CS024 mirrors it); the capacities the run uses are the same"),
		"multi-node-sorting.policy":                                 at("engine/multinode.go: multi-node-sorting.policy"),
		"auto-create-child-queue.enabled":                           at("engine/autocreate.go: AutoCreate.Legacy"),
		"auto-create-child-queue.max-queues":                        at("engine/autocreate.go: MaxQueues"),
		"auto-create-child-queue.fail-on-exceeding-parent-capacity": at("engine/placement.go: FailOnExceeding"),
		"auto-create-child-queue.management-policy":                 at("engine/placement.go: ManagementPolicy"),
		"auto-queue-creation-v2.enabled":                            at("engine/autocreate.go: AutoCreate.V2"),
		"auto-queue-creation-v2.max-queues":                         at("engine/autocreate.go: MaxQueues"),
		"auto-queue-creation-v2.maximum-queue-depth":                at("engine/autocreate.go: keyV2MaxDepth"),
		"auto-queue-creation-v2.queue-auto-removal.enable":          at("engine/expiry.go: keyV2AutoRemoval"),
		"app-backoff.enabled":                                       warns("true", nil),
		"app-backoff.interval-ms": none("read only while app backoff is on (AbstractLeafQueue#isAppInBackoffState, TestCapacitySchedulerAppBackoff), " +
			"which is warned about: capq never backs an app off"),
		"app-backoff.missed-threshold": none("read only while app backoff is on (AbstractLeafQueue#isAppInBackoffState, TestCapacitySchedulerAppBackoff), " +
			"which is warned about: capq never backs an app off"),
	},
	validate.KindLabel: {
		"accessible-node-labels.<label>.capacity":                    at("engine/partition_queue.go: ls.Capacity"),
		"accessible-node-labels.<label>.maximum-capacity":            at("engine/partition_queue.go: ls.MaxCapacity"),
		"accessible-node-labels.<label>.maximum-am-resource-percent": at("engine/partition_queue.go: ls.MaxAMPercent"),
	},
	validate.KindUser: {
		"user-settings.<user>.weight": at("engine/queue.go: UserWeights"),
	},
	validate.KindOrdering: {
		"ordering-policy.fair.enable-size-based-weight": at("engine/queue.go: FairSizeBasedWeight"),
		"ordering-policy.exclusive-enforced-partitions": warns("x", map[string]string{"root.a.ordering-policy": "fifo-with-partitions"}),
	},
	validate.KindTemplate: {
		"leaf-queue-template.<suffix>":                    at("engine/autocreate.go: legacyTemplatePrefix"),
		"auto-queue-creation-v2.template.<suffix>":        at("engine/autocreate.go: v2TemplatePrefix"),
		"auto-queue-creation-v2.leaf-template.<suffix>":   at("engine/autocreate.go: v2LeafTemplatePrefix"),
		"auto-queue-creation-v2.parent-template.<suffix>": at("engine/autocreate.go: v2ParentTemplatePrefix"),
	},
	validate.KindPreemption: {
		pre + "observe_only":                                                     at("engine/preempt.go: ObserveOnly"),
		pre + "monitoring_interval":                                              at("engine/preempt.go: MonitoringIntervalMS"),
		pre + "max_wait_before_kill":                                             at("engine/preempt.go: MaxWaitBeforeKillMS"),
		pre + "total_preemption_per_round":                                       at("engine/preempt.go: TotalPreemptionPerRound"),
		pre + "max_ignored_over_capacity":                                        at("engine/preempt.go: MaxIgnoredOverCapacity"),
		pre + "natural_termination_factor":                                       at("engine/preempt.go: NaturalTerminationFactor"),
		pre + "select_based_on_reserved_containers":                              at("engine/preempt.go: SelectOnReservedContainers"),
		pre + "additional_res_balance_based_on_reserved_containers":              warns("true", nil),
		pre + "intra-queue-preemption.enabled":                                   at("engine/preempt.go: IntraQueuePreemptionEnable"),
		pre + "intra-queue-preemption.minimum-threshold":                         at("engine/preempt.go: IntraQueueMinThreshold"),
		pre + "intra-queue-preemption.max-allowable-limit":                       at("engine/preempt.go: IntraQueueMaxAllowable"),
		pre + "intra-queue-preemption.preemption-order-policy":                   at("engine/preempt.go: IntraQueueOrder"),
		pre + "intra-queue-preemption.conservative-drf":                          at("engine/preempt.go: InQueueConservativeDRF"),
		pre + "conservative-drf":                                                 at("engine/preempt.go: CrossQueueConservativeDRF"),
		pre + "preemption-to-balance-queue-after-satisfied.enabled":              at("engine/preempt.go: BalanceAfterSatisfied"),
		pre + "preemption-to-balance-queue-after-satisfied.max-wait-before-kill": at("engine/preempt.go: BalanceMaxWaitMS"),
	},
	validate.KindSite: {
		xmlconf.MonitorEnableKey:                   at("xmlconf/build_global.go: g.MonitorEnabled"),
		xmlconf.MonitorPoliciesKey:                 at("engine/autocreate.go: MonitorRuns"),
		xmlconf.ACLEnableKey:                       at("engine/engine.go: ACLEnable"),
		xmlconf.MaxAppPriorityKey:                  at("engine/engine.go: MaxAppPriority"),
		xmlconf.NodeHeartbeatKey:                   at("engine/sim/run.go: NodeHeartbeatMS"),
		xmlconf.AppTimeoutsMonitorKey:              at("engine/sim/lifetime.go: AppTimeoutsMonitorMS"),
		xmlconf.SchedulingWaitKey:                  at("engine/sim/run.go: SchedulingWaitMS"),
		xmlconf.NodeLabelsEnabledKey:               at("engine/sim/labels_warn.go: NodeLabelsEnabledKey"),
		xmlconf.AMNonExclusiveKey:                  at("engine/engine.go: AMAllowNonExclusive"),
		xmlconf.WorkflowTagPrefixKey:               at("engine/workflow.go: WorkflowTagPrefix"),
		xmlconf.MinAllocationMBKey:                 at("engine/engine.go: MinAllocation"),
		xmlconf.MinAllocationVcoresKey:             at("engine/engine.go: MinAllocation"),
		"yarn.scheduler.maximum-allocation-mb":     at("engine/engine.go: MaxAllocation"),
		"yarn.scheduler.maximum-allocation-vcores": at("engine/engine.go: MaxAllocation"),
		"yarn.resourcemanager.scheduler.class":     warns("org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler", nil),
		xmlconf.QueueManagementIntervalKey: warns("5000", map[string]string{
			xmlconf.MonitorEnableKey: "true", xmlconf.MonitorPoliciesKey: "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueManagementDynamicEditPolicy",
			"root.a.auto-create-child-queue.enabled": "true"}),
		xmlconf.TagPlacementKey:          at("engine/tagplace.go: TagPlacement"),
		xmlconf.TagPlacementWhitelistKey: at("engine/tagplace.go: TagPlacementWhitelist"),
		"yarn.resourcemanager.application-tag-based-placement.force-lowercase": warns("false", nil),
		"yarn.scheduler.queue-placement-rules":                                 at("placement/legacy.go: KeyPlacement"),
		"yarn.scheduler.queue-placement-rules.app-name":                        at("placement/legacy.go: KeyAppName"),
		"yarn.resource-types":                                                  warns("yarn.io/gpu", nil),
		"yarn.scheduler.configuration.store.class": none("where the ResourceManager keeps the configuration it schedules with " +
			"(file, memory, leveldb, zk: MutableConfigurationProvider); a dry run schedules with the files it is given"),
	},
}

const pre = "yarn.resourcemanager.monitor.capacity.preemption."

// TestCatalogKeysAreClassified walks the lint catalog in every profile:
// each key must be modelled (and the file named must use it), warned
// about (setting it warns in the list capq simulate prints) or of no
// effect on a dry run, with the reason.
func TestCatalogKeysAreClassified(t *testing.T) {
	seen := map[validate.CatalogKind]map[string]bool{}
	for _, v := range xmlconf.SupportedVersions {
		for _, k := range validate.Catalog(v) {
			if seen[k.Kind] == nil {
				seen[k.Kind] = map[string]bool{}
			}
			seen[k.Kind][k.Name] = true
			c, ok := catalogClasses[k.Kind][k.Name]
			if !assert.Truef(t, ok, "%s key %q (Hadoop %s) is in no class: decide whether the dry run models it, warns about it or cannot show it", k.Kind, k.Name, v) {
				continue
			}
			switch c.class {
			case modelled:
				checkReadAt(t, k, c.where)
			case warned:
				checkWarns(t, v, k, c)
			case noEffect:
				assert.NotEmptyf(t, c.reason, "%s key %q: no effect needs a reason", k.Kind, k.Name)
			}
		}
	}
	// A line for a key the catalog no longer has is stale.
	for kind, keys := range catalogClasses {
		for name := range keys {
			assert.Truef(t, seen[kind][name], "%s key %q is classified but not in the catalog of any profile", kind, name)
		}
	}
}

var readAtSeen = map[string]string{}

// checkReadAt checks that the file where names holds its identifier.
func checkReadAt(t *testing.T, k validate.CatalogKey, where string) {
	t.Helper()
	file, ident, ok := strings.Cut(where, ": ")
	require.Truef(t, ok, "%s key %q: where %q is not \"file: identifier\"", k.Kind, k.Name, where)
	src, seen := readAtSeen[file]
	if !seen {
		b, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(file)))
		require.NoErrorf(t, err, "%s key %q", k.Kind, k.Name)
		src = string(b)
		readAtSeen[file] = src
	}
	assert.Truef(t, strings.Contains(src, ident), "%s key %q: %s does not use %s", k.Kind, k.Name, file, ident)
}

// checkWarns sets k to its non-default value (on leaf root.a for queue
// keys) and expects a warning that names it among those the run prints.
func checkWarns(t *testing.T, v xmlconf.Version, k validate.CatalogKey, c keyClass) {
	t.Helper()
	key := k.Key("root.a", "x", "alice", "p", "capacity")
	kv := map[string]string{}
	for name, val := range c.with {
		kv[name] = val
	}
	kv[key] = c.value
	ws := warningsFor(t, v, kv)
	assert.Truef(t, mentions(ws, key), "Hadoop %s: %s = %q gives no warning naming it; got %q", v, key, c.value, ws)
}

// warningsFor builds a two-leaf configuration with kv on top (yarn.*
// keys outside the scheduler's prefix also in the ResourceManager's own
// configuration, as --yarn-site gives them) and returns what the engine
// says it does not model, as capq simulate lists it.
func warningsFor(t *testing.T, v xmlconf.Version, kv map[string]string) []string {
	t.Helper()
	merged := map[string]string{xmlconf.Prefix + "root.queues": "a,b", xmlconf.Prefix + "root.a.capacity": "50", xmlconf.Prefix + "root.b.capacity": "50"}
	rm := map[string]string{}
	for k, val := range kv {
		if !strings.HasPrefix(k, "yarn.") {
			k = xmlconf.Prefix + k
		}
		merged[k] = val
		if !strings.HasPrefix(k, xmlconf.Prefix) {
			rm[k] = val
		}
	}
	conf := xmlconf.FromMap(merged, "capacity-scheduler.xml")
	conf.RM = xmlconf.FromMap(rm, "yarn-site.xml")
	m := xmlconf.Build(conf, xmlconf.BuildOptions{Version: v})
	require.NotNil(t, m.Root)
	ws := engine.Unmodelled(m)
	nodes := []engine.NodeSpec{{ID: "n0", MemoryMB: 16384, VCores: 16}, {ID: "n1", MemoryMB: 16384, VCores: 16}}
	if e, err := engine.New(m, nodes, engine.Options{}); err == nil {
		ws = e.Unmodelled()
	}
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.String()
	}
	return out
}

func mentions(ws []string, key string) bool {
	for _, w := range ws {
		if strings.Contains(w, key) {
			return true
		}
	}
	return false
}

// TestCatalogClassCounts prints the counts per class (go test -v).
func TestCatalogClassCounts(t *testing.T) {
	n := map[int]int{}
	for _, keys := range catalogClasses {
		for _, c := range keys {
			n[c.class]++
		}
	}
	t.Logf("modelled %d, warned %d, no effect %d", n[modelled], n[warned], n[noEffect])
}

// TestTemplatedWarnedKeysWarn: a queue an auto-creation template makes
// reads the template's keys as its own, so a warned queue setting given
// through a leaf template warns too (it would otherwise be ignored in
// silence: the queue appears after the warnings are listed).
func TestTemplatedWarnedKeysWarn(t *testing.T) {
	enable := map[string]string{"leaf-queue-template.<suffix>": "root.a.auto-create-child-queue.enabled",
		"auto-queue-creation-v2.template.<suffix>":      "root.a.auto-queue-creation-v2.enabled",
		"auto-queue-creation-v2.leaf-template.<suffix>": "root.a.auto-queue-creation-v2.enabled"}
	for _, v := range xmlconf.SupportedVersions {
		cat := validate.Catalog(v)
		for _, tk := range cat {
			on, ok := enable[tk.Name]
			if tk.Kind != validate.KindTemplate || !ok {
				continue
			}
			for _, k := range cat {
				c := catalogClasses[k.Kind][k.Name]
				if c.class != warned || (k.Kind != validate.KindQueue && k.Kind != validate.KindOrdering) {
					continue
				}
				key := tk.Key("root.a", "x", "alice", "p", k.Name)
				kv := map[string]string{on: "true", key: c.value}
				if k.Name == "ordering-policy.exclusive-enforced-partitions" {
					kv[tk.Key("root.a", "", "", "", "ordering-policy")] = "fifo-with-partitions"
				}
				ws := warningsFor(t, v, kv)
				assert.Truef(t, mentions(ws, key), "Hadoop %s: %s = %q gives no warning naming it; got %q", v, key, c.value, ws)
			}
		}
	}
}
