package validate

import "github.com/capq/capq/xmlconf"

// The refresh rules (capacity-scheduler-rules.md §3). Each carries its
// Refresh check (validate/refresh_*.go), which Refresh runs comparing OLD
// (the live scheduler) with NEW; Lint never runs them. They are
// registered so `capq explain RF002`, --disable and SARIF know them.

const csPkg = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity."

func refreshRule(id, name string, sev xmlconf.Severity, d Docs) *Rule {
	return &Rule{ID: id, Name: name, Category: CatRefresh, Severity: sev, Docs: d}
}

// judge sets the rule's refresh check.
func (r *Rule) judge(check func(c *refreshCheck)) *Rule {
	r.Refresh = check
	return r
}

// between bounds the versions a refresh rule applies to (zero: open).
func (r *Rule) between(since, until xmlconf.Version) *Rule {
	r.Since, r.Until = since, until
	return r
}

var ruleRF001 = refreshRule("RF001", "refresh-failed", xmlconf.SeverityError, Docs{
	Summary: "any refused refresh surfaces as \"Failed to re-init queues\"",
	Why: "CapacityScheduler.reinitialize wraps every cause: 3.x `Failed to re-init queues : <cause>`, 2.x `Failed to re-init queues` " +
		"with the cause chained. rmadmin prints `refreshQueues: ` and the remote message; the old configuration stays in force.",
	Bad: "(any refresh rule or lint error)", Good: "(a change capq diff accepts)",
	Source: csPkg + "CapacityScheduler#reinitialize", Versions: "all; the cause is appended from 3.0",
}).judge((*refreshCheck).wrapRefusal)

var ruleRF002 = refreshRule("RF002", "delete-running-queue", xmlconf.SeverityError, Docs{
	Summary: "a queue is removed while it is not STOPPED",
	Why: "validateQueueHierarchy refuses to drop a live queue unless it is STOPPED (a queue still running applications is " +
		"DRAINING). Every descendant of a removed parent is checked too. From 3.3 the new file may instead still set the removed " +
		"queue's state to exactly `STOPPED` (case-sensitive). Before YARN-5556 (2.9.0; 2.7 here) no queue can be deleted without a restart.",
	Bad:    "old: root.queues=a,b   new: root.queues=a   (root.b RUNNING)",
	Good:   "refresh 1: root.b.state=STOPPED; wait until drained; refresh 2: root.queues=a",
	Source: csPkg + "CapacitySchedulerConfigValidator#validateQueueHierarchy (2.10, 3.1–3.2: CapacitySchedulerQueueManager; 2.7: CapacityScheduler#validateExistingQueues)",
	Versions: "2.7: never (`<name> cannot be found during refresh!`); 2.10–3.2: live STOPPED (YARN-5556, in 2.9.0); 3.3+: live STOPPED or new state exactly STOPPED. " +
		"Warning when a deleted queue still has applications (--live-state).",
}).judge((*refreshCheck).removals)

var ruleRF003 = refreshRule("RF003", "queue-moved", xmlconf.SeverityError, Docs{
	Summary: "a queue moves to another parent",
	Why: "Before 3.3 queues are keyed by short name, so a queue of the same name under another parent is a move, which " +
		"validateQueueHierarchy refuses. From 3.3 queues are keyed by full path: the same edit is a deletion (RF002) plus an addition.",
	Bad:      "old: root.a.queues=x   new: root.a.queues=y, root.b.queues=x",
	Good:     "stop root.a.x, remove it in one refresh, add root.b.x in a later one",
	Source:   csPkg + "CapacitySchedulerConfigValidator#validateQueueHierarchy",
	Versions: "2.x–3.2: error; 3.3+: not a move (see RF002)",
}).judge((*refreshCheck).moves).between(xmlconf.Version{}, xmlconf.V3_2)

