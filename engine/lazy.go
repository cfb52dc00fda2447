package engine

import (
	"slices"

	"github.com/capq/capq/xmlconf"
)

// Lazy preemption (yarn.scheduler.capacity.lazy-preemption-enabled,
// YARN-4108, read from the 2.10 profile on). With it the policy does not
// kill a container still selected max_wait_before_kill after its mark: it
// sends MARK_CONTAINER_FOR_KILLABLE, and CapacityScheduler.
// markContainerForKillable keeps the container running, listed on its
// node (FiCaSchedulerNode.markContainerToKillable) and under its leaf and
// the leaf's parents (PreemptionManager.addKillableContainer). The
// scheduler kills it only when an allocation needs its room:
//   - a node's room for the minimum allocation counts its killable
//     containers (CapacityScheduler.allocateContainerOnSingleNode,
//     ParentQueue.canAssign);
//   - a parent's usage, for its own limit and for the limit it hands its
//     children, leaves out its subtree's killable resource
//     (AbstractCSQueue.canAssignToThisQueue's usedExceptKillable,
//     ParentQueue.getResourceLimitsOfChild); a leaf's does not (a leaf
//     cannot preempt itself);
//   - a leaf under its guarantee (AbstractLeafQueue.setPreemptionAllowed)
//     whose request finds no room on the node takes the node's killable
//     containers, one by one, until the request fits
//     (RegularContainerAllocator.assignContainer's toKillContainers), and
//     the commit kills them as preempted (CSAssignment.getContainersToKill,
//     released in the ResourceCommitRequest, whose released resource the
//     queue and user checks deduct: AbstractCSQueue.accept,
//     AbstractLeafQueue.accept).
//
// The policy leaves killable containers out of each queue's usage when it
// decides what to preempt (TempQueuePerPartition.assignPreemption's
// usedDeductKillable). FifoCandidatesSelector and
// IntraQueueCandidatesSelector skip them (getKillableContainers);
// QueuePriorityContainerCandidateSelector does not (its
// canPreemptEnoughResourceForAsked walks the node's running containers,
// killable or not), so a reservation it serves can select one again: it
// is marked again and, still selected, made killable again (see twice
// below). Nothing
// makes a container non-killable again: Hadoop handles
// MARK_CONTAINER_FOR_NONKILLABLE but nothing sends it (the policy's "TODO:
// need consider revert killable containers when no more demandings", and
// TestCapacitySchedulerLazyPreemption's @Ignore'd
// testPreemptionPolicyCleanupKillableContainersWhenNoPreemptionNeeded).
//
// With lazy preemption off (the default, and after a refresh turns it off
// once nothing is killable) e.lazy is nil and none of this runs: each hook is a nil test on a path where the node or queue has
// already been found short of room, or in a preemption round.

// lazyState is the scheduler's killable containers.
type lazyState struct {
	// killable are the killable containers in the order they became so.
	// A node walks its own in that order; Hadoop's FiCaSchedulerNode keeps
	// them in a HashMap keyed by ContainerId, whose order depends on
	// attempt ids capq does not model.
	killable []*container
	// toKill is what the last allocation that needed killable room takes
	// (for app a's request k on node n); commit kills them.
	toKill []*container
	a      *app
	k      *schedKey
	n      *node
	// twice is what PreemptableQueue.addKillableContainer counted more
	// than once, per leaf and partition: a killable container selected
	// again (QueuePriorityContainerCandidateSelector does not skip
	// killable containers) is made killable again, which the node ignores
	// (FiCaSchedulerNode.markContainerToKillable checks its map) but the
	// leaf and its parents add to their killable resource a second time;
	// removeKillableContainer takes it off once, so the excess stays.
	twice map[leafPart]Resource
	// off says a refresh turned the key off while containers were still
	// killable: the policy kills again, and those containers stay
	// killable (only markContainerForKillable reads the flag).
	off bool
	// walk is Options.WalkEveryLeaf as given, restored when a refresh
	// drops the state.
	walk bool
}

// leafPart is a leaf in a partition.
type leafPart struct {
	q  *queue
	pi int
}

// compileLazy returns the killable-container state when lazy preemption
// is on: the profile's Hadoop reads the key (2.10 on) and the preemption
// policy runs (without it nothing is ever made killable, and Hadoop
// schedules as without lazy preemption).
func compileLazy(m *xmlconf.Model, preemptOn bool) *lazyState {
	if !preemptOn || m.Conf == nil || m.Version.Less(xmlconf.V2_10) {
		return nil
	}
	p, ok := m.Conf.Lookup("yarn.scheduler.capacity.lazy-preemption-enabled")
	if !ok {
		return nil
	}
	if on, _ := xmlconf.HadoopGetBool(p.Value, false); !on {
		return nil
	}
	return &lazyState{}
}

