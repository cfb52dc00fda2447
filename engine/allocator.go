package engine

// allocState mirrors RegularContainerAllocator's AllocationState.
type allocState uint8

const (
	stAllocated allocState = iota
	stReserved
	stPrioritySkipped
	stLocalitySkipped
	stAppSkipped
	stQueueSkipped
)

// It stays two words (the pass's scheduling mode and a multi-node pass's
// node travel beside it): it is returned by value through every call of
// the allocation path, and a bigger one cost BenchmarkAllocation several
// percent.
type allocResult struct {
	state    allocState
	locality Locality
	unres    *container // reservation to release (continue-looking)
}

// assignApp is RegularContainerAllocator.assignContainers without a
// reserved container: request priorities in order; a priority skipped
// outright moves on, anything else ends the app's turn.
func (e *Engine) assignApp(a *app, n *node, lim *limits) result {
	for _, k := range a.keys {
		if k.any <= 0 {
			continue
		}
		var r allocResult
		at := n
		if n == nil { // a multi-node pass
			r, at = e.allocateKeyMulti(a, k, lim)
		} else {
			r = e.allocateKey(a, k, n, lim, nil)
		}
		switch r.state {
		case stPrioritySkipped:
			continue
		case stAllocated, stReserved:
			return e.commit(a, k, at, r, lim.ignore, nil)
		case stQueueSkipped:
			return result{flags: flagQueueLim}
		case stAppSkipped:
			return result{flags: flagSkipOther}
		default:
			return result{}
		}
	}
	return result{flags: flagSkipOther}
}

// allocateKey is RegularContainerAllocator.allocate for one priority on
// one node, with preCheckForNodeCandidateSet and tryAllocateOnNode.
func (e *Engine) allocateKey(a *app, k *schedKey, n *node, lim *limits, reservedC *container) allocResult {
	if reservedC == nil {
		// RegularContainerAllocator#preCheckRequest: no AM container in
		// ignore-exclusivity mode unless AM_ALLOW_NON_EXCLUSIVE_ALLOCATION
		// (3.4, YARN-11088) allows it.
		if lim.ignore && a.waitingForAM(k) && !e.g.amNonExclusive {
			return allocResult{state: stAppSkipped}
		}
		if k.pi != lim.look() {
			return allocResult{state: stPrioritySkipped} // precheckNode
		}
		if !e.g.continueLooking && !e.shouldAllocOrReserveNew(a, k) {
			return allocResult{state: stPrioritySkipped}
		}
		if e.g.ul27 {
			a.ulRequired, a.ulSet = k.capability, true // computeUserLimitAndSetHeadroom, before the queue check
		}
		if !e.checkHeadroom(a, k, lim) {
			if e.why != nil {
				rc, room := &e.g.rc, e.headroomFor(a, lim)
				e.note("app %s: %s request does not fit the queue headroom %s%s", a.id, rc.resText(k.capability), rc.resText(room), rc.orderText(k.capability, ">", room))
			}
			return allocResult{state: stQueueSkipped}
		}
		if e.g.ul27 && !e.userCheck27(a, k, lim) {
			return allocResult{state: stAppSkipped} // 2.7: break, the next app
		}
		e.nodeTouches++ // from here the pass reads or changes more than queue state (passmemo.go)
		if k.pi == 0 {
			k.missedNP++
		}
		if lim.ignore && k.missedNP < int64(e.nodesAlive) {
			if e.why != nil {
				e.note("app %s priority %d: default-partition request waits for unlabelled nodes (%d of %d missed opportunities)", a.id, k.priority, k.missedNP, e.nodesAlive)
			}
			return allocResult{state: stAppSkipped}
		}
		k.missed++
	}
	r := e.assignOnNode(a, k, n, lim, reservedC)
	if reservedC == nil && r.state == stPrioritySkipped {
		k.missed-- // skipped nodes are not scheduling opportunities
	}
	return r
}

