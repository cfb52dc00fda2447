package validate

import "github.com/capq/capq/xmlconf"

// rulePreemptionInterval: SchedulingMonitor runs
// ProportionalCapacityPreemptionPolicy every monitoring_interval, and
// scheduleAtFixedRate cannot schedule a period of 0 or less, so the
// ResourceManager that runs the policy does not start.
var rulePreemptionInterval = &Rule{
	ID: "CS081", Name: "preemption-monitoring-interval", Category: CatProperties, Severity: xmlconf.SeverityError,
	StartOnly: true,
	Docs: Docs{
		Summary: "a preemption monitoring_interval the scheduling monitor cannot run ProportionalCapacityPreemptionPolicy at",
		Why: "ProportionalCapacityPreemptionPolicy.getMonitoringInterval returns " +
			"yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval (milliseconds, default 3000). When the " +
			"ResourceManager starts, SchedulingMonitor.serviceStart hands it to ScheduledExecutorService.scheduleAtFixedRate, " +
			"which throws IllegalArgumentException for a period of 0 or less, and the ResourceManager does not start. " +
			"Checked when the policy runs (yarn.resourcemanager.scheduler.monitor.enable=true and the policy among the " +
			"monitor policies, which it is by default). refreshQueues does not start a running monitor again, so a refresh " +
			"to such a value is accepted (a start-only rule); capq's dry run refuses such a configuration.",
		Bad:      "yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval=0 with the scheduling monitor on",
		Good:     "yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval=3000",
		Source:   "ProportionalCapacityPreemptionPolicy#getMonitoringInterval, SchedulingMonitor#serviceStart",
		Versions: "all",
	},
	Check: func(p *Pass) {
		g := &p.Model.Global
		if !g.PreemptionIntervalUnschedulable() {
			return // off, positive, or a value the syntax rules report
		}
		v := g.Preemption.MonitoringIntervalMS
		p.ReportHint(AtValue(p, nil, v), "set a positive number of milliseconds (the default is 3000)",
			"%s is %q: scheduleAtFixedRate refuses a period of 0 or less, so a ResourceManager running ProportionalCapacityPreemptionPolicy does not start",
			v.Prop.Name, v.Raw)
	},
}
