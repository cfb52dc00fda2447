package engine

import "sort"

// This file holds what a labelled node's heartbeat adds to a pass
// (CapacityScheduler.allocateOrReserveNewContainers): the node's own
// partition first, then, on a non-exclusive partition, default-partition
// requests in IGNORE_PARTITION_EXCLUSIVITY mode.

// assignLabelled is one pass for a node in a labelled partition.
func (e *Engine) assignLabelled(n *node) result {
	// allocateContainerOnSingleNode counts the node's killable containers
	// whatever its partition (lazy.go).
	if !e.roomFits(e.g.minAlloc, n) && !e.killableRoom(n) {
		if e.why != nil {
			e.noteNoRoom(n)
		}
		return result{}
	}
	p := &e.parts[n.pi]
	r, _ := e.assignParent(e.root, n, limits{limit: p.res, pi: n.pi})
	if r.assigned() || p.exclusive {
		if !r.assigned() && e.why != nil {
			e.note("node %s is in exclusive partition %q: only requests for it", n.id, p.name)
		}
		return r
	}
	// "now we only consider limits for parent for non-labeled resources":
	// the root's limit is the default partition's resource.
	r, _ = e.assignParent(e.root, n, limits{limit: e.cluster, pi: n.pi, ignore: true})
	return r
}

// childOrder returns q's children in PriorityUtilizationQueueOrderingPolicy
// order for partition pi: the incrementally kept order for the default
// partition, a fresh sort for a labelled one (2.7: the default order for
// every node, order27.go).
func (e *Engine) childOrder(q *queue, pi int) []*queue {
	if pi == 0 || e.g.order27 {
		e.sortChildren(q)
		return q.order
	}
	lp := &q.parts[pi]
	lp.order = append(lp.order[:0], q.children...)
	for _, c := range lp.order {
		cp := &c.parts[pi]
		if cp.absCap == 0 {
			cp.sortUsed = e.absUsedCapacityIn(c, pi)
		} else {
			cp.sortUsed = e.usedCapacityIn(c, pi)
		}
	}
	sort.SliceStable(lp.order, func(i, j int) bool { return e.partitionCompare(q, lp.order[i], lp.order[j], pi) < 0 })
	return lp.order
}

// partitionCompare is the comparator for a labelled partition: queues
// that can access it first (compareQueueAccessToPartition), then as for
// the default partition with the partition's capacities, usage and
// configured minimum resources.
func (e *Engine) partitionCompare(p, a, b *queue, pi int) int {
	ap, bp := &a.parts[pi], &b.parts[pi]
	switch {
	case ap.accessible && !bp.accessible:
		return -1
	case bp.accessible && !ap.accessible:
		return 1
	case ap.absCap > 0 && bp.absCap == 0:
		return -1
	case bp.absCap > 0 && ap.absCap == 0:
		return 1
	}
	var pa, pb int32
	if p.respectPriority {
		pa, pb = a.priority, b.priority
	}
	if c := utilCompare(float64(ap.sortUsed), float64(bp.sortUsed), pa, pb); c != 0 {
		return c
	}
	// The partition's own configured minimums, as for the default
	// partition (PriorityQueueComparator.compare reads
	// getConfiguredMinResource(partition)).
	if c := tieBreak(ap.configuredMin, bp.configuredMin, ap.absCap, bp.absCap); c != 0 {
		return c
	}
	return cmp64(int64(a.pos), int64(b.pos))
}

// pendingIn is the app's outstanding ANY containers for partition pi.
func (a *app) pendingIn(pi int) int64 {
	if pi == 0 {
		return a.pending
	}
	if pi < len(a.lpend) {
		return a.lpend[pi]
	}
	return 0
}

// waitingForAM is SchedulerApplicationAttempt.isWaitingForAMContainer:
// the app models its AM container and it is not allocated yet.
func (a *app) waitingForAM(*schedKey) bool { return a.amContainer && !a.amAllocated }

// AMActivatedDiag is an activated app's diagnostics while its AM
// container waits to be placed (SchedulerApplicationAttempt.AMState.
// ACTIVATED, set by LeafQueue.activateApplications; Hadoop's text ends
// with a space).
const AMActivatedDiag = "Application is Activated, waiting for resources to be assigned for AM."

// ClusterEmptyDiag is an app's diagnostics when it is submitted to an
// empty cluster (CSAMContainerLaunchDiagnosticsConstants.
// CLUSTER_RESOURCE_EMPTY, set by LeafQueue.addApplicationAttempt).
const ClusterEmptyDiag = "Skipping AM assignment as cluster resource is empty."

// askAMContainer adds the AM container request of an app being submitted
// (RMAppAttemptImpl's AM ResourceRequest: ANY, AMPriority, the AM's
// partition); the app stays ACCEPTED until it is allocated.
func (e *Engine) askAMContainer(a *app) {
	ask := Ask{Priority: AMPriority, ResourceName: AnyResource, Resource: a.am, Count: 1}
	if e.normalizeAsk(a.q, &ask) != nil {
		ask.Resource = a.am
	}
	e.voidApp(a)
	k := a.key(AMPriority, true)
	k.capability, k.any, k.pi = ask.Resource, 1, a.amPart
	a.requestPartition(a.amPart)
	a.recountPending()
	a.state = StateAccepted
	e.syncAsking(a)
}

// noteAllocated marks an app's AM container placed when c, allocated for
// k, is it: the app is RUNNING.
func (a *app) noteAllocated(k *schedKey, c *container) {
	if a.amContainer && !a.amAllocated && k.priority == AMPriority {
		a.amAllocated, a.amID = true, c.id
		a.state = StateRunning
		a.diag = ""
	}
}
