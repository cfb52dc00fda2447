package xmlconf

// Hadoop 1 rule IDs: what the JobTracker (QueueManager,
// CapacityTaskScheduler, CapacitySchedulerConf, 0.21
// QueueConfigurationParser) refuses or silently changes. Errors are files
// the JobTracker would not start with; warnings are values it changed
// without a word. The reader records facts under these IDs; each rule's
// severity is declared once, with its docs and Check, in
// validate/rules_hadoop1.go, which judges the facts.
const (
	RuleH1NoQueues           = "H1001" // no queue configured
	RuleH1CapacityMissing    = "H1002" // 1.x: a queue without capacity
	RuleH1CapacityIllegal    = "H1003" // capacity unparseable or outside 0..100
	RuleH1CapacitySum        = "H1004" // floor(sum) != 100 (1.x), > 100 (0.20, 0.21 level)
	RuleH1MaxCapacity        = "H1005" // maximum-capacity > 100 or < capacity
	RuleH1UserLimit          = "H1006" // minimum-user-limit-percent outside 1..100
	RuleH1TaskLimits         = "H1007" // per-queue active tasks < per-user
	RuleH1AcceptFactor       = "H1008" // init-accept-jobs-factor <= 0
	RuleH1GlobalIllegal      = "H1009" // maximum-system-jobs, poll interval, worker threads <= 0
	RuleH1State              = "H1010" // state not exactly RUNNING/STOPPED (running/stopped in 0.21)
	RuleH1Scheduler          = "H1011" // JobTracker not running CapacityTaskScheduler
	RuleH1QueueName          = "H1012" // blank, untrimmed, duplicate or ':'-bearing queue name
	RuleH1Fallback           = "H1013" // unparseable value silently replaced by the default
	RuleH1Orphan             = "H1014" // per-queue key for a queue that is not listed
	RuleH1Obsolete           = "H1015" // key this dialect ignores (older releases used it)
	RuleH1Unknown            = "H1016" // unknown scheduler key
	RuleH1ACLLocation        = "H1017" // queue ACLs in mapred-site.xml (deprecated, honoured)
	RuleH1ACLQuirk           = "H1018" // empty ACL (= everyone) or ACL split at an unexpected blank
	RuleH1QueuesXML          = "H1019" // malformed 0.21 mapred-queues.xml
	RuleH1ShareOverMax       = "H1020" // 0.21 unconfigured share above the queue's maximum-capacity
	RuleH1UserLimitFactor    = "H1021" // user-limit-factor <= 0 blocks every user
	RuleH1QueuesXMLIgnored   = "H1022" // mapred-queues.xml ignored because mapred.queue.names is set
	RuleH1NoDefaultQueue     = "H1023" // no "default" queue: jobs without a queue fail
	RuleH1ACLsDisabled       = "H1024" // ACLs configured while mapred.acls.enabled is false
	RuleH1DialectMismatched  = "H1025" // keys of another dialect, ignored by this one
	RuleH1SchedulerKeyInSite = "H1026" // mapred.capacity-scheduler.* in mapred-site.xml: never read
)

// h1StartupRefusals are the rules whose facts are configurations the
// JobTracker does not start with (CapacityTaskScheduler.start,
// QueueManager, QueueConfigurationParser): a fact about Hadoop that the
// Hadoop 1 engine needs without going through validate. validate's H1
// rules report exactly these at error (TestH1RefusalsAreErrors).
var h1StartupRefusals = map[string]bool{
	RuleH1NoQueues: true, RuleH1CapacityMissing: true, RuleH1CapacityIllegal: true, RuleH1CapacitySum: true,
	RuleH1MaxCapacity: true, RuleH1UserLimit: true, RuleH1TaskLimits: true, RuleH1AcceptFactor: true,
	RuleH1GlobalIllegal: true, RuleH1State: true, RuleH1Scheduler: true, RuleH1QueuesXML: true,
	RuleH1ShareOverMax: true,
}

// H1Refuses reports whether fact f makes the JobTracker refuse to start:
// a refusal rule's fact, unless the reader marked it a softer variant
// (a 0.21 lower-case state the JobTracker accepts).
func H1Refuses(f Finding) bool {
	return h1StartupRefusals[f.Rule] && (f.Severity == 0 || f.Severity == SeverityError)
}

// IsH1Refusal reports whether rule's facts are startup refusals.
func IsH1Refusal(rule string) bool { return h1StartupRefusals[rule] }
