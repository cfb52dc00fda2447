package engine

// commit accepts and applies a proposal the way CapacityScheduler.tryCommit
// does: a new allocation or reservation must fit every queue's maximum
// (AbstractCSQueue.accept) and the user limit (AbstractLeafQueue.accept);
// then usage is booked on node, app, user and queues. ignore says the
// proposal was made in IGNORE_PARTITION_EXCLUSIVITY mode.
func (e *Engine) commit(a *app, k *schedKey, n *node, r allocResult, ignore bool, reservedC *container) result {
	var kills []*container
	if e.lazy != nil && r.state == stAllocated {
		kills = e.takeKills(a, k, n)
	}
	if reservedC == nil {
		net, released := proposed(k, r)
		for _, c := range kills {
			// getTotalReleasedResource counts the containers to kill.
			net, released = net.Sub(c.res), released.Add(c.res)
		}
		var ok bool
		if n.pi == 0 && !ignore {
			ok = e.acceptDefault(a, net, released) // no accessor calls on a cluster without labels
		} else {
			ok = e.accept(a, n.pi, net, released, ignore)
		}
		if !ok {
			return result{}
		}
	}
	if kills != nil {
		e.killForAllocation(kills)
	}
	out := result{}
	if r.unres != nil {
		out.unres = r.unres.id
		e.unreserve(r.unres)
	}
	switch {
	case r.state == stReserved && reservedC != nil:
		before := e.shouldAllocOrReserveNew(a, k)
		k.reRes++
		if e.shouldAllocOrReserveNew(a, k) != before {
			out.flags |= flagStarveMoved
			e.memoEpoch++ // read before the node checks without continue-looking
			e.voidKey(a, k)
		} else if e.stand != nil {
			e.restand(a, k)
		}
		if e.why != nil {
			e.note("app %s re-reserved %s on %s", a.id, e.g.rc.resText(reservedC.res), n.id)
		}
		out.kind, out.c = AssignReReserved, reservedC
	case r.state == stReserved:
		out.kind, out.c = AssignReserved, e.reserve(a, k, n, r.locality)
	case reservedC != nil:
		out.kind, out.c = AssignFulfilled, e.fulfil(reservedC, k, r.locality)
	default:
		out.kind, out.c = AssignAllocated, e.allocate(a, k, n, r.locality)
	}
	if reservedC == nil && r.locality != OffSwitch && (r.locality == NodeLocal || e.g.rackFullReset) {
		k.missed = 0
	}
	if reservedC == nil && (n.pi == 0 || e.g.resetNPAlways) {
		// RegularContainerAllocator.doAllocation resets it on the
		// default partition only; 2.7's LeafQueue on every allocation.
		k.missedNP = 0
	}
	return out
}

// proposed is what a proposal adds to its queues (the request less the
// reservation it unreserves) and what it releases.
func proposed(k *schedKey, r allocResult) (net, released Resource) {
	net = k.capability
	if r.unres != nil {
		released = r.unres.res
		net = net.Sub(released)
	}
	return net, released
}

// accept checks a proposal on a node of partition pi against the queues'
// maximums and the user limit there (ignore: made in
// IGNORE_PARTITION_EXCLUSIVITY mode).
func (e *Engine) accept(a *app, pi int, net, released Resource, ignore bool) bool {
	rc := &e.g.rc
	for q := a.q; q != nil; q = q.parent {
		// Ignore-exclusivity allocations are bounded by the partition,
		// not the queue's maximum there.
		mx := q.maxDownIn(pi)
		if ignore {
			mx = e.parts[pi].res
		}
		if !rc.fitsIn(q.usedIn(pi).Add(net), mx) {
			if e.why != nil {
				e.note("queue %s would exceed its maximum resource %s with %s in use%s", q.path, rc.resText(mx), rc.resText(q.usedIn(pi).Add(net)), rc.fitText())
			}
			return false
		}
	}
	if e.g.ul27 {
		return true // 2.7 allocates in the pass that checked the user
	}
	if used, limit := a.u.usedIn(pi).Sub(released), e.userLimitIn(a.u, pi, ignore); rc.greater(used, limit) {
		if e.why != nil {
			e.note("user %s would exceed its user limit: used %s > user limit %s%s", a.u.name, rc.resText(used), rc.resText(limit), rc.orderText(used, ">", limit))
		}
		return false
	}
	return true
}

