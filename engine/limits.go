package engine

// This file holds the per-queue limit formulas of AbstractLeafQueue and
// UsersManager; each function names the Hadoop method it mirrors.

// handedLimit is the limit a parent hands to q as ParentQueue.
// getResourceLimitsOfChild computes it (netLimit false, no blocked
// headroom): min(parent limit, parent max) - parent used + q used, rounded
// down to the minimum allocation. Root gets the cluster resource.
func (e *Engine) handedLimit(q *queue) Resource {
	if q.parent == nil {
		return e.cluster
	}
	p := q.parent
	pl := e.g.rc.min(e.handedLimit(p), p.maxRes)
	return e.g.rc.roundDown(pl.Sub(p.used).Add(q.used), e.g.minAlloc)
}

// currentLimit is getCurrentLimitResource: min(queue max resource rounded
// down, the limit handed down). A pass's queue checks (canAssignToQueue,
// recallChild) write it out, so that it inlines there.
func (e *Engine) currentLimit(q *queue, handed Resource) Resource {
	return e.g.rc.min(q.maxDown, handed)
}

// currentLimitFor is getCurrentLimitResource for a pass: the queue's
// maximum in the node's partition capped by the handed limit, or in
// ignore-exclusivity mode the whole partition.
func (e *Engine) currentLimitFor(q *queue, lim *limits) Resource {
	if lim.ignore {
		return e.parts[lim.pi].res
	}
	if lim.pi == 0 {
		return e.currentLimit(q, lim.limit)
	}
	return e.g.rc.min(q.parts[lim.pi].maxDown, lim.limit)
}

// amLimit is calculateAndGetAMResourceLimitPerPartition: the AM share of
// the queue's current limit when the guarantee fits in it, else of the
// guarantee.
func (e *Engine) amLimit(q *queue) Resource {
	cur := e.currentLimit(q, e.handedLimit(q))
	usable := q.guarantee
	if e.g.rc.fitsIn(q.guarantee, cur) {
		usable = cur
	}
	q.amLimit = e.g.rc.multiplyAndNormalizeUp(usable, float64(q.amPercent), e.g.minAlloc)
	return q.amLimit
}

// ulfDisabled reports whether q's user-limit-factor switches the per-user
// cap off: exactly -1 on 3.4 (YARN-10531, in no 3.3.x changelog), never
// before. The 3.3 UsersManager and 2.7's
// LeafQueue multiply by the factor whatever its sign, so -1 makes the user
// limit's cap and the user AM limit negative (Resources.multiplyAndRoundDown,
// multiplyAndNormalizeUp) and Resources.min picks them. canAssignToUser
// refuses a user whose usage is above the limit: every user while it is
// negative, every user holding anything where rounding up to the minimum
// allocation brings it to 0 (a capacity under two minimum allocations).
func (e *Engine) ulfDisabled(q *queue) bool {
	return e.g.ulfOff && q.ulf == -1
}

// capsUserAtMax reports whether UsersManager#computeUserLimit caps a user
// of q at the queue's maximum (getEffectiveMaxCapacityDown) rather than at
// max(g, minimum allocation) × user-limit-factor, g being q's guarantee in
// the partition: 3.4's branch for a factor of exactly -1 (YARN-10531) or a
// queue guaranteed nothing (originalCapacity equals Resources.none(),
// "Can happen if dynamic queue has capacity = 0%"). Both halves are one
// condition that only 3.4's UsersManager has: the 3.0/3.1-era one, an ODP
// 3.2.3 build's (acceldata-io/hadoop) and a 3.3-line copy without
// YARN-10531 (criteo-forks/hadoop) all cap every queue at qc × factor.
func (e *Engine) capsUserAtMax(q *queue, g Resource) bool {
	return e.g.ulfOff && (q.ulf == -1 || g.IsZero())
}

// userAMLimit is getUserAMResourceLimitPerPartition for a user weight: the
// guarantee × maximum-am-resource-percent × the user's share × the factor,
// rounded up; 3.4 drops the share and the factor when the factor is -1.
func (e *Engine) userAMLimit(q *queue, weight float32) Resource {
	eff := max(q.mulp/100, 1/float32(max(q.ul.activeUsers, 1)))
	eff = min(eff*weight, 1)
	var l Resource
	if e.ulfDisabled(q) {
		l = e.g.rc.multiplyAndNormalizeUp(q.guarantee, float64(q.amPercent), e.g.minAlloc)
	} else {
		l = e.g.rc.multiplyAndNormalizeUp(q.guarantee, float64(q.amPercent*eff*q.ulf), e.g.minAlloc)
	}
	return e.g.rc.min(l, q.amLimit)
}