var ruleRF004 = refreshRule("RF004", "leaf-to-parent-running", xmlconf.SeverityError, Docs{
	Summary: "a leaf queue gets children while it is not STOPPED",
	Why: "LeafQueueConversionValidator converts a leaf into a parent only when the live leaf is STOPPED: its applications " +
		"would have nowhere to run. 3.3 also accepts the new file setting its state to exactly STOPPED; 3.4 the new queue's parsed " +
		"state (any case, or inherited) being STOPPED.",
	Bad:      "old: root.b.b1 leaf (RUNNING)   new: root.b.b1.queues=x",
	Good:     "refresh 1: root.b.b1.state=STOPPED; refresh 2: root.b.b1.queues=x",
	Source:   csPkg + "CapacitySchedulerConfigValidator (LeafQueueConversionValidator)",
	Versions: "2.10+ (YARN-6109, in 2.9.0): live STOPPED; 3.3+ also the new state. 2.7 refuses any conversion (RF008)",
}).between(xmlconf.V2_10, xmlconf.Version{}).judge((*refreshCheck).leafToParent)

var ruleRF005 = refreshRule("RF005", "parent-to-leaf", xmlconf.SeverityInfo, Docs{
	Summary: "a parent queue loses all its children and becomes a leaf",
	Why: "Allowed from 2.9.0 (Hadoop logs `Converting the parent queue: <path> to leaf queue.`; ParentQueue#reinitialize swaps " +
		"in the new leaf), whatever the parent's own state, but each removed child must be deletable (RF002): " +
		"TestCapacityScheduler#testRefreshQueuesWithAllChildQueuesDeleted.",
	Bad: "(informational)", Good: "(informational)",
	Source:   csPkg + "CapacitySchedulerConfigValidator (ParentQueueConversionValidator; 2.10–3.2: CapacitySchedulerQueueManager#validateQueueHierarchy)",
	Versions: "2.10+ info (YARN-5556 and YARN-6109, both in 2.9.0); 2.7 deletes no child (RF002) and refuses the class change (RF008)",
}).between(xmlconf.V2_10, xmlconf.Version{}).judge((*refreshCheck).parentToLeaf)

var ruleRF006 = refreshRule("RF006", "parent-to-auto-create", xmlconf.SeverityError, Docs{
	Summary: "a plain parent queue turns on legacy auto-creation",
	Why: "A ManagedParentQueue may not have pre-configured children, so refresh refuses turning " +
		"auto-create-child-queue.enabled on for an existing parent.",
	Bad:      "new: root.a.auto-create-child-queue.enabled=true (root.a was a parent)",
	Good:     "create a new parent for auto-created queues, or restart",
	Source:   csPkg + "CapacitySchedulerConfigValidator (ParentQueueConversionValidator)",
	Versions: "3.1+",
}).between(xmlconf.V3_1, xmlconf.Version{}).judge((*refreshCheck).toManaged)

var ruleRF007 = refreshRule("RF007", "auto-create-parent-converted", xmlconf.SeverityError, Docs{
	Summary:  "a legacy auto-create parent stops being one",
	Why:      "Refresh refuses turning a ManagedParentQueue into a plain parent or a leaf: its auto-created queues would be orphaned.",
	Bad:      "old: root.a.auto-create-child-queue.enabled=true   new: (unset)",
	Good:     "keep auto-create-child-queue.enabled=true, or restart",
	Source:   csPkg + "CapacitySchedulerConfigValidator (ParentQueueConversionValidator)",
	Versions: "3.1+",
}).between(xmlconf.V3_1, xmlconf.Version{}).judge((*refreshCheck).fromManaged)

var ruleRF008 = refreshRule("RF008", "queue-type-changed", xmlconf.SeverityError, Docs{
	Summary:  "2.7: a leaf becomes a parent or a parent a leaf",
	Why:      "Before YARN-6109 (2.9.0) LeafQueue/ParentQueue.reinitialize refuse a newly parsed queue of the other class.",
	Bad:      "old: root.b leaf   new: root.b.queues=x",
	Good:     "restart the ResourceManager",
	Source:   csPkg + "LeafQueue#reinitialize, ParentQueue#reinitialize",
	Versions: "2.7 only (2.10+: RF004, RF005)",
}).judge((*refreshCheck).classChanged).between(xmlconf.Version{}, xmlconf.V2_7)

