package engine

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// Each formula of the preemption policy on its own, on hand-built
// TempQueuePerPartition states (memory only, DefaultResourceCalculator).

func mb(m int64) Resource { return Resource{m, m} }

func leafTQ(path string, guar, max, used, pending int64) *tq {
	return &tq{q: &queue{path: path}, guaranteed: mb(guar), max: mb(max), used: mb(used), pending: mb(pending), pendingDR: mb(pending)}
}

// computeFixpointAllocation: a queue above its guarantee starts at it, one
// below at its usage; the most under-served is offered unassigned x its
// share of the active guarantees, rounded half up; a leaf accepts at most
// max(used, guaranteed) (filterByMaxDeductAssigned).
func TestFixpointAllocation(t *testing.T) {
	rc := &calc{}
	// testPreemptCycle: A 40 (0 used, 10 pending), B 40 (60 used), C 20 (40 used).
	a, b, c := leafTQ("root.a", 40, 100, 0, 10), leafTQ("root.b", 40, 100, 60, 0), leafTQ("root.c", 20, 100, 40, 0)
	left := rc.fixpoint([]*tq{a, b, c}, mb(100), false, idealMode{})
	// A (0% of guarantee) is served first and takes its 10; B and C start
	// at their guarantees (40, 20), equally served (100%), and share the
	// last 30 by guarantee: B +20 (back to its 60 used), C +10.
	assert.Equal(t, int64(10), a.ideal.MemoryMB, "A gets its pending")
	assert.Equal(t, int64(60), b.ideal.MemoryMB)
	assert.Equal(t, int64(30), c.ideal.MemoryMB, "C keeps 30 of its 40: gives 10, as testPreemptCycle asserts")
	assert.Zero(t, left.MemoryMB)

	// A leaf never gets above max(used, guaranteed), even with demand.
	d, e := leafTQ("root.d", 50, 100, 0, 100), leafTQ("root.e", 50, 100, 100, 0)
	rc.fixpoint([]*tq{d, e}, mb(100), false, idealMode{})
	assert.Equal(t, int64(50), d.ideal.MemoryMB)
	assert.Equal(t, int64(50), e.ideal.MemoryMB)

	// The offer is capped by maximum capacity.
	f, g := leafTQ("root.f", 50, 45, 0, 100), leafTQ("root.g", 50, 100, 100, 0)
	rc.fixpoint([]*tq{f, g}, mb(100), false, idealMode{})
	assert.Equal(t, int64(45), f.ideal.MemoryMB)
}

// TQComparator: under priority-utilization a higher-priority queue is
// served first while both are under their guarantee.
func TestFixpointQueuePriority(t *testing.T) {
	rc := &calc{}
	lo, hi := leafTQ("root.lo", 50, 100, 0, 100), leafTQ("root.hi", 50, 100, 0, 100)
	hi.relPriority = 1
	qs := []*tq{lo, hi}
	rc.sortByNeed(qs)
	assert.Equal(t, "root.hi", qs[0].q.path, "equal use, higher priority first")
	lo.ideal, hi.ideal = mb(10), mb(40)
	rc.sortByNeed(qs)
	assert.Equal(t, "root.hi", qs[0].q.path, "both under guarantee: priority wins over use")
	hi.ideal = mb(60)
	rc.sortByNeed(qs)
	assert.Equal(t, "root.lo", qs[0].q.path, "one over, one under: the lower use wins")
}

// multiplyAndNormalizeUp with double[] (DefaultResourceCalculator):
// (long)(v * by + 0.5) rounded up to the step of 1.
func TestMultiplyNormUpRoundsHalfUp(t *testing.T) {
	rc := &calc{}
	assert.Equal(t, int64(20070), rc.multiplyNormUp(mb(28672), [2]float64{float64(float32(0.7)), 0}).MemoryMB)
	assert.Equal(t, int64(1), rc.multiplyNormUp(mb(1), [2]float64{0.5, 0}).MemoryMB)
	assert.Equal(t, int64(0), rc.multiplyNormUp(mb(1), [2]float64{0.49, 0}).MemoryMB)
}

