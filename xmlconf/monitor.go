package xmlconf

// MonitorPolicy is a scheduling edit policy the ResourceManager ships: a
// class of hadoop-yarn-server-resourcemanager that implements
// SchedulingEditPolicy, from the release that added it.
type MonitorPolicy struct {
	Class string
	Since Version
	// Abstract classes cannot be instantiated (InvariantsChecker is the
	// base of the two invariant checkers).
	Abstract bool
}

// BuiltinMonitorPolicies are the classes yarn.resourcemanager.scheduler.
// monitor.policies can name without anything on the classpath beside
// Hadoop: ProportionalCapacityPreemptionPolicy; the invariant checkers
// (YARN-6451, YARN-6547, 2.9); QueueManagementDynamicEditPolicy (legacy
// auto-created queues, YARN-7117, 3.1); AutoCreatedQueueDeletionPolicy
// (YARN-10532) and QueueConfigurationAutoRefreshPolicy (YARN-10623), 3.4.
var BuiltinMonitorPolicies = []MonitorPolicy{
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy", Since: V2_7},
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.monitor.invariants.InvariantsChecker", Since: V2_10, Abstract: true},
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.monitor.invariants.MetricsInvariantChecker", Since: V2_10},
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.monitor.invariants.ReservationInvariantsChecker", Since: V2_10},
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueManagementDynamicEditPolicy", Since: V3_1},
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy", Since: V3_4},
	{Class: "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueConfigurationAutoRefreshPolicy", Since: V3_4},
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
