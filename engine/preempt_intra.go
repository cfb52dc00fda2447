package engine

import (
	"slices"
	"sort"
)

// intraConf holds the intra-queue-preemption.* settings of the
// IntraQueueCandidatesSelector.
type intraConf struct {
	enabled bool
	// minThreshold is minimum-threshold: a leaf is looked at only when its
	// used capacity (used / guaranteed) reaches it.
	minThreshold float32
	// maxAllowable is max-allowable-limit: at most guaranteed × it, less
	// what inter-queue preemption takes from the leaf, per round.
	maxAllowable float32
	// userLimitFirst is preemption-order-policy userlimit_first (the
	// default); false is priority_first.
	userLimitFirst bool
	// conservative is intra-queue-preemption.conservative-drf.
	conservative bool
	// fairShares splits a fair-ordered leaf by fair share (the newest
	// FifoIntraQueuePreemptionPlugin: setFairShareForApps,
	// calcActuallyToBePreemptedBasedOnFS and the fair branch of
	// skipContainerBasedOnIntraQueuePolicy). Older plugins (the 3.3 line)
	// only order such a leaf's apps by TAFairOrderingComparator and
	// otherwise split it as a FIFO leaf, by user limit.
	fairShares bool
}

// tApp is TempAppPerPartition: one app of a leaf during the round.
type tApp struct {
	a                                    *app
	used, amUsed, pending, selected      Resource
	selAll                               Resource // of the app's containers already selected
	ideal, toBePreempted, actually, from Resource // from: toBePreemptFromOther
	fairShare                            Resource // setFairShareForApps (fair leaves)
	u                                    *tUser
}

func (t *tApp) usedDeductAM() Resource { return t.used.Sub(t.amUsed) }

// tUser is TempUserPerPartition.
type tUser struct {
	name            string
	used, amUsed    Resource
	selected, ideal Resource
	limit           Resource // the user limit less the user's AM usage
	ulDeltaDone     bool     // isPreemptionQuotaForULDeltaDone
	rolling         Resource // rollingResourceUsagePerUser
}

func (u *tUser) usedDeductAM() Resource { return u.used.Sub(u.amUsed) }

// reached is TempUserPerPartition.isUserLimitReached.
func (u *tUser) reached(rc *calc) bool { return rc.greater(u.usedDeductAM(), u.limit) }

// taLess is TAPriorityComparator: higher application priority first,
// then the older application (lower id).
func taLess(x, y *tApp) bool {
	if x.a.priority != y.a.priority {
		return x.a.priority > y.a.priority
	}
	return x.a.seq < y.a.seq
}

// amUsedOf is what an app's AM containers hold on partition pi's nodes
// (getAMResource(partition); the engine's AMs are the containers at
// AMPriority, as the FIFO selector treats them).
func amUsedOf(a *app, pi int) Resource {
	var r Resource
	for _, c := range a.live {
		if c != nil && c.priority == AMPriority && c.node.pi == pi {
			r = r.Add(c.res)
		}
	}
	return r
}

// userLimitAll is UsersManager.getComputedResourceLimitForAllUsers
// (LeafQueue.getResourceLimitForAllUsers) in partition pi, in
// RESPECT_PARTITION_EXCLUSIVITY mode: computeUserLimit with activeUser
// false, where the queue's current capacity is split among all users by
// weight, times the user's weight.
func (e *Engine) userLimitAll(q *queue, pi int, weight float32) Resource {
	pc, R := e.calcIn(pi), e.g.minAlloc // computeUserLimit's partitionResource
	rc := &pc
	g, partRes, ratio := q.guarantee, e.cluster, q.ul.usageRatio
	if pi > 0 {
		g, partRes, ratio = q.parts[pi].guarantee, e.parts[pi].res, q.parts[pi].usageRatio
	}
	qc := rc.max(g, R)
	consumed := rc.multiplyAndNormalizeUp(partRes, float64(ratio), R)
	current := qc
	if !rc.less(consumed, qc) {
		current = consumed.Add(R)
	}
	all := q.ul.allWeights
	if all <= 0 {
		all = 1
	}
	byUsers := divideAndCeil(current, all)
	byPercent := divideAndCeil(multiplyRoundDown(current, float64(q.mulp)), 100)
	limit := rc.max(byUsers, byPercent)
	var capRes Resource
	if e.capsUserAtMax(q, g) {
		capRes = q.maxDownIn(pi)
	} else {
		capRes = multiplyRoundDown(qc, float64(q.ulf))
	}
	base := rc.roundUp(rc.min(limit, capRes), R)
	if weight == 1 {
		return base
	}
	return rc.multiplyAndNormalizeDown(base, float64(weight), R)
}

