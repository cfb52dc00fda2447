package engine

import "math"

// limits is Hadoop's ResourceLimits for one pass through a queue.
type limits struct {
	limit         Resource
	headroom      Resource
	needUnreserve Resource
	// pi is the node's partition; ignore is Hadoop's
	// IGNORE_PARTITION_EXCLUSIVITY mode (default-partition requests on a
	// non-exclusive labelled node), RESPECT_PARTITION_EXCLUSIVITY else.
	pi     int
	ignore bool
}

// look is the partition requests must be for: the node's, or the
// default partition in ignore-exclusivity mode
// (LocalityAppPlacementAllocator.precheckNode, SchedulerUtils.
// hasPendingResourceRequest).
func (l *limits) look() int {
	if l.ignore {
		return 0
	}
	return l.pi
}

// respectDefault says the pass is the plain default-partition one, where
// the per-pass caches and shortcuts apply.
func (l *limits) respectDefault() bool { return l.pi == 0 && !l.ignore }

// result is what a queue or app returns from a pass (CSAssignment).
// It has four fields, so the compiler keeps it in registers (a struct of
// more is kept in memory and copied there at every return and test: the
// walk's result moved through the stack about 40 instructions a child).
type result struct {
	kind  AssignKind
	flags resultFlag
	c     *container // allocated or reserved container
	unres int64      // reservation released by continue-looking
}

// resultFlag is what a pass that assigned nothing says, and a
// re-reservation's starvation news.
type resultFlag uint8

const (
	flagSkipOther resultFlag = 1 << iota // SkippedType.OTHER: try the next app
	flagQueueLim                         // SkippedType.QUEUE_LIMIT
	// flagStarveMoved: a re-reservation changed its request's
	// shouldAllocOrReserveNewContainer answer.
	flagStarveMoved
)

func (r result) assigned() bool    { return r.kind != AssignNone }
func (r result) skipOther() bool   { return r.flags&flagSkipOther != 0 }
func (r result) queueLim() bool    { return r.flags&flagQueueLim != 0 }
func (r result) starveMoved() bool { return r.flags&flagStarveMoved != 0 }

// AssignOnce runs exactly one scheduling pass for a node from root, like
// CapacityScheduler.allocateContainersToNode: a node holding a
// reservation only tries to fulfil it; otherwise root's children are
// offered the node in order. At most one container is allocated, reserved
// or re-reserved.
func (e *Engine) AssignOnce(nodeIdx int) Assignment {
	a, _ := e.assignOnce(nodeIdx)
	return a
}

// assignOnce also reports whether the pass came from a reservation (which
// ends a heartbeat).
func (e *Engine) assignOnce(nodeIdx int) (Assignment, bool) {
	if nodeIdx < 0 || nodeIdx >= len(e.nodes) || e.nodes[nodeIdx].removed {
		return Assignment{Kind: AssignNone, Why: []string{"unknown node"}}, true
	}
	n := e.nodes[nodeIdx]
	if e.mn != nil {
		return e.assignOnceMulti(n), false
	}
	if e.opts.Explain {
		return e.explained(n)
	}
	return e.assignOnceAt(n)
}

// explained is assignOnceAt recording why (a separate function: the
// notes' slice, whose address the pass keeps, would otherwise be
// allocated on every pass).
func (e *Engine) explained(n *node) (Assignment, bool) {
	var why []string
	e.why = &why
	a, fromReservation := e.assignOnceAt(n)
	e.why = nil
	a.Why = why
	return a, fromReservation
}

// assignOnceAt is assignOnce for a node that exists, single-node.
func (e *Engine) assignOnceAt(n *node) (Assignment, bool) {
	e.passSeq++
	e.roomCeil = math.MaxInt64
	if n.reserved != nil {
		r := e.allocateFromReserved(n)
		return e.toAssignment(r, n, nil), true
	}
	if n.pi != 0 {
		return e.toAssignment(e.assignLabelled(n), n, nil), false
	}
	if !e.roomFits(e.g.minAlloc, n) && !e.killableRoom(n) {
		if e.why != nil {
			e.noteNoRoom(n)
		}
		return e.toAssignment(result{}, n, nil), false
	}
	r, _ := e.assignParent(e.root, n, limits{limit: e.cluster})
	return e.toAssignment(r, n, nil), false
}