var ruleRF009 = refreshRule("RF009", "max-allocation-decreased", xmlconf.SeverityError, Docs{
	Summary: "a leaf queue's effective maximum allocation decreases",
	Why: "Running ApplicationMasters were told the largest container they may ask for, so reinitialize refuses a smaller one, " +
		"whether it comes from the queue's maximum-allocation keys, a parent's, or the cluster's yarn.scheduler.maximum-allocation-*.",
	Bad:      "old: yarn.scheduler.maximum-allocation-mb=16384   new: 8192",
	Good:     "keep or raise it; lower it with a restart",
	Source:   csPkg + "AbstractLeafQueue#reinitialize",
	Versions: "2.x compares memory and vcores; 3.x every resource type (Resources.fitsIn)",
}).judge((*refreshCheck).maxAllocations)

var ruleRF010 = refreshRule("RF010", "queue-state-change", xmlconf.SeverityInfo, Docs{
	Summary: "a queue's live state changes, or surprisingly does not",
	Why: "Stopping is allowed: the queue and every queue below it refuse new applications and stay DRAINING until their " +
		"applications finish (info). Removing `state=STOPPED` does not restart a stopped queue: on refresh an unset state key " +
		"keeps the live state, so the queue stays STOPPED until a restart or an explicit RUNNING (warning).",
	Bad: "(informational)", Good: "(informational)",
	Source:   csPkg + "QueueStateHelper / AbstractCSQueue#stopQueue",
	Versions: "2.10+ (the state machine is YARN-5756, in 2.9.0)",
}).between(xmlconf.V2_10, xmlconf.Version{}).judge((*refreshCheck).stateChanges)

var ruleRF011 = refreshRule("RF011", "parent-not-running", xmlconf.SeverityError, Docs{
	Summary: "a stopped queue is set RUNNING while its parent stays stopped",
	Why: "activateQueue needs the live parent RUNNING after the parent's own reinitialize. Removing `state=STOPPED` from the " +
		"parent does not restart it: an unset state key keeps the live state.",
	Bad:      "old: root.a.state=STOPPED   new: root.a.state unset, root.a.x.state=RUNNING",
	Good:     "new: root.a.state=RUNNING",
	Source:   csPkg + "AbstractCSQueue#activateQueue (before 3.3 activeQueue, naming the parent by its short name)",
	Versions: "2.10+ (the state machine is YARN-5756, in 2.9.0)",
}).between(xmlconf.V2_10, xmlconf.Version{}).judge((*refreshCheck).parentsNotRunning)

var ruleRF017 = refreshRule("RF017", "draining-queue-restarted", xmlconf.SeverityError, Docs{
	Summary: "a queue still DRAINING its applications is set RUNNING",
	Why: "Hadoop 3.1's AbstractCSQueue#activeQueue refuses to restart a queue that is stopping but still has applications " +
		"(DRAINING), before it looks at the parent; the refresh fails. YARN-10260 (\"Allow transitioning queue from DRAINING to " +
		"RUNNING state\", in the 2.10.1, 3.2.2 and 3.3.1 changelogs, in no 3.1.x one) removed that branch: 2.10, 3.2, 3.3 and 3.4 " +
		"restart the queue.",
	Bad:      "live: root.a DRAINING (stopped with apps running)   new: root.a.state=RUNNING",
	Good:     "wait until root.a is STOPPED (yarn queue -status a), then set it RUNNING",
	Source:   csPkg + "AbstractCSQueue#activeQueue (3.1), #initializeQueueState",
	Versions: "3.1 only (YARN-10260 is in 2.10.1, 3.2.2 and 3.3.1)",
}).between(xmlconf.V3_1, xmlconf.V3_1).judge((*refreshCheck).drainingRestarts)