// selectIntra is IntraQueueCandidatesSelector.selectCandidates on the
// leaves of the last ideal computation, per partition: for each
// under-served leaf of each partition (in the order
// computeFixpointAllocation left them) the apps' ideal split there
// (intraDemand, computeIntraQueuePreemptionDemand), then, partition by
// partition, the victims on that partition's nodes from the least starved
// apps.
func (e *Engine) selectIntra(parts [][]*tq, under *underServed, allowed *Resource, earlier []*container) []*container {
	already := map[*container]bool{}
	for _, c := range earlier {
		already[c] = true
	}
	byQ := make([]map[*queue]*tq, len(parts))
	demands := make([]map[*queue][]*tApp, len(parts))
	for pi, leaves := range parts {
		byQ[pi], demands[pi] = map[*queue]*tq{}, map[*queue][]*tApp{}
		for _, t := range leaves {
			byQ[pi][t.q] = t
		}
		for _, q := range under.order[pi] {
			if t := byQ[pi][q]; t != nil {
				demands[pi][q] = e.intraDemand(t, already, *allowed)
			}
		}
	}
	// CapacitySchedulerPreemptionUtils.deductPreemptableResourcesBasedSelectedCandidates
	// with deductPreemptableResourcePerApp: each container an earlier
	// selector chose comes off every app's actuallyToBePreempted in its
	// leaf, in the partition of its node (TempAppPerPartition.
	// deductActuallyToBePreempted: only a larger amount shrinks).
	for _, c := range earlier {
		for _, ta := range demands[c.node.pi][c.a.q] {
			if e.g.rc.greater(ta.actually, c.res) {
				ta.actually = ta.actually.Sub(c.res)
			}
		}
	}
	s := &selection{e: e, allowed: *allowed, already: already, conservative: e.g.preempt.intra.conservative}
	defer func() { *allowed = s.allowed }()
	for pi := range parts {
		for _, q := range under.order[pi] {
			if byQ[pi][q] == nil || q.intraDisabled {
				continue
			}
			s.intraFromQueue(demands[pi][q], pi)
		}
	}
	return s.out
}

// intraDemand is computeIntraQueuePreemptionDemand for one leaf with
// FifoIntraQueuePreemptionPlugin.computeAppsIdealAllocation. It returns
// the leaf's apps from the lowest priority up with what each gives
// (actually) and needs (from).
func (e *Engine) intraDemand(t *tq, already map[*container]bool, allowed Resource) []*tApp {
	rc, ic := &e.g.rc, e.g.preempt.intra
	q, pi := t.q, t.pi
	reassignable := t.used.Sub(t.toObtain)
	if e.usedCapacityIn(q, pi) < ic.minThreshold {
		return nil
	}
	perUserAM := map[string]Resource{}
	e.currentOrder(q) // the selector walks getPreemptionIterator's order
	for _, a := range q.active {
		am := amUsedOf(a, pi)
		perUserAM[a.u.name] = perUserAM[a.u.name].Add(am)
		reassignable = reassignable.Sub(am)
	}
	all := append(append([]*app(nil), q.active...), q.waiting...)
	if len(all) == 1 {
		return nil
	}
	users := map[string]*tUser{}
	var apps []*tApp
	for _, a := range all {
		// createTempAppForResCalculation: the app's usage, AM and pending
		// in the partition.
		ta := &tApp{a: a, used: a.allocatedIn(pi), amUsed: amUsedOf(a, pi), pending: a.pendingResourceIn(pi)}
		u := users[a.u.name]
		if u == nil {
			u = &tUser{name: a.u.name, amUsed: perUserAM[a.u.name]}
			for _, b := range all {
				if b.u == a.u {
					u.used = u.used.Add(b.allocatedIn(pi))
				}
			}
			u.limit = e.userLimitAll(q, pi, a.u.weight).Sub(u.amUsed)
			u.rolling = u.used
			users[a.u.name] = u
		}
		ta.u = u
		// getAlreadySelectedPreemptionCandidatesResource counts the
		// selected containers whose request's label is the partition.
		for _, c := range a.live {
			if c != nil && already[c] && int(c.askPi) == pi {
				ta.selAll = ta.selAll.Add(c.res)
			}
		}
		apps = append(apps, ta)
	}
	if q.fair && ic.userLimitFirst {
		slices.SortStableFunc(apps, e.fairCompare)
	} else {
		sort.SliceStable(apps, func(i, j int) bool { return taLess(apps[i], apps[j]) })
	}
	byShare := e.byFairShare(q)
	if byShare {
		rc.setFairShare(apps, reassignable.Add(sumAM(perUserAM)), q.mulp)
		rc.intraIdealFair(apps, reassignable)
	} else {
		rc.intraIdeal(apps, reassignable, ic.conservative)
	}
	// Highest priority first above; the plugin keeps them lowest first.
	for i, j := 0, len(apps)-1; i < j; i, j = i+1, j-1 {
		apps[i], apps[j] = apps[j], apps[i]
	}
	maxIntra := multiplyTrunc(t.guaranteed, float64(ic.maxAllowable))
	if rc.greater(maxIntra, t.toObtain) {
		maxIntra = maxIntra.Sub(t.toObtain)
	} else {
		maxIntra = Resource{}
	}
	rc.intraToBePreempted(apps, rc.min(maxIntra, allowed), ic.userLimitFirst, !byShare, e.g.minAlloc)
	if byShare {
		rc.actuallyByFairShare(apps)
	} else {
		rc.validateSamePriority(apps, ic.userLimitFirst)
	}
	return apps
}

