package validate

import "github.com/capq/capq/xmlconf"

// Hadoop 1 rules (H1xxx): what the Hadoop 1 JobTracker refuses or silently
// changes in a 0.20/1.x/0.21 queue configuration. xmlconf.ParseHadoop1
// reports facts (what it read, where, what it could not parse or what the
// JobTracker's parser would do with it); each rule here declares its ID
// and severity once and judges its facts (judgeH1Facts), for capq lint on
// a Hadoop 1 file set and for capq migrate hadoop1 (JudgeHadoop1).

func h1Rule(id, name string, sev xmlconf.Severity, d Docs) *Rule {
	return &Rule{ID: id, Name: name, Category: CatHadoop1, Severity: sev, Docs: d, Check: judgeH1Facts}
}

// judgeH1Facts reports the reader's facts of the rule's ID at the rule's
// severity; a fact the reader marked as a softer variant (a 0.21 lower-
// case state the JobTracker accepts, a fallback to the default that
// changes nothing) keeps that lower severity, and a capacity scheduler
// refusal under another scheduler is a warning (RefusalNotInEffect).
func judgeH1Facts(p *Pass) {
	if p.H1 == nil {
		return // a YARN lint: Hadoop 1 rules have nothing to judge
	}
	for _, f := range p.H1.Findings {
		if f.Rule != p.rule.ID {
			continue
		}
		sev := p.rule.Severity
		if f.Severity != 0 && f.Severity < sev {
			sev = f.Severity
		}
		if sev > xmlconf.SeverityWarning && p.H1.RefusalNotInEffect(f) {
			sev = xmlconf.SeverityWarning // the JobTracker runs FIFO and starts (H1011 is the error)
		}
		p.add(sev, Loc{Pos: f.Pos, Queue: f.Queue, Property: f.Property}, f.Hint, "%s", f.Message)
	}
}

const (
	srcCSConf   = "org.apache.hadoop.mapred.CapacitySchedulerConf (contrib/capacity-scheduler, Hadoop 1.2.1)"
	srcCTS      = "org.apache.hadoop.mapred.CapacityTaskScheduler#start (Hadoop 1.2.1)"
	srcQM       = "org.apache.hadoop.mapred.QueueManager (Hadoop 1.2.1)"
	srcQCP      = "org.apache.hadoop.mapred.QueueConfigurationParser (Hadoop 0.21)"
	h1Versions  = "Hadoop 0.20.x, 1.x, 0.21 (as noted)"
	h1Versions1 = "Hadoop 1.x (0.20.203–1.2.1)"
)

var ruleH1NoQueues = h1Rule(xmlconf.RuleH1NoQueues, "h1-no-queues", xmlconf.SeverityError, Docs{
	Summary:  "no queue is configured",
	Why:      "mapred.queue.names of only commas makes StringUtils.getStrings return null and the JobTracker fails; a 0.21 mapred-queues.xml without <queue> fails with \"No queues defined \".",
	Bad:      "mapred.queue.names=,",
	Good:     "mapred.queue.names=default",
	Source:   srcQM + "; " + srcQCP,
	Versions: h1Versions,
})

var ruleH1CapacityMissing = h1Rule(xmlconf.RuleH1CapacityMissing, "h1-capacity-missing", xmlconf.SeverityError, Docs{
	Summary:  "a listed queue has no capacity",
	Why:      "Hadoop 1.x has no default capacity: the scheduler fails with \"Queue '<q>' doesn't have configured capacity!\". (0.20 and 0.21 instead share the remainder equally.)",
	Bad:      "mapred.queue.names=default,etl; only queue.default.capacity=100 set",
	Good:     "mapred.capacity-scheduler.queue.etl.capacity=20 (and default 80)",
	Source:   srcCTS,
	Versions: h1Versions1,
})

