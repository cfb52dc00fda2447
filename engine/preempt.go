package engine

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// preemptConf holds ProportionalCapacityPreemptionPolicy settings.
type preemptConf struct {
	enabled            bool
	observeOnly        bool
	intervalMS         int64
	maxWaitMS          int64
	perRound           float32
	maxIgnoredOver     float32
	naturalTermination float32
	// onReserved runs the ReservedContainerCandidatesSelector before the
	// FIFO one.
	onReserved bool
	// balance adds the FIFO selector that balances queues beyond their
	// guarantees (preemption-to-balance-queue-after-satisfied), whose
	// containers wait balanceWaitMS before they are killed.
	balance       bool
	balanceWaitMS int64
	// intra runs the IntraQueueCandidatesSelector after the FIFO ones.
	intra intraConf
	// crossConservative is conservative-drf for the FIFO and reserved
	// selectors (try).
	crossConservative bool
	// under runs the QueuePriorityContainerCandidateSelector first.
	under underConf
}

// preemptState remembers when each container was first selected, so it
// is killed only after max-wait-before-kill (the policy's
// preemptionCandidates map).
type preemptState struct {
	marked map[int64]int64
	// resvMade is when each reservation was made (RMContainer's creation
	// time, QueuePriorityContainerCandidateSelector's reservation age),
	// kept while the selector runs.
	resvMade map[int64]int64
	// tqs holds the round's queue snapshots (tq_slab.go).
	tqs tqSlab
	// ideal is the ideal assignment's scratch (idealBuf).
	ideal idealBuf
	// kept holds each calculator's trees, per partition, between rounds
	// (preempt_tree.go).
	kept [3][]keptTree
	// cands are the leaves the last computeIdeal left something to be
	// preempted (preempt_cand.go).
	cands leafCands
	// selBuf, markBuf and killBuf are PreemptCounts' lists, reused
	// between rounds (nothing outside the round sees them).
	selBuf, markBuf, killBuf []int64
	// chosen is selectFifo's set of chosen containers (fifoSet).
	chosen map[*container]bool
}

func compilePreempt(p xmlconf.Preemption) preemptConf {
	return preemptConf{
		enabled: p.Enabled.V, observeOnly: p.ObserveOnly.V,
		intervalMS: p.MonitoringIntervalMS.V, maxWaitMS: p.MaxWaitBeforeKillMS.V,
		perRound: p.TotalPreemptionPerRound.V, maxIgnoredOver: p.MaxIgnoredOverCapacity.V,
		naturalTermination: p.NaturalTerminationFactor.V, onReserved: p.SelectOnReservedContainers.V,
		balance: p.BalanceAfterSatisfied.V, balanceWaitMS: p.BalanceMaxWaitMS.V,
		intra: intraConf{enabled: p.IntraQueuePreemptionEnable.V, minThreshold: p.IntraQueueMinThreshold.V,
			maxAllowable: p.IntraQueueMaxAllowable.V, userLimitFirst: !strings.EqualFold(p.IntraQueueOrder.V, "priority_first"),
			conservative: p.InQueueConservativeDRF.V},
		crossConservative: p.CrossQueueConservativeDRF.V,
		under:             underConf{enabled: p.Underutilized.V, delayMS: p.UnderutilizedDelayMS.V},
	}
}

// PreemptionResult reports one monitoring round.
type PreemptionResult struct {
	// Selected are the containers the selector chose this round; Marked
	// those of them first chosen now (MARK_CONTAINER_FOR_PREEMPTION);
	// Killed those chosen for max_wait_before_kill and killed now.
	// Reservations chosen are released at once and listed in Selected.
	Selected, Marked, Killed []int64
	// MarkedByApp and KilledByApp count Marked and Killed per application.
	MarkedByApp, KilledByApp map[string]int
	// Killable are those chosen for max_wait_before_kill that lazy
	// preemption made killable rather than killed (lazy.go), counted per
	// application in KillableByApp.
	Killable      []int64
	KillableByApp map[string]int
	// ToObtain is what each leaf should give back this round
	// (actuallyToBePreempted), for the leaves that give anything.
	ToObtain map[string]Resource
}

