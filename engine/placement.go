package engine

import (
	"fmt"
	"strings"

	"github.com/capq/capq/placement"
	"github.com/capq/capq/xmlconf"
)

// Placed says where a submission went.
type Placed struct {
	// Queue is the full path of the leaf the app was submitted to.
	Queue string
	// AutoCreated lists the queues this submission created, in order.
	AutoCreated []string
	// Rule is the mapping rule that decided ("" when none applied).
	Rule string
}

// loadRules reads the configuration's mapping rules, with a rule file
// (mapping-rule-json-file) next to the configuration; a file capq cannot
// read is a note, and the run has no mapping rules, as the RM says.
func loadRules(m *xmlconf.Model) (*placement.Set, []placement.Problem) {
	if m.Conf == nil {
		return nil, nil
	}
	return placement.Load(m.Conf, m.Version, placement.LoadOptions{ReadFile: placement.ConfFileReader(m.Conf)})
}

// autoConfigured reports whether any queue enables auto-creation.
func autoConfigured(m *xmlconf.Model) bool {
	for _, q := range m.Queues {
		if q.AutoCreate.Legacy.V || q.AutoCreate.V2.V {
			return true
		}
	}
	return false
}

// Unmodelled is the one list of what the engine does not model for its
// configuration, for the caller to show (never silence): the settings
// Unmodelled(model) names, then what this engine found while loading
// (mapping rules it could not read, placement and auto-creation semantics
// that differ by version), as Warnings without a key.
func (e *Engine) Unmodelled() []Warning {
	out := Unmodelled(e.model)
	note := func(feature, effect string) { out = append(out, Warning{Feature: feature, Effect: effect}) }
	for _, p := range e.ruleProblems {
		note("placement", p.Msg)
	}
	if e.model.Version.Less(xmlconf.V3_4) && e.rules != nil && len(e.rules.Rules) > 0 {
		note("placement", "mapping rules are evaluated as Hadoop 3.4's CSMappingPlacementRule; before 3.4 UserGroupMappingPlacementRule differs in fallbacks (a failed mapping there leaves the submitted queue)")
	}
	for _, class := range placement.UnmodelledRuleClasses(e.model.Conf, e.model.Version) {
		note("placement", fmt.Sprintf("yarn.scheduler.queue-placement-rules lists %q, a placement rule class capq does not model; the dry run applies only the mapping rules", class))
	}
	if e.model.Version.Less(xmlconf.V3_3) && (e.model.Global.MaxParallelApps.Set() || e.model.Global.UserMaxParallelApps.Set() || anyQueueParallel(e.model)) {
		note("max-parallel-apps", "Hadoop "+e.model.Version.String()+" has no max-parallel-apps (3.3+, CSMaxRunningAppsEnforcer); the keys are ignored")
	}
	if e.labelsOn && e.model.Version.Less(xmlconf.V2_10) {
		note("node labels", "Hadoop "+e.model.Version.String()+" has no AM limits per partition (calculateAndGetAMResourceLimitPerPartition, 2.8+); capq applies them")
	}
	if e.labelsOn && e.g.continueLooking && e.model.Version.Less(xmlconf.V3_3) {
		note("continue-looking", continueLookingLabelGate(e.model.Version))
	}
	for _, path := range e.emptiedByRefresh {
		note("refresh", path+"'s capacity became an empty vector on a refresh: Hadoop skips such a queue when it computes effective resources "+
			"(ResourceCalculationDriver), so it keeps those of the configuration before the refresh; capq gives it 0")
	}
	for _, path := range e.keptForAttempt {
		note("auto-deletion", path+" held an application between attempts when the deletion policy looked at it: Hadoop's isEligibleForAutoDeletion "+
			"counts the leaf's attempts only (getNumApplications), so it may delete the leaf under the app; capq kept it")
	}
	for _, what := range e.aclUnsettled {
		note("queue ACLs", "submission "+what)
	}
	for _, id := range e.reprioritizedOutside {
		note("priority update", id+"'s priority was updated while it was not runnable (max-parallel-apps) or between attempts: Hadoop's "+
			"AbstractLeafQueue#updateApplicationPriority then adds the attempt to the apps waiting for activation; capq only changed its priority")
	}
	if e.reservedPassOvers > 0 {
		note("multi-node placement", fmt.Sprintf("%d time(s) a request passed over a node with room that another reservation holds: "+
			"Hadoop proposes the container there and refuses it at commit (FiCaSchedulerApp.commonCheckContainerAllocation), so that pass places nothing, "+
			"unless skip-allocate-on-nodes-with-reserved-containers (3.4) is on; capq tried the next node as that setting does", e.reservedPassOvers))
	}
	for _, q := range e.model.Queues {
		if q.AutoCreate.V2.V && e.model.Version.Less(xmlconf.V3_4) {
			note("auto-create", q.Path+" enables auto-queue-creation-v2, which Hadoop "+e.model.Version.String()+" does not have (3.4+); no queues are created under it")
		}
		if q.AutoCreate.Legacy.V && !q.AutoCreate.FailOnExceeding.V && e.model.Global.MonitorRuns("QueueManagementDynamicEditPolicy") {
			note("auto-create", q.Path+"'s auto-created leaves are rebalanced by QueueManagementDynamicEditPolicy (GuaranteedOrZeroCapacityOverTimePolicy: guarantees handed on when a queue becomes idle) on each change in capq, not every yarn.resourcemanager.monitor.capacity.queue-management.monitoring-interval (1.5 s by default)")
		}
		if p := q.AutoCreate.ManagementPolicy; q.AutoCreate.Legacy.V && p.Set() && !strings.HasSuffix(strings.TrimSpace(p.V), ".GuaranteedOrZeroCapacityOverTimePolicy") {
			note("auto-create", q.Path+" names the management policy "+strings.TrimSpace(p.V)+"; capq applies GuaranteedOrZeroCapacityOverTimePolicy, the only one Hadoop ships")
		}
	}
	return out
}