func (e *Engine) toAssignment(r result, n *node, why []string) Assignment {
	out := Assignment{Kind: r.kind, Node: n.id, Unreserved: r.unres, Why: why, StarvationMoved: r.starveMoved()}
	if r.c != nil {
		c := r.c
		out.App, out.Queue = c.a.id, c.a.q.path
		out.Resource, out.Priority, out.Locality, out.ContainerID = c.res, c.priority, c.locality, c.id
	}
	return out
}

// Heartbeat is a full node update: passes continue while something is
// allocated, no reservation was made, fewer than the off-switch limit of
// off-switch containers were placed and multiple assignments allow more
// (CapacityScheduler.canAllocateMore). The returned slice is reused by the
// next call.
func (e *Engine) Heartbeat(nodeIdx int) []Assignment {
	e.roomCeil = math.MaxInt64 // an asynchronous heartbeat runs no pass
	if (e.mn != nil || e.async != nil) && nodeIdx >= 0 && nodeIdx < len(e.nodes) && !e.nodes[nodeIdx].removed {
		return e.heartbeatSpecial(e.nodes[nodeIdx])
	}
	out := e.hbBuf[:0]
	offSwitch, assigned := int32(0), int32(0)
	for {
		a, fromReservation := e.assignOnce(nodeIdx)
		if a.Kind != AssignNone || len(out) == 0 {
			out = append(out, a)
		}
		if fromReservation || a.Kind == AssignNone {
			break
		}
		if a.Kind == AssignAllocated || a.Kind == AssignFulfilled {
			assigned++
			if a.Locality == OffSwitch {
				offSwitch++
			}
		}
		if a.Kind == AssignReserved || a.Kind == AssignReReserved {
			break
		}
		if !e.canAllocateMore(assigned, offSwitch) {
			break
		}
	}
	e.hbBuf = out
	return out
}

// canAllocateMore is CapacityScheduler.canAllocateMore: another pass on
// the same node while fewer than the off-switch limit of off-switch
// containers and fewer than maximum-assignments were placed, and
// multiple assignments are allowed.
func (e *Engine) canAllocateMore(assigned, offSwitch int32) bool {
	if offSwitch >= e.g.maxOffSwitch || !e.g.multipleAssignments {
		return false
	}
	return e.g.maxAssignments == -1 || assigned < e.g.maxAssignments
}

// canAssignToQueue is AbstractCSQueue.canAssignToThisQueue: a queue at or
// over its current limit is refused unless continue-looking could free
// enough by unreserving. Its default-partition limit is currentLimit
// written out (rc.min): inlined into assignParent, a big function, the
// compiler inlines only callees of cost 20 or less where the profile
// marks no hot call, and currentLimit (84, with the DRF branch's call)
// was called at every queue check of a pass (#19: 0.9% of instructions).
func (e *Engine) canAssignToQueue(q *queue, lim *limits, couldUnreserve Resource) bool {
	rc := &e.g.rc
	var cur Resource
	if lim.pi == 0 && !lim.ignore {
		cur = e.g.rc.min(q.maxDown, lim.limit) // currentLimit, written out (above)
	} else {
		cur = e.currentLimitFor(q, lim)
	}
	used := q.usedIn(lim.pi)
	lim.headroom = cur.Sub(used)
	if rc.greaterEq(used, cur) {
		if e.lazy != nil && !q.leaf && e.parentRoomWithKillable(q, lim, cur, used, couldUnreserve) {
			return true // usedExceptKillable (lazy.go)
		}
		if e.g.continueLooking && rc.positive(couldUnreserve) && rc.less(used.Sub(couldUnreserve), cur) {
			return true
		}
		if e.why != nil {
			e.note("queue %s is at its limit: used %s >= current limit %s%s", q.path, rc.resText(used), rc.resText(cur), rc.orderText(used, ">=", cur))
		}
		return false
	}
	return true
}