// PreemptionEnabled reports whether the configuration turns the
// ProportionalCapacityPreemptionPolicy on.
func (e *Engine) PreemptionEnabled() bool { return e.g.preempt.enabled }

// PreemptionInterval returns monitoring_interval in milliseconds.
func (e *Engine) PreemptionInterval() int64 { return e.g.preempt.intervalMS }

// Preempt runs one round of the ProportionalCapacityPreemptionPolicy at
// simulated time nowMS (call it every monitoring interval), as
// containerBasedPreemptOrKill does with the FifoCandidatesSelector:
// the ideal assignment (preempt_ideal.go), what each leaf gives back
// (resToObtain), the victims (preempt_select.go), then
// preemptOrkillSelectedContainerAfterWait: a container first selected is
// marked; one selected again max_wait_before_kill after its mark is
// killed (EvPreempted). With observe_only nothing is marked or killed.
func (e *Engine) Preempt(nowMS int64) PreemptionResult {
	res := PreemptionResult{ToObtain: map[string]Resource{}, MarkedByApp: map[string]int{}, KilledByApp: map[string]int{}, KillableByApp: map[string]int{}}
	e.preempt(nowMS, &res)
	return res
}

// PreemptCounts runs the same round as Preempt and returns only how many
// containers it selected and killed (or, with lazy preemption, made
// killable: either changes what a heartbeat can do). It fills none of Preempt's maps
// (by leaf and by application), which a simulator that reads only the
// counts would build and drop every round: on #19's contended day their
// map insertions were 1% of the run.
func (e *Engine) PreemptCounts(nowMS int64) (selected, killed int) {
	res := PreemptionResult{Selected: e.pre.selBuf[:0], Marked: e.pre.markBuf[:0], Killed: e.pre.killBuf[:0]}
	e.preempt(nowMS, &res)
	e.pre.selBuf, e.pre.markBuf, e.pre.killBuf = res.Selected, res.Marked, res.Killed
	return len(res.Selected), len(res.Killed) + len(res.Killable)
}

// preempt is one round; res's maps, when nil, are not filled.
func (e *Engine) preempt(nowMS int64, res *PreemptionResult) {
	pc := e.g.preempt
	// The whole cluster: one whose nodes all have labels still has some.
	if !pc.enabled || e.all.IsZero() {
		return
	}
	e.pre.tqs.reset() // no slab snapshot outlives its round
	// totalPreemptionAllowed is of the whole cluster, shared by every
	// partition (containerBasedPreemptOrKill).
	allowed := multiplyTrunc(e.all, float64(pc.perRound))
	// The selectors in ProportionalCapacityPreemptionPolicy.init's order,
	// sharing the round's allowance and skipping what an earlier one chose.
	var selected []*container
	if pc.under.enabled {
		selected = e.selectQueuePriority(&allowed, nowMS)
	}
	if pc.onReserved {
		selected = append(selected, e.selectOnReserved(e.computeIdeal(allowed, idealMode{onReserved: true}), &allowed, selected)...)
	}
	under := e.underServedSets()
	parts := e.computeIdeal(allowed, idealMode{under: under})
	leaves := parts // the balance selector replaces them
	if res.ToObtain != nil {
		e.collectToObtain(parts, res)
	}
	selected = append(selected, e.selectFifo(parts, &allowed, selected, !pc.observeOnly)...)
	wait := map[*container]int64{}
	if pc.balance {
		selected = e.selectBalance(&allowed, under, &leaves, selected, wait)
	}
	if pc.intra.enabled {
		selected = append(selected, e.selectIntra(leaves, under, &allowed, selected)...)
	}
	for _, c := range selected {
		res.Selected = append(res.Selected, c.id)
	}
	if !pc.observeOnly {
		e.markOrKill(selected, wait, nowMS, res)
	}
}

