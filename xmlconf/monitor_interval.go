package xmlconf

// QueueManagementIntervalKey is CapacitySchedulerConfiguration.
// QUEUE_MANAGEMENT_MONITORING_INTERVAL and AutoRefreshIntervalKey
// QUEUE_AUTO_REFRESH_MONITORING_INTERVAL (PREFIX + "queue.auto.refresh.
// monitoring-interval"). The CapacityScheduler documentation names the
// second yarn.resourcemanager.queue.auto.refresh.monitoring-interval, a
// key nothing reads (AutoRefreshIntervalDocsKey, lint CS005).
const (
	QueueManagementIntervalKey = "yarn.resourcemanager.monitor.capacity.queue-management.monitoring-interval"
	AutoRefreshIntervalKey     = Prefix + "queue.auto.refresh.monitoring-interval"
	AutoRefreshIntervalDocsKey = "yarn.resourcemanager.queue.auto.refresh.monitoring-interval"
)

// MonitorInterval is the period a scheduling edit policy's
// getMonitoringInterval gives SchedulingMonitor, read by the policy's init
// with Configuration.getLong (a value that is not a number throws
// NumberFormatException).
type MonitorInterval struct {
	Policy string // simple class name
	Key    string
	Value  Value[int64]
}

// Unschedulable reports whether the ResourceManager that runs the policy
// fails to start: init cannot parse the interval, or SchedulingMonitor.
// serviceStart hands scheduleAtFixedRate a period of 0 or less, which
// throws IllegalArgumentException.
func (mi MonitorInterval) Unschedulable() bool {
	return mi.Value.Err != "" || mi.Value.V <= 0
}

// MonitorIntervals are the intervals of the queue-management and
// auto-refresh policies the ResourceManager runs (MonitorRuns), in the
// order of BuiltinMonitorPolicies. The preemption and deletion policies'
// intervals have rules of their own (PreemptionIntervalUnschedulable,
// DeletionIntervalMS).
func (g *Global) MonitorIntervals() []MonitorInterval {
	var out []MonitorInterval
	if g.MonitorRuns("QueueManagementDynamicEditPolicy") {
		out = append(out, MonitorInterval{"QueueManagementDynamicEditPolicy", QueueManagementIntervalKey, g.QueueManagementIntervalMS})
	}
	if g.MonitorRuns("QueueConfigurationAutoRefreshPolicy") {
		out = append(out, MonitorInterval{"QueueConfigurationAutoRefreshPolicy", AutoRefreshIntervalKey, g.AutoRefreshIntervalMS})
	}
	return out
}