// intraIdeal is calculateIdealAssignedResourcePerApp on apps ordered from
// the highest priority: each app gets min(used - AM + pending - selected,
// its user's limit left, the queue's reassignable left); what it gets
// beyond its usage it needs from others (toBePreemptFromOther).
func (c *calc) intraIdeal(apps []*tApp, reassignable Resource, conservative bool) {
	for _, ta := range apps {
		// In-queue conservative DRF (the default) also stops at any major
		// resource at or below zero (isAnyMajorResourceZeroOrNegative).
		if c.lessEq(reassignable, Resource{}) || (conservative && anyMajorZeroOrNeg(c, reassignable)) {
			continue
		}
		u := ta.u
		// getAlreadySelectedPreemptionCandidatesResource.
		ta.selected = ta.selAll
		u.selected = u.selected.Add(ta.selected)
		want := ta.usedDeductAM().Add(ta.pending).Sub(ta.selected)
		if !c.less(u.ideal, u.limit) {
			continue
		}
		ta.ideal = c.min(reassignable, c.min(want, u.limit.Sub(u.ideal)))
		u.ideal = u.ideal.Add(ta.ideal)
		if have := ta.usedDeductAM().Sub(ta.selected); c.greater(ta.ideal, have) {
			ta.from = ta.ideal.Sub(have)
		}
		reassignable = subNonNeg(reassignable, ta.ideal)
	}
}

// intraToBePreempted is calculateToBePreemptedResourcePerApp on apps from
// the lowest priority: each gives min(max(used - ideal - selected - AM
// (- the minimum allocation under userlimit_first), 0), what the limit
// has left), nothing when that is less than one minimum allocation.
func (c *calc) intraToBePreempted(apps []*tApp, limit Resource, ulFirst, deductAM bool, minAlloc Resource) {
	for _, ta := range apps {
		if c.lessEq(limit, Resource{}) || c.lessEq(ta.used, Resource{}) {
			continue
		}
		p := ta.used.Sub(ta.ideal)
		p = subNonNeg(p, ta.selected)
		if deductAM {
			// a fair leaf's fair shares already count the AMs
			p = subNonNeg(p, ta.amUsed)
		}
		if ulFirst {
			p = subNonNeg(p, minAlloc)
		}
		// Less than one minimum allocation frees nothing (3.4: fitsIn).
		ta.toBePreempted = Resource{}
		if c.fitsIn(minAlloc, p) {
			ta.toBePreempted = c.min(c.max(p, Resource{}), limit)
		}
		limit = subNonNeg(limit, ta.toBePreempted)
	}
}

// validateSamePriority is validateOutSameAppPriorityFromDemand: each app
// that needs resources from others (highest priority first) takes them
// from the lowest-priority apps' toBePreempted, except from its own
// user's apps of the same or higher priority; under userlimit_first not
// from other users still within their limit, and from a user at the same
// priority at most once the user's excess over its limit.
func (c *calc) validateSamePriority(apps []*tApp, ulFirst bool) {
	for h := len(apps) - 1; h >= 0; h-- {
		hi := apps[h]
		if !c.greater(hi.from, Resource{}) {
			continue
		}
		for l := 0; l < len(apps); l++ {
			lo := apps[l]
			if !c.greater(lo.toBePreempted, Resource{}) {
				continue
			}
			same := hi.a.u.name == lo.a.u.name
			if same && lo.a.priority >= hi.a.priority {
				continue
			}
			if c.lessEq(lo.toBePreempted, lo.actually) || hi.from == (Resource{}) {
				continue
			}
			u := lo.u
			if !same && !u.reached(c) && ulFirst {
				continue
			}
			give := lo.toBePreempted.Sub(lo.actually)
			if !same && lo.a.priority == hi.a.priority && u.reached(c) {
				delta := u.usedDeductAM().Sub(u.selected).Sub(u.limit)
				if u.ulDeltaDone {
					delta = Resource{}
				}
				if c.less(delta, give) {
					u.ulDeltaDone = true
					give = delta
				}
			}
			if c.greater(give, Resource{}) {
				take := c.min(hi.from, give)
				hi.from = hi.from.Sub(take)
				lo.actually = lo.actually.Add(take)
			}
		}
	}
}

