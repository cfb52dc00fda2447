package engine

// This file holds an application's headroom over the partitions it asks
// for (CapacityHeadroomProvider and AbstractLeafQueue.getHeadroom with a
// partition).
//
// Hadoop keeps the partitions an app asked for in
// AppSchedulingInfo.requestedPartitions: LocalityAppPlacementAllocator.
// updatePendingAsk adds the label of every ANY request it receives
// (addRequestedPartition, whatever the request's count) and nothing
// removes one: a set that only grows, in every version read (2.8's
// AppSchedulingInfo through trunk's LocalityAppPlacementAllocator with
// precheckNode diagnostics; no per-partition reference count was found).
// So an app that moved a request from the default partition to a label,
// or whose labelled requests were all served, keeps both in its headroom,
// as TestApplicationLimitsByPartition.testHeadroom asserts.

// requestPartition records that the app asked for partition pi
// (AppSchedulingInfo.addRequestedPartition).
func (a *app) requestPartition(pi int) {
	for len(a.reqParts) <= pi {
		a.reqParts = append(a.reqParts, false)
	}
	a.reqParts[pi] = true
}

// asksLabelled reports whether the app ever asked for a labelled
// partition.
func (a *app) asksLabelled() bool {
	for pi := 1; pi < len(a.reqParts); pi++ {
		if a.reqParts[pi] {
			return true
		}
	}
	return false
}

// appHeadroom is CapacityHeadroomProvider.getHeadroom: with no requested
// partition, or only the default one, the default partition's headroom
// against the queue's current limit cur; otherwise the sum of the
// headrooms in every requested partition. A negative memory (an app
// slightly over its limits) is shown as 0. The 2.7 profile computes it as
// 2.7 does (headroom27).
func (e *Engine) appHeadroom(a *app, cur Resource) Resource {
	if e.g.ul27 {
		return nonNegMemory(e.headroom27(a, cur))
	}
	if !a.asksLabelled() {
		return nonNegMemory(e.headroom(a.u, cur))
	}
	var h Resource
	for pi, asked := range a.reqParts {
		if asked {
			h = h.Add(e.headroomIn(a.u, cur, pi))
		}
	}
	return nonNegMemory(h)
}

// headroomIn is AbstractLeafQueue.getHeadroom for partition pi. A labelled
// partition does not use the queue's current limit (queueResourceLimitsInfo
// holds one limit, for whichever partition was scheduled last) but the
// queue's effective maximum there (getQueueMaxResource); the user limit is
// the one for pi in RESPECT_PARTITION_EXCLUSIVITY mode and usage is the
// user's and the queue's in pi. The result is capped by pi's free
// resource, compared against pi's resource.
func (e *Engine) headroomIn(u *user, cur Resource, pi int) Resource {
	if pi == 0 {
		return e.headroom(u, cur)
	}
	q := u.q
	h := componentwiseMin(subNonNeg(e.userLimitIn(u, pi, false), u.usedIn(pi)),
		subNonNeg(q.maxResIn(pi), q.usedIn(pi)))
	h = e.g.rc.roundDown(h, e.g.minAlloc)
	pc := e.calcIn(pi)
	return pc.min(e.parts[pi].res.Sub(e.root.usedIn(pi)), h)
}

// nonNegMemory sets a negative memory to 0, leaving vcores as they are
// (CapacityHeadroomProvider's corner case for apps over their limits).
func nonNegMemory(r Resource) Resource {
	r.MemoryMB = max(r.MemoryMB, 0)
	return r
}
