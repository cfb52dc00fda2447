package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// ruleSchedulerClass: the ResourceManager builds the scheduler named by
// yarn-site.xml's yarn.resourcemanager.scheduler.class
// (ResourceManager.createScheduler; yarn-default.xml names the
// CapacityScheduler). With the FairScheduler or the FifoScheduler there,
// capacity-scheduler.xml is never read: every queue in it is inert, and a
// review of it reviews nothing. Checked only when yarn-site.xml is read.
var ruleSchedulerClass = &Rule{
	ID: "CS117", Name: "scheduler-not-capacity", Category: CatProperties, Severity: xmlconf.SeverityWarning,
	Docs: Docs{
		Summary: "yarn-site.xml makes the ResourceManager run another scheduler, so capacity-scheduler.xml is not read",
		Why: "ResourceManager.createScheduler instantiates yarn.resourcemanager.scheduler.class. The FairScheduler reads " +
			"fair-scheduler.xml and the FifoScheduler no queue file at all: the queues, capacities and limits of " +
			"capacity-scheduler.xml do nothing, and capq's dry run, which simulates the Capacity Scheduler, does not " +
			"describe that cluster. A class capq does not know is reported as information: it may extend the CapacityScheduler.",
		Bad:      "yarn.resourcemanager.scheduler.class=org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler",
		Good:     "yarn.resourcemanager.scheduler.class=org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler",
		Source:   "org.apache.hadoop.yarn.server.resourcemanager.ResourceManager#createScheduler; yarn-default.xml",
		Versions: "all",
	},
	Check: checkSchedulerClass,
}

func checkSchedulerClass(p *Pass) {
	p2, ok := xmlconf.SchedulerClass(p.Model)
	if !ok {
		return
	}
	switch xmlconf.ReadsCapacityScheduler(p2.Value) {
	case xmlconf.SchedulerCapacity:
	case xmlconf.SchedulerOther:
		at := Loc{Pos: p2.ValuePos, Property: p2.Name}
		p.ReportHint(at, "set it to "+xmlconf.CapacitySchedulerClass+", or review the scheduler's own configuration",
			"yarn.resourcemanager.scheduler.class is %q: the ResourceManager runs that scheduler and never reads capacity-scheduler.xml",
			strings.TrimSpace(p2.Value))
	default:
		at := Loc{Pos: p2.ValuePos, Property: p2.Name}
		p.add(xmlconf.SeverityInfo, at, "capq lints and simulates the file as the CapacityScheduler reads it",
			"yarn.resourcemanager.scheduler.class is %q, a class capq does not know: it reads capacity-scheduler.xml only if it extends the CapacityScheduler",
			strings.TrimSpace(p2.Value))
	}
}