// assignPreemption keeps max(ideal, min(used + pending, guaranteed)) and
// scales the rest by the level's factor (truncated).
func TestAssignPreemption(t *testing.T) {
	rc := &calc{}
	q := leafTQ("root.a", 40, 100, 70, 0)
	q.ideal = mb(30)
	rc.assignPreemption(q, 1, false)
	assert.Equal(t, int64(30), q.toBePreempted.MemoryMB, "ideal 30 < guaranteed 40 = min(70, 40): keeps 40")
	q.ideal = mb(50)
	rc.assignPreemption(q, 0.5, false)
	assert.Equal(t, int64(10), q.toBePreempted.MemoryMB, "(70 - 50) x 0.5")
}

// distribute scales every queue's excess by allowance / total excess when
// the level needs more than the round may preempt.
func TestDistributeScalesToAllowance(t *testing.T) {
	rc := &calc{}
	a, b := leafTQ("root.a", 50, 100, 100, 0), leafTQ("root.b", 50, 100, 0, 100)
	rc.distribute([]*tq{a, b}, mb(10), mb(100), idealMode{})
	assert.Equal(t, int64(50), a.ideal.MemoryMB)
	assert.Equal(t, int64(10), a.toBePreempted.MemoryMB, "50 over, scaled to the 10 allowed")
}

// updatePreemptableExtras: a non-preemptable leaf's excess is untouchable
// and makes its parent's excess untouchable, so siblings keep theirs.
func TestUpdatePreemptableExtras(t *testing.T) {
	rc := &calc{}
	b, c := leafTQ("root.p.b", 10, 100, 30, 0), leafTQ("root.p.c", 10, 100, 10, 0)
	b.disabled = true
	p := &tq{q: &queue{path: "root.p"}, guaranteed: mb(20), used: mb(40), children: []*tq{b, c}}
	rc.updatePreemptableExtras(p)
	assert.Equal(t, int64(20), b.untouchable.MemoryMB)
	assert.Zero(t, b.preemptable.MemoryMB)
	assert.Equal(t, int64(20), p.untouchable.MemoryMB, "parent extra 20, children may give 0")
	b.disabled = false
	rc.updatePreemptableExtras(p)
	assert.Equal(t, int64(20), p.preemptable.MemoryMB)
	assert.Zero(t, p.untouchable.MemoryMB)
}

// resToObtain: nothing inside the dead zone guaranteed x (1 +
// max_ignored_over_capacity); beyond it toBePreempted x
// natural_termination_factor, rounded half up.
func TestResToObtain(t *testing.T) {
	e := &Engine{}
	e.g.preempt = preemptConf{maxIgnoredOver: 0.1, naturalTermination: 0.2}
	q := leafTQ("root.a", 40, 100, 44, 0)
	q.toBePreempted = mb(4)
	e.resToObtain(q, false)
	assert.Zero(t, q.toObtain.MemoryMB, "44 is not above 40 x 1.1")
	q.used, q.toBePreempted = mb(45), mb(5)
	e.resToObtain(q, false)
	assert.Equal(t, int64(1), q.toObtain.MemoryMB, "(long)(5 x 0.2 + 0.5)")
	q.disabled = true
	e.resToObtain(q, false)
	assert.Zero(t, q.toObtain.MemoryMB, "disable_preemption")
}

// getLeafQueueNames is a HashSet: leaves come in String.hashCode bucket
// order, not configuration order.
func TestLeafOrderIsJavaHashSetOrder(t *testing.T) {
	assert.Equal(t, uint32(0x61), xmlconf.JavaStringHash("a"))
	assert.Equal(t, uint32(3506402), xmlconf.JavaStringHash("root"))
	mk := func(paths ...string) *tq {
		r := &tq{q: &queue{path: "root"}}
		for _, p := range paths {
			r.children = append(r.children, &tq{q: &queue{path: p}})
		}
		return r
	}
	var got []string
	for _, l := range leafOrder(mk("root.b", "root.a", "root.c")) {
		got = append(got, l.q.path)
	}
	// "root.a".hashCode() = -925155509 ... buckets (h ^ h>>>16) & 15.
	want := append([]string(nil), got...)
	assert.ElementsMatch(t, []string{"root.a", "root.b", "root.c"}, got)
	for i := 1; i < len(want); i++ {
		hi, hj := xmlconf.JavaStringHash(want[i-1]), xmlconf.JavaStringHash(want[i])
		assert.LessOrEqual(t, (hi^hi>>16)&15, (hj^hj>>16)&15)
	}
}