// intraFromQueue selects one leaf's victims: the leaf needs the sum of
// its apps' actuallyToBePreempted (getResourceDemandFromAppsPerQueue);
// each app with something to give (getPreemptableApps, lowest priority
// first) gives its containers from the lowest request priority and
// newest, never its AM, until skipIntra says stop
// (preemptFromLeastStarvedApp).
func (s *selection) intraFromQueue(apps []*tApp, pi int) {
	var need Resource
	for _, ta := range apps {
		need = need.Add(ta.actually)
	}
	ulFirst := s.e.g.preempt.intra.userLimitFirst
	for _, ta := range apps {
		if ta.actually == (Resource{}) {
			continue
		}
		u := ta.u
		limit := u.limit.Add(u.amUsed)
		for _, c := range sortedLive(ta.a, pi) {
			if !s.wants(need) {
				return
			}
			// Killable containers are skipped too (lazy.go).
			if s.already[c] || c.priority == AMPriority || s.e.isKillable(c) {
				continue
			}
			if s.skipIntra(ta, c, limit) {
				break
			}
			if s.try(c, &need) {
				s.already[c] = true
				if ulFirst {
					u.rolling = u.rolling.Sub(c.res)
				}
				if s.e.byFairShare(ta.a.q) {
					// deductActuallyToBePreemptedFromApp: in a leaf split by
					// fair share an app gives no more than its share (Hadoop's tests assert the
					// per-app counts exactly, so the last unit counts too).
					ta.actually = subNonNeg(ta.actually, c.res)
				}
			}
		}
	}
}

// skipIntra is FifoIntraQueuePreemptionPlugin.skipContainerBasedOnIntraQueuePolicy:
// in a leaf split by fair share an app stops once the container no longer
// fits in what it is to give (actuallyToBePreempted); otherwise, under
// userlimit_first, it stops at the container that would take its user to
// or under the user limit.
func (s *selection) skipIntra(ta *tApp, c *container, limit Resource) bool {
	rc := &s.e.g.rc
	if s.e.byFairShare(ta.a.q) {
		return !rc.fitsIn(c.res, ta.actually)
	}
	return s.e.g.preempt.intra.userLimitFirst && rc.lessEq(ta.u.rolling.Sub(c.res), limit)
}

// sortedLive is an app's live containers on partition pi's nodes in
// sortContainers order: lowest priority (largest number) first, then
// newest. (Hadoop walks all of them; tryPreemptContainerAndDeductResToObtain
// takes none from a partition the round has no demand for.)
func sortedLive(a *app, pi int) []*container {
	live := make([]*container, 0, a.nLive)
	for _, c := range a.live {
		if c != nil && c.node.pi == pi {
			live = append(live, c)
		}
	}
	sort.Slice(live, func(i, j int) bool {
		if live[i].priority != live[j].priority {
			return live[i].priority > live[j].priority
		}
		return live[i].id > live[j].id
	})
	return live
}

// byFairShare tells whether leaf q's intra-queue split goes by fair share:
// its apps are ordered fairly and the target's plugin has the fair-share
// split (intraConf.fairShares).
func (e *Engine) byFairShare(q *queue) bool { return q.fair && e.g.preempt.intra.fairShares }

// anyMajorZeroOrNeg is ResourceCalculator.isAnyMajorResourceZeroOrNegative.
func anyMajorZeroOrNeg(rc *calc, r Resource) bool {
	if !rc.drf {
		return r.MemoryMB <= 0
	}
	return r.MemoryMB <= 0 || r.VCores <= 0
}

// sumAM adds up the leaf's running AMs per user.
func sumAM(perUser map[string]Resource) Resource {
	var r Resource
	for _, v := range perUser {
		r = r.Add(v)
	}
	return r
}