var ruleH1CapacityIllegal = h1Rule(xmlconf.RuleH1CapacityIllegal, "h1-capacity-illegal", xmlconf.SeverityError, Docs{
	Summary:  "capacity is not a number from 0 to 100",
	Why:      "getCapacity reads the value with getFloat(-1): unparseable text becomes -1 and fails with \"Illegal capacity for queue <q> of -1.0\", as do values outside 0..100.",
	Bad:      "mapred.capacity-scheduler.queue.etl.capacity=30%",
	Good:     "mapred.capacity-scheduler.queue.etl.capacity=30",
	Source:   srcCSConf + "#getCapacity",
	Versions: h1Versions,
})

var ruleH1CapacitySum = h1Rule(xmlconf.RuleH1CapacitySum, "h1-capacity-sum", xmlconf.SeverityError, Docs{
	Summary:  "queue capacities do not add up the way the JobTracker requires",
	Why:      "1.x refuses Math.floor(sum) != 100 (\"Sum of queue capacities not 100% at <sum>\"): 100.5 passes, 99.99 fails. 0.20 refuses only sums over 100; 0.21 refuses a level over 100.",
	Bad:      "three queues of 33.3 (sum 99.9)",
	Good:     "33.4, 33.3, 33.3",
	Source:   srcCTS + "; 0.21 QueueHierarchyBuilder",
	Versions: h1Versions,
})

var ruleH1MaxCapacity = h1Rule(xmlconf.RuleH1MaxCapacity, "h1-maximum-capacity", xmlconf.SeverityError, Docs{
	Summary:  "maximum-capacity is above 100 or below capacity",
	Why:      "getMaxCapacity throws \"Illegal maximum-capacity for queue <q> of <v>\" above 100 and \"maximum-capacity <v> for a queue should be greater than or equal to capacity \" below capacity. Values ≤ 0 or unparseable mean no limit.",
	Bad:      "queue.etl.capacity=30, queue.etl.maximum-capacity=20",
	Good:     "queue.etl.capacity=30, queue.etl.maximum-capacity=60",
	Source:   srcCSConf + "#getMaxCapacity",
	Versions: h1Versions,
})

var ruleH1UserLimit = h1Rule(xmlconf.RuleH1UserLimit, "h1-user-limit", xmlconf.SeverityError, Docs{
	Summary:  "minimum-user-limit-percent is outside 1..100",
	Why:      "getMinimumUserLimitPercent throws \"Invalid user limit : <v> for queue : <q>\" and the JobTracker does not start.",
	Bad:      "queue.etl.minimum-user-limit-percent=0",
	Good:     "queue.etl.minimum-user-limit-percent=25",
	Source:   srcCSConf + "#getMinimumUserLimitPercent",
	Versions: h1Versions,
})

var ruleH1TaskLimits = h1Rule(xmlconf.RuleH1TaskLimits, "h1-task-limits", xmlconf.SeverityError, Docs{
	Summary:  "the per-queue active-task limit is below the per-user one",
	Why:      "CapacitySchedulerQueue.init refuses maximum-initialized-active-tasks < maximum-initialized-active-tasks-per-user with \"Illegal queue configuration for queue '<q>'\".",
	Bad:      "queue.etl.maximum-initialized-active-tasks=1000, …-per-user=5000",
	Good:     "queue.etl.maximum-initialized-active-tasks=10000, …-per-user=5000",
	Source:   "org.apache.hadoop.mapred.CapacitySchedulerQueue#init (Hadoop 1.2.1)",
	Versions: h1Versions1,
})

var ruleH1AcceptFactor = h1Rule(xmlconf.RuleH1AcceptFactor, "h1-job-limit", xmlconf.SeverityError, Docs{
	Summary:  "a job-initialization limit is zero or negative",
	Why:      "init-accept-jobs-factor (1.x) and maximum-initialized-jobs-per-user (0.20) must be > 0; otherwise \"Invalid maximum jobs per user configuration <v>\".",
	Bad:      "queue.etl.init-accept-jobs-factor=0",
	Good:     "queue.etl.init-accept-jobs-factor=10",
	Source:   srcCSConf + "#getInitToAcceptJobsFactor",
	Versions: h1Versions,
})

