package engine

// The preemption round (ProportionalCapacityPreemptionPolicy.editSchedule,
// every monitoring interval) clones every queue and asks every leaf for
// LeafQueue.getTotalPendingResourcesConsideringUserLimit, which walks the
// leaf's active apps and their users' limits. On #19's 10,000-leaf
// contended day that walk was a sixth of the run, although between two
// rounds (3 simulated seconds) only a few hundred leaves change. A leaf's
// totals are therefore kept between rounds and reused while nothing they
// read has changed:
//
//   - queue.changes, bumped (queue.changed) by every change of an app's
//     asks (pendingMoved), an app starting or finishing, and every
//     invalidation of the leaf's user limit (invalidateUsers: a user's
//     usage, allocated or reserved, in any partition, a user's activity,
//     weights, the queue's configuration); reservations are booked
//     through updateUserUsageIn, so they bump it too;
//   - Engine.preemptEpoch, bumped by everything outside the leaf the
//     totals read: the cluster's or a partition's resource, partitions
//     and node labels, guarantees and maxima (updateResources), a
//     refresh or a rebuilt tree (setModel).
//
// The order of a leaf's active apps does not matter: per user and per
// resource type, the greedy sum of min(room left, app's pending) is
// min(room, sum of pending) whatever the order, so a fair policy's
// re-sorting changes no total.

// pendCache is one leaf's pending totals in one partition, as of the
// leaf's changes and the engine's preemptEpoch when they were computed.
type pendCache struct {
	ok                 bool
	changes, epoch     uint64
	pending, pendingDR Resource
}

// cacheMode is a test switch for the preemption round's caches.
type cacheMode int

const (
	cacheOn    cacheMode = iota
	cacheOff             // always recompute (the reference the tests compare with)
	cacheCheck           // reuse, but recompute and panic when a reused value is stale
)

// preemptCacheMode is cacheOn outside tests (SetPreemptCacheForTests).
var preemptCacheMode = cacheOn

// leafPending returns pendingForPreemption(q, pi), from q's cache when
// nothing it reads has changed since it was computed.
func (e *Engine) leafPending(q *queue, pi int) (pending, pendingDR Resource) {
	if preemptCacheMode == cacheOff {
		return e.pendingForPreemption(q, pi)
	}
	for len(q.pendCache) <= pi {
		q.pendCache = append(q.pendCache, pendCache{})
	}
	c := &q.pendCache[pi]
	if c.ok && c.changes == q.changes && c.epoch == e.preemptEpoch {
		if preemptCacheMode == cacheCheck {
			e.checkPending(q, pi, c)
		}
		return c.pending, c.pendingDR
	}
	pending, pendingDR = e.pendingForPreemption(q, pi)
	*c = pendCache{ok: true, changes: q.changes, epoch: e.preemptEpoch, pending: pending, pendingDR: pendingDR}
	return pending, pendingDR
}

// checkPending panics when a reused total differs from a fresh one: a
// change that did not bump queue.changes or preemptEpoch (tests only).
func (e *Engine) checkPending(q *queue, pi int, c *pendCache) {
	p, dr := e.pendingForPreemption(q, pi)
	if p != c.pending || dr != c.pendingDR {
		panic("engine: stale pending-for-preemption total of " + q.path)
	}
}

// shapeChanged invalidates every cached preemption total: something
// outside the leaves (cluster, partitions, guarantees, the tree) changed.
func (e *Engine) shapeChanged() {
	e.preemptEpoch++
	e.memoEpoch++ // remembered passes too (passmemo.go)
	e.voidAll()   // counted re-reservations (standing.go)
}

// SetPreemptCacheForTests sets the preemption round's cache mode of
// every engine: "on" (the default), "off" (always walk, the reference)
// or "check" (reuse, but walk again and panic when a reused total is
// stale). It returns a function that restores the previous mode. For
// the simulator's tests, which compare whole days' event logs with and
// without the cache; not safe while another engine runs concurrently.
func SetPreemptCacheForTests(mode string) (restore func()) {
	m, ok := map[string]cacheMode{"on": cacheOn, "off": cacheOff, "check": cacheCheck}[mode]
	if !ok {
		panic("engine: unknown preemption cache mode " + mode)
	}
	return setPreemptCacheMode(m)
}

func setPreemptCacheMode(m cacheMode) func() {
	old := preemptCacheMode
	preemptCacheMode = m
	return func() { preemptCacheMode = old }
}

// setAsker adds a to (want) or removes it from q.askers, the leaf's apps
// with asking set, which pendingForPreemption walks instead of every
// active app: over #19's contended day 68% of the active apps it read
// asked for nothing. The totals do not depend on the order (above), so
// the set is unordered, an app leaving it swapped with the last.
func (q *queue) setAsker(a *app, want bool) {
	if want {
		a.askAt = int32(len(q.askers))
		q.askers = append(q.askers, a)
		return
	}
	last := q.askers[len(q.askers)-1]
	q.askers[a.askAt], last.askAt = last, a.askAt
	q.askers[len(q.askers)-1] = nil
	q.askers = q.askers[:len(q.askers)-1]
}
