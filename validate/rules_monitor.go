package validate

import "github.com/capq/capq/xmlconf"

// ruleQueuePolicies: auto-created queues are removed (flexible) or
// rebalanced (legacy) only by scheduling edit policies, which the
// ResourceManager runs only when yarn-site.xml turns the scheduling
// monitor on and lists them. Checked only when the yarn-site settings are
// in what capq read: linted alone, capacity-scheduler.xml says nothing of
// them.
var ruleQueuePolicies = &Rule{
	ID: "CS108", Name: "auto-create-policy-not-running", Category: CatAutoCreate, Severity: xmlconf.SeverityWarning,
	Since: xmlconf.V3_1,
	Docs: Docs{
		Summary: "auto-created queues whose managing policy the ResourceManager does not run",
		Why: "Flexible (v2) auto-created queues are removed when idle only by AutoCreatedQueueDeletionPolicy, and a legacy " +
			"managed parent's idle leaves hand their guarantee on only through QueueManagementDynamicEditPolicy. Both are " +
			"scheduling edit policies: they run only with yarn.resourcemanager.scheduler.monitor.enable=true and their class " +
			"in yarn.resourcemanager.scheduler.monitor.policies. Without them Hadoop accepts the configuration and the " +
			"queues stay (until max-queues refuses new ones) or keep the guarantee they got at creation.",
		Bad: "root.users.auto-queue-creation-v2.enabled=true with yarn-site.xml's monitor.policies=...ProportionalCapacityPreemptionPolicy",
		Good: "yarn.resourcemanager.scheduler.monitor.enable=true; yarn.resourcemanager.scheduler.monitor.policies=" +
			"...ProportionalCapacityPreemptionPolicy,org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy",
		Source:   "SchedulingMonitorManager, AutoCreatedQueueDeletionPolicy, QueueManagementDynamicEditPolicy",
		Versions: "3.1+ (legacy auto-creation), 3.4+ (flexible)",
	},
	Check: func(p *Pass) {
		g := &p.Model.Global
		if !g.MonitorEnabled.Set() && !g.MonitorPolicies.Set() && !yarnSiteRead(p.Model) {
			return // yarn-site.xml not read: nothing to go on
		}
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			switch {
			case q.AutoCreate.V2.V && !p.Version.Less(xmlconf.V3_4) && !g.MonitorRuns("AutoCreatedQueueDeletionPolicy"):
				p.ReportHint(p.AtProp(q, "auto-queue-creation-v2.enabled"), "list AutoCreatedQueueDeletionPolicy in yarn.resourcemanager.scheduler.monitor.policies, with the monitor enabled",
					"queues auto-created under %q are never removed: the ResourceManager does not run AutoCreatedQueueDeletionPolicy", q.Path)
			case q.AutoCreate.Legacy.V && !q.AutoCreate.FailOnExceeding.V && !g.MonitorRuns("QueueManagementDynamicEditPolicy"):
				p.ReportHint(p.AtProp(q, "auto-create-child-queue.enabled"), "list QueueManagementDynamicEditPolicy in yarn.resourcemanager.scheduler.monitor.policies, with the monitor enabled",
					"leaves auto-created under %q keep the guarantee they got at creation: the ResourceManager does not run QueueManagementDynamicEditPolicy", q.Path)
			}
		})
	},
}

// yarnSiteRead reports whether m was built with a yarn-site.xml that sets
// anything: then an unset monitor setting is Hadoop's default (off), not
// something capq was not shown.
func yarnSiteRead(m *xmlconf.Model) bool {
	return m.Conf != nil && m.Conf.RM != nil && m.Conf.RM.Len() > 0
}