// acceptDefault is accept for a default-partition allocation (every one
// on a cluster without labels), reading the queues' and the user's own
// fields and cached limit without the per-partition accessors.
func (e *Engine) acceptDefault(a *app, net, released Resource) bool {
	rc := &e.g.rc
	for q := a.q; q != nil; q = q.parent {
		if !rc.fitsIn(q.used.Add(net), q.maxDown) {
			if e.why != nil {
				e.note("queue %s would exceed its maximum resource %s with %s in use%s", q.path, rc.resText(q.maxDown), rc.resText(q.used.Add(net)), rc.fitText())
			}
			return false
		}
	}
	if e.g.ul27 {
		return true // 2.7 allocates in the pass that checked the user
	}
	if used, limit := a.u.used.Sub(released), e.userLimit(a.u); rc.greater(used, limit) {
		if e.why != nil {
			e.note("user %s would exceed its user limit: used %s > user limit %s%s", a.u.name, rc.resText(used), rc.resText(limit), rc.orderText(used, ">", limit))
		}
		return false
	}
	return true
}

func (e *Engine) newContainer(a *app, k *schedKey, n *node, t Locality) *container {
	e.nextID++
	e.noteGrid(k.capability)
	c := e.takeContainer()
	*c = container{id: e.nextID, a: a, node: n, res: k.capability, priority: k.priority, locality: t, askPi: int32(k.pi)}
	if cap(a.live) == 0 {
		e.giveLive(a)
	}
	return c
}

// allocate books a new container and decrements the asks it satisfies.
func (e *Engine) allocate(a *app, k *schedKey, n *node, t Locality) *container {
	c := e.newContainer(a, k, n, t)
	e.book(c, 1)
	e.decAsks(a, k, n, t)
	a.noteAllocated(k, c)
	e.emit(Event{Kind: EvAllocated, ContainerID: c.id, App: a.id, AppRef: a.ref, Queue: a.q.path, Node: n.id, NodeIndex: n.idx, Resource: c.res, Priority: c.priority, Locality: t})
	return c
}

// book adds (sign 1) or removes (-1) a running container's usage.
func (e *Engine) book(c *container, sign int64) {
	a := c.a
	d := Resource{c.res.MemoryMB * sign, c.res.VCores * sign}
	c.node.allocated, e.allocatedSum = c.node.allocated.Add(d), e.allocatedSum.Add(d)
	c.node.numContainers += int32(sign)
	e.voidNode(c.node)
	if c.node.pi == 0 {
		// bookIn's default-partition case, without its call: every
		// container of a cluster without labels; addUsed and
		// updateUserUsage with one walk up the ancestors.
		a.allocated = a.allocated.Add(d)
		a.q.bookUsed(c.res, sign)
		e.moveUserUsage(a.u, c.res, sign)
	} else {
		e.bookIn(c, c.node.pi, sign)
	}
	if sign > 0 {
		a.addLive(c)
		e.setContainer(c.id, c)
	} else {
		a.removeLive(c)
		e.setContainer(c.id, nil)
	}
}

// bookIn adds or removes a running container's usage on its app, user
// and queues in partition pi (the partition of its node: ResourceUsage
// is kept by the node's partition, whatever the request asked for).
func (e *Engine) bookIn(c *container, pi int, sign int64) {
	a := c.a
	if pi == 0 {
		// The default partition (every container of a cluster without
		// labels) is booked in the fields themselves, without the
		// per-partition accessors' extra calls (BenchmarkAllocation).
		a.allocated = a.allocated.Add(Resource{c.res.MemoryMB * sign, c.res.VCores * sign})
		a.q.addUsed(c.res, false, sign)
		e.updateUserUsage(a.u, c.res, sign)
		return
	}
	a.addAllocatedIn(pi, Resource{c.res.MemoryMB * sign, c.res.VCores * sign})
	a.q.addUsedIn(pi, c.res, false, sign)
	e.updateUserUsageIn(a.u, pi, c.res, sign)
}

// reserveIn adds or removes a reservation's usage on its user and queues
// in partition pi.
func (e *Engine) reserveIn(c *container, pi int, sign int64) {
	c.a.q.addUsedIn(pi, c.res, true, sign)
	e.updateUserUsageIn(c.a.u, pi, c.res, sign)
}

