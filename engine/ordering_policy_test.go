package engine

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The tests below reproduce the app OrderingPolicy tests of Hadoop's
// scheduler/policy package (TestFifoOrderingPolicy,
// TestFifoOrderingPolicyForPendingApps, TestFairOrderingPolicy) on the
// engine's orders: a leaf's active apps (insertOrdered, sortFair), its
// pending apps (insertOrdered), and the preemption iterator, which walks
// the active apps in reverse (selectFifo). A MockSchedulableEntity's
// serial, the FifoComparator's input order, is an app's seq.

// mockApp is a MockSchedulableEntity: usedMB in use, pendingMB asked.
func mockApp(seq int64, priority int32, usedMB, pendingMB int64) *app {
	a := &app{seq: seq, priority: priority, allocated: Resource{usedMB, 0}}
	if pendingMB > 0 {
		a.keys = []*schedKey{{capability: Resource{pendingMB, 0}, any: 1}}
	}
	return a
}

// fairCompare is the sign of the fair policy's comparator on a and b, as
// sortFair applies it: -1 when a goes first whichever of the two comes
// first, 1 when b does, 0 when the sort keeps them as they come.
func fairCompare(t *testing.T, sizeBasedWeight bool, a, b *app) int {
	t.Helper()
	order := func(x, y *app) *app {
		q := &queue{fair: true, fairSizeWeight: sizeBasedWeight, active: []*app{x, y}}
		(&Engine{}).sortFair(q)
		return q.active[0]
	}
	ab, ba := order(a, b), order(b, a)
	switch {
	case ab == a && ba == a:
		return -1
	case ab == b && ba == b:
		return 1
	case ab == a && ba == b:
		return 0
	}
	t.Fatalf("fair order not antisymmetric")
	return 0
}

// fairOrder sorts the apps as a fair leaf orders its active apps and
// returns their seqs, assignment order first.
func fairOrder(apps ...*app) []int64 {
	q := &queue{fair: true, active: apps}
	(&Engine{}).sortFair(q)
	var seqs []int64
	for _, a := range q.active {
		seqs = append(seqs, a.seq)
	}
	return seqs
}

func reversed(s []int64) []int64 {
	r := slices.Clone(s)
	slices.Reverse(r)
	return r
}

// TestFifoOrderingPolicy: a smaller serial goes first, and a higher
// application priority before it (testFifoOrderingPolicyAlongWithPriorty's
// case of two set priorities; an app in capq always has one, so its
// null-priority cases do not arise); testIterators' assignment order is
// by serial, its preemption order the reverse; testOrderingUsingAppSubmitTime
// orders by start time.
func TestFifoOrderingPolicy(t *testing.T) {
	t.Run("testFifoOrderingPolicy", func(t *testing.T) {
		r1, r2 := mockApp(0, 0, 0, 0), mockApp(0, 0, 0, 0)
		assert.False(t, fifoLess(r1, r2))
		assert.False(t, fifoLess(r2, r1))
		r1.seq = 1
		assert.True(t, fifoLess(r2, r1), "compare(r1, r2) = 1")
		r2.seq = 2
		assert.True(t, fifoLess(r1, r2), "compare(r1, r2) = -1")
	})
	t.Run("testIterators", func(t *testing.T) {
		var active []*app
		for _, seq := range []int64{3, 2, 1} {
			active = insertOrdered(active, mockApp(seq, 0, 0, 0))
		}
		var seqs []int64
		for _, a := range active {
			seqs = append(seqs, a.seq)
		}
		assert.Equal(t, []int64{1, 2, 3}, seqs)
		assert.Equal(t, []int64{3, 2, 1}, reversed(seqs))
	})
	// (testFifoOrderingPolicyAlongWithPriorty before YARN-10049)
	t.Run("testFifoOrderingPolicyAlongWithPriority", func(t *testing.T) {
		r1, r2 := mockApp(0, 1, 0, 0), mockApp(0, 0, 0, 0)
		assert.True(t, fifoLess(r1, r2), "compare(r1, r2) = -1")
		assert.False(t, fifoLess(r2, r1))
	})
	// YARN-10049 (3.4) compares start times before serials; an app
	// starts at its submission, whose order seq keeps.
	t.Run("testOrderingUsingAppSubmitTime", func(t *testing.T) {
		r1, r2 := mockApp(0, 0, 0, 0), mockApp(0, 0, 0, 0)
		assert.False(t, fifoLess(r1, r2) || fifoLess(r2, r1), "same start, equal")
		r1.seq, r2.seq = 5, 10
		assert.True(t, fifoLess(r1, r2), "r2 started after r1")
		r1.seq, r2.seq = 10, 5
		assert.True(t, fifoLess(r2, r1), "r1 started after r2")
	})
}