var ruleRF013 = refreshRule("RF013", "restart-only-setting", xmlconf.SeverityWarning, Docs{
	Summary: "a setting that refreshQueues does not apply changed",
	Why: "resource-calculator, schedule-asynchronously.*, multi-node placement, the configuration store and the minimum allocation " +
		"(yarn.scheduler.minimum-allocation-*: reinitialize validates it but keeps the minimumAllocation initScheduler set) are read only when " +
		"the scheduler starts; refresh succeeds and silently keeps the old value. 3.4's legacy-queue-mode.enabled is in part: the queue capacity " +
		"handler keeps the mode the scheduler started with (CapacitySchedulerQueueManager creates it once; " +
		"TestCapacitySchedulerQueues#testRefreshDisablingLegacyQueueMode), so capacities follow the old mode's rules.",
	Bad:      "new: yarn.scheduler.capacity.resource-calculator=...DominantResourceCalculator",
	Good:     "restart the ResourceManager after the change",
	Source:   csPkg + "CapacityScheduler#initScheduler vs #reinitialize",
	Versions: "all",
}).judge((*refreshCheck).restartOnly)

var ruleRFMutableStore = refreshRule("RF014", "mutable-configuration-store", xmlconf.SeverityError, Docs{
	Summary: "refreshQueues is refused when the scheduler configuration store is mutable",
	Why: "With yarn.scheduler.configuration.store.class memory, leveldb, zk or fs the queue configuration lives in the store " +
		"and changes through the scheduler-conf REST API; AdminService refuses refreshQueues.",
	Bad:      "yarn.scheduler.configuration.store.class=zk",
	Good:     "yarn schedulerconf / PUT /ws/v1/cluster/scheduler-conf, or the file store",
	Source:   "org.apache.hadoop.yarn.server.resourcemanager.AdminService#refreshQueues",
	Versions: "2.10, 3.x",
}).between(xmlconf.V2_10, xmlconf.Version{}).judge((*refreshCheck).mutableStore)

var ruleRF015 = refreshRule("RF015", "allow-zero-capacity-sum-not-refreshed", xmlconf.SeverityError, Docs{
	Summary: "allow-zero-capacity-sum changes on a live parent",
	Why: "AbstractParentQueue reads allow-zero-capacity-sum once, when the queue is created; on refresh the live parent checks " +
		"its children with the old flag. Turning it on together with children that need it fails although the new file is valid.",
	Bad:      "new: root.a.allow-zero-capacity-sum=true, root.a.a1.capacity=0, root.a.a2.capacity=0",
	Good:     "restart after turning the flag on",
	Source:   csPkg + "AbstractParentQueue (final allowZeroCapacitySum)",
	Versions: "3.4",
}).between(xmlconf.V3_4, xmlconf.Version{}).judge((*refreshCheck).zeroSumFlags)

var ruleRF016 = refreshRule("RF016", "live-state-mismatch", xmlconf.SeverityWarning, Docs{
	Summary: "the live scheduler has a queue OLD does not define",
	Why: "The ResourceManager checks the queues it runs, not the file under review: OLD is stale (a refresh that was never " +
		"applied, or a hand-edited copy). Such a queue absent from NEW too must be deletable (RF002).",
	Bad:      "--live-state lists root.tmp; old.xml has no root.tmp",
	Good:     "diff against the file the ResourceManager loaded last (git history, or its conf directory)",
	Source:   csPkg + "CapacitySchedulerConfigValidator#validateQueueHierarchy (iterates the live queues)",
	Versions: "all, with --live-state",
}).judge((*refreshCheck).liveOnly)

// RefreshRules are the refresh rules in ID order (also in the registry).
var RefreshRules = []*Rule{
	ruleRF001, ruleRF002, ruleRF003, ruleRF004, ruleRF005, ruleRF006, ruleRF007, ruleRF008,
	ruleRF009, ruleRF010, ruleRF011, ruleRF013, ruleRFMutableStore, ruleRF015, ruleRF016, ruleRF017,
}
