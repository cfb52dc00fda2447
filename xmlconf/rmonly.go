package xmlconf

import (
	"sort"
	"strings"
)

// RMOnlySetting is a setting the ResourceManager reads from its own
// configuration (yarn-default.xml, yarn-site.xml, core-site.xml) and never
// from the CapacitySchedulerConfiguration, the copy of that configuration
// with capacity-scheduler.xml added on top
// (FileBasedCSConfigurationProvider#loadConfiguration). Defined in
// capacity-scheduler.xml, such a setting does nothing (or less than it
// says: Partial).
type RMOnlySetting struct {
	// Key is the property name, or a prefix of names when Prefix is set.
	Key    string
	Prefix bool
	// Before, when set, limits the setting to profiles older than it (a
	// later release reads it from the scheduler's configuration); Since to
	// profiles from it on (an earlier release read it from there).
	Before, Since Version
	// Reader is the Hadoop class and method that read it.
	Reader string
	// Partial, when set, ends lint's message instead of "it has no effect":
	// something does read the key from the scheduler's configuration.
	Partial string
	// Default, when set, is Hadoop's default value: written as that in
	// capacity-scheduler.xml the setting changes nothing either way, and
	// Hadoop's own shipped file does so (application.fail-fast).
	Default string
}

// RMOnlySettings are the settings capq reads that Hadoop takes from the
// ResourceManager's configuration only. Each was checked in Hadoop's source
// (CapacityScheduler#serviceInit copies the RM configuration for the
// scheduler but hands the original to the services below).
var RMOnlySettings = []RMOnlySetting{
	{Key: MonitorEnableKey,
		Reader: "CapacityScheduler#serviceInit/#reinitialize → SchedulingMonitorManager (3.1+), ResourceManager.RMActiveServices#createPolicyMonitors (before)"},
	{Key: MonitorPoliciesKey,
		Reader: "CapacityScheduler#serviceInit/#reinitialize → SchedulingMonitorManager (3.1+), ResourceManager.RMActiveServices#createPolicyMonitors (before)"},
	{Key: ACLEnableKey,
		Reader:  "ResourceManager#createQueueACLsManager (QueueACLsManager), RMAppManager, ClientRMService",
		Partial: "except for the application priority ACLs (AppPriorityACLsManager): the queue ACLs (submit, administer) ignore it"},
	{Key: MaxAppPriorityKey, Reader: "AbstractYarnScheduler#serviceInit"},
	{Key: NodeHeartbeatKey, Reader: "ResourceTrackerService#serviceInit"},
	{Key: AppTimeoutsMonitorKey, Reader: "RMAppLifetimeMonitor#serviceInit"},
	{Key: SchedulingWaitKey, Reader: "AbstractYarnScheduler#serviceInit (ClusterNodeTracker#setConfiguredMaxAllocationWaitTime)"},
	// The node label manager (CommonNodeLabelsManager#serviceInit reads
	// YarnConfiguration.areNodeLabelsEnabled(conf)) and the request check
	// (SchedulerUtils#normalizeAndValidateRequest takes nodeLabelsEnabled,
	// which RMAppManager and DefaultAMSProcessor#init read from
	// RMContext#getYarnConfiguration) take the ResourceManager's
	// configuration; only CapacityScheduler#checkQueuePartition, on a
	// move, reads the scheduler's (its conf field, capacity-scheduler.xml
	// over yarn-site.xml).
	{Key: NodeLabelsEnabledKey,
		Reader:  "CommonNodeLabelsManager#serviceInit (RMNodeLabelsManager), RMAppManager and DefaultAMSProcessor#init for SchedulerUtils#normalizeAndValidateRequest",
		Partial: "except that moving an application between queues (CapacityScheduler#checkQueuePartition) checks the target's labels with it; the node label manager and labelled requests follow the ResourceManager's value (false by default)"},
	// CapacityScheduler#initScheduler sets appShouldFailFast from
	// CapacitySchedulerConfiguration#shouldAppFailFast(getConfig()): the
	// service's own configuration, the ResourceManager's, not the copy
	// with capacity-scheduler.xml on top; #addApplicationOnRecovery reads
	// it (YARN-6031, read from 2.10 on in capq's profiles).
	{Key: AppFailFastKey, Since: V2_10, Default: "false",
		Reader: "CapacityScheduler#initScheduler (CapacitySchedulerConfiguration#shouldAppFailFast(getConfig())) for #addApplicationOnRecovery"},
	// YARN-11088 added the setting in 3.4.0 (the release from memory);
	// before it an AM container never goes where exclusivity is ignored.
	{Key: AMNonExclusiveKey, Since: V3_4,
		Reader: "RegularContainerAllocator#preCheckRequest (RMContext#getYarnConfiguration)"},
	// 2.7's ProportionalCapacityPreemptionPolicy#init reads them from the
	// Configuration SchedulingMonitor#serviceInit hands it, the RM's; from
	// 2.9 (YARN-4822) it reads CapacityScheduler#getConfiguration.
	{Key: preemptionPrefix, Prefix: true, Before: V2_10,
		Reader: "ProportionalCapacityPreemptionPolicy#init (from SchedulingMonitor#serviceInit's configuration)"},
	// 3.x CapacityScheduler#initScheduler takes the minimum from
	// AbstractYarnScheduler#getMinimumAllocation, i.e. ResourceUtils'
	// resource types, built from the ResourceManager's configuration; 2.x
	// read CapacitySchedulerConfiguration#getMinimumAllocation. The release
	// (3.0, with resource types, YARN-3926) is from memory.
	// WorkflowPriorityMappingsManager#mapWorkflowPriorityForApp reads the
	// prefix from CapacityScheduler#getConf, the yarnConf initScheduler
	// keeps: the ResourceManager's configuration (YARN-9760, 2.10).
	{Key: WorkflowTagPrefixKey, Since: V2_10,
		Reader: "WorkflowPriorityMappingsManager#mapWorkflowPriorityForApp (CapacityScheduler#getConf)"},
	// RMAppManager#getUserNameForPlacement reads both from the conf the
	// ResourceManager built it with (YARN-9886, 3.3.0: TagPlacementSince).
	{Key: TagPlacementKey, Since: TagPlacementSince, Reader: "RMAppManager#getUserNameForPlacement"},
	{Key: TagPlacementWhitelistKey, Since: TagPlacementSince, Reader: "RMAppManager#getUserNameForPlacement (isWhitelistedUser)"},
	{Key: MinAllocationMBKey, Since: V3_1, Reader: minAllocationReader, Partial: minAllocationPartial},
	{Key: MinAllocationVcoresKey, Since: V3_1, Reader: minAllocationReader, Partial: minAllocationPartial},
}

