package xmlconf

import "strconv"

// Defaults of scheduler-wide settings (CapacitySchedulerConfiguration,
// YarnConfiguration).
const (
	DefaultResourceCalculator  = "org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator"
	DominantResourceCalculator = "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"
	// NodeHeartbeatKey is the ResourceManager's node heartbeat interval.
	NodeHeartbeatKey = "yarn.resourcemanager.nodemanagers.heartbeat-interval-ms"
	// DefaultNodeHeartbeatMS is YarnConfiguration.DEFAULT_RM_NM_HEARTBEAT_INTERVAL_MS.
	DefaultNodeHeartbeatMS = 1000
)

func (b *builder) global() {
	g := &b.m.Global
	g.MaxApplications, _ = b.intAt(Prefix+"maximum-applications", FromGlobal, 10000)
	g.MaxAMResourcePercent, _ = b.floatAt(Prefix+"maximum-am-resource-percent", FromGlobal, 0.1)
	g.GlobalQueueMaxApps = Value[int32]{V: -1}
	if b.v.AtLeast(V2_10) {
		// Not in the 2.7 line (a 2.8 line CapacitySchedulerConfiguration has
		// no QUEUE_GLOBAL_MAX_APPLICATION yet): there a queue without
		// maximum-applications gets its share of maximum-applications.
		g.GlobalQueueMaxApps, _ = b.intAt(Prefix+"global-queue-max-application", FromGlobal, -1)
	}
	g.MinUserLimitPercent = Value[float32]{V: 100}
	g.UserLimitFactor = Value[float32]{V: 1}
	if b.v.AtLeast(V3_4) {
		// YARN-10928: global defaults for user limits.
		g.MinUserLimitPercent, _ = b.floatAt(Prefix+"minimum-user-limit-percent", FromGlobal, 100)
		g.UserLimitFactor, _ = b.floatAt(Prefix+"user-limit-factor", FromGlobal, 1)
	}
	g.MaxParallelApps, _ = b.intAt(Prefix+"max-parallel-apps", FromGlobal, maxInt32)
	g.UserMaxParallelApps, _ = b.intAt(Prefix+"user.max-parallel-apps", FromGlobal, maxInt32)
	// Configuration#getClass reads the class name with getTrimmed, so a
	// value written on its own indented line still names the class.
	g.ResourceCalculator, _ = b.stringAt(Prefix+"resource-calculator", FromGlobal, DefaultResourceCalculator)
	g.ResourceCalculator.V = JavaTrim(g.ResourceCalculator.V)
	g.NodeLocalityDelay, _ = b.intAt(Prefix+"node-locality-delay", FromGlobal, 40)
	g.RackLocalityFullReset, _ = b.boolAt(Prefix+"rack-locality-full-reset", FromGlobal, true)
	b.perHeartbeat()
	g.ReservationsContinueLook, _ = b.boolAt(Prefix+"reservations-continue-look-all-nodes", FromGlobal, true)
	g.LegacyQueueMode = Value[bool]{V: true}
	if b.v.AtLeast(V3_4) {
		g.LegacyQueueMode, _ = b.boolAt(Prefix+"legacy-queue-mode.enabled", FromGlobal, true)
	}
	g.CheckedMinAllocation = b.allocation(MinAllocationMBKey, MinAllocationVcoresKey, false, 1024, 1)
	g.MinAllocation = b.allocation(MinAllocationMBKey, MinAllocationVcoresKey, true, 1024, 1)
	g.MaxAllocation = b.allocation("yarn.scheduler.maximum-allocation-mb", "yarn.scheduler.maximum-allocation-vcores", false, 8192, 4)
	aclDefault := b.hadoopDefault(ACLEnableKey) == "true"
	g.ACLEnable, _ = b.boolAt(b.globalKey(ACLEnableKey), FromGlobal, aclDefault)
	// AppPriorityACLsManager is built from the scheduler's configuration
	// (CapacityScheduler#initScheduler), which has capacity-scheduler.xml.
	g.PriorityACLEnable, _ = b.boolAt(ACLEnableKey, FromGlobal, aclDefault)
	g.MaxAppPriority, _ = b.intAt(b.globalKey(MaxAppPriorityKey), FromGlobal, 0)
	g.NodeHeartbeatMS, _ = b.longAt(b.globalKey(NodeHeartbeatKey), FromGlobal, DefaultNodeHeartbeatMS)
	g.SchedulingWaitMS, _ = b.longAt(b.globalKey(SchedulingWaitKey), FromGlobal, 10000)
	if b.v.AtLeast(V3_4) {
		g.AMAllowNonExclusive, _ = b.boolAt(b.globalKey(AMNonExclusiveKey), FromGlobal, false)
	}
	b.workflowMappings()
	b.tagPlacement()
	g.QueueExpirySeconds, _ = b.longAt(Prefix+"auto-queue-creation-v2.queue-expiration-time", FromGlobal, 300)
	g.AppTimeoutsMonitorMS, _ = b.longAt(b.globalKey(AppTimeoutsMonitorKey), FromGlobal, 3000)
	g.QueueManagementIntervalMS, _ = b.longAt(QueueManagementIntervalKey, FromGlobal, 1500)
	g.AutoRefreshIntervalMS, _ = b.longAt(AutoRefreshIntervalKey, FromGlobal, 5000)
	b.preemption()
}

