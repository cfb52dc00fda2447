package engine

import (
	"cmp"
	"math"
	"slices"
)

// assignLeaf is AbstractLeafQueue.assignContainers for one pass: apps in
// ordering-policy order, each checked against the queue limit and its
// user's limit, then offered the node.
// The second result is the headroom a queue-limit skip blocks (the
// leaf's ResourceLimits headroom). lim is as for assignParent: the pass
// fills it in; it comes by pointer, as the 64-byte struct's copies cost
// BenchmarkAllocation a few percent.
func (e *Engine) assignLeaf(q *queue, n *node, lim *limits) (result, Resource) {
	if !lim.ignore && !q.accessibleIn(lim.pi) || q.pendingIn(lim.look()) <= 0 {
		return result{}, Resource{}
	}
	look := lim.look()
	e.currentOrder(q)
	needQueueCheck := true
	if len(q.active) > 0 && (!e.g.continueLooking || q.reservesNothing()) {
		// The loop's queue check on its first app, without reading the
		// app: with no reservation in the queue every app's unreserve
		// allowance is zero. On #19's contended day most leaves a pass
		// reaches stop here, and the app was a cache miss each time.
		if !e.canAssignToQueue(q, lim, Resource{}) {
			return result{}, Resource{}
		}
		needQueueCheck = false
	}
	allUserBlocked := true
	for _, a := range q.active {
		if needQueueCheck {
			appReserved := e.currentReservation(a)
			if !e.canAssignToQueue(q, lim, appReserved) {
				return result{}, Resource{}
			}
			if !e.g.continueLooking || appReserved.IsZero() {
				needQueueCheck = false
			}
		}
		if a.pendingIn(look) <= 0 {
			continue // SKIP_ASSIGNMENT: nothing to allocate
		}
		if !e.userAssignable(a, lim) {
			a.diag = "User capacity has reached its maximum limit."
			continue
		}
		allUserBlocked = false
		r := e.assignApp(a, n, lim)
		switch {
		case r.assigned():
			return r, Resource{}
		case r.skipOther():
			continue
		default:
			// Nothing allocated and the app was not skipped: stop to
			// respect FIFO, or report the queue limit (QUEUE_LIMIT).
			return r, lim.headroom
		}
	}
	if allUserBlocked && lim.respectDefault() {
		q.blocked = blockStamp{ok: true, changes: q.changes}
	}
	return result{}, Resource{}
}

// userBlocked reports whether a pass over q would certainly assign
// nothing: the last pass found every app that asks in q's subtree refused
// by its user's limit (canAssignToUser; a parent records it when every
// asking child was so blocked), and since then no user's usage or limit
// changed and no app started, finished or changed its asks there
// (queue.changes). A user's limit and usage do not depend on the limit
// the parent hands down, so the refusals stand on any node, and the
// skipped pass would have blocked no headroom. Hadoop walks such queues
// every time; skipping them changes no decision (the simulator's
// TestShortcutsKeepTheEventLog compares event logs to check it).
func (e *Engine) userBlocked(q *queue) bool {
	b := q.blocked
	return b.ok && e.why == nil && !e.opts.WalkEveryLeaf && b.changes == q.changes
}

// userAssignable applies AbstractLeafQueue's CachedUserLimit (kept until
// the queue's users state changes, like getUserLimitCache's version) and
// canAssignToUser.
func (e *Engine) userAssignable(a *app, lim *limits) bool {
	u := a.u
	if e.g.ul27 {
		return true // 2.7 checks the user per priority (allocateKey)
	}
	if !lim.respectDefault() {
		return e.canAssignToUser(a, e.userLimitIn(u, lim.pi, lim.ignore), lim)
	}
	if u.passVersion != u.q.ul.version || u.passSeq == 0 {
		u.passVersion, u.passSeq = u.q.ul.version, 1
		u.passLimit, u.passCan, u.passRes = e.userLimit(u), true, Resource{}
	}
	appReserved := e.currentReservation(a)
	if !u.passCan && fitsAll(appReserved, u.passRes) {
		if e.why != nil {
			rc := &e.g.rc
			e.note("app %s skipped: user %s used %s > user limit %s%s", a.id, u.name, rc.resText(u.used), rc.resText(u.passLimit), rc.orderText(u.used, ">", u.passLimit))
		}
		return false
	}
	ok := e.canAssignToUser(a, u.passLimit, lim)
	if !ok && fitsAll(u.passRes, appReserved) {
		u.passCan, u.passRes = false, appReserved
	}
	return ok
}