const (
	minAllocationReader  = "CapacityScheduler#initScheduler → AbstractYarnScheduler#getMinimumAllocation (ResourceUtils' resource types)"
	minAllocationPartial = "except that CapacityScheduler#validateConf still checks it against the maximum (CS051): requests are normalised to the ResourceManager's own minimum"
)

// Keys of RM-only settings.
const (
	MonitorEnableKey       = "yarn.resourcemanager.scheduler.monitor.enable"
	MonitorPoliciesKey     = "yarn.resourcemanager.scheduler.monitor.policies"
	ACLEnableKey           = "yarn.acl.enable"
	MaxAppPriorityKey      = "yarn.cluster.max-application-priority"
	AppTimeoutsMonitorKey  = "yarn.resourcemanager.application-timeouts.monitor.interval-ms"
	MinAllocationMBKey     = "yarn.scheduler.minimum-allocation-mb"
	MinAllocationVcoresKey = "yarn.scheduler.minimum-allocation-vcores"
	// NodeLabelsEnabledKey turns node labels on (YarnConfiguration.
	// NODE_LABELS_ENABLED, default false).
	NodeLabelsEnabledKey = "yarn.node-labels.enabled"
	// SchedulingWaitKey is how long after the ResourceManager starts the
	// configured maximum allocation stands before the largest node caps it.
	SchedulingWaitKey = "yarn.resourcemanager.work-preserving-recovery.scheduling-wait-ms"
	// AppFailFastKey makes a recovering app whose queue is gone stop the
	// ResourceManager instead of being killed (default false).
	AppFailFastKey = "yarn.scheduler.capacity.application.fail-fast"
	// AMNonExclusiveKey lets an AM container be placed on a non-exclusive
	// partition's node in ignore-exclusivity mode (YarnConfiguration.
	// AM_ALLOW_NON_EXCLUSIVE_ALLOCATION, default false).
	AMNonExclusiveKey = "yarn.resourcemanager.node-labels.am.allow-non-exclusive-allocation"
)