var ruleH1GlobalIllegal = h1Rule(xmlconf.RuleH1GlobalIllegal, "h1-global-illegal", xmlconf.SeverityError, Docs{
	Summary:  "maximum-system-jobs, init-poll-interval or init-worker-threads is not positive",
	Why:      "The scheduler refuses them: \"Invalid maximum system jobs: <v>\", \"Invalid initializater poller interval <v>\", \"Invalid initializater worker thread number <v>\".",
	Bad:      "mapred.capacity-scheduler.maximum-system-jobs=0",
	Good:     "mapred.capacity-scheduler.maximum-system-jobs=3000",
	Source:   srcCSConf,
	Versions: h1Versions,
})

var ruleH1State = h1Rule(xmlconf.RuleH1State, "h1-queue-state", xmlconf.SeverityError, Docs{
	Summary:  "queue state is not exactly RUNNING or STOPPED",
	Why:      "1.x reads mapred.queue.<q>.state with Configuration.getEnum: \"stopped\" or \"Running\" throws and the JobTracker does not start. 0.21 expects lowercase running/stopped; anything else is UNDEFINED and accepts no job (a warning).",
	Bad:      "mapred.queue.etl.state=stopped (1.x)",
	Good:     "mapred.queue.etl.state=STOPPED (1.x); <state>stopped</state> (0.21)",
	Source:   srcQM + "#getQueueState; " + srcQCP,
	Versions: "1.x error; 0.21 warning; 0.20 has no state",
})

var ruleH1Scheduler = h1Rule(xmlconf.RuleH1Scheduler, "h1-not-capacity-scheduler", xmlconf.SeverityError, Docs{
	Summary:  "the JobTracker does not run the CapacityTaskScheduler",
	Why:      "Without mapred.jobtracker.taskScheduler=org.apache.hadoop.mapred.CapacityTaskScheduler (0.21: mapreduce.jobtracker.taskscheduler) the JobTracker uses FIFO, and capacity-scheduler.xml was never in effect. Hadoop 1 does not trim the class name.",
	Bad:      "mapred.jobtracker.taskScheduler unset",
	Good:     "mapred.jobtracker.taskScheduler=org.apache.hadoop.mapred.CapacityTaskScheduler",
	Source:   "org.apache.hadoop.mapred.JobTracker (Hadoop 1.2.1)",
	Versions: h1Versions,
})

var ruleH1QueueName = h1Rule(xmlconf.RuleH1QueueName, "h1-queue-name", xmlconf.SeverityWarning, Docs{
	Summary:  "a queue name has blanks around it or is listed twice",
	Why:      "mapred.queue.names is split on commas without trimming: \"a, b\" defines queue \" b\", whose keys and job submissions must carry the blank; usually its capacity is then missing.",
	Bad:      "mapred.queue.names=default, etl",
	Good:     "mapred.queue.names=default,etl",
	Source:   "org.apache.hadoop.util.StringUtils#getStrings via " + srcQM,
	Versions: h1Versions,
})

var ruleH1Fallback = h1Rule(xmlconf.RuleH1Fallback, "h1-silent-default", xmlconf.SeverityWarning, Docs{
	Summary:  "an unparseable value is silently replaced by the default",
	Why:      "Hadoop 1 Configuration.getInt/getFloat/getBoolean return the default on bad text without a log line: \"50%\" and \"True\" change nothing, while \"0x32\" is 50. Booleans are case-sensitive in Hadoop 1.",
	Bad:      "queue.etl.supports-priority=True",
	Good:     "queue.etl.supports-priority=true",
	Source:   "org.apache.hadoop.conf.Configuration (Hadoop 1.2.1) getInt/getFloat/getBoolean",
	Versions: h1Versions,
})