// startLazy turns on lazy preemption's state (engine start or a refresh).
func (e *Engine) startLazy() {
	e.lazy = &lazyState{walk: e.opts.WalkEveryLeaf}
	// The pass's shortcuts (remembered passes, refusals, user-blocked
	// stamps) assume a node offers its free room only; killable room
	// changes that, so a lazy run walks every queue as Hadoop does.
	e.opts.WalkEveryLeaf = true
}

// refreshLazy is CapacityScheduler.reinitialize's "update lazy
// preemption": every Hadoop with the key re-reads it on refreshQueues.
// Every CapacityScheduler copy read that has isLazyPreemptionEnabled sets
// it in reinitialize as well as in initScheduler: the oldest is a late-2016
// trunk (loadCapacitySchedulerConfiguration, before YARN-5946's
// csConfProvider, with YARN-5716's ResourceCommitterService: the code 2.9.0
// and 3.0.0 grew from, so the 2.10 profile), then the 3.x ones through
// trunk. No 2.8-line copy was at hand; the 2.8 line has no profile.
// Only markContainerForKillable reads the flag, so a refresh that turns it
// off leaves killable containers killable (the nodes, PreemptionManager,
// the allocator and the policy go on counting them); the state goes only
// once nothing is killable.
func (e *Engine) refreshLazy(m *xmlconf.Model) {
	on := compileLazy(m, e.g.preempt.enabled) != nil
	switch {
	case on && e.lazy == nil:
		e.startLazy()
	case on:
		e.lazy.off = false
	case e.lazy != nil && len(e.lazy.killable) == 0 && len(e.lazy.twice) == 0:
		e.opts.WalkEveryLeaf = e.lazy.walk
		e.lazy = nil
	case e.lazy != nil:
		e.lazy.off = true
	}
}

// lazyMarks reports whether the policy makes containers killable rather
// than killing them (CapacityScheduler.isLazyPreemptionEnabled).
func (e *Engine) lazyMarks() bool { return e.lazy != nil && !e.lazy.off }

// LazyPreemption reports whether killable containers are kept until an
// allocation needs their room (lazy-preemption-enabled with the policy
// on).
func (e *Engine) LazyPreemption() bool { return e.lazy != nil }

// makeKillable is CapacityScheduler.markContainerForKillable with lazy
// preemption on.
func (e *Engine) makeKillable(c *container) {
	l := e.lazy
	if slices.Contains(l.killable, c) {
		if l.twice == nil {
			l.twice = map[leafPart]Resource{}
		}
		k := leafPart{c.a.q, c.node.pi}
		l.twice[k] = l.twice[k].Add(c.res)
	} else {
		l.killable = append(l.killable, c)
	}
	e.emit(Event{Kind: EvKillable, ContainerID: c.id, App: c.a.id, AppRef: c.a.ref, Queue: c.a.q.path, Node: c.node.id, NodeIndex: c.node.idx,
		Resource: c.res, Priority: c.priority, Locality: c.locality})
}

// isKillable reports whether c is killable.
func (e *Engine) isKillable(c *container) bool {
	return e.lazy != nil && slices.Contains(e.lazy.killable, c)
}

// dropKillable forgets c as it ends, however it ends
// (FiCaSchedulerNode.updateResourceForReleasedContainer and the leaf's
// PreemptionManager.removeKillableContainer).
func (l *lazyState) dropKillable(c *container) {
	if i := slices.Index(l.killable, c); i >= 0 {
		l.killable = slices.Delete(l.killable, i, i+1)
	}
}

// killableUnder is PreemptionManager.getKillableResource(q, partition pi):
// the killable containers of q's subtree on nodes of partition pi, and
// what PreemptableQueue counted twice there.
func (e *Engine) killableUnder(q *queue, pi int) Resource {
	var sum Resource
	for _, c := range e.lazy.killable {
		if c.node.pi == pi && under(c.a.q, q) {
			sum = sum.Add(c.res)
		}
	}
	for k, r := range e.lazy.twice {
		if k.pi == pi && under(k.q, q) {
			sum = sum.Add(r)
		}
	}
	return sum
}

// under reports whether leaf is q or below it.
func under(leaf, q *queue) bool {
	for x := leaf; x != nil; x = x.parent {
		if x == q {
			return true
		}
	}
	return false
}

