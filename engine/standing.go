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
// ReReserve: the count is owed to the request in a slot of its own, which
// every read adds (reReservations), without a look at the request. A beat
// past the cap, or after a change, is a real pass again, which sets new
// caps.
// TestReReservationsCounted compares the event logs with every beat a
// pass, and shortcutChecks re-derives each counted beat.

// standing is a node's counted re-reservations: cap is how many more
// beats may be counted, slot where they are owed (the request's).
type standing struct{ cap, slot int32 }

// owedSlots are the requests whose reserved nodes' beats are counted:
// owed per slot, not yet in the request's count, and the request; a
// request holds a slot from restand until its next voidKey. Slot 0 is
// none.
type owedSlots struct {
	owed []int32
	key  []*schedKey
	free []int32
}

// maxStandCap bounds a cap where no count of re-reservations can move
// the starvation answer.
const maxStandCap = math.MaxInt32 / 2

// CountReReservations lets the caller answer reserved nodes' beats with
// ReReserve. The simulator turns it on for single-node scheduling driven
// heartbeat by heartbeat.
func (e *Engine) CountReReservations() {
	if e.stand == nil {
		e.stand = make([]standing, len(e.nodes))
		e.slots = owedSlots{owed: []int32{0}, key: []*schedKey{nil}}
	}
}

// Standing reports whether the engine knows that a heartbeat of node i
// only re-reserves the node's reservation (ReReserve may answer it); never
// without CountReReservations, nor for an index that is no node's.
func (e *Engine) Standing(i int) bool { return i >= 0 && i < len(e.stand) && e.stand[i].cap > 0 }

// ReReserve answers a heartbeat of node i as the pass would, re-reserving
// its reservation, when the engine knows that is what the pass does: it
// reports false when a real pass is needed.
func (e *Engine) ReReserve(i int) bool {
	if !e.Standing(i) {
		return false
	}
	s := &e.stand[i]
	if shortcutChecks {
		e.checkStanding(e.nodes[i])
	}
	s.cap--
	e.slots.owed[s.slot]++
	return true
}

// reReservations is the request's re-reservation count, owed beats
// included.
func (e *Engine) reReservations(k *schedKey) int {
	if k.slot != 0 {
		return k.reRes + int(e.slots.owed[k.slot])
	}
	return k.reRes
}

// voidKey moves what is owed into the request's count, ends the caps of
// its reserved nodes and frees its slot: the request or its reservations
// are about to change.
func (e *Engine) voidKey(a *app, k *schedKey) {
	if k.slot == 0 {
		return
	}
	for _, c := range a.resv {
		if c.priority == k.priority {
			e.stand[c.node.idx].cap = 0
		}
	}
	e.releaseSlot(k)
}

// releaseSlot moves what k's slot owes into its count and frees the slot.
func (e *Engine) releaseSlot(k *schedKey) {
	sl := &e.slots
	k.reRes += int(sl.owed[k.slot])
	sl.owed[k.slot], sl.key[k.slot] = 0, nil
	sl.free = append(sl.free, k.slot)
	k.slot = 0
}

// slotFor gives k a slot if it has none.
func (e *Engine) slotFor(k *schedKey) int32 {
	if k.slot != 0 {
		return k.slot
	}
	sl := &e.slots
	if n := len(sl.free); n > 0 {
		k.slot, sl.free = sl.free[n-1], sl.free[:n-1]
	} else {
		k.slot = int32(len(sl.owed))
		sl.owed, sl.key = append(sl.owed, 0), append(sl.key, nil)
	}
	sl.key[k.slot] = k
	return k.slot
}

// voidApp is voidKey for every request of the app with a reservation.
func (e *Engine) voidApp(a *app) {
	if e.stand == nil {
		return
	}
	for _, c := range a.resv {
		if k := c.reqKey(); k != nil {
			e.voidKey(a, k)
		}
	}
}

// voidNode ends a node's cap: its room changed. Only a reserved node has
// one (a reservation's end voids it), and n is at hand where its room
// changes, e.stand[n.idx] a cache miss.
func (e *Engine) voidNode(n *node) {
	if e.stand != nil && n.reserved != nil {
		e.stand[n.idx].cap = 0
	}
}

// voidAll moves everything owed into the requests' counts and ends every
// cap (the queues, the cluster or the nodes changed shape).
func (e *Engine) voidAll() {
	if e.stand == nil {
		return
	}
	if len(e.stand) < len(e.nodes) {
		e.stand = append(e.stand, make([]standing, len(e.nodes)-len(e.stand))...)
	}
	for _, k := range e.slots.key {
		if k != nil {
			e.releaseSlot(k)
		}
	}
	clear(e.stand)
}

// restand sets the caps of a request's reserved nodes after a real
// re-reservation that did not move its starvation answer: the slack
// before the answer could move, shared equally, on every node whose beat
// is certainly a re-reservation.
func (e *Engine) restand(a *app, k *schedKey) {
	per := int32(e.starvationSlack(a, k) / k.numRes)
	slot := e.slotFor(k)
	// What is owed moves into the count here too, so a slot never owes
	// more than one round of caps (at most maxStandCap: no overflow).
	k.reRes += int(e.slots.owed[slot])
	e.slots.owed[slot] = 0
	for _, c := range a.resv {
		if c.priority != k.priority {
			continue
		}
		s := &e.stand[c.node.idx]
		s.cap, s.slot = 0, slot
		if e.reReservesFor(c) {
			s.cap = per
		}
	}
}

// starvationSlack is how many more re-reservations leave
// shouldAllocOrReserveNew's answer as it is: the answer only turns from
// false to true as the count grows (starvedAt is monotone in it).
func (e *Engine) starvationSlack(a *app, k *schedKey) int {
	r := e.reReservations(k)
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
	n, k := c.node, c.reqKey()
	if k == nil || n.reserved != c || n.removed || k.any <= 0 || k.anyNoRelax || k.count(n.host) > 0 || k.count(n.rack) > 0 {
		return false
	}
	return e.g.rc.lessEq(k.capability, n.total) && e.g.rc.availableContainers(n.free(), k.capability) <= 0
}

// checkStanding re-derives a counted beat (shortcutChecks): the pass
// would re-reserve, the node's beats are owed to its request, and the
// count after it gives the same answer.
func (e *Engine) checkStanding(n *node) {
	c := n.reserved
	if c == nil || !e.reReservesFor(c) || e.stand[n.idx].slot != c.reqKey().slot {
		panic("engine: a counted re-reservation on a node whose pass would not re-reserve")
	}
	a, k := c.a, c.reqKey()
	r := e.reReservations(k)
	if e.starvedAt(a, k, r) != e.starvedAt(a, k, r+1) {
		panic("engine: a counted re-reservation moves the starvation answer")
	}
}