var ruleH1Orphan = h1Rule(xmlconf.RuleH1Orphan, "h1-orphan-queue-key", xmlconf.SeverityWarning, Docs{
	Summary:  "a per-queue key names a queue that is not in mapred.queue.names",
	Why:      "The JobTracker reads keys only for listed queues; the others are ignored without a word, often a renamed or removed queue.",
	Bad:      "mapred.capacity-scheduler.queue.old.capacity=10 with mapred.queue.names=default,etl",
	Good:     "remove the key, or list the queue",
	Source:   srcQM + "; " + srcCSConf,
	Versions: h1Versions,
})

var ruleH1Obsolete = h1Rule(xmlconf.RuleH1Obsolete, "h1-obsolete-key", xmlconf.SeverityWarning, Docs{
	Summary:  "a key older releases read is ignored by this one",
	Why:      "maximum-initialized-jobs-per-user (0.20/0.21), guaranteed-capacity and reclaim-time-limit (0.19) have no effect in 1.x.",
	Bad:      "mapred.capacity-scheduler.queue.etl.maximum-initialized-jobs-per-user=3 (1.x)",
	Good:     "use init-accept-jobs-factor / maximum-system-jobs in 1.x",
	Source:   srcCSConf,
	Versions: h1Versions,
})

var ruleH1Unknown = h1Rule(xmlconf.RuleH1Unknown, "h1-unknown-key", xmlconf.SeverityWarning, Docs{
	Summary:  "an unknown capacity scheduler key",
	Why:      "Typos (maximum-capacty) are ignored by the JobTracker, so the intended limit never applied.",
	Bad:      "mapred.capacity-scheduler.queue.etl.maximum-capacty=50",
	Good:     "mapred.capacity-scheduler.queue.etl.maximum-capacity=50",
	Source:   srcCSConf,
	Versions: h1Versions,
})

var ruleH1ACLLocation = h1Rule(xmlconf.RuleH1ACLLocation, "h1-acl-in-mapred-site", xmlconf.SeverityInfo, Docs{
	Summary:  "queue ACLs are configured in mapred-site.xml",
	Why:      "1.x honours them but logs \"Configuring queue ACLs in mapred-site.xml or hadoop-site.xml is deprecated\"; mapred-queue-acls.xml is loaded on top and wins unless the mapred-site value is final.",
	Bad:      "mapred-site.xml: mapred.queue.etl.acl-submit-job=etl",
	Good:     "mapred-queue-acls.xml: mapred.queue.etl.acl-submit-job=etl",
	Source:   srcQM + "#checkDeprecation",
	Versions: h1Versions1,
})

var ruleH1ACLQuirk = h1Rule(xmlconf.RuleH1ACLQuirk, "h1-acl-quirk", xmlconf.SeverityWarning, Docs{
	Summary:  "an ACL value does not mean what it seems to",
	Why:      "An empty <value></value> is unset, so the default \"*\" (everyone) applies, while \" \" means nobody. The list is split once at the first space (users before it, groups after): a value starting with a line break, or a blank after a comma (\"hadoop, q2,q1\"), turns the intended users into groups.",
	Bad:      "<value></value>, <value>\n  alice,bob</value> or <value>hadoop, alice,bob</value>",
	Good:     "<value> </value> (nobody) or <value>alice,bob</value>",
	Source:   "org.apache.hadoop.security.authorize.AccessControlList; Configuration#loadResource",
	Versions: h1Versions,
})

var ruleH1QueuesXML = h1Rule(xmlconf.RuleH1QueuesXML, "h1-malformed-queues-xml", xmlconf.SeverityError, Docs{
	Summary:  "mapred-queues.xml is malformed for the 0.21 parser",
	Why:      "The root must be <queues> with only <queue> children; each queue needs a <name> without ':'; a queue with children may not have <state> or ACL elements. The JobTracker fails otherwise.",
	Bad:      "<queue><name>a:b</name></queue>",
	Good:     "<queue><name>a</name><queue><name>b</name></queue></queue>",
	Source:   srcQCP,
	Versions: "Hadoop 0.21/0.22",
})

