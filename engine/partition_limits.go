package engine

// This file holds the limit formulas of limits.go for any partition
// (AbstractLeafQueue and UsersManager take a nodePartition and a
// SchedulingMode). Partition 0 in RESPECT_PARTITION_EXCLUSIVITY mode goes
// to the cached default-partition functions, so a cluster without labels
// computes exactly what it did before.

// calcIn is the resource calculator with partition pi's resource as its
// cluster: what Hadoop hands the calculator in every per-partition
// computation (labelManager.getResourceByLabel(partition, clusterResource)
// in UsersManager.computeUserLimit, AbstractLeafQueue.getHeadroom and
// CSQueueUtils.updateUsedCapacity). Under DRF the dominant shares, hence
// comparisons and divisions, depend on it; e.g.rc holds the whole
// cluster, which the allocation checks (canAssignToThisQueue,
// canAssignToUser, the container allocator) use.
func (e *Engine) calcIn(pi int) calc {
	if pi == 0 {
		return calc{drf: e.g.rc.drf, cluster: e.cluster} // e.parts[0].res
	}
	return calc{drf: e.g.rc.drf, cluster: e.parts[pi].res}
}

func (u *user) usedIn(pi int) Resource {
	if pi == 0 {
		return u.used
	}
	if pi < len(u.lp) {
		return u.lp[pi].used
	}
	return Resource{}
}

func (u *user) amUsedIn(pi int) Resource {
	if pi == 0 {
		return u.amUsed
	}
	if pi < len(u.lp) {
		return u.lp[pi].amUsed
	}
	return Resource{}
}

// upartAt returns the user's state in labelled partition pi, growing it.
func (u *user) upartAt(pi int) *upart {
	for len(u.lp) <= pi {
		u.lp = append(u.lp, upart{})
	}
	return &u.lp[pi]
}

// allocatedIn is the app's running containers' resource in partition pi.
func (a *app) allocatedIn(pi int) Resource {
	if pi != 0 {
		if pi < len(a.lused) {
			return a.lused[pi]
		}
		return Resource{}
	}
	r := a.allocated
	for _, l := range a.lused {
		r = r.Sub(l)
	}
	return r
}

// addAllocatedIn books d on the app's partition pi (a.allocated is the
// total over partitions).
func (a *app) addAllocatedIn(pi int, d Resource) {
	a.allocated = a.allocated.Add(d)
	if pi == 0 {
		return
	}
	for len(a.lused) <= pi {
		a.lused = append(a.lused, Resource{})
	}
	a.lused[pi] = a.lused[pi].Add(d)
}

// usedCapacityIn is QueueCapacities.getUsedCapacity(partition).
func (e *Engine) usedCapacityIn(q *queue, pi int) float32 {
	if pi == 0 {
		return e.usedCapacity(q)
	}
	if e.parts[pi].res.IsZero() {
		return 0 // updateUsedCapacity leaves 0 for a partition without resource
	}
	pc := e.calcIn(pi)
	g := pc.max(q.parts[pi].guarantee, e.g.minAlloc)
	return pc.divide(q.parts[pi].used, g)
}

// absUsedCapacityIn is QueueCapacities.getAbsoluteUsedCapacity(partition).
func (e *Engine) absUsedCapacityIn(q *queue, pi int) float32 {
	if pi == 0 {
		return e.absUsedCapacity(q)
	}
	res := e.parts[pi].res
	if res.IsZero() {
		return 0
	}
	pc := e.calcIn(pi)
	return pc.divide(q.parts[pi].used, res)
}

// pendingMBIn is the outstanding memory of q's active apps for partition
// pi (ResourceUsage.getPending(partition)).
func (e *Engine) pendingMBIn(q *queue, pi int) int64 {
	var mb int64
	q.walk(func(l *queue) {
		for _, a := range l.active {
			for _, k := range a.keys {
				if k.pi == pi {
					mb += k.capability.MemoryMB * int64(k.any)
				}
			}
		}
	})
	return mb
}

// amLimitIn is calculateAndGetAMResourceLimitPerPartition: a labelled
// partition considers only the queue's guarantee there (no current
// limit), times the partition's maximum-am-resource-percent.
func (e *Engine) amLimitIn(q *queue, pi int) Resource {
	if pi == 0 {
		return e.amLimit(q)
	}
	lp := &q.parts[pi]
	lp.amLimit = e.g.rc.multiplyAndNormalizeUp(lp.guarantee, float64(lp.amPercent), e.g.minAlloc)
	return lp.amLimit
}