// perHeartbeat reads how much one node heartbeat may assign, and the rack
// locality delay, which the 2.9 line made settings (the 2.10 profile; the
// additional delay is YARN-4189). 2.7's root ParentQueue.assignContainers
// loops while the node has room and stops after the first off-switch
// container, with no count limit, and waits for no extra rack delay:
// the settings' -1/1 meanings, which 2.7 gets whatever the file says
// (lint names such keys as unknown to 2.7).
func (b *builder) perHeartbeat() {
	g := &b.m.Global
	if !b.v.AtLeast(V2_10) {
		g.RackLocalityAddDelay = Value[int32]{V: -1}
		g.MultipleAssignments = Value[bool]{V: true}
		g.MaxContainerAssignments = Value[int32]{V: -1}
		g.MaxOffSwitchAssignments = Value[int32]{V: 1}
		return
	}
	g.RackLocalityAddDelay, _ = b.intAt(Prefix+"rack-locality-additional-delay", FromGlobal, -1)
	g.MultipleAssignments, _ = b.boolAt(Prefix+"per-node-heartbeat.multiple-assignments-enabled", FromGlobal, true)
	g.MaxContainerAssignments, _ = b.intAt(Prefix+"per-node-heartbeat.maximum-container-assignments", FromGlobal, 100)
	g.MaxOffSwitchAssignments, _ = b.intAt(Prefix+"per-node-heartbeat.maximum-offswitch-assignments", FromGlobal, 1)
}

// hadoopDefault is key's value in the default resources of the build's
// version (yarn-default.xml, which the ResourceManager loads under
// yarn-site.xml, so its value beats YarnConfiguration's constant).
func (b *builder) hadoopDefault(key string) string {
	if v, ok := b.c.Defaults[key]; ok {
		return v
	}
	v, _ := HadoopDefault(b.v, key)
	return v
}

// hadoopDefaultInt is hadoopDefault as an int, or java (YarnConfiguration's
// constant) when the table has no usable value.
func (b *builder) hadoopDefaultInt(key string, java int32) int32 {
	n, err := strconv.ParseInt(b.hadoopDefault(key), 10, 32)
	if err != nil {
		return java
	}
	return int32(n)
}

// allocation reads a memory/vcores pair of yarn-site keys, defaulting to
// yarn-default.xml's values; rm reads them as the ResourceManager reads
// its RM-only settings (globalKey).
func (b *builder) allocation(memKey, vcoreKey string, rm bool, javaMem, javaVcores int32) Value[Resource] {
	mk, vk := any(memKey), any(vcoreKey)
	if rm {
		mk, vk = b.globalKey(memKey), b.globalKey(vcoreKey)
	}
	mem, memSet := b.intAt(mk, FromGlobal, b.hadoopDefaultInt(memKey, javaMem))
	vc, vcSet := b.intAt(vk, FromGlobal, b.hadoopDefaultInt(vcoreKey, javaVcores))
	v := Value[Resource]{V: Resource{MemoryMB: int64(mem.V), VCores: int64(vc.V)}}
	for _, x := range []struct {
		v   Value[int32]
		set bool
	}{{mem, memSet}, {vc, vcSet}} {
		if x.set {
			b.m.Global.AllocationInts = append(b.m.Global.AllocationInts, x.v)
		}
	}
	switch {
	case memSet:
		v.Origin, v.Prop, v.Raw, v.Err = FromGlobal, mem.Prop, mem.Raw, mem.Err
	case vcSet:
		v.Origin, v.Prop, v.Raw, v.Err = FromGlobal, vc.Prop, vc.Raw, vc.Err
	}
	if vc.Err != "" && v.Err == "" {
		v.Err = vc.Err
	}
	return v
}

const preemptionPrefix = "yarn.resourcemanager.monitor.capacity.preemption."

