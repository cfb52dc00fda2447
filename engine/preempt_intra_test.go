package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The FifoIntraQueuePreemptionPlugin's formulas on their own, on queue b
// of TestProportionalCapacityPreemptionPolicyIntraQueue.testSimpleIntraQueuePreemption:
// guarantee 40, used 38 by app3 (priority 4, 34 containers), app4 (4, 2),
// app5 (5, 1), app6 (6, 1) of one user, each with one 1-unit AM.

func intraApp(u *tUser, seq int64, prio int32, used, pending int64) *tApp {
	return &tApp{a: &app{seq: seq, priority: prio, u: &user{name: u.name}}, used: mb(used), amUsed: mb(1), pending: mb(pending), u: u}
}

func simpleB() (*tUser, []*tApp) {
	u := &tUser{name: "user", used: mb(38), amUsed: mb(4), limit: mb(40 - 4)}
	return u, []*tApp{ // highest priority first (TAPriorityComparator)
		intraApp(u, 6, 6, 1, 10), intraApp(u, 5, 5, 1, 10),
		intraApp(u, 3, 4, 34, 20), intraApp(u, 4, 4, 2, 10),
	}
}

// calculateIdealAssignedResourcePerApp: from the highest priority, each
// app gets min(used - AM + pending - selected, user limit left, queue's
// reassignable left); beyond its usage it needs from others.
func TestIntraIdeal(t *testing.T) {
	rc := &calc{}
	u, apps := simpleB()
	rc.intraIdeal(apps, mb(38-4), true) // used - actuallyToBePreempted - AMs
	got := []int64{apps[0].ideal.MemoryMB, apps[1].ideal.MemoryMB, apps[2].ideal.MemoryMB, apps[3].ideal.MemoryMB}
	assert.Equal(t, []int64{10, 10, 14, 0}, got, "app6 and app5 get their 10 each, app3 the 14 left, app4 nothing")
	assert.Equal(t, int64(10), apps[0].from.MemoryMB, "app6 runs nothing beyond its AM, so it needs all 10 from others")
	assert.Zero(t, apps[2].from.MemoryMB, "app3 already holds more than its ideal")
	assert.Equal(t, int64(34), u.ideal.MemoryMB)

	// The user limit caps the split: with 12 left for the user, app6 gets
	// 10 and app5 only 2.
	u, apps = simpleB()
	u.limit = mb(12)
	rc.intraIdeal(apps, mb(34), true)
	assert.Equal(t, []int64{10, 2, 0, 0}, []int64{apps[0].ideal.MemoryMB, apps[1].ideal.MemoryMB, apps[2].ideal.MemoryMB, apps[3].ideal.MemoryMB})
}

// calculateToBePreemptedResourcePerApp: from the lowest priority, each
// app gives used - ideal - selected - AM (less one minimum allocation
// under userlimit_first) within what max-allowable-limit leaves.
func TestIntraToBePreempted(t *testing.T) {
	rc := &calc{}
	_, apps := simpleB()
	rc.intraIdeal(apps, mb(34), true)
	low := []*tApp{apps[3], apps[2], apps[1], apps[0]}
	rc.intraToBePreempted(low, mb(8), false, true, mb(1)) // 40 x 0.2
	assert.Equal(t, []int64{1, 7, 0, 0}, []int64{low[0].toBePreempted.MemoryMB, low[1].toBePreempted.MemoryMB, low[2].toBePreempted.MemoryMB, low[3].toBePreempted.MemoryMB},
		"app4 gives its one non-AM container, app3 the 7 the limit has left")

	_, apps = simpleB()
	rc.intraIdeal(apps, mb(34), true)
	low = []*tApp{apps[3], apps[2], apps[1], apps[0]}
	rc.intraToBePreempted(low, mb(100), true, true, mb(1))
	assert.Equal(t, int64(0), low[0].toBePreempted.MemoryMB, "userlimit_first keeps one minimum allocation: app4 has 1 beyond its AM")
	assert.Equal(t, int64(34-14-1-1), low[1].toBePreempted.MemoryMB)
}

// validateOutSameAppPriorityFromDemand: the high-priority apps' need is
// met from the low-priority apps' toBePreempted; apps of one user and one
// priority never preempt each other.
func TestIntraValidateSamePriority(t *testing.T) {
	rc := &calc{}
	_, apps := simpleB()
	rc.intraIdeal(apps, mb(34), true)
	low := []*tApp{apps[3], apps[2], apps[1], apps[0]}
	rc.intraToBePreempted(low, mb(8), false, true, mb(1))
	rc.validateSamePriority(low, false)
	assert.Equal(t, int64(1), low[0].actually.MemoryMB)
	assert.Equal(t, int64(7), low[1].actually.MemoryMB)
	assert.Equal(t, int64(2), low[3].from.MemoryMB, "app6 still wants 2 after taking 8")
	assert.Equal(t, int64(10), low[2].from.MemoryMB, "app5 finds nothing left")

	// Same user, same priority: nothing moves.
	u := &tUser{name: "user", used: mb(20), limit: mb(40)}
	hi, lo := intraApp(u, 1, 1, 1, 10), intraApp(u, 2, 1, 19, 0)
	hi.from, lo.toBePreempted = mb(10), mb(10)
	rc.validateSamePriority([]*tApp{lo, hi}, false)
	assert.Zero(t, lo.actually.MemoryMB)

	// Another user at the same priority under userlimit_first gives only
	// its excess over its limit, once.
	other := &tUser{name: "other", used: mb(30), amUsed: mb(1), limit: mb(20)}
	lo = intraApp(other, 2, 1, 30, 0)
	hi.from, lo.toBePreempted = mb(10), mb(15)
	rc.validateSamePriority([]*tApp{lo, hi}, true)
	assert.Equal(t, int64(30-1-20), lo.actually.MemoryMB, "used - AM - limit")
	assert.True(t, other.ulDeltaDone)

	// A user within its limit is spared under userlimit_first.
	within := &tUser{name: "within", used: mb(10), limit: mb(20)}
	lo = intraApp(within, 2, 0, 10, 0)
	hi.from, lo.toBePreempted = mb(5), mb(5)
	rc.validateSamePriority([]*tApp{lo, hi}, true)
	assert.Zero(t, lo.actually.MemoryMB)
	rc.validateSamePriority([]*tApp{lo, hi}, false)
	assert.Equal(t, int64(5), lo.actually.MemoryMB, "priority_first takes from it")
}