// RMOnly returns the RM-only setting key belongs to in profile v.
func RMOnly(key string, v Version) (RMOnlySetting, bool) {
	for _, s := range RMOnlySettings {
		if s.Before != (Version{}) && !v.Less(s.Before) || s.Since != (Version{}) && v.Less(s.Since) {
			continue
		}
		if key == s.Key || s.Prefix && strings.HasPrefix(key, s.Key) {
			return s, true
		}
	}
	return RMOnlySetting{}, false
}

// rmOnlyElsewhere lists the definitions of RM-only keys that are not the
// ResourceManager's (they come from capacity-scheduler.xml), in document
// order. Definitions refused because the key was final are left to XML002.
func (b *builder) rmOnlyElsewhere() []*Property {
	rm := b.c.RM
	if rm == nil {
		return nil
	}
	var out []*Property
	for _, p := range b.props {
		if _, ok := RMOnly(p.Name, b.v); !ok {
			continue
		}
		e := b.c.Entry(p.Name)
		for _, d := range append(append([]*Property(nil), e.Earlier...), e.Prop) {
			if d != nil && !d.Unset && !rm.defines(d) {
				out = append(out, d)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return PosLess(out[i].NamePos, out[j].NamePos) })
	return out
}

// defines reports whether p is one of c's definitions.
func (c *Conf) defines(p *Property) bool {
	e := c.entries[p.Name]
	if e == nil {
		return false
	}
	if e.Prop == p {
		return true
	}
	for _, d := range e.Earlier {
		if d == p {
			return true
		}
	}
	for _, d := range e.Ignored {
		if d == p {
			return true
		}
	}
	return false
}

// PreemptionIntervalUnschedulable reports whether the ResourceManager
// runs ProportionalCapacityPreemptionPolicy with a monitoring_interval
// SchedulingMonitor.serviceStart cannot schedule (0 or less:
// scheduleAtFixedRate throws), so it does not start.
func (g *Global) PreemptionIntervalUnschedulable() bool {
	v := g.Preemption.MonitoringIntervalMS
	return g.MonitorRuns("ProportionalCapacityPreemptionPolicy") && v.Err == "" && v.V <= 0
}

// KeepStartSettings returns m with the settings the ResourceManager fixes
// when it starts taken from start, the model it started with:
// AdminService.refreshQueues hands the scheduler the configuration the
// ResourceManager started with, so the RMOnlySettings keep their values,
// and initScheduler builds the application priority ACL manager once. A
// model whose configuration is the ResourceManager's itself (Conf.RM nil:
// Hadoop's tests call CapacityScheduler#reinitialize with it) is m.
func (m *Model) KeepStartSettings(start *Model) *Model {
	if m == nil || start == nil || m.Conf == nil || m.Conf.RM == nil {
		return m
	}
	kept := *m
	g, s := &kept.Global, &start.Global
	g.MonitorEnabled, g.MonitorPolicies = s.MonitorEnabled, s.MonitorPolicies
	g.ACLEnable, g.PriorityACLEnable, g.MaxAppPriority = s.ACLEnable, s.PriorityACLEnable, s.MaxAppPriority
	g.NodeHeartbeatMS, g.AppTimeoutsMonitorMS = s.NodeHeartbeatMS, s.AppTimeoutsMonitorMS
	g.SchedulingWaitMS = s.SchedulingWaitMS
	g.AMAllowNonExclusive = s.AMAllowNonExclusive
	g.WorkflowTagPrefix = s.WorkflowTagPrefix
	g.TagPlacement, g.TagPlacementWhitelist = s.TagPlacement, s.TagPlacementWhitelist
	if _, rmOnly := RMOnly(preemptionPrefix+"observe_only", m.Version); rmOnly {
		g.Preemption = s.Preemption
	}
	g.Preemption.Enabled = s.Preemption.Enabled
	return &kept
}