// canAssignToUser is AbstractLeafQueue.canAssignToUser: a user strictly
// above its limit is skipped, unless continue-looking could get it back
// under by unreserving this app's reservations.
func (e *Engine) canAssignToUser(a *app, limit Resource, lim *limits) bool {
	rc, u := &e.g.rc, a.u
	lim.needUnreserve = Resource{}
	used := u.usedIn(lim.pi)
	if rc.greater(used, limit) {
		// Hadoop compares the user's default-partition usage here, less
		// getCurrentReservation; 2.7 only on an unlabelled node.
		if e.g.continueLooking && (lim.pi == 0 || !e.g.ul27) && rc.lessEq(u.used.Sub(e.currentReservation(a)), limit) {
			lim.needUnreserve = used.Sub(limit)
			return true
		}
		if e.why != nil {
			e.note("app %s skipped: user %s used %s > user limit %s%s", a.id, u.name, rc.resText(used), rc.resText(limit), rc.orderText(used, ">", limit))
		}
		return false
	}
	return true
}

// currentReservation is SchedulerApplicationAttempt.getCurrentReservation,
// what AbstractLeafQueue.assignContainers hands canAssignToThisQueue as the
// app's unreserve allowance and canAssignToUser subtracts from the user's
// usage: attemptResourceUsage.getReserved(), the app's reservations in the
// default partition only, whatever the node's partition (2.7: in every
// partition). checkHeadroom reads the node partition's instead.
func (e *Engine) currentReservation(a *app) Resource {
	if e.g.curResAllParts || a.reserved.IsZero() {
		return a.reserved
	}
	return e.reservedIn(a, 0)
}

// sortFair orders active apps for the fair policy: less memory in use
// (all partitions) first, ties by submission order. With enable-size-based-weight the
// usage is divided by log2(1 + demand in MB), demand being used plus
// pending (FairOrderingPolicy.getMagnitude), so bigger apps go first.
func (e *Engine) sortFair(q *queue) {
	// slices.SortStableFunc runs the same insertion-sort-and-symMerge
	// algorithm as sort.SliceStable (so the same comparisons, the same
	// order even if the resource comparison is not transitive) without
	// the reflection-built swapper, 5% of a contended day's CPU (#19).
	cmpf := func(a, b *app) int { return fairLeafCompare(q, a, b) }
	// Without size-based weight the comparator is a total order (memory,
	// then submission order), so a stable sort leaves a sorted list as it
	// is, and most sorts find it so (FairOrderingPolicy's reorder of the
	// entities whose usage changed seldom moves one): IsSortedFunc asks
	// what the insertion sort's first run would (cmp(s[i], s[i-1]) < 0),
	// with the comparator inlined where the sort calls it through a
	// pointer.
	if !q.fairSizeWeight && slices.IsSortedFunc(q.active, cmpf) {
		if shortcutChecks {
			checkSortedStays(q, cmpf)
		}
		return
	}
	slices.SortStableFunc(q.active, cmpf)
}

// checkSortedStays sorts a copy of a list IsSortedFunc found sorted and
// panics if the stable sort would have moved an app (shortcutChecks).
func checkSortedStays(q *queue, cmpf func(a, b *app) int) {
	sorted := slices.Clone(q.active)
	slices.SortStableFunc(sorted, cmpf)
	if !slices.Equal(sorted, q.active) {
		panic("engine: a fair leaf's sorted list would be reordered by its stable sort: " + q.path)
	}
}

