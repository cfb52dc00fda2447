package validate

import "github.com/capq/capq/xmlconf"

// ruleMonitorInterval: the queue-management and auto-refresh policies run
// every monitoring interval, and the scheduling monitor cannot schedule a
// period of 0 or less, nor can their init read one that is not a number,
// so the ResourceManager that runs either does not start.
var ruleMonitorInterval = &Rule{
	ID: "CS112", Name: "monitor-policy-interval", Category: CatProperties, Severity: xmlconf.SeverityError,
	StartOnly: true,
	Since:     xmlconf.V3_1,
	Docs: Docs{
		Summary: "a monitoring interval the scheduling monitor cannot run QueueManagementDynamicEditPolicy or QueueConfigurationAutoRefreshPolicy at",
		Why: "QueueManagementDynamicEditPolicy.init reads " + xmlconf.QueueManagementIntervalKey + " (milliseconds, default 1500) and " +
			"QueueConfigurationAutoRefreshPolicy.init (3.4) reads " + xmlconf.AutoRefreshIntervalKey + " (default 5000), both with " +
			"getLong from the scheduler's configuration: a value that is not a number throws NumberFormatException. When the " +
			"ResourceManager starts, SchedulingMonitor.serviceStart hands the interval to ScheduledExecutorService.scheduleAtFixedRate, " +
			"which throws IllegalArgumentException for a period of 0 or less. Either way the ResourceManager does not start. " +
			"Checked when the policy runs (yarn.resourcemanager.scheduler.monitor.enable=true and the class in " +
			"yarn.resourcemanager.scheduler.monitor.policies). refreshQueues does not initialise a running policy again, so a " +
			"refresh to such a value is accepted (a start-only rule). The CapacityScheduler documentation names the auto-refresh " +
			"interval " + xmlconf.AutoRefreshIntervalDocsKey + "; Hadoop's code reads " + xmlconf.AutoRefreshIntervalKey + " (CS005 " +
			"reports the documented name).",
		Bad:      xmlconf.QueueManagementIntervalKey + "=0 with QueueManagementDynamicEditPolicy among the monitor policies",
		Good:     xmlconf.QueueManagementIntervalKey + "=1500",
		Source:   "QueueManagementDynamicEditPolicy#init, QueueConfigurationAutoRefreshPolicy#init, SchedulingMonitor#serviceStart",
		Versions: "3.1+ (the auto-refresh policy 3.4+)",
	},
	Check: func(p *Pass) {
		for _, mi := range p.Model.Global.MonitorIntervals() {
			if !mi.Unschedulable() {
				continue
			}
			v := mi.Value
			hint := "set a positive number of milliseconds, or take " + mi.Policy + " out of yarn.resourcemanager.scheduler.monitor.policies"
			if v.Err != "" {
				p.ReportHint(AtValue(p, nil, v), hint, "%s is %q, not a number: %s.init fails (%s) and the ResourceManager does not start",
					mi.Key, v.Raw, mi.Policy, v.Err)
				continue
			}
			p.ReportHint(AtValue(p, nil, v), hint, "%s is %q: scheduleAtFixedRate refuses a period of 0 or less, so a ResourceManager running %s does not start",
				mi.Key, v.Raw, mi.Policy)
		}
	},
}