// checkHeadroom is RegularContainerAllocator.checkHeadroom: headroom plus
// what could be unreserved must hold the request. What could be
// unreserved is the app's reservations in the node's partition
// (getAppAttemptResourceUsage().getReserved(nodePartition)), in a labelled
// partition too, as the newest code reads. Older releases (2.7's and the
// 2.8-era RegularContainerAllocator) counted none on a labelled node
// (!nodePartition.equals(NO_LABEL)); which release dropped that gate is not
// settled (YARN-2695 is a guess), so every profile follows the newest code.
func (e *Engine) checkHeadroom(a *app, k *schedKey, lim *limits) bool {
	return e.g.rc.greaterEq(e.headroomFor(a, lim), k.capability)
}

// headroomFor is the headroom checkHeadroom allows: the queue's, plus
// what continue-looking could unreserve of the app's reservations.
func (e *Engine) headroomFor(a *app, lim *limits) Resource {
	if e.g.continueLooking && !a.reserved.IsZero() {
		return lim.headroom.Add(e.reservedIn(a, lim.pi))
	}
	return lim.headroom
}

// shouldAllocOrReserveNew is RegularContainerAllocator.
// shouldAllocOrReserveNewContainer: more containers wanted than reserved,
// with a starvation bonus for repeatedly re-reserved requests.
func (e *Engine) shouldAllocOrReserveNew(a *app, k *schedKey) bool {
	return e.starvedAt(a, k, e.reReservations(k))
}

// starvedAt is shouldAllocOrReserveNew with reRes re-reservations.
func (e *Engine) starvedAt(a *app, k *schedKey, reRes int) bool {
	starvation := 0
	if k.numRes > 0 {
		nodeFactor := e.g.rc.ratio(k.capability, a.q.maxAlloc)
		f := min(nodeFactor, a.q.minAllocFactor)
		starvation = int(float32(reRes) / float32(k.numRes) * (1 - f))
	}
	return starvation+k.any-k.numRes > 0
}

// assignOnNode is assignContainersOnNode: node-local, then rack-local,
// then off-switch, each behind its locality check.
func (e *Engine) assignOnNode(a *app, k *schedKey, n *node, lim *limits, reservedC *container) allocResult {
	if k.count(n.host) > 0 {
		if e.canAssignLocality(a, k, n, NodeLocal, reservedC) {
			r := e.assignContainer(a, k, n, lim, NodeLocal, reservedC)
			if r.state == stAllocated || r.state == stReserved {
				return r
			}
		}
	}
	if k.count(n.rack) > 0 {
		if k.noRelax(n.rack) {
			return allocResult{state: stPrioritySkipped}
		}
		if e.canAssignLocality(a, k, n, RackLocal, reservedC) {
			r := e.assignContainer(a, k, n, lim, RackLocal, reservedC)
			if r.state == stAllocated || r.state == stReserved {
				return r
			}
		}
	}
	if k.any > 0 {
		if k.anyNoRelax {
			return allocResult{state: stPrioritySkipped}
		}
		if !e.canAssignLocality(a, k, n, OffSwitch, reservedC) {
			if e.why != nil {
				e.note("app %s priority %d: off-switch delayed by locality (%d missed opportunities)", a.id, k.priority, k.missed)
			}
			return allocResult{state: stAppSkipped}
		}
		r := e.assignContainer(a, k, n, lim, OffSwitch, reservedC)
		if r.state == stLocalitySkipped {
			r.state = stAppSkipped
		}
		return r
	}
	return allocResult{state: stPrioritySkipped}
}

// canAssignLocality is RegularContainerAllocator.canAssign: delay
// scheduling by missed opportunities.
func (e *Engine) canAssignLocality(a *app, k *schedKey, n *node, t Locality, reservedC *container) bool {
	nodes := int64(e.nodesAlive)
	if t == OffSwitch {
		return reservedC != nil || e.offSwitchAllowed(k)
	}
	if k.count(n.rack) <= 0 {
		return false
	}
	if t == RackLocal {
		return min(nodes, int64(e.g.nodeLocalityDelay)) < k.missed
	}
	return k.count(n.host) > 0
}