// fairLeafCompare is a fair leaf's comparator (FairOrderingPolicy's
// CompoundComparator), which the leaf's sort and intra-queue preemption
// (TAFairOrderingComparator, for two apps of one user) both apply.
func fairLeafCompare(q *queue, a, b *app) int {
	if q.fairSizeWeight {
		// FairOrderingPolicy's comparator is FairComparator (the
		// weighted magnitude) then FifoComparator: equal magnitudes,
		// or a NaN one (no usage, no demand), go by submission order,
		// never by raw usage.
		if c := sizeWeightedCompare(a, b); c != 0 {
			return c
		}
		return cmp.Compare(a.seq, b.seq)
	}
	// FairComparator compares memory only, whatever the resource
	// calculator (getCachedUsed(ANY).getMemorySize()): under DRF
	// too, and over every partition.
	if c := cmp.Compare(a.allocated.MemoryMB, b.allocated.MemoryMB); c != 0 {
		return c
	}
	return cmp.Compare(a.seq, b.seq)
}

// sortFairIfChanged sorts the leaf's active apps unless nothing the order
// reads changed since the last sort: every change of an app's allocation
// (book: updateUserUsage), of its asks (pendingMoved) and of the active
// list bumps the leaf's change counter, and a stable sort of a sorted
// list with the same keys leaves it as it is. On #19's contended day the
// fair sort on every pass was 15% of the run. Tests check every skipped
// sort against a real one (shortcutChecks).
func (e *Engine) sortFairIfChanged(q *queue) {
	if q.fairSortedAt == q.changes+1 {
		if shortcutChecks {
			e.checkFairSorted(q)
		}
		return
	}
	e.sortFair(q)
	q.fairSortedAt = q.changes + 1
}

// currentOrder brings a fair leaf's active apps into the order their
// usage gives now, for a reader that is not a pass: Hadoop's
// getPreemptionIterator reorders the entities whose usage changed, as
// getAssignmentIterator does for a pass (sortFairIfChanged). Every
// reader whose result depends on the order goes through one of the two
// (the sum pendingForPreemption reads does not depend on it), so when a
// leaf was last sorted is not seen except under size-based weights, whose
// order is not a total one.
func (e *Engine) currentOrder(q *queue) {
	if q.fair {
		e.sortFairIfChanged(q)
	}
}

// shortcutChecks makes every skipped fair sort sort a copy and panic if
// the order would have changed, every recalled pass run the pass and
// panic if it returns otherwise, and every app's running containers read
// unsorted for preemption be checked to be in order (checkLiveOrder)
// (SetShortcutChecksForTests).
var shortcutChecks = false

// SetShortcutChecksForTests turns shortcutChecks on or off for every
// engine and returns a function that restores it; for tests, not safe
// while another engine runs concurrently.
func SetShortcutChecksForTests(on bool) (restore func()) {
	old := shortcutChecks
	shortcutChecks = on
	return func() { shortcutChecks = old }
}

func (e *Engine) checkFairSorted(q *queue) {
	kept := slices.Clone(q.active)
	e.sortFair(q)
	if !slices.Equal(kept, q.active) {
		panic("engine: a leaf's fair order changed without its change counter: " + q.path)
	}
}

// sizeWeightedCompare is Math.signum(getMagnitude(a) - getMagnitude(b))
// with sizeBasedWeight; Java's (int) of a NaN difference (0/0 for an app
// with neither usage nor demand) is 0.
func sizeWeightedCompare(a, b *app) int {
	d := fairMagnitude(a) - fairMagnitude(b)
	switch {
	case d < 0:
		return -1
	case d > 0:
		return 1
	}
	return 0
}

func fairMagnitude(a *app) float64 {
	used := float64(a.allocated.MemoryMB)
	demand := float64(a.allocated.MemoryMB + a.pendingResource().MemoryMB)
	return used / (math.Log1p(demand) / math.Ln2)
}