// placeIndex is the live queue index placement resolves names against.
func (e *Engine) placeIndex() placement.Queues {
	if e.pidx != nil {
		return e.pidx
	}
	ix := placement.NewIndex()
	for _, q := range e.queues {
		ix.Add(q.path, placement.KindOf(e.model.Queue(q.path), e.model.Version))
	}
	e.pidx = ix
	return ix
}

// resolveTarget runs placement (when asked) and returns the queue name to
// submit to.
func (e *Engine) resolveTarget(s AppSpec) (string, string, error) {
	target := s.Queue
	if target == "" {
		target = "default"
	}
	if !s.Placement || e.rules == nil || len(e.rules.Rules) == 0 {
		return target, "", nil
	}
	user, groups, err := e.placementUser(s)
	if err != nil {
		return "", "", err
	}
	out := e.rules.Place(e.placeIndex(), placement.Request{User: user, Queue: s.Queue, AppName: s.AppName, Groups: groups})
	switch {
	case out.Rejected:
		return "", out.Rule, submitErr(ReasonPlacementRejected, "%s", placement.RejectMessage)
	case out.Decided:
		return out.Queue, out.Rule, nil
	}
	return target, "", nil
}

// lookupOrCreate finds the leaf for a name, creating missing queues of a
// full path under an auto-create parent. placed says a mapping rule chose
// the name (the RM then hands the scheduler an ApplicationPlacementContext).
func (e *Engine) lookupOrCreate(name string, placed bool) (*queue, []string, error) {
	if q := e.byPath[name]; q != nil {
		return q, nil, nil
	}
	if q := e.byShortName(name); q != nil {
		return q, nil, nil
	}
	if !strings.Contains(name, ".") || !e.autoOn || !e.mayCreate(placed) {
		return nil, nil, nil
	}
	created, leaf, err := e.createQueues(name)
	if err != nil {
		return nil, nil, err
	}
	return e.byPath[leaf], created, nil
}

// mayCreate reports whether a missing queue may be created for this
// submission. Before 3.4, CapacityScheduler.getOrCreateQueueFromPlacementContext
// creates a queue only from a placement context with a parent (a mapping
// rule's decision): an app submitted straight to a missing path is refused
// as submitted "to unknown queue". 3.4 (flexible auto-creation) builds the
// path from the submitted queue name when no rule placed the app.
func (e *Engine) mayCreate(placed bool) bool {
	return placed || e.model.Version.AtLeast(xmlconf.V3_4)
}

func anyQueueParallel(m *xmlconf.Model) bool {
	for _, q := range m.Queues {
		if q.MaxParallelApps.Set() {
			return true
		}
	}
	return false
}

// byShortName is CSQueueStore.get for a short name (Hadoop 3.3+): the queue,
// leaf or parent, when it is the only one (root aside) with that name; nil
// when none is or several are, an ambiguous reference. Older lines look
// the name up among leaves only.
func (e *Engine) byShortName(name string) *queue {
	if e.model.Version.Less(xmlconf.V3_3) {
		if leaves := e.model.Leaves[name]; len(leaves) == 1 {
			return e.byPath[leaves[0].Path]
		}
		return nil
	}
	if e.shortCount[name] == 1 {
		return e.shortQueue[name]
	}
	return nil
}

// ambiguous reports whether several queues share the short name
// (CSQueueStore.isAmbiguous).
func (e *Engine) ambiguous(name string) bool {
	return !e.model.Version.Less(xmlconf.V3_3) && e.shortCount[name] > 1
}

// indexShortNames counts the queues of the tree by short name, root
// aside (setModel).
func (e *Engine) indexShortNames() {
	e.shortQueue = map[string]*queue{}
	e.shortCount = map[string]int{}
	for _, q := range e.queues[1:] {
		e.shortCount[q.name]++
		e.shortQueue[q.name] = q
	}
}

// continueLookingLabelGate explains what capq does not model of an older
// release's continue-looking on labelled nodes. Before YARN-2695 (trunk,
// 2019), AbstractCSQueue.canAssignToThisQueue let a queue at its limit
// allocate by unreserving only on an unlabelled node ("TODO, now only
// consider reservation cases when the node has no label"), and the 2.8-era
// LeafQueue.canAssignToUser gated a user over its limit the same way. The
// first release without the gate (3.3.0, or a 3.2 maintenance release) is
// not settled here, so capq follows the newest code in every profile.
func continueLookingLabelGate(v xmlconf.Version) string {
	return "Hadoop " + v.String() + " may not unreserve to allocate on a labelled node (the gate YARN-2695 removed: " +
		"AbstractCSQueue.canAssignToThisQueue and LeafQueue.canAssignToUser continue looking only on unlabelled nodes); " +
		"capq continues looking in every partition, as Hadoop 3.3 and later do"
}