// killableRoom reports whether node n holds the minimum allocation once
// its killable containers are counted (allocateContainerOnSingleNode and
// ParentQueue.canAssign: unallocated plus getTotalKillableResources).
// Callers ask only after the free room alone fell short.
func (e *Engine) killableRoom(n *node) bool {
	if e.lazy == nil {
		return false
	}
	free := n.free()
	for _, c := range e.lazy.killable {
		if c.node == n {
			free = free.Add(c.res)
		}
	}
	return e.g.rc.fitsIn(e.g.minAlloc, free)
}

// parentRoomWithKillable is canAssignToThisQueue for parent q at or over
// its current limit cur with usage used: its usage less its subtree's
// killable resource must be under the limit (or get under it by what
// continue-looking could unreserve). It sets the headroom from that
// usage, as Hadoop does for a parent.
func (e *Engine) parentRoomWithKillable(q *queue, lim *limits, cur, used, couldUnreserve Resource) bool {
	rc := &e.g.rc
	used = used.Sub(e.killableUnder(q, lim.pi))
	lim.headroom = cur.Sub(used)
	if rc.less(used, cur) {
		return true
	}
	return e.g.continueLooking && rc.positive(couldUnreserve) && rc.less(used.Sub(couldUnreserve), cur)
}

// childRoomUsed is the parent's usage getResourceLimitsOfChild subtracts
// from its limit: its usage less its subtree's killable resource.
func (e *Engine) childRoomUsed(q *queue, pi int, used Resource) Resource {
	if e.lazy == nil {
		return used
	}
	return used.Sub(e.killableUnder(q, pi))
}

// preemptionAllowed is AbstractLeafQueue.setPreemptionAllowed for leaf q
// on a node of partition pi: only a leaf under its guarantee may take
// killable room. Trunk's AbstractLeafQueue compares the usage with the
// effective minimum resource when there is one; the 3.0-era LeafQueue
// compares absolute used capacity with absolute capacity. capq's 3.4
// profile follows trunk, the older ones the capacities (the release that
// changed it is not settled; under the default calculator both agree but
// for rounding).
func (e *Engine) preemptionAllowed(q *queue, pi int) bool {
	if !e.model.Version.Less(xmlconf.V3_4) {
		if g := q.guaranteeIn(pi); !g.IsZero() {
			return e.g.rc.less(q.usedIn(pi), g)
		}
	}
	absCap, _ := q.absCapsIn(pi)
	return e.absUsedCapacityIn(q, pi) < absCap
}

// killToFit is assignContainer's search for killable room for app a's
// request k (capab) on node n, which has too little free: the node's
// killable containers are taken in turn until the request fits in the
// free room and theirs. It records them for commit and reports whether
// the request fits.
func (e *Engine) killToFit(a *app, k *schedKey, n *node, capab Resource) bool {
	l := e.lazy
	l.forgetKills()
	if !e.preemptionAllowed(a.q, n.pi) {
		return false
	}
	room := n.free()
	for _, c := range l.killable {
		if c.node != n {
			continue
		}
		l.toKill = append(l.toKill, c)
		room = room.Add(c.res)
		if e.g.rc.fitsIn(capab, room) {
			l.a, l.k, l.n = a, k, n
			return true
		}
	}
	l.toKill = l.toKill[:0]
	return false
}

// forgetKills drops what an earlier search chose: toKillContainers is
// local to one assignContainer call, so a proposal that was skipped or
// never committed must not make a later allocation of the same request
// on the same node, one that fits in the free room, kill anything.
func (l *lazyState) forgetKills() {
	l.toKill, l.a, l.k, l.n = l.toKill[:0], nil, nil, nil
}

// takeKills returns (and forgets) the containers the allocation of app a's
// request k on node n is to kill.
func (e *Engine) takeKills(a *app, k *schedKey, n *node) []*container {
	l := e.lazy
	if l.a != a || l.k != k || l.n != n {
		return nil
	}
	l.a, l.k, l.n = nil, nil, nil
	return l.toKill
}

// killForAllocation kills the containers an accepted allocation takes the
// room of, as preempted (the commit's containers to release).
func (e *Engine) killForAllocation(kills []*container) {
	for _, c := range slices.Clone(kills) {
		if e.why != nil {
			e.note("killed killable container %d of app %s on %s for its room", c.id, c.a.id, c.node.id)
		}
		e.release(c, EvPreempted)
	}
}

// lazyAlready adds the killable containers to a selector's set of
// containers to skip (the selectors' "Skip already marked to killable
// containers").
func (e *Engine) lazyAlready(already map[*container]bool) {
	if e.lazy == nil {
		return
	}
	for _, c := range e.lazy.killable {
		already[c] = true
	}
}