// offSwitchAllowed is canAssignLocality's off-switch case without a
// reservation: a request with only an ANY ask is never delayed; one with
// locality asks waits for missed opportunities in proportion to its
// locations (or rack-locality-additional-delay).
func (e *Engine) offSwitchAllowed(k *schedKey) bool {
	nodes := int64(e.nodesAlive)
	if nodes == 0 {
		return false
	}
	uniq := k.uniqueLocations()
	if uniq == 1 {
		return true
	}
	if e.g.rackAddDelay > -1 {
		return k.missed > min(nodes, int64(e.g.nodeLocalityDelay)+int64(e.g.rackAddDelay))
	}
	wait := min(float32(max(uniq-1, 0))/float32(nodes), 1)
	return min(float32(nodes), float32(k.any)*wait) < float32(k.missed)
}

// assignContainer is RegularContainerAllocator.assignContainer: allocate
// when the node has room (unreserving elsewhere first when limits need
// it), reserve when it does not.
func (e *Engine) assignContainer(a *app, k *schedKey, n *node, lim *limits, t Locality, reservedC *container) allocResult {
	rc := &e.g.rc
	capab := k.capability
	if !rc.lessEq(capab, n.total) {
		if e.why != nil {
			e.note("app %s: %s request is larger than node %s's %s%s", a.id, rc.resText(capab), n.id, rc.resText(n.total), rc.orderText(capab, ">", n.total))
		}
		return allocResult{state: stLocalitySkipped}
	}
	shouldNew := e.shouldAllocOrReserveNew(a, k)
	avail := rc.availableContainers(n.free(), capab)
	if avail <= 0 {
		e.roomShort(capab)
		if e.lazy != nil && e.killToFit(a, k, n, capab) {
			avail = 1 // toKillContainers (lazy.go)
		}
	} else if e.lazy != nil {
		e.lazy.forgetKills() // toKillContainers is this call's own
	}
	needRes := rc.max(capab.Sub(lim.headroom), lim.needUnreserve)
	needToUnreserve := rc.anyMajorAboveZero(needRes)
	if avail > 0 {
		var unres *container
		if reservedC == nil && e.g.continueLooking && (!shouldNew || needToUnreserve) {
			if !needToUnreserve {
				needRes = capab
			}
			unres = e.findToUnreserve(a, k, needRes)
			if unres == nil {
				if e.why != nil {
					// needRes may be negative in a component the headroom covers.
					e.note("app %s: would need to unreserve %s first but has no such reservation", a.id, rc.resText(componentwiseMax(needRes, Resource{})))
				}
				return allocResult{state: stLocalitySkipped}
			}
		}
		return allocResult{state: stAllocated, locality: t, unres: unres}
	}
	if shouldNew || reservedC != nil {
		if e.g.continueLooking && reservedC == nil && needToUnreserve {
			if e.why != nil {
				e.note("app %s: a new reservation would need an unreserve", a.id)
			}
			return allocResult{state: stLocalitySkipped}
		}
		return allocResult{state: stReserved, locality: t}
	}
	return allocResult{state: stLocalitySkipped}
}

// findToUnreserve is FiCaSchedulerApp.getNodeIdToUnreserve: the first
// reservation at this priority big enough.
func (e *Engine) findToUnreserve(a *app, k *schedKey, need Resource) *container {
	for _, c := range a.resv {
		if c.priority == k.priority && e.g.rc.fitsIn(need, c.res) {
			return c
		}
	}
	return nil
}

// allocateFromReserved serves a node's reservation
// (CapacityScheduler.allocateFromReservedContainer): the leaf is asked
// with the cluster as its limit and no queue or user checks.
func (e *Engine) allocateFromReserved(n *node) result {
	c := n.reserved
	a := c.a
	lim := limits{limit: e.cluster, pi: n.pi}
	k := c.reqKey()
	if k == nil {
		panic("engine: a reservation's request is not its app's") // stopAttempt gives reservations up before the keys
	}
	if k.any <= 0 {
		if e.why != nil {
			e.note("app %s no longer needs the reservation on %s; unreserved", a.id, n.id)
		}
		e.unreserve(c)
		return result{kind: AssignUnreserved, c: c}
	}
	r := e.assignOnNode(a, k, n, &lim, c)
	switch r.state {
	case stAllocated, stReserved:
		return e.commit(a, k, n, r, false, c)
	}
	return result{}
}