// assignParent is ParentQueue.assignContainers for one pass. A child
// skipped for its queue limit (a request above its headroom) blocks its
// headroom: later siblings get a limit reduced by it (ResourceLimits'
// blocked headroom and net limit), so they do not take what the blocked
// queue waits for. The returned resource is this queue's blocked headroom.
// lim is the limit handed down for this pass, with zero headroom, which
// the pass fills in.
func (e *Engine) assignParent(q *queue, n *node, lim limits) (result, Resource) {
	pi, look, respect := lim.pi, lim.look(), lim.respectDefault()
	if !lim.ignore && !q.accessibleIn(pi) || q.pendingIn(look) <= 0 {
		return result{}, Resource{}
	}
	// n is nil in a multi-node pass (ParentQueue.canAssign: no node to check).
	if n != nil && (n.reserved != nil || !e.roomFits(e.g.minAlloc, n) && !e.killableRoom(n)) {
		return result{}, Resource{}
	}
	if !e.canAssignToQueue(q, &lim, q.reservedIn(pi)) {
		return result{}, Resource{}
	}
	// getResourceLimitsOfChild caps the parent limit by its maximum.
	pl := e.g.rc.min(lim.limit, q.maxResIn(pi))
	memo := e.memoOn(n, &lim)
	if memo {
		if r, b, ok := e.recall(q, pl, lim.headroom); ok {
			if shortcutChecks {
				e.checkRecall(q, n, lim, r, b)
			}
			return r, b
		}
	}
	touches := e.nodeTouches
	var order []*queue
	if pi == 0 {
		e.sortChildren(q) // childOrder's default-partition case, without its call
		order = q.order
	} else {
		order = e.childOrder(q, pi)
	}
	avail := pl.Sub(e.childRoomUsed(q, pi, q.usedIn(pi))) // room for children, less what they block
	gate := e.refusalGate(&lim)
	var blocked Resource
	out := result{}
	allUserBlocked := true
	useBits := pi == 0 && q.askOK
	for k := nextAsking(q, order, 0, look, useBits); k < len(order); k = nextAsking(q, order, k+1, look, useBits) {
		c := order[k]
		if respect && e.userBlocked(c) {
			continue // would assign nothing and block no headroom
		}
		allUserBlocked = false
		room := avail.Sub(blocked) // pl - blocked - used
		if gate && e.roomBelowMin(room) {
			// Refused with no effect (refusal.go): this child, and every
			// later one when nothing below holds a reservation.
			if e.surelyRefused(q) {
				break
			}
			if e.surelyRefused(c) {
				continue
			}
		}
		cl := limits{limit: e.g.rc.roundDown(room.Add(c.usedIn(pi)), e.g.minAlloc), pi: pi, ignore: lim.ignore}
		var r result
		var childBlocked Resource
		var recalled bool
		if c.leaf {
			r, childBlocked = e.assignLeaf(c, n, &cl)
		} else if r, childBlocked, recalled = e.recallChild(memo, c, n, &cl); !recalled {
			r, childBlocked = e.assignParent(c, n, cl)
		}
		if r.assigned() {
			return r, Resource{}
		}
		if r.queueLim() {
			out.flags |= flagQueueLim
			blocked = blocked.Add(e.g.rc.max(childBlocked, Resource{}))
		}
	}
	if allUserBlocked && respect {
		q.blocked = blockStamp{ok: true, changes: q.changes}
	}
	if memo {
		e.remember(q, touches, pl, lim.headroom, out, blocked)
	}
	return out, blocked
}

// noteNoRoom explains a node skipped for want of room for the minimum
// allocation; under DRF a node with memory left but no vcore is skipped
// too, so both are named.
func (e *Engine) noteNoRoom(n *node) {
	f := n.free()
	if e.g.rc.drf {
		e.note("node %s has %d MB and %d vcores free, less than the minimum allocation", n.id, f.MemoryMB, f.VCores)
		return
	}
	e.note("node %s has %d MB free, less than the minimum allocation", n.id, f.MemoryMB)
}