var ruleH1ShareOverMax = h1Rule(xmlconf.RuleH1ShareOverMax, "h1-share-over-max", xmlconf.SeverityError, Docs{
	Summary:  "an unconfigured queue's share exceeds its maximum-capacity",
	Why:      "0.21 gives queues without capacity an equal share of what their siblings leave; if that is above the queue's maximum-capacity it throws an IllegalStateException.",
	Bad:      "siblings a=20, b (no capacity, maximum-capacity 50): b gets 80",
	Good:     "set b's capacity explicitly",
	Source:   "0.21 contrib capacity-scheduler QueueHierarchyBuilder",
	Versions: "Hadoop 0.21",
})

var ruleH1UserLimitFactor = h1Rule(xmlconf.RuleH1UserLimitFactor, "h1-user-limit-factor", xmlconf.SeverityWarning, Docs{
	Summary:  "user-limit-factor is zero or negative",
	Why:      "Hadoop 1 does not check it, but a user's limit is capacity × factor, so no user can run a task.",
	Bad:      "queue.etl.user-limit-factor=0",
	Good:     "queue.etl.user-limit-factor=1",
	Source:   srcCSConf + "#getUserLimitFactor",
	Versions: h1Versions1,
})

var ruleH1QueuesXMLIgnored = h1Rule(xmlconf.RuleH1QueuesXMLIgnored, "h1-queues-xml-ignored", xmlconf.SeverityWarning, Docs{
	Summary:  "mapred-queues.xml is ignored because mapred.queue.names is set",
	Why:      "0.21 falls back to the deprecated flat parser when mapred.queue.names is in the JobTracker conf; 1.x never reads mapred-queues.xml.",
	Bad:      "mapred-site.xml sets mapred.queue.names and mapred-queues.xml defines a tree",
	Good:     "remove mapred.queue.names (0.21), or drop mapred-queues.xml (1.x)",
	Source:   "org.apache.hadoop.mapred.DeprecatedQueueConfigurationParser (0.21)",
	Versions: "Hadoop 0.21",
})

var ruleH1NoDefaultQueue = h1Rule(xmlconf.RuleH1NoDefaultQueue, "h1-no-default-queue", xmlconf.SeverityWarning, Docs{
	Summary:  "no queue is named default",
	Why:      "Jobs that do not set mapred.job.queue.name go to \"default\"; without it their submission fails.",
	Bad:      "mapred.queue.names=etl,adhoc",
	Good:     "mapred.queue.names=default,etl,adhoc",
	Source:   "org.apache.hadoop.mapred.JobConf#getQueueName",
	Versions: h1Versions,
})

var ruleH1ACLsDisabled = h1Rule(xmlconf.RuleH1ACLsDisabled, "h1-acls-disabled", xmlconf.SeverityInfo, Docs{
	Summary:  "queue ACLs are configured while ACLs are disabled",
	Why:      "With mapred.acls.enabled false (the default) no queue ACL is evaluated: everyone may submit and administer. The values only look like protection. A 0.21 mapred-queues.xml has its own switch, the <queues aclsEnabled> attribute, and ignores mapred.acls.enabled.",
	Bad:      "mapred.acls.enabled=false with mapred.queue.etl.acl-submit-job=etl",
	Good:     "mapred.acls.enabled=true",
	Source:   srcQM + "#hasAccess; 0.21 QueueManager#initialize (isAclEnabled = cp.isAclsEnabled())",
	Versions: h1Versions,
}).judgedBy(checkH1ACLsDisabled)

