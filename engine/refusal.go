package engine

// A parent's pass hands each child the limit
// roundDown(parentLimit - blocked - parentUsed + childUsed, minAlloc)
// (ParentQueue.getResourceLimitsOfChild), and the child's first check
// (AbstractCSQueue.canAssignToThisQueue) refuses it when its usage reaches
// the smaller of that and its maximum. Once the room left in the parent,
// parentLimit - blocked - parentUsed, is below the minimum allocation's
// memory, and usage is a whole number of minimum allocations, the handed
// limit is at most the child's usage (with room below zero too, as the
// division rounds towards zero): every child from there on is
// refused unless continue-looking could unreserve something of it. Such a
// refusal changes nothing and blocks no headroom, so a pass may step over
// the child without calling it, and leave the loop once nothing under the
// parent holds a reservation.
//
// On #19's contended day most queues a pass visits are such: a leaf whose
// request exceeds its headroom blocks it (QUEUE_LIMIT), and every sibling
// after it is refused.
//
// The rule needs the default resource calculator (every comparison is of
// memory; under the dominant one a handed limit with less memory may have
// the larger share) and usage on the minimum allocation's grid:
// normalized requests are (SchedulerUtils.normalizeRequest), except one
// capped by a maximum allocation off the grid. The engine notes such a
// container (offGrid) and stops using the rule for good. (A refresh keeps
// the start's minimum, so it cannot move the grid.)

// refusalGate reports whether the rule may be used in this pass. A
// size-weighted fair leaf sorts its apps before its check, and that sort
// is not a total order, so when it runs shows: with one configured, the
// rule is off.
func (e *Engine) refusalGate(lim *limits) bool {
	return !lim.ignore && !e.g.rc.drf && !e.offGrid && !e.g.sizeWeighted && e.why == nil && !e.opts.WalkEveryLeaf
}

// roomBelowMin reports whether a parent's room for children (its limit
// less what siblings blocked and what it uses) is below the minimum
// allocation.
func (e *Engine) roomBelowMin(room Resource) bool {
	return room.MemoryMB < e.g.minAlloc.MemoryMB
}

// surelyRefused reports whether child c, handed a limit from room below
// the minimum allocation, is refused by its first check: nothing of it
// is reserved that continue-looking could give back. A leaf without
// active apps is not checked but runs its empty loop, which records that
// no app of it can be given anything (the userBlocked stamp): a shortcut
// of later passes, not a decision, so stepping over it decides the same.
func (e *Engine) surelyRefused(c *queue) bool {
	return !e.g.continueLooking || c.reservesNothing()
}

// noteGrid records a container off the minimum allocation's grid.
func (e *Engine) noteGrid(r Resource) {
	if m := e.g.minAlloc.MemoryMB; m <= 0 || r.MemoryMB%m != 0 {
		e.offGrid = true
	}
}