// The fair-ordered leaf of TestProportionalCapacityPreemptionPolicyIntraQueueFairOrdering.
// testIntraQueuePreemptionFairOrderingPolicyMulitipleAppsPerUser: queue a
// 100, user limit 34; user1 runs app1 (35) and app2 (25), user2 app3 (40),
// each with a 1-unit AM; user3's app4 asks for 20.
func TestIntraFairShare(t *testing.T) {
	rc := &calc{}
	u1 := &tUser{name: "user1", used: mb(60), amUsed: mb(2), limit: mb(34 - 2)}
	u2 := &tUser{name: "user2", used: mb(40), amUsed: mb(1), limit: mb(34 - 1)}
	u3 := &tUser{name: "user3", limit: mb(34)}
	app4 := &tApp{a: &app{seq: 4}, pending: mb(20), u: u3}
	app3 := &tApp{a: &app{seq: 3}, used: mb(40), amUsed: mb(1), u: u2}
	app2 := &tApp{a: &app{seq: 2}, used: mb(25), amUsed: mb(1), u: u1}
	app1 := &tApp{a: &app{seq: 1}, used: mb(35), amUsed: mb(1), u: u1}
	apps := []*tApp{app4, app3, app2, app1} // TAFairOrderingComparator: lightest user first

	// setFairShareForApps below minimum-user-limit-percent 100: the user's
	// limit with its AMs split among its apps (34 / 2 for user1).
	rc.setFairShare(apps, mb(97+3), 33)
	assert.Equal(t, []int64{34, 34, 17, 17}, []int64{app4.fairShare.MemoryMB, app3.fairShare.MemoryMB, app2.fairShare.MemoryMB, app1.fairShare.MemoryMB})
	// At 100 every app gets the leaf's resource split evenly, rounded up.
	rc.setFairShare(apps, mb(97+3), 100)
	assert.Equal(t, int64(25), app1.fairShare.MemoryMB)
	rc.setFairShare(apps, mb(97+3), 33)

	// The ideal is min(fair share, used - AM + pending); app4 needs all of
	// its 20 from the others.
	rc.intraIdealFair(apps, mb(97))
	assert.Equal(t, []int64{20, 34, 17, 17}, []int64{app4.ideal.MemoryMB, app3.ideal.MemoryMB, app2.ideal.MemoryMB, app1.ideal.MemoryMB})
	assert.Equal(t, int64(20), app4.from.MemoryMB)

	// Most served first; the AMs are not deducted again (the fair shares
	// count them), the minimum allocation is under userlimit_first.
	desc := []*tApp{app1, app2, app3, app4}
	rc.intraToBePreempted(desc, mb(100), true, false, mb(1))
	assert.Equal(t, []int64{17, 7, 5, 0}, []int64{app1.toBePreempted.MemoryMB, app2.toBePreempted.MemoryMB, app3.toBePreempted.MemoryMB, app4.toBePreempted.MemoryMB})

	// calcActuallyToBePreemptedBasedOnFS: app4's 20 come from app1 (17)
	// and app2 (3), the overfed apps in order.
	rc.actuallyByFairShare(desc)
	assert.Equal(t, []int64{17, 3, 0}, []int64{app1.actually.MemoryMB, app2.actually.MemoryMB, app3.actually.MemoryMB})
	assert.Zero(t, app4.from.MemoryMB)
}

// TAFairOrderingComparator orders two apps of one user by the leaf's own
// comparator (FairOrderingPolicy: memory in use, then submission order),
// not by the resource calculator: under DRF, app 1 with less memory but
// the larger dominant share still comes first, and equal memory goes by
// submission order whatever the vcores.
func TestIntraFairCompareSameUserIsTheLeafOrder(t *testing.T) {
	e := &Engine{g: globals{rc: calc{drf: true, cluster: Resource{102400, 100}}}}
	q := &queue{fair: true}
	u := &tUser{name: "user1"}
	app1 := &tApp{a: &app{seq: 1, u: &user{q: q}, allocated: Resource{2048, 10}}, u: u}
	app2 := &tApp{a: &app{seq: 2, u: app1.a.u, allocated: Resource{4096, 1}}, u: u}
	assert.Equal(t, -1, e.fairCompare(app1, app2))
	assert.Equal(t, 1, e.fairCompare(app2, app1))
	app2.a.allocated = Resource{2048, 1}
	assert.Equal(t, -1, e.fairCompare(app1, app2), "equal memory: submission order")
	assert.Equal(t, 1, e.fairCompare(app2, app1))
}