// userAMLimitIn is getUserAMResourceLimitPerPartition in partition pi.
func (e *Engine) userAMLimitIn(q *queue, pi int, weight float32) Resource {
	if pi == 0 {
		return e.userAMLimit(q, weight)
	}
	lp := &q.parts[pi]
	eff := max(q.mulp/100, 1/float32(max(q.ul.activeUsers, 1)))
	eff = min(eff*weight, 1)
	var l Resource
	if e.ulfDisabled(q) {
		l = e.g.rc.multiplyAndNormalizeUp(lp.guarantee, float64(lp.amPercent), e.g.minAlloc)
	} else {
		l = e.g.rc.multiplyAndNormalizeUp(lp.guarantee, float64(lp.amPercent*eff*q.ulf), e.g.minAlloc)
	}
	return e.g.rc.min(l, lp.amLimit)
}

// userLimitIn is getResourceLimitForActiveUsers for u in partition pi
// and a scheduling mode (ignore = IGNORE_PARTITION_EXCLUSIVITY).
func (e *Engine) userLimitIn(u *user, pi int, ignore bool) Resource {
	if pi == 0 && !ignore {
		return e.userLimit(u)
	}
	base := e.userLimitBaseIn(u.q, pi, ignore)
	if u.weight == 1 {
		return base
	}
	return e.g.rc.multiplyAndNormalizeDown(base, float64(u.weight), e.g.minAlloc)
}

// userLimitBaseIn is UsersManager.computeUserLimit for a labelled
// partition: as userLimitBase, against the partition's resource and the
// queue's guarantee there; in IGNORE_PARTITION_EXCLUSIVITY mode the cap is
// the partition resource instead of guarantee × user-limit-factor (a
// queue may have no guarantee in a partition it borrows).
func (e *Engine) userLimitBaseIn(q *queue, pi int, ignore bool) Resource {
	if pi == 0 && !ignore {
		return e.userLimitBase(q)
	}
	pc, R := e.calcIn(pi), e.g.minAlloc
	rc, partRes := &pc, e.parts[pi].res
	var activeUsed Resource
	var ratio float32
	if pi == 0 {
		activeUsed, ratio = q.ul.activeUsed, q.ul.usageRatio
	} else {
		activeUsed, ratio = q.parts[pi].activeUsed, q.parts[pi].usageRatio
	}
	g := q.guaranteeIn(pi)
	qc := rc.max(g, R)
	consumed := rc.multiplyAndNormalizeUp(partRes, float64(ratio), R)
	current := qc
	if !rc.less(consumed, qc) {
		current = consumed.Add(R)
	}
	byUsers := divideAndCeil(activeUsed.Add(R), q.ul.activeWeights)
	byPercent := divideAndCeil(multiplyRoundDown(current, float64(q.mulp)), 100)
	limit := rc.max(byUsers, byPercent)
	var capRes Resource
	switch {
	case ignore:
		capRes = partRes
	case e.capsUserAtMax(q, g):
		capRes = q.maxDownIn(pi)
	default:
		capRes = multiplyRoundDown(qc, float64(q.ulf))
	}
	return rc.roundUp(rc.min(limit, capRes), R)
}

// updateUserUsageIn is updateUserUsage for any partition: the user's and
// the active total change, the partition's usage ratio moves by the float
// delta and the cached limits are invalidated.
func (e *Engine) updateUserUsageIn(u *user, pi int, r Resource, sign int64) {
	if pi == 0 {
		e.updateUserUsage(u, r, sign)
		return
	}
	d := Resource{r.MemoryMB * sign, r.VCores * sign}
	up := u.upartAt(pi)
	lp := &u.q.parts[pi]
	up.used = up.used.Add(d)
	if u.isActive {
		lp.activeUsed = lp.activeUsed.Add(d)
	}
	nr := e.g.rc.ratio(up.used, e.parts[pi].res)
	lp.usageRatio += nr - up.ratio
	up.ratio = nr
	u.q.invalidateUsers()
}

// recomputePartitionRatios is UsersManager.updateUsageRatio for every
// labelled partition (the partition resources changed).
func (e *Engine) recomputePartitionRatios(q *queue) {
	for pi := 1; pi < len(e.parts) && pi < len(q.parts); pi++ {
		var sum float32
		for _, u := range q.users {
			if pi < len(u.lp) {
				u.lp[pi].ratio = e.g.rc.ratio(u.lp[pi].used, e.parts[pi].res)
				sum += u.lp[pi].ratio
			}
		}
		q.parts[pi].usageRatio = sum
	}
}
