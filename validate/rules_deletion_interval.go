package validate

import "github.com/capq/capq/xmlconf"

// ruleDeletionInterval: AutoCreatedQueueDeletionPolicy runs every
// queue-expiration-time seconds, and the scheduling monitor cannot
// schedule a period of 0 or less, so the ResourceManager that runs the
// policy does not start.
var ruleDeletionInterval = &Rule{
	ID: "CS080", Name: "deletion-policy-interval", Category: CatAutoCreate, Severity: xmlconf.SeverityError,
	StartOnly: true,
	Since:     xmlconf.V3_4,
	Docs: Docs{
		Summary: "a queue-expiration-time the scheduling monitor cannot run AutoCreatedQueueDeletionPolicy at",
		Why: "AutoCreatedQueueDeletionPolicy.init sets its monitoring interval to " +
			"yarn.scheduler.capacity.auto-queue-creation-v2.queue-expiration-time × 1000 ms (getLong: a value that is not " +
			"a number throws NumberFormatException). When the ResourceManager starts, SchedulingMonitor.serviceStart hands " +
			"the interval to ScheduledExecutorService.scheduleAtFixedRate, which throws IllegalArgumentException for a " +
			"period of 0 or less, and the ResourceManager does not start. Checked when the policy runs " +
			"(yarn.resourcemanager.scheduler.monitor.enable=true and the class in yarn.resourcemanager.scheduler.monitor.policies); " +
			"refreshQueues does not initialise a running policy again, so Hadoop accepts such a refresh and keeps the interval " +
			"it started with until the next start fails; capq's refresh check accepts it too (a start-only rule), and simulate warns of it.",
		Bad:      "yarn.scheduler.capacity.auto-queue-creation-v2.queue-expiration-time=0 with AutoCreatedQueueDeletionPolicy among the monitor policies",
		Good:     "yarn.scheduler.capacity.auto-queue-creation-v2.queue-expiration-time=300",
		Source:   "AutoCreatedQueueDeletionPolicy#init, SchedulingMonitor#serviceStart",
		Versions: "3.4+",
	},
	Check: func(p *Pass) {
		g := &p.Model.Global
		if !g.MonitorRuns("AutoCreatedQueueDeletionPolicy") || !g.QueueExpirySeconds.Set() {
			return
		}
		v := g.QueueExpirySeconds
		at := AtValue(p, nil, v)
		const hint = "set a positive number of seconds (the default is 300), or take AutoCreatedQueueDeletionPolicy out of yarn.resourcemanager.scheduler.monitor.policies"
		switch {
		case v.Err != "":
			p.ReportHint(at, hint, "%s is %q, not a number: AutoCreatedQueueDeletionPolicy.init fails (%s) and the ResourceManager does not start",
				v.Prop.Name, v.Raw, v.Err)
		case g.DeletionIntervalMS() <= 0:
			p.ReportHint(at, hint, "%s is %q, so AutoCreatedQueueDeletionPolicy would run every %d ms: scheduleAtFixedRate refuses a period of 0 or less and the ResourceManager does not start",
				v.Prop.Name, v.Raw, g.DeletionIntervalMS())
		}
	},
}
