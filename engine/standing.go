package engine

import "math"

// Counted re-reservations. A node holding a reservation that still does
// not fit it beats every second, and each beat is a whole pass
// (CapacityScheduler.allocateFromReservedContainer,
// RegularContainerAllocator.assignContainer re-reserving) whose only
// effect is one more re-reservation of the request: the count
// shouldAllocOrReserveNewContainer's starvation term reads. On #19's
// contended day 28 M of the 38 M passes were such (74%).
//
// After a real re-reservation the engine works out how many more beats of
// the request's reserved nodes are certainly the same: the node still has
// no room for it (its room changes only through book), the request and
// its reservations are unchanged (every change goes through voidKey),
// and the starvation answer does not move. It hands each node an equal
// share of that slack (cap), so however the nodes' beats interleave they
// stop short of a move. The simulator then answers such a beat with
// ReReserve: the count is owed on the node and folded into the request
// before anything reads it (reReservations). A beat past the cap, or
// after a change, is a real pass again, which sets new caps.
// TestReReservationsCounted compares the event logs with every beat a
// pass, and shortcutChecks re-derives each counted beat.

// standing is a node's counted re-reservations: owed, not yet folded into
// the request, and cap, how many more beats may be counted.
type standing struct{ owed, cap int32 }

// maxStandCap bounds a cap where no count of re-reservations can move
// the starvation answer.
const maxStandCap = math.MaxInt32 / 2

// CountReReservations lets the caller answer reserved nodes' beats with
// ReReserve. The simulator turns it on for single-node scheduling driven
// heartbeat by heartbeat.
func (e *Engine) CountReReservations() {
	if e.stand == nil {
		e.stand = make([]standing, len(e.nodes))
	}
}

// Standing reports whether the engine knows that a heartbeat of node i
// only re-reserves the node's reservation (ReReserve may answer it).
func (e *Engine) Standing(i int) bool { return e.stand[i].cap > 0 }

// ReReserve answers a heartbeat of node i as the pass would, re-reserving
// its reservation, when the engine knows that is what the pass does: it
// reports false when a real pass is needed.
func (e *Engine) ReReserve(i int) bool {
	s := &e.stand[i]
	if s.cap <= 0 {
		return false
	}
	if shortcutChecks {
		e.checkStanding(e.nodes[i])
	}
	s.cap--
	s.owed++
	e.owing++
	return true
}

// reReservations is the request's re-reservation count, owed beats
// folded in.
func (e *Engine) reReservations(a *app, k *schedKey) int {
	if e.owing > 0 && k.numRes > 0 {
		e.foldOwed(a, k)
	}
	return k.reRes
}

// foldOwed moves the beats owed on the request's reserved nodes into its
// count.
func (e *Engine) foldOwed(a *app, k *schedKey) {
	for _, c := range a.resv {
		if c.key != k {
			continue
		}
		s := &e.stand[c.node.idx]
		k.reRes += int(s.owed)
		e.owing -= int(s.owed)
		s.owed = 0
	}
}

// voidKey folds what is owed and ends the caps of a request's reserved
// nodes: the request or its reservations are about to change.
func (e *Engine) voidKey(a *app, k *schedKey) {
	if e.stand == nil {
		return
	}
	for _, c := range a.resv {
		if c.key == k {
			s := &e.stand[c.node.idx]
			k.reRes += int(s.owed)
			e.owing -= int(s.owed)
			s.owed, s.cap = 0, 0
		}
	}
}

// voidApp is voidKey for every request of the app with a reservation.
func (e *Engine) voidApp(a *app) {
	if e.stand == nil {
		return
	}
	for _, c := range a.resv {
		e.voidKey(a, c.key)
	}
}

// voidNode ends a node's cap: its room changed.
func (e *Engine) voidNode(n *node) {
	if e.stand != nil {
		e.stand[n.idx].cap = 0
	}
}

// voidAll folds everything owed and ends every cap (the queues, the
// cluster or the nodes changed shape).
func (e *Engine) voidAll() {
	if e.stand == nil {
		return
	}
	if len(e.stand) < len(e.nodes) {
		e.stand = append(e.stand, make([]standing, len(e.nodes)-len(e.stand))...)
	}
	for i := range e.stand {
		s := &e.stand[i]
		if s.owed > 0 {
			c := e.nodes[i].reserved
			c.key.reRes += int(s.owed)
			e.owing -= int(s.owed)
		}
		s.owed, s.cap = 0, 0
	}
}

// restand sets the caps of a request's reserved nodes after a real
// re-reservation that did not move its starvation answer: the slack
// before the answer could move, shared equally, on every node whose beat
// is certainly a re-reservation.
func (e *Engine) restand(a *app, k *schedKey) {
	e.foldOwed(a, k)
	per := int32(e.starvationSlack(a, k) / k.numRes)
	for _, c := range a.resv {
		if c.key != k {
			continue
		}
		s := &e.stand[c.node.idx]
		s.cap = 0
		if e.reReservesFor(c) {
			s.cap = per
		}
	}
}

// starvationSlack is how many more re-reservations leave
// shouldAllocOrReserveNew's answer as it is: the answer only turns from
// false to true as the count grows (starvedAt is monotone in it).
func (e *Engine) starvationSlack(a *app, k *schedKey) int {
	r := k.reRes
	if e.starvedAt(a, k, r) || !e.starvedAt(a, k, r+maxStandCap) {
		return maxStandCap
	}
	lo, hi := 0, maxStandCap // the answer is false at r+lo, true at r+hi
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if e.starvedAt(a, k, r+mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return lo
}

// reReservesFor reports whether a pass on reservation c's node re-reserves
// it: allocateFromReserved's path without locality asks on the node, the
// request still wanted and too big for the node's free room.
func (e *Engine) reReservesFor(c *container) bool {
	n, k := c.node, c.key
	if n.reserved != c || n.removed || k.any <= 0 || k.anyNoRelax || k.count(n.host) > 0 || k.count(n.rack) > 0 {
		return false
	}
	return e.g.rc.lessEq(k.capability, n.total) && e.g.rc.availableContainers(n.free(), k.capability) <= 0
}

// checkStanding re-derives a counted beat (shortcutChecks): the pass
// would re-reserve, and the count after it gives the same answer.
func (e *Engine) checkStanding(n *node) {
	c := n.reserved
	if c == nil || !e.reReservesFor(c) {
		panic("engine: a counted re-reservation on a node whose pass would not re-reserve")
	}
	a, k := c.a, c.key
	r := k.reRes // and what is owed, without folding it (which would hide a missed fold)
	for _, o := range a.resv {
		if o.key == k {
			r += int(e.stand[o.node.idx].owed)
		}
	}
	if e.starvedAt(a, k, r) != e.starvedAt(a, k, r+1) {
		panic("engine: a counted re-reservation moves the starvation answer")
	}
}
