package validate

import "github.com/capq/capq/xmlconf"

// siteKeys are the yarn-site.xml (ResourceManager) keys capq reads for
// simulation, besides the preemption keys, with the first profile that
// reads them. Lint knows them from xmlconf (RM-only settings, CS111) and
// the rules that check them; this list is what the dry run's
// classification (engine/preview) walks.
var siteKeys = []struct {
	key   string
	since xmlconf.Version
}{
	{xmlconf.MonitorEnableKey, xmlconf.Version{}},
	{xmlconf.MonitorPoliciesKey, xmlconf.Version{}},
	{xmlconf.ACLEnableKey, xmlconf.Version{}},
	{xmlconf.MaxAppPriorityKey, xmlconf.Version{}},
	{xmlconf.NodeHeartbeatKey, xmlconf.Version{}},
	{xmlconf.AppTimeoutsMonitorKey, xmlconf.Version{}},
	{xmlconf.SchedulingWaitKey, xmlconf.Version{}},
	{xmlconf.NodeLabelsEnabledKey, xmlconf.Version{}},
	{xmlconf.AMNonExclusiveKey, xmlconf.V3_4},
	{xmlconf.WorkflowTagPrefixKey, xmlconf.V2_10},
	{xmlconf.MinAllocationMBKey, xmlconf.Version{}},
	{xmlconf.MinAllocationVcoresKey, xmlconf.Version{}},
	{"yarn.scheduler.maximum-allocation-mb", xmlconf.Version{}},
	{"yarn.scheduler.maximum-allocation-vcores", xmlconf.Version{}},
	{"yarn.resourcemanager.scheduler.class", xmlconf.Version{}},
	{xmlconf.QueueManagementIntervalKey, xmlconf.V3_1},
	{xmlconf.TagPlacementKey, xmlconf.TagPlacementSince},
	{xmlconf.TagPlacementWhitelistKey, xmlconf.TagPlacementSince},
	{"yarn.resourcemanager.application-tag-based-placement.force-lowercase", xmlconf.V3_4},
	{"yarn.scheduler.queue-placement-rules", xmlconf.V3_1},
	{"yarn.scheduler.queue-placement-rules.app-name", xmlconf.V3_1},
	// Read by lint (CS055, the refresh checks); resource-types.xml may
	// give the first as well.
	{"yarn.resource-types", xmlconf.V3_1},
	{"yarn.scheduler.configuration.store.class", xmlconf.Version{}},
}