var ruleH1SchedulerKeyInSite = h1Rule(xmlconf.RuleH1SchedulerKeyInSite, "h1-scheduler-key-in-mapred-site", xmlconf.SeverityWarning, Docs{
	Summary: "a mapred.capacity-scheduler.* key is set in mapred-site.xml, which the capacity scheduler does not read for it",
	Why: "CapacitySchedulerConf reads a Configuration of its own, new Configuration(false) with capacity-scheduler.xml as its one " +
		"resource, so scheduler and per-queue settings in the JobTracker's mapred-site.xml are ignored: a queue capacity set there " +
		"leaves the queue without one.",
	Bad:      "mapred-site.xml: mapred.capacity-scheduler.queue.hive.capacity=70",
	Good:     "capacity-scheduler.xml: mapred.capacity-scheduler.queue.hive.capacity=70",
	Source:   "org.apache.hadoop.mapred.CapacitySchedulerConf#CapacitySchedulerConf (rmConf = new Configuration(false); rmConf.addResource(\"capacity-scheduler.xml\"))",
	Versions: h1Versions,
})

var ruleH1DialectMismatched = h1Rule(xmlconf.RuleH1DialectMismatched, "h1-other-dialect-key", xmlconf.SeverityWarning, Docs{
	Summary:  "a key of another Hadoop 1 release is ignored by this one",
	Why:      "0.20 has no queue state; 0.21 reads per-queue settings, ACLs and state from mapred-queues.xml and ignores them in capacity-scheduler.xml and mapred-site.xml.",
	Bad:      "0.21: mapred.capacity-scheduler.queue.etl.capacity=30",
	Good:     "0.21: <property key=\"capacity\" value=\"30\"/> inside the queue",
	Source:   srcQCP + "; " + srcQM,
	Versions: h1Versions,
})

// judgedBy replaces a Hadoop 1 rule's Check: the rule judges the model's
// values itself instead of a fact the reader worded.
func (r *Rule) judgedBy(check func(*Pass)) *Rule {
	r.Check = check
	return r
}

// checkH1ACLsDisabled is H1024: ACL values that look like protection but
// are never evaluated because ACLs are off (QueueManager reads
// mapred.acls.enabled; 0.21's <queues aclsEnabled>).
func checkH1ACLsDisabled(p *Pass) {
	m := p.H1
	if m == nil || m.ACLsEnabled.V {
		return
	}
	off, hint := h1ACLsOff(m)
	for _, q := range m.Queues {
		for _, v := range []xmlconf.Value[xmlconf.ACL]{q.SubmitACL, q.AdminACL} {
			if v.Prop == nil {
				continue
			}
			p.ReportHint(Loc{Pos: v.Prop.ValuePos, Queue: q.FullName, Property: v.Prop.Name}, hint,
				"ACL %q of queue %q is never evaluated: %s, so everyone may submit and administer", v.Raw, q.FullName, off)
		}
	}
}

// h1ACLsOff says why H1024's ACLs are off and what turns them on, naming
// the one switch the JobTracker reads, in the message and the hint alike.
// A 0.21 mapred-queues.xml: QueueManager#initialize takes isAclEnabled
// from its parser, and getQueueConfigurationParser builds the
// QueueConfigurationParser of mapred-queues.xml, whose switch is the
// <queues aclsEnabled> attribute (mapred.acls.enabled is not read there:
// H1025). The flat parsers (1.x QueueManager, 0.21's
// DeprecatedQueueConfigurationParser) read mapred.acls.enabled, default
// false, which without a mapred-site.xml is all there is.
func h1ACLsOff(m *xmlconf.H1Model) (off, hint string) {
	if m.Dialect == xmlconf.H1Dialect021 && !m.Deprecated021 {
		return "<queues aclsEnabled> is not true", "set aclsEnabled=\"true\" on <queues> in mapred-queues.xml if the ACLs are meant"
	}
	if m.Files.MapredSite == nil && m.ACLsEnabled.Prop == nil {
		return xmlconf.H1KeyACLsEnabled + " is Hadoop's default false (no mapred-site.xml was given)",
			"set " + xmlconf.H1KeyACLsEnabled + " to true in the JobTracker's mapred-site.xml if the ACLs are meant"
	}
	return xmlconf.H1KeyACLsEnabled + " is not \"true\"", "set " + xmlconf.H1KeyACLsEnabled + " to true if the ACLs are meant"
}