// activate is AbstractLeafQueue.activateApplications: waiting apps in
// FifoOrderingPolicyForPendingApps order (priority, then submission) start while the queue and user AM limits allow; a blocked app
// is skipped; with no active app (or no AM used) one always starts.
func (e *Engine) activate(q *queue) {
	if !q.leaf {
		return
	}
	amLimit := e.amLimit(q)
	if len(e.parts) > 1 {
		for pi := 1; pi < len(e.parts); pi++ {
			e.amLimitIn(q, pi) // for every partition, as Hadoop precomputes them
		}
	}
	var userAM []Resource // by partition, computed once per loop
	for i := 0; i < len(q.waiting); {
		a := q.waiting[i]
		pi := a.amPart
		amUsed, lim := q.amUsed, amLimit
		if pi != 0 {
			amUsed, lim = q.parts[pi].amUsed, q.parts[pi].amLimit
		}
		force := len(q.active) < 1 || e.g.rc.lessEq(amUsed, Resource{})
		if !e.amFits(a.am.Add(amUsed), lim) && !force {
			a.diag = "Queue's AM resource limit exceeded. (queue AM used " + e.amOverText(amUsed, a.am, "AM limit", lim) + ")"
			i++
			continue
		}
		if userAM == nil {
			userAM = make([]Resource, len(e.parts))
			for j := range userAM {
				userAM[j] = Resource{-1, -1}
			}
		}
		if userAM[pi].MemoryMB < 0 {
			// Hadoop caches the user AM limit per partition for the whole
			// loop, computed with the first user's weight.
			userAM[pi] = e.userAMLimitIn(q, pi, a.u.weight)
		}
		uUsed := a.u.amUsedIn(pi)
		if !e.amFits(a.am.Add(uUsed), userAM[pi]) && !force {
			a.diag = "User's AM resource limit exceeded. (user AM used " + e.amOverText(uUsed, a.am, "user AM limit", userAM[pi]) + ")"
			i++
			continue
		}
		q.waiting = append(q.waiting[:i], q.waiting[i+1:]...)
		e.startApp(q, a)
	}
}

// amFits is activateApplications' test of an AM against a queue or user
// AM limit: Resources.lessThanOrEqual through the calculator in 2.x (under
// DRF the dominant shares compare, so an AM over the limit in its minor
// resource still starts), ResourceCalculator.fitsIn in the newest releases.
func (e *Engine) amFits(r, lim Resource) bool {
	if e.g.amCompare {
		return e.g.rc.lessEq(r, lim)
	}
	return e.g.rc.fitsIn(r, lim)
}

// amOverText explains an amFits refusal as the comparison was made: under
// 2.x's calculator compare with DRF the dominant shares of used + more and
// the limit, else fitsIn's (calc.overText).
func (e *Engine) amOverText(used, more Resource, name string, lim Resource) string {
	c := &e.g.rc
	if !e.g.amCompare || !c.drf {
		return c.overText(used, more, name, lim)
	}
	return c.resText(used) + " + " + c.resText(more) + " > " + name + " " + c.resText(lim) + c.orderText(used.Add(more), ">", lim)
}

// addAMUsed books (sign 1) or releases (-1) an activated app's AM resource
// on its queue and user in the AM's partition.
func (e *Engine) addAMUsed(a *app, sign int64) {
	d := Resource{a.am.MemoryMB * sign, a.am.VCores * sign}
	a.q.addAMUsedIn(a.amPart, a.am, sign)
	if a.amPart == 0 {
		a.u.amUsed = a.u.amUsed.Add(d)
		return
	}
	up := a.u.upartAt(a.amPart)
	up.amUsed = up.amUsed.Add(d)
}

func (e *Engine) startApp(q *queue, a *app) {
	a.activated = true
	a.state = StateRunning
	a.diag = ""
	if a.amContainer && !a.amAllocated {
		// The AM's ask was made at submission; the app stays ACCEPTED
		// until its container is placed (an app moved with its AM
		// running is activated again in its new queue, and stays
		// RUNNING).
		a.state = StateAccepted
		a.diag = AMActivatedDiag
	}
	a.u.pendingApps--
	a.u.activeApps++
	e.addAMUsed(a, 1)
	q.active = insertOrdered(q.active, a)
	q.changed()
	q.addPending(a.pending)
	for pi, v := range a.lpend {
		if v != 0 {
			q.addPendingIn(pi, v)
		}
	}
}