// underServedSets returns the sets the intra-queue selector reads, or nil
// without that selector: nothing else reads them, and keeping them costs
// a map insertion per queue handed out.
func (e *Engine) underServedSets() *underServed {
	if !e.g.preempt.intra.enabled {
		return nil
	}
	return newUnderServed(len(e.parts))
}

// collectToObtain records what each leaf should give back this round.
func (e *Engine) collectToObtain(parts [][]*tq, res *PreemptionResult) {
	for _, k := range e.leafCandidates(parts) {
		for _, pl := range parts {
			if pl == nil {
				continue
			}
			if t := pl[k]; !t.toObtain.IsZero() && e.g.rc.positive(t.toObtain) {
				res.ToObtain[t.q.path] = res.ToObtain[t.q.path].Add(t.toObtain)
			}
		}
	}
}

// selectBalance is the second FifoCandidatesSelector, balancing queues
// beyond their guarantees, whose containers wait its own kill time.
func (e *Engine) selectBalance(allowed *Resource, under *underServed, leaves *[][]*tq, selected []*container, wait map[*container]int64) []*container {
	pc := e.g.preempt
	for _, c := range e.selectFifo(e.balanceLeaves(*allowed, under, leaves), allowed, selected, !pc.observeOnly) {
		selected = append(selected, c)
		wait[c] = pc.balanceWaitMS
	}
	return selected
}

// balanceLeaves runs the queue-balance selector's ideal computation; its
// leaves, per partition, become the round's context for the selectors
// after it.
func (e *Engine) balanceLeaves(allowed Resource, under *underServed, leaves *[][]*tq) [][]*tq {
	parts := e.computeIdeal(allowed, idealMode{balance: true, under: under})
	*leaves = parts
	return parts
}

// computeIdeal is PreemptableResourceCalculator.computeIdealAllocation on
// a snapshot of the queues (kept from the last round where nothing
// changed, preempt_tree.go; fresh with the intra-queue selector or the
// cache switched off): for every partition (getAllPartitions:
// the default one and each cluster node label) the tree is cloned with
// that partition's usage, guarantees and demand and balanced on its own,
// against the one cluster-wide allowance. It returns, per partition
// index, the leaves in the policy's order with what each should give
// back. A labelled partition without resource is skipped (nothing can be
// used or freed there). The under-served queues the intra-queue selector
// reads are collected per partition (addPartitionToUnderServedQueues).
func (e *Engine) computeIdeal(allowed Resource, m idealMode) [][]*tq {
	m.buf, m.lazy = &e.pre.ideal, e.lazy != nil
	out := make([][]*tq, len(e.parts))
	e.pre.cands.begin(out)
	defer e.pre.cands.end()
	for pi := range e.parts {
		if pi > 0 && e.parts[pi].res.IsZero() {
			continue
		}
		// Killable containers change a queue's usedDeductKillable
		// without changing the queue: a lazy round takes a fresh tree.
		if m.under != nil || preemptCacheMode == cacheOff || e.lazy != nil {
			out[pi] = e.freshIdeal(allowed, m, pi)
			continue
		}
		out[pi] = e.keptIdeal(allowed, m, pi)
		if preemptCacheMode == cacheCheck {
			e.checkKept(out[pi], e.freshIdeal(allowed, m, pi))
		}
	}
	return out
}

// freshIdeal is computeIdeal's work for partition pi on a fresh snapshot.
func (e *Engine) freshIdeal(allowed Resource, m idealMode, pi int) []*tq {
	rc := &e.g.rc
	root := e.snapshotQueuesIn(e.root, pi)
	e.updatePreemptableExtrasIn(root, pi)
	root.ideal = root.guaranteed
	rc.idealAssignment(root, allowed, m)
	leaves := e.leafOrder(root)
	for i, t := range leaves {
		t.ord = int32(i)
		e.resToObtain(t, m.onReserved)
		if !t.toBePreempted.IsZero() {
			e.pre.cands.add(t)
		}
	}
	return leaves
}

