package engine

import (
	"fmt"
	"slices"
)

// A fixpoint pass (computeFixpointAllocation's loop) serves only the
// most under-served queues at the head of its need list, usually one,
// and the next pass starts by resetting every queue's share of the
// active guarantees and sorting the list again. On #19's contended day a
// fixpoint ran 10.8 passes over lists of 4.4 queues on average, and in
// 69% of the passes after the first the list kept every queue (each one
// served still wanted more). nextNeed gives the next pass the list that
// reset and sort would give it, from what the pass changed:
//
//   - the shares (resetCapacity) are a function of the set of queues in
//     the list and their guarantees, not of their order, so a list that
//     lost none keeps them; one that lost a queue has them reset;
//   - the queues not served keep their ideal, so their share of the
//     guarantee (pct) and their order among themselves: need[n:] is
//     still sorted, and only the served ones get a new pct and a place;
//   - TQComparator with relative priorities (utilCompare) is a strict
//     weak order (by side of 1, then priority, then utilization), so a
//     stable sort's result is unique: any stable sort of the same list,
//     including an insertion of the served queues into the sorted rest,
//     gives what SortStableFunc gives.
//
// SetFixpointForTests("off") resets and sorts every pass as before (the
// reference), "check" compares every list nextNeed orders with that.

// fixpointMode is cacheOn outside tests (SetFixpointForTests).
var fixpointMode = cacheOn

// nextNeed returns the next pass's need list, again (the queues served
// that still want more, in their order) followed by rest (the queues not
// served, in order), built in again's storage. n is how many queues the
// pass served. Unless fixpointMode is cacheOff the list is in
// sortByNeed's order with current shares and norms.
func (c *calc) nextNeed(again, rest []*tq, n int, even bool) []*tq {
	next := append(again, rest...)
	if fixpointMode == cacheOff {
		return next
	}
	var ref []*tq
	if fixpointMode == cacheCheck {
		ref = slices.Clone(next)
	}
	if len(again) < n {
		c.resetCapacity(next, even) // a queue left: the shares change
	}
	for _, q := range again {
		q.pct = c.pctOfGuaranteed(q)
	}
	if len(again) <= 4 {
		// Insertion from the right: what follows the served queue k is
		// in order, and k moves past the queues strictly before it, so
		// it stays ahead of its equals, as it was in the list. The rest
		// is compared only with the queues moving past it.
		for k := len(again) - 1; k >= 0; k-- {
			for j := k; j+1 < len(next) && compareNeed(next[j], next[j+1]) > 0; j++ {
				next[j], next[j+1] = next[j+1], next[j]
			}
		}
	} else {
		slices.SortStableFunc(next, compareNeed)
	}
	if ref != nil {
		c.checkNeed(next, ref, even)
	}
	return next
}

// stillAlone reports whether a pass that served need[0] alone (n is 1)
// and left it wanting more (again holds it) leaves the next pass the same
// list, need[0] still strictly ahead of need[1] with its new pct: no
// queue left, so the shares stand, and the rest kept its order. The
// next pass then serves need[0] alone again (it counts no tie) from the
// list as it is, not nextNeed's copy; its add to the intra-queue
// selector's sets is of need[0] and need[1] again, which they hold. On
// #19's contended day 433,499 of the first 8 hours' 1,532,863 passes
// were such: a queue far behind the others is offered its share of what
// is left pass after pass.
func (c *calc) stillAlone(need, again []*tq, n int, even bool) bool {
	if n != 1 || len(again) != 1 || fixpointMode == cacheOff {
		return false
	}
	q := need[0]
	q.pct = c.pctOfGuaranteed(q)
	if len(need) > 1 && compareNeed(q, need[1]) >= 0 {
		return false // it moves back, or ties need[1] and is served with it
	}
	if fixpointMode == cacheCheck {
		c.checkNeed(need, slices.Clone(need), even)
	}
	return true
}

// checkNeed panics unless next, nextNeed's list, has the order, shares
// and norms that resetting and sorting ref (the same queues in the order
// the pass left them) gives (fixpointMode cacheCheck).
func (c *calc) checkNeed(next, ref []*tq, even bool) {
	type kept struct {
		norm [2]float32
		pct  float64
	}
	was := make([]kept, len(next))
	for i, q := range next {
		was[i] = kept{q.norm, q.pct}
	}
	c.resetCapacity(ref, even)
	c.sortByNeed(ref)
	for i, q := range next {
		if ref[i] != q || was[i] != (kept{q.norm, q.pct}) {
			panic(fmt.Sprintf("engine: a fixpoint pass's need list differs from a reset and sort at %d: %s (norm %v, pct %v; reset %v, %v), the sort's %s",
				i, q.q.path, was[i].norm, was[i].pct, q.norm, q.pct, ref[i].q.path))
		}
	}
}

// SetFixpointForTests sets how a fixpoint pass orders the next pass's
// need list, for every engine: "on" (the default, nextNeed), "off"
// (reset and sort every pass, the reference) or "check" (nextNeed, then
// a reset and sort that must agree, or a panic). It returns a function
// that restores the previous mode. For the simulator's tests, which
// compare whole days' event logs; not safe while another engine runs
// concurrently.
func SetFixpointForTests(mode string) (restore func()) {
	m, ok := map[string]cacheMode{"on": cacheOn, "off": cacheOff, "check": cacheCheck}[mode]
	if !ok {
		panic("engine: unknown fixpoint mode " + mode)
	}
	old := fixpointMode
	fixpointMode = m
	return func() { fixpointMode = old }
}