// TestFifoOrderingPolicyForPendingApps: pending apps activate by
// priority, then serial. The test's recovering entities (apps recovered
// by a restarted ResourceManager, which go first) are left out: capq has
// no restart, so testFifoOrderingPolicyForPendingApps, which compares
// recovering with non-recovering entities alone, has nothing left, and
// testIterators keeps its non-recovering entities 5, 6 and 7, whose
// places it asserts after the recovering ones.
func TestFifoOrderingPolicyForPendingApps(t *testing.T) {
	var waiting []*app
	for _, e := range []struct {
		seq      int64
		priority int32
	}{{5, 5}, {6, 6}, {7, 5}} {
		waiting = insertOrdered(waiting, mockApp(e.seq, e.priority, 0, 0))
	}
	var seqs []int64
	for _, a := range waiting {
		seqs = append(seqs, a.seq)
	}
	assert.Equal(t, []int64{6, 5, 7}, seqs, "testIterators: assignment")
	assert.Equal(t, []int64{7, 5, 6}, reversed(seqs), "testIterators: preemption")
}

// TestFairOrderingPolicy: less memory in use first; with size-based
// weight, usage over log2(1 + demand), demand being usage plus pending;
// then the earlier start (capq's apps start in submission order, seq).
//
// Left out: testIterators' "change value without inform" (every change
// of an app's usage in the engine bumps its leaf's change counter, which
// re-sorts); testOrderingUsingAppDemand's second assertion, which puts
// an app with demand before one without at the same start time and
// serial (compareDemand; demand is used plus pending,
// ResourceUsage.getCachedDemand): capq has no start times apart from
// submission order, and an app without demand has neither usage nor
// asks, so it is never assigned nor preempted from.
// testSizeBasedWeightNotAffectAppActivation is a scenario.
func TestFairOrderingPolicy(t *testing.T) {
	t.Run("testSimpleComparison", func(t *testing.T) {
		r1, r2 := mockApp(0, 0, 0, 0), mockApp(0, 0, 0, 0)
		assert.Equal(t, 0, fairCompare(t, false, r1, r2))
		r1.allocated = Resource{1, 0}
		assert.Equal(t, 1, fairCompare(t, false, r1, r2))
	})
	t.Run("testSizeBasedWeight", func(t *testing.T) {
		r1, r2 := mockApp(0, 0, 0, 0), mockApp(0, 0, 0, 0)
		assert.Equal(t, 0, fairCompare(t, true, r1, r2), "no changes, equal")
		r1, r2 = mockApp(0, 0, 4*gb, 4*gb), mockApp(0, 0, 4*gb, 4*gb)
		assert.Equal(t, 0, fairCompare(t, true, r1, r2), "same, equal")
		r2 = mockApp(0, 0, 5*gb, 5*gb)
		assert.Equal(t, -1, fairCompare(t, true, r1, r2), "more demand and consumption")
		r2 = mockApp(0, 0, 5*gb, 100*gb)
		assert.Equal(t, 1, fairCompare(t, true, r1, r2), "high demand, enough to reverse")
	})
	t.Run("testIterators", func(t *testing.T) {
		msp1, msp2, msp3 := mockApp(1, 0, 3, 0), mockApp(2, 0, 2, 0), mockApp(3, 0, 1, 0)
		got := fairOrder(msp1, msp2, msp3)
		assert.Equal(t, []int64{3, 2, 1}, got, "assignment, least to greatest consumption")
		assert.Equal(t, []int64{1, 2, 3}, reversed(got), "preemption, greatest to least")
		msp2.allocated = Resource{6, 0}
		got = fairOrder(msp1, msp2, msp3)
		assert.Equal(t, []int64{3, 1, 2}, got, "informed, reordered")
		assert.Equal(t, []int64{2, 1, 3}, reversed(got))
	})
	t.Run("testOrderingUsingUsedAndPendingResources", func(t *testing.T) {
		r1, r2 := mockApp(0, 0, 4*gb, 4*gb), mockApp(0, 0, 4*gb, 4*gb)
		assert.Equal(t, 0, fairCompare(t, true, r1, r2))
		r2 = mockApp(0, 0, 8*gb, 8*gb)
		assert.Equal(t, -1, fairCompare(t, true, r1, r2))
	})
	t.Run("testOrderingUsingAppDemand", func(t *testing.T) {
		r1, r2 := mockApp(0, 0, 0, 0), mockApp(0, 0, 0, 0)
		assert.Equal(t, 0, fairCompare(t, false, r1, r2), "same, equal")
		r1, r2 = mockApp(0, 0, 0, 4*gb), mockApp(0, 0, 0, 12*gb)
		assert.Equal(t, 0, fairCompare(t, false, r1, r2), "both with demand: no comparison")
	})
	// YARN-10934's test: entities whose usage and demand drop to 0 (their
	// jobs completed) are reordered, then removed, and all five go (Java's
	// TreeSet missed entities whose sort key had changed; the engine's
	// leaves remove an app by identity, removeApp).
	t.Run("testRemoveEntitiesWithSizeBasedWeightAsCompletedJobs", func(t *testing.T) {
		var apps []*app
		for i := int64(1); i <= 10; i++ {
			apps = append(apps, mockApp(i, int32(i), 4*i, 4*i))
		}
		q := &queue{fair: true, fairSizeWeight: true, active: slices.Clone(apps)}
		e := &Engine{}
		e.sortFair(q)
		for _, a := range apps[:5] {
			a.allocated, a.keys = Resource{}, nil
		}
		e.sortFair(q)
		for _, a := range apps[:5] {
			q.active = removeApp(q.active, a)
		}
		assert.Len(t, q.active, 5)
		for _, a := range apps[5:] {
			assert.Contains(t, q.active, a)
		}
	})
	t.Run("testOrderingUsingAppSubmitTime", func(t *testing.T) {
		r1, r2 := mockApp(0, 0, 0, 0), mockApp(0, 0, 0, 0)
		assert.Equal(t, 0, fairCompare(t, true, r1, r2))
		r1.seq, r2.seq = 5, 10
		assert.Equal(t, -1, fairCompare(t, true, r1, r2))
		r1.seq, r2.seq = 10, 5
		assert.Equal(t, 1, fairCompare(t, true, r1, r2))
	})
}