// resToObtain is calculateResToObtainByPartitionForLeafQueues: a leaf that
// allows preemption and uses more than guaranteed × (1 +
// max_ignored_over_capacity) gives back toBePreempted, times
// natural_termination_factor rounded half up except for the reserved
// selector (YARN-4390: a fraction of one big container frees nothing).
func (e *Engine) resToObtain(t *tq, onReserved bool) {
	pc, rc := &e.g.preempt, &e.g.rc
	t.toObtain = Resource{}
	// Nothing to be preempted gives nothing, whichever way the tests
	// below go (most leaves of a wide tree, every round).
	if t.toBePreempted.IsZero() || t.disabled || !rc.greater(t.used, multiplyTrunc(t.guaranteed, 1+float64(pc.maxIgnoredOver))) {
		return
	}
	t.toObtain = t.toBePreempted
	if !onReserved && rc.positive(t.toObtain) {
		t.toObtain = rc.multiplyAndNormalizeUp(t.toBePreempted, float64(pc.naturalTermination), Resource{1, 1})
	}
}

// markOrKill is preemptOrkillSelectedContainerAfterWait followed by
// cleanupStaledPreemptionCandidates: marks survive rounds that do not
// select the container until they are older than twice the wait. A
// container chosen by the queue-balance selector waits that selector's
// time (wait); the others max_wait_before_kill.
func (e *Engine) markOrKill(selected []*container, wait map[*container]int64, nowMS int64, res *PreemptionResult) {
	pc := e.g.preempt
	if e.pre.marked == nil {
		e.pre.marked = map[int64]int64{}
	}
	for _, c := range selected {
		if c.reserved {
			// KILL_RESERVED_CONTAINER already released it; Hadoop still
			// sends its MARK_CONTAINER_FOR_PREEMPTION, so it counts.
			res.Marked = append(res.Marked, c.id)
			countApp(res.MarkedByApp, c.a.id)
			continue
		}
		at, seen := e.pre.marked[c.id]
		w, ok := wait[c]
		if !ok {
			w = pc.maxWaitMS
		}
		switch {
		case seen && at+w <= nowMS && e.lazyMarks():
			delete(e.pre.marked, c.id)
			res.Killable = append(res.Killable, c.id)
			countApp(res.KillableByApp, c.a.id)
			e.makeKillable(c)
		case seen && at+w <= nowMS:
			delete(e.pre.marked, c.id)
			res.Killed = append(res.Killed, c.id)
			countApp(res.KilledByApp, c.a.id)
			e.release(c, EvPreempted)
		case !seen:
			e.pre.marked[c.id] = nowMS
			res.Marked = append(res.Marked, c.id)
			countApp(res.MarkedByApp, c.a.id)
			e.emit(Event{Kind: EvMarked, ContainerID: c.id, App: c.a.id, AppRef: c.a.ref, Queue: c.a.q.path, Node: c.node.id, NodeIndex: c.node.idx,
				Resource: c.res, Priority: c.priority, Locality: c.locality})
		}
	}
	for id, at := range e.pre.marked {
		if at+2*pc.maxWaitMS < nowMS || e.container(id) == nil {
			delete(e.pre.marked, id)
		}
	}
}

// countApp counts one more container of app id in m, unless m is nil
// (PreemptCounts).
func countApp(m map[string]int, id string) {
	if m != nil {
		m[id]++
	}
}

// AMPriority is the request priority of an ApplicationMaster container
// (RMAppAttemptImpl.AM_CONTAINER_PRIORITY). Containers allocated at it are
// the apps' AMs, which preemption spares as long as it can; a driver that
// requests AM containers (the simulator) asks at this priority.
const AMPriority = 0
