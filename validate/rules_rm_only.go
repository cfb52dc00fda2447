package validate

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// ruleRMOnlySetting: some settings the ResourceManager reads from its own
// configuration (yarn-site.xml), never from the CapacitySchedulerConfiguration
// that adds capacity-scheduler.xml to a copy of it. Written in
// capacity-scheduler.xml they look right and do nothing: the classic case is
// the scheduling monitor, which then never preempts.
var ruleRMOnlySetting = &Rule{
	ID: "CS111", Name: "rm-only-setting", Category: CatProperties, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "a ResourceManager setting in capacity-scheduler.xml, where Hadoop does not read it",
		Why: "The scheduler reads its configuration from a copy of the ResourceManager's with capacity-scheduler.xml on top, " +
			"but CapacityScheduler#serviceInit hands the ResourceManager's own configuration to the scheduling monitor " +
			"(and refreshQueues hands it the configuration the ResourceManager started with), and the node heartbeat, " +
			"application lifetime monitor, cluster maximum priority, node label switch (yarn.node-labels.enabled: the node " +
			"label manager and the check of labelled requests) and queue ACL switch are read by services that never " +
			"see capacity-scheduler.xml; the scheduler itself reads yarn.scheduler.capacity.application.fail-fast from its " +
			"service configuration, the ResourceManager's (CapacityScheduler#initScheduler: shouldAppFailFast(getConfig())), " +
			"although the key carries the scheduler's prefix. So yarn.resourcemanager.scheduler.monitor.enable=true there turns nothing on: " +
			"no preemption. capq reads these settings only from yarn-site.xml (--yarn-site or a conf directory), and takes " +
			"Hadoop's defaults when none is given. yarn.acl.enable there still turns on the application priority ACLs " +
			"(AppPriorityACLsManager reads the scheduler's configuration), not the queue ACLs. In 2.7 the " +
			"yarn.resourcemanager.monitor.capacity.preemption.* settings were also read from the ResourceManager's " +
			"configuration only; from 2.9 ProportionalCapacityPreemptionPolicy reads them from the scheduler's.",
		Bad:      "capacity-scheduler.xml: yarn.resourcemanager.scheduler.monitor.enable=true",
		Good:     "yarn-site.xml: yarn.resourcemanager.scheduler.monitor.enable=true",
		Source:   "CapacityScheduler#serviceInit, SchedulingMonitorManager, AbstractYarnScheduler#serviceInit, ResourceTrackerService#serviceInit, RMAppLifetimeMonitor#serviceInit, QueueACLsManager, CommonNodeLabelsManager#serviceInit, CapacityScheduler#initScheduler (application.fail-fast)",
		Versions: "all; the preemption.* settings in 2.7 only",
	},
	Check: func(p *Pass) {
		for _, pr := range p.Model.RMOnlyElsewhere {
			s, ok := xmlconf.RMOnly(pr.Name, p.Version)
			if !ok || s.Default != "" && strings.EqualFold(strings.TrimSpace(pr.Value), s.Default) {
				continue
			}
			effect := ": it has no effect"
			if s.Partial != "" {
				effect = " " + s.Partial
			}
			p.ReportHint(Loc{Pos: pr.ValuePos, Property: pr.Name}, rmOnlyHint(p.Model, pr.Name),
				"Hadoop does not read it there (it reads %q from the ResourceManager's configuration, yarn-site.xml)%s", pr.Name, effect)
		}
	},
}

// rmOnlyHint says what to do: move the setting, or drop it when yarn-site.xml
// already has its own value.
func rmOnlyHint(m *xmlconf.Model, key string) string {
	if m.Conf != nil && m.Conf.RM != nil {
		if rm, ok := m.Conf.RM.Lookup(key); ok {
			return fmt.Sprintf("yarn-site.xml's %q (%s) is the value in force; remove this one", rm.Value, rm.ValuePos)
		}
	}
	return "move it to yarn-site.xml (the ResourceManager reads it when it starts)"
}