func removeContainer(s []*container, c *container) []*container {
	for i, x := range s {
		if x == c {
			return append(s[:i], s[i+1:]...)
		}
	}
	return s
}

// decAsks is LocalityAppPlacementAllocator.allocate: node-local takes from
// host, rack and ANY; rack-local from rack and ANY; off-switch from ANY.
func (e *Engine) decAsks(a *app, k *schedKey, n *node, t Locality) {
	before := a.pending
	switch t {
	case NodeLocal:
		k.dec(n.host)
		k.dec(n.rack)
	case RackLocal:
		k.dec(n.rack)
	}
	if k.numRes > 0 {
		e.voidKey(a, k)
	}
	k.any--
	if k.pi == 0 {
		a.pendRes = a.pendRes.Sub(k.capability)
	}
	if k.pi != 0 {
		a.lpend[k.pi]--
		a.lpendSum--
		e.pendingMoved(a, k.pi, -1)
		return
	}
	a.pending--
	e.pendingChanged(a, before)
}

// reserve books a new reservation on the node.
func (e *Engine) reserve(a *app, k *schedKey, n *node, t Locality) *container {
	e.voidKey(a, k)
	c := e.newContainer(a, k, n, t)
	c.reserved = true
	n.reserved = c
	e.nodesReserved++
	a.reserved = a.reserved.Add(c.res)
	a.resv = append(a.resv, c)
	k.numRes++
	k.reRes = 0
	e.reserveIn(c, n.pi, 1)
	if e.g.preempt.under.enabled {
		e.stampReservation(c)
	}
	if e.why != nil {
		e.note("app %s reserved %s on %s (node has %s free)", a.id, e.g.rc.resText(c.res), n.id, e.g.rc.resText(n.free()))
	}
	e.emit(Event{Kind: EvReserved, ContainerID: c.id, App: a.id, AppRef: a.ref, Queue: a.q.path, Node: n.id, NodeIndex: n.idx, Resource: c.res, Priority: c.priority, Locality: t})
	return c
}

// unreserve cancels a reservation (FiCaSchedulerApp.unreserve plus the
// queue's releaseResource).
func (e *Engine) unreserve(c *container) {
	a, n, k := c.a, c.node, c.reqKey()
	if k != nil {
		e.voidKey(a, k)
	}
	if n.reserved == c {
		n.reserved = nil
		e.nodesReserved--
	}
	a.reserved = a.reserved.Sub(c.res)
	a.resv = removeContainer(a.resv, c)
	if k != nil {
		k.numRes--
		k.reRes = 0
	}
	e.reserveIn(c, n.pi, -1)
	e.emit(Event{Kind: EvUnreserved, ContainerID: c.id, App: a.id, AppRef: a.ref, Queue: a.q.path, Node: n.id, NodeIndex: n.idx, Resource: c.res, Priority: c.priority})
	e.freeContainer(c)
}

// fulfil turns a reservation into a running container on its node.
func (e *Engine) fulfil(rc *container, k *schedKey, t Locality) *container {
	a, n := rc.a, rc.node
	e.unreserve(rc)
	c := e.newContainer(a, k, n, t)
	e.book(c, 1)
	e.decAsks(a, k, n, t)
	a.noteAllocated(k, c)
	e.emit(Event{Kind: EvAllocated, ContainerID: c.id, App: a.id, AppRef: a.ref, Queue: a.q.path, Node: n.id, NodeIndex: n.idx, Resource: c.res, Priority: c.priority, Locality: t})
	return c
}

// release ends a running container (completed, killed or preempted).
func (e *Engine) release(c *container, kind EventKind) {
	if e.lazy != nil {
		e.lazy.dropKillable(c)
	}
	e.book(c, -1)
	e.emit(c.event(kind))
	e.freeContainer(c)
}

// event is the container as an event of kind.
func (c *container) event(kind EventKind) Event {
	return Event{Kind: kind, ContainerID: c.id, App: c.a.id, AppRef: c.a.ref, Queue: c.a.q.path, Node: c.node.id, NodeIndex: c.node.idx, Resource: c.res, Priority: c.priority, Locality: c.locality, Tag: c.tag}
}