// insertOrdered keeps FIFO order: higher application priority first, then
// submission order (FifoOrderingPolicy's comparators).
func insertOrdered(s []*app, a *app) []*app {
	i := len(s)
	for i > 0 && fifoLess(a, s[i-1]) {
		i--
	}
	s = append(s, nil)
	copy(s[i+1:], s[i:])
	s[i] = a
	return s
}

func fifoLess(a, b *app) bool {
	if a.priority != b.priority {
		return a.priority > b.priority
	}
	return a.seq < b.seq
}

// userLimit is UsersManager.getComputedResourceLimitForActiveUsers for u:
// the queue's shared limit (cached until invalidated) times the user's
// weight, rounded down to the minimum allocation.
func (e *Engine) userLimit(u *user) Resource {
	base := e.userLimitBase(u.q)
	if u.weight == 1 {
		return base
	}
	return e.g.rc.multiplyAndNormalizeDown(base, float64(u.weight), e.g.minAlloc)
}

// userLimitBase is UsersManager.computeUserLimit for active users.
func (e *Engine) userLimitBase(q *queue) Resource {
	if q.ul.valid {
		return q.ul.base
	}
	// computeUserLimit compares in the default partition's resource, not
	// the whole cluster's (they differ once nodes carry labels).
	pc, R := e.calcIn(0), e.g.minAlloc
	rc := &pc
	qc := rc.max(q.guarantee, R)
	consumed := rc.multiplyAndNormalizeUp(e.cluster, float64(q.ul.usageRatio), R)
	current := qc
	if !rc.less(consumed, qc) {
		current = consumed.Add(R)
	}
	byUsers := divideAndCeil(q.ul.activeUsed.Add(R), q.ul.activeWeights)
	byPercent := divideAndCeil(multiplyRoundDown(current, float64(q.mulp)), 100)
	limit := rc.max(byUsers, byPercent)
	var capRes Resource
	if e.capsUserAtMax(q, q.guarantee) {
		capRes = q.maxDown
	} else {
		capRes = multiplyRoundDown(qc, float64(q.ulf))
	}
	q.ul.base = rc.roundUp(rc.min(limit, capRes), R)
	q.ul.valid = true
	return q.ul.base
}

// updateUserUsage is UsersManager.updateUserResourceUsage: the user's and
// the active total change, the usage ratio moves by the float delta and
// the cached limit is invalidated.
func (e *Engine) updateUserUsage(u *user, r Resource, sign int64) {
	e.moveUserUsage(u, r, sign)
	u.q.changed()
}

// moveUserUsage is updateUserUsage but for the change it counts on the
// leaf and its ancestors, which the caller makes (book: bookUsed).
func (e *Engine) moveUserUsage(u *user, r Resource, sign int64) {
	d := Resource{r.MemoryMB * sign, r.VCores * sign}
	u.used = u.used.Add(d)
	if u.isActive {
		u.q.ul.activeUsed = u.q.ul.activeUsed.Add(d)
	}
	nr := e.g.rc.ratio(u.used, e.cluster)
	u.q.ul.usageRatio += nr - u.ratio
	u.ratio = nr
	u.q.ul.invalidate()
}

// recomputeUsageRatio is UsersManager.updateUsageRatio on cluster change.
func (q *queue) recomputeUsageRatio(e *Engine) {
	var sum float32
	for _, u := range q.users {
		u.ratio = e.g.rc.ratio(u.used, e.cluster)
		sum += u.ratio
	}
	q.ul.usageRatio = sum
}

// headroom is AbstractLeafQueue.getHeadroom: min(user limit - user used,
// current limit - queue used), rounded down, capped by the default
// partition's free resource. getHeadroom compares the cap in
// labelManager.getResourceByLabel(partition), not the whole cluster: under
// DRF with labelled nodes of another shape the smaller one differs.
func (e *Engine) headroom(u *user, cur Resource) Resource {
	pc := e.calcIn(0)
	h := componentwiseMin(subNonNeg(e.userLimit(u), u.used), subNonNeg(cur, u.q.used))
	h = pc.roundDown(h, e.g.minAlloc)
	free := e.cluster.Sub(e.root.used)
	return pc.min(free, h)
}