// FairOrderingPolicy with enable-size-based-weight: usage / log2(1 +
// demand), demand = used + pending memory; an app with neither compares
// equal (Java's (int) NaN).
func TestFairSizeBasedWeight(t *testing.T) {
	small := &app{allocated: Resource{1024, 1}, keys: []*schedKey{{capability: Resource{1024, 1}, any: 1}}}
	big := &app{allocated: Resource{2048, 2}, keys: []*schedKey{{capability: Resource{1024, 1}, any: 10000}}}
	assert.InDelta(t, 1024/11.000704, fairMagnitude(small), 1e-3, "1024 / log2(2049)")
	assert.Equal(t, -1, sizeWeightedCompare(big, small), "twice the usage, but ~5000x the demand: big goes first")
	assert.Equal(t, 0, sizeWeightedCompare(&app{}, small), "0/0 is NaN: no order")
}

// FairOrderingPolicy.FairComparator compares the memory in use
// (getCachedUsed(ANY).getMemorySize()) whatever the resource calculator:
// under DRF an app with less memory but the larger dominant share (here
// vcores) still goes first.
func TestFairComparatorComparesMemoryUnderDRF(t *testing.T) {
	kv := map[string]string{"root.queues": "a", "root.a.capacity": "100",
		"resource-calculator": "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"}
	e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(4, 10*gb), Options{})
	assert.NoError(t, err)
	vcoreHeavy := &app{id: "vcores", seq: 2, allocated: Resource{1024, 32}}
	memoryHeavy := &app{id: "memory", seq: 1, allocated: Resource{2048, 1}}
	q := e.byPath["root.a"]
	q.active = []*app{memoryHeavy, vcoreHeavy}
	e.sortFair(q)
	assert.Equal(t, []*app{vcoreHeavy, memoryHeavy}, q.active, "1 GB before 2 GB, though 32 of 64 vcores is the larger dominant share")
}

// AbstractParentQueue.getEffectiveMinRatio: absolute children of a parent
// whose effective minimum is below their configured sum (under the
// scheduler's calculator) are scaled per resource type by (float)
// parent / sum, each value multiplied in Java float and truncated.
func TestAbsoluteMinimumsScaleDown(t *testing.T) {
	abs := func(mem, vc int) string { return "[memory=" + itoa(mem) + ",vcores=" + itoa(vc) + "]" }
	tests := []struct {
		name  string
		kv    map[string]string
		wantA Resource
	}{
		{"cluster smaller than both types", map[string]string{"root.a.capacity": abs(60000, 60), "root.b.capacity": abs(60000, 60)},
			Resource{int64(float32(60000) * (float32(40960) / float32(120000))), int64(float32(60) * (float32(64) / float32(120)))}},
		{"memory fits: the default calculator does not scale", map[string]string{"root.a.capacity": abs(10000, 60), "root.b.capacity": abs(10000, 60)},
			Resource{10000, 60}},
		{"DRF: vcores do not fit, every type takes its ratio", map[string]string{"root.a.capacity": abs(10000, 60), "root.b.capacity": abs(10000, 60),
			"resource-calculator": "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"},
			Resource{int64(float32(10000) * (float32(40960) / float32(20000))), int64(float32(60) * (float32(64) / float32(120)))}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			kv := map[string]string{"root.queues": "a,b"}
			for k, v := range tc.kv {
				kv[k] = v
			}
			e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(4, 10*gb), Options{})
			assert.NoError(t, err)
			assert.Equal(t, Resource{40960, 64}, e.cluster)
			assert.Equal(t, tc.wantA, e.byPath["root.a"].guarantee)
		})
	}
}

func itoa(n int) string { return fmt.Sprint(n) }
