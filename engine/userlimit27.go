package engine

// This file holds Hadoop 2.7's user limit, which the 2.7 profile follows
// in place of UsersManager's (limits.go): LeafQueue.computeUserLimit,
// computeUserLimitAndSetHeadroom and canAssignToUser of the 2.7 line.
//
// 2.7 computes the limit for an app and the request being placed
// ("required", the ANY capability of the priority tried), each time the
// priority is tried, with no per-user cache: a queue below its capacity
// counts max(capacity, required), one at or over it used + required (2.8's
// UsersManager takes the minimum allocation for both). The user check
// follows the queue check for each priority, and a refused user ends the
// app's turn (LeafQueue.assignContainers: break). 2.7 allocates inside
// that loop, so no later commit re-checks the user (AbstractLeafQueue.
// accept is 2.9's). The app's headroom is computed with the required of
// the app's last computation (CapacityHeadroomProvider keeps it), none
// after a cluster resource change (LeafQueue.updateClusterResource).

// userLimit27 is 2.7's LeafQueue.computeUserLimit for a's user, the
// request required, in partition pi (ignore: IGNORE_PARTITION_EXCLUSIVITY).
func (e *Engine) userLimit27(a *app, required Resource, pi int, ignore bool) Resource {
	q, R := a.q, e.g.minAlloc
	// 2.7 compares against the whole cluster (clusterResource), not the
	// partition's resource.
	rc := &e.g.rc
	partRes := e.parts[pi].res // labelManager.getResourceByLabel(nodePartition, ...)
	absCap, _ := q.absCapsIn(pi)
	queueCap := rc.max(rc.multiplyAndNormalizeUp(partRes, float64(absCap), R), required)
	used := q.usedIn(pi)
	current := queueCap
	if !rc.less(used, queueCap) {
		current = used.Add(required)
	}
	// Resources.divideAndCeil by the int number of active users; 0 users
	// (a cluster change with no app asking) give 0.
	byUsers := divideAndCeil(current, float32(q.ul.activeUsers))
	byPercent := divideAndCeil(multiplyRoundDown(current, float64(q.mulp)), 100)
	limit := rc.max(byUsers, byPercent)
	maxUser := multiplyRoundDown(queueCap, float64(q.ulf))
	if ignore {
		maxUser = partRes
	}
	return rc.roundUp(rc.min(limit, maxUser), R)
}

// userCheck27 is 2.7's computeUserLimitAndSetHeadroom and canAssignToUser
// for priority k of app a: the limit for k's capability, the app's
// headroom from now on computed with that capability, and whether the
// user may be given a container. A refusal sets the app's diagnostics.
// The caller has set a.ulRequired (computeUserLimitAndSetHeadroom runs
// before the queue check, which may end the pass).
func (e *Engine) userCheck27(a *app, k *schedKey, lim *limits) bool {
	limit := e.userLimit27(a, k.capability, lim.pi, lim.ignore)
	a.u.limit27 = limit // User.setUserResourceLimit, what the user list shows
	if e.canAssignToUser(a, limit, lim) {
		return true
	}
	a.diag = "User capacity has reached its maximum limit."
	return false
}

// headroom27 is 2.7's LeafQueue.getHeadroom as CapacityHeadroomProvider
// calls it: computeUserLimit in the default partition with the app's
// last required, then min(user limit - user used, current limit - queue
// used), rounded down to the minimum allocation, or 0 for an app that
// never computed one (SchedulerApplicationAttempt's resourceLimit before a
// CapacityHeadroomProvider is set), with no cap by the
// cluster's free resource and in the default partition only, whatever the
// app asks for (2.7's provider knows no partitions). Hadoop's call also
// records the user's limit; reading a headroom here does not, so a
// snapshot changes nothing.
func (e *Engine) headroom27(a *app, cur Resource) Resource {
	if !a.ulSet {
		return Resource{}
	}
	rc, u := &e.g.rc, a.u
	ul := e.userLimit27(a, a.ulRequired, 0, false)
	h := rc.min(ul.Sub(u.used), cur.Sub(a.q.used))
	return rc.roundDown(h, e.g.minAlloc)
}

// clusterChanged27 is the end of 2.7's LeafQueue.updateClusterResource:
// every active app's limit and headroom are computed again with no
// request (Resources.none()).
func (e *Engine) clusterChanged27(q *queue) {
	for _, a := range q.active {
		a.ulRequired, a.ulSet = Resource{}, true
		a.u.limit27 = e.userLimit27(a, Resource{}, 0, false)
	}
}

// reportedUserLimit is the user's limit as the queue's user list shows
// it: 2.7's last computed one (User.getUserResourceLimit, zero before
// any), later lines' UsersManager limit.
func (e *Engine) reportedUserLimit(u *user) Resource {
	if e.g.ul27 {
		return u.limit27
	}
	return e.userLimit(u)
}

// waitLimit27 is the user limit the wait report (Waiting) holds a's user
// to on the 2.7 profile: 2.7's limit for the app's first asking request
// in the default partition, plus the minimum allocation activeReason adds
// to the usage, so the report says "user limit" exactly when 2.7's
// canAssignToUser would refuse that request (used > limit).
func (e *Engine) waitLimit27(a *app) Resource {
	for _, k := range a.keys {
		if k.any > 0 && k.pi == 0 {
			return e.userLimit27(a, k.capability, 0, false).Add(e.g.minAlloc)
		}
	}
	return e.userLimit27(a, Resource{}, 0, false).Add(e.g.minAlloc)
}