// TestFifoOrderingPolicyWithExclusivePartitions reproduces
// testNoConfiguredExclusiveEnforcedPartitions: without
// exclusive-enforced partitions the policy is FifoOrderingPolicy,
// whatever the entities' partitions, which is how the engine runs a
// fifo-with-partitions leaf. (The test's two other methods configure
// exclusive-enforced partitions, which capq does not model: a startup
// warning says so.)
func TestFifoOrderingPolicyWithExclusivePartitions(t *testing.T) {
	apps := map[string]*app{
		"p1": mockApp(4, 0, 0, 0), "p2": mockApp(3, 1, 0, 0),
		"r1": mockApp(2, 0, 0, 0), "r2": mockApp(1, 0, 0, 0),
	}
	ids := func(s []*app) []string {
		var out []string
		for _, a := range s {
			for id, x := range apps {
				if x == a {
					out = append(out, id)
				}
			}
		}
		return out
	}
	var active []*app
	for _, id := range []string{"p1", "p2", "r1", "r2"} {
		active = insertOrdered(active, apps[id])
	}
	assert.Equal(t, []string{"p2", "r2", "r1", "p1"}, ids(active), "assignment")
	backward := slices.Clone(active)
	slices.Reverse(backward)
	assert.Equal(t, []string{"p1", "r1", "r2", "p2"}, ids(backward), "preemption")
	active = slices.DeleteFunc(active, func(a *app) bool { return a == apps["p2"] || a == apps["r2"] })
	assert.Equal(t, []string{"r1", "p1"}, ids(active), "assignment after removals")
}