func (b *builder) preemption() {
	p := &b.m.Global.Preemption
	g := &b.m.Global
	g.MonitorEnabled, _ = b.boolAt(b.globalKey(MonitorEnableKey), FromGlobal, b.hadoopDefault(MonitorEnableKey) == "true")
	// Unset, the policies are yarn-default.xml's (ProportionalCapacity-
	// PreemptionPolicy alone): SchedulingMonitorManager#updateSchedulingMonitors
	// (2.x createPolicyMonitors) reads the key with no default of its own.
	g.MonitorPolicies, _ = b.stringAt(b.globalKey(MonitorPoliciesKey), FromGlobal, b.hadoopDefault(MonitorPoliciesKey))
	g.MonitorPolicyNames = MonitorPolicyNames(g.MonitorPolicies.V, b.v)
	p.Enabled = g.MonitorEnabled
	p.Enabled.V = g.MonitorRuns("ProportionalCapacityPreemptionPolicy")
	p.ObserveOnly, _ = b.boolAt(b.globalKey(preemptionPrefix+"observe_only"), FromGlobal, false)
	p.MonitoringIntervalMS, _ = b.longAt(b.globalKey(preemptionPrefix+"monitoring_interval"), FromGlobal, 3000)
	p.MaxWaitBeforeKillMS, _ = b.longAt(b.globalKey(preemptionPrefix+"max_wait_before_kill"), FromGlobal, 15000)
	p.TotalPreemptionPerRound, _ = b.floatAt(b.globalKey(preemptionPrefix+"total_preemption_per_round"), FromGlobal, 0.1)
	p.MaxIgnoredOverCapacity, _ = b.floatAt(b.globalKey(preemptionPrefix+"max_ignored_over_capacity"), FromGlobal, 0.1)
	p.NaturalTerminationFactor, _ = b.floatAt(b.globalKey(preemptionPrefix+"natural_termination_factor"), FromGlobal, 0.2)
	p.IntraQueuePreemptionEnable, _ = b.boolAt(b.globalKey(preemptionPrefix+"intra-queue-preemption.enabled"), FromGlobal, false)
	p.IntraQueueMinThreshold, _ = b.floatAt(b.globalKey(preemptionPrefix+"intra-queue-preemption.minimum-threshold"), FromGlobal, 0.5)
	p.IntraQueueMaxAllowable, _ = b.floatAt(b.globalKey(preemptionPrefix+"intra-queue-preemption.max-allowable-limit"), FromGlobal, 0.2)
	p.IntraQueueOrder, _ = b.stringAt(b.globalKey(preemptionPrefix+"intra-queue-preemption.preemption-order-policy"), FromGlobal, "userlimit_first")
	p.SelectOnReservedContainers, _ = b.boolAt(b.globalKey(preemptionPrefix+"select_based_on_reserved_containers"), FromGlobal, false)
	p.BalanceMaxWaitMS = Value[int64]{V: 300000}
	if b.v.AtLeast(V3_1) {
		// YARN-8379: the 3.1.1 and 3.2.0 changelogs list it, 2.10's do not.
		p.BalanceAfterSatisfied, _ = b.boolAt(b.globalKey(preemptionPrefix+"preemption-to-balance-queue-after-satisfied.enabled"), FromGlobal, false)
		p.BalanceMaxWaitMS, _ = b.longAt(b.globalKey(preemptionPrefix+"preemption-to-balance-queue-after-satisfied.max-wait-before-kill"), FromGlobal, 300000)
	}
	p.CrossQueueConservativeDRF, _ = b.boolAt(b.globalKey(preemptionPrefix+"conservative-drf"), FromGlobal, false)
	p.InQueueConservativeDRF, _ = b.boolAt(b.globalKey(preemptionPrefix+"intra-queue-preemption.conservative-drf"), FromGlobal, true)
	p.UnderutilizedDelayMS = Value[int64]{V: 60000}
	if b.v.AtLeast(V2_10) {
		// YARN-5864 (queue priorities, 2.9.0 and 3.0.0-alpha4).
		const under = Prefix + "ordering-policy.priority-utilization.underutilized-preemption."
		p.Underutilized, _ = b.boolAt(under+"enabled", FromGlobal, false)
		p.UnderutilizedDelayMS, _ = b.longAt(under+"reserved-container-delay-ms", FromGlobal, 60000)
		p.UnderutilizedMoveReservation, _ = b.boolAt(under+"allow-move-reservation", FromGlobal, false)
	}
}

// workflowMappings reads the workflow priority mappings, which
// WorkflowPriorityMappingsManager#initialize reads on every (re)initialise
// from 2.10 (YARN-9760); 2.7 has no such manager. The tag prefix comes
// from CapacityScheduler#getConf, the ResourceManager's configuration.
func (b *builder) workflowMappings() {
	g := &b.m.Global
	g.WorkflowTagPrefix = Value[string]{V: DefaultWorkflowTagPrefix}
	if !b.v.AtLeast(V2_10) {
		return
	}
	g.WorkflowOverride, _ = b.boolAt(WorkflowOverrideKey, FromGlobal, false)
	if p, ok := b.stringAt(WorkflowMappingsKey, FromGlobal, ""); ok {
		g.WorkflowMappings, _ = ParseWorkflowMappings(p.V, b.v)
	}
	g.WorkflowTagPrefix, _ = b.stringAt(b.globalKey(WorkflowTagPrefixKey), FromGlobal, DefaultWorkflowTagPrefix)
}
