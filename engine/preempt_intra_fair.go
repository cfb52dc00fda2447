package engine

import "cmp"

// Intra-queue preemption in a leaf with the fair ordering policy
// (FifoIntraQueuePreemptionPlugin, Hadoop 3.4): each app's ideal is
// capped by its fair share instead of the user limit, and the starved
// apps take from the overfed ones by fair share
// (calcActuallyToBePreemptedBasedOnFS) instead of by priority.

// fairCompare is IntraQueueCandidatesSelector.TAFairOrderingComparator:
// apps of one user by the leaf's own ordering policy's comparator
// (fairLeafCompare: memory only, whatever the calculator, then submission
// order); apps of different users by their user's usage less AMs, the
// lighter user first, older app first when equal.
func (e *Engine) fairCompare(x, y *tApp) int {
	if x.u == y.u {
		return fairLeafCompare(x.a.u.q, x.a, y.a)
	}
	rc := &e.g.rc
	ux, uy := x.u.usedDeductAM(), y.u.usedDeductAM()
	if ux == uy {
		return cmp.Compare(x.a.seq, y.a.seq)
	}
	if rc.less(ux, uy) {
		return -1
	}
	return 1
}

// setFairShare is setFairShareForApps: with minimum-user-limit-percent
// 100 every app's share is the leaf's reassignable resource (AMs
// included) split evenly among all its apps; otherwise each user's limit
// (AMs included) split among the user's apps. queueRes is reassignable
// plus the running AMs.
func (c *calc) setFairShare(apps []*tApp, queueRes Resource, mulp float32) {
	perUser := map[*tUser]int64{}
	for _, ta := range apps {
		perUser[ta.u]++
	}
	across := divideAndCeil(queueRes, float32(len(apps)))
	for _, ta := range apps {
		share := divideAndCeil(ta.u.limit.Add(ta.u.amUsed), float32(perUser[ta.u]))
		if mulp == 100 {
			share = across
		}
		ta.fairShare = componentwiseMax(share, Resource{})
	}
}

// intraIdealFair is calculateIdealAssignedResourcePerApp for a fair leaf:
// every app (the loop does not stop when the leaf runs out) is given
// min(fair share, used - AM + pending) less what is already selected,
// without the user-limit check.
func (c *calc) intraIdealFair(apps []*tApp, reassignable Resource) {
	for _, ta := range apps {
		u := ta.u
		ta.selected = ta.selAll
		u.selected = u.selected.Add(ta.selected)
		want := c.min(ta.fairShare, ta.usedDeductAM().Add(ta.pending))
		ta.ideal = componentwiseMax(want, Resource{}).Sub(ta.selected)
		u.ideal = u.ideal.Add(ta.ideal)
		if have := ta.usedDeductAM().Sub(ta.selected); c.greater(ta.ideal, have) {
			ta.from = ta.ideal.Sub(have)
		}
		reassignable = subNonNeg(reassignable, ta.ideal)
	}
}

// actuallyByFairShare is calcActuallyToBePreemptedBasedOnFS on apps in the
// plugin's order (most served first): from the last app up, each starved
// app takes what it needs from the overfed apps in order, each giving at
// most its toBePreempted less what it already gives.
func (c *calc) actuallyByFairShare(apps []*tApp) {
	if len(apps) <= 1 {
		return
	}
	for s := len(apps) - 1; s >= 0; s-- {
		starved := apps[s]
		for _, over := range apps {
			if over == starved {
				continue
			}
			want := starved.from
			if c.lessEq(want, Resource{}) {
				break
			}
			give := subNonNeg(over.toBePreempted, over.actually)
			if c.lessEq(give, Resource{}) {
				continue
			}
			p := c.min(give, want)
			starved.from = subNonNeg(starved.from, p)
			over.actually = over.actually.Add(p)
		}
	}
}
