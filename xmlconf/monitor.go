package xmlconf

// MonitorPolicy is a scheduling edit policy the ResourceManager ships: a
// class of hadoop-yarn-server-resourcemanager that implements
// SchedulingEditPolicy, from the release that added it.
type MonitorPolicy struct {
	Class string
	// Since is the first profile that has it; Release the release that
	// added it (2.9 has no profile of its own).
	Since   Version
	Release string
	// Abstract classes cannot be instantiated (InvariantsChecker is the
	// base of the two invariant checkers).
	Abstract bool
}

// BuiltinMonitorPolicies are the classes yarn.resourcemanager.scheduler.
// monitor.policies can name without anything on the classpath beside
// Hadoop: ProportionalCapacityPreemptionPolicy; the invariant checkers
// (YARN-6451, 2.9); QueueManagementDynamicEditPolicy (legacy
// auto-created queues, YARN-7117, 3.1); AutoCreatedQueueDeletionPolicy
// (YARN-10532) and QueueConfigurationAutoRefreshPolicy (YARN-10623), 3.4.
var BuiltinMonitorPolicies = []MonitorPolicy{
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy", Since: V2_7, Release: "2.1"},
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.monitor.invariants.InvariantsChecker", Since: V2_10, Release: "2.9", Abstract: true},
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.monitor.invariants.MetricsInvariantChecker", Since: V2_10, Release: "2.9"},
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.monitor.invariants.ReservationInvariantsChecker", Since: V2_10, Release: "2.9"},
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueManagementDynamicEditPolicy", Since: V3_1, Release: "3.1"},
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy", Since: V3_4, Release: "3.4"},
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueConfigurationAutoRefreshPolicy", Since: V3_4, Release: "3.4"},
}

// BuiltinMonitorPolicy returns the built-in policy whose class is name
// (with its package), or nil.
func BuiltinMonitorPolicy(name string) *MonitorPolicy {
	for i := range BuiltinMonitorPolicies {
		if BuiltinMonitorPolicies[i].Class == name {
			return &BuiltinMonitorPolicies[i]
		}
	}
	return nil
}

// MonitorPolicyNames are the class names in yarn.resourcemanager.
// scheduler.monitor.policies exactly as the ResourceManager of version v
// hands them to the class loader. From 3.1 SchedulingMonitorManager.
// updateSchedulingMonitors reads them with Configuration.getStrings
// (StringUtils.getStringCollection: a StringTokenizer on commas, which
// skips empty entries and trims nothing) into a set; before,
// ResourceManager.createPolicyMonitors used Configuration.getInstances,
// whose getClasses trims (getTrimmedStrings: an empty entry between two
// commas stays, and fails to load like any other unknown name).
func MonitorPolicyNames(raw string, v Version) []string {
	if v.Less(V3_1) {
		return TrimmedStrings(raw, v)
	}
	var out []string
	seen := map[string]bool{}
	for p := range StringsSeq(raw) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}
