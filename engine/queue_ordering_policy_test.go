package engine

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPriorityUtilizationQueueOrderingPolicy reproduces the test class of
// that name (scheduler/capacity/policy) on the engine's comparators:
// queueCompare for the default partition, partitionCompare for label x.
// A mocked queue sets its used and absolute capacity in one partition
// (its others are 0) and no absolute used capacity, which is what the
// policy compares for a queue without capacity there: its usage key is
// then 0. A queue's accessible labels are empty unless the case gives
// them.
func TestPriorityUtilizationQueueOrderingPolicy(t *testing.T) {
	type mq struct {
		name      string
		priority  int32
		used, abs float32
	}
	order := func(respectPriority bool, dataIn, look int, qs []mq, accessX ...string) []string {
		p := &queue{path: "root", respectPriority: respectPriority}
		var kids []*queue
		for i, m := range qs {
			q := &queue{path: m.name, pos: i, priority: m.priority, parent: p, parts: make([]qpart, 2)}
			used := m.used
			if m.abs == 0 {
				used = 0 // the mock's absolute used capacity
			}
			if dataIn == 0 {
				q.absCap, q.sortUsed = m.abs, used
			} else {
				q.parts[1].absCap, q.parts[1].sortUsed = m.abs, used
			}
			q.parts[1].accessible = slices.Contains(accessX, m.name)
			kids = append(kids, q)
		}
		e := &Engine{}
		slices.SortStableFunc(kids, func(a, b *queue) int {
			if look == 0 {
				return e.queueCompare(p, a, b)
			}
			return e.partitionCompare(p, a, b, 1)
		})
		var names []string
		for _, q := range kids {
			names = append(names, q.path)
		}
		return names
	}
	const def, x = 0, 1
	abc := func(prio [3]int32) []mq {
		return []mq{{"a", prio[0], 0.1, 0.2}, {"b", prio[1], 0.0, 0.3}, {"c", prio[2], 0.2, 0.4}}
	}
	t.Run("testUtilizationOrdering", func(t *testing.T) {
		assert.Equal(t, []string{"a"}, order(false, def, def, []mq{{"a", 0, 0.1, 0.2}}), "case 1")
		assert.Equal(t, []string{"b", "a"}, order(false, def, def, []mq{{"a", 0, 0.1, 0.2}, {"b", 0, 0.0, 0.3}}), "case 2")
		assert.Equal(t, []string{"b", "a", "c"}, order(false, def, def, abc([3]int32{0, 0, 0})), "case 3")
		assert.Equal(t, []string{"b", "a", "c"}, order(false, def, def, abc([3]int32{2, 1, 0})), "case 4: priorities ignored")
		assert.Equal(t, []string{"a", "b", "c"}, order(false, x, def, abc([3]int32{2, 1, 0})), "case 5: the default partition")
		assert.Equal(t, []string{"b", "a", "c"}, order(false, x, x, abc([3]int32{2, 1, 0})), "case 5: partition x")
		assert.Equal(t, []string{"a", "c", "b"}, order(false, x, x, abc([3]int32{2, 1, 0}), "a", "c"), "case 6: access to x")
	})
	t.Run("testPriorityUtilizationOrdering", func(t *testing.T) {
		two := func(p1, p2 int32, u1, u2, a1, a2 float32) []mq {
			return []mq{{"a", p1, u1, a1}, {"b", p2, u2, a2}}
		}
		five := func(abs [5]float32) []mq {
			prio := [5]int32{1, 2, 0, 0, 3}
			used := [5]float32{1.2, 1.0, 0.2, 1.1, 0.2}
			var qs []mq
			for i, n := range []string{"a", "b", "c", "d", "e"} {
				qs = append(qs, mq{n, prio[i], used[i], abs[i]})
			}
			return qs
		}
		abs5 := [5]float32{0.2, 0.1, 0.1, 0.3, 0.3}
		for _, tc := range []struct {
			name string
			qs   []mq
			want []string
		}{
			{"case 1", []mq{{"a", 1, 0.1, 0.2}}, []string{"a"}},
			{"case 2: both under, same priority", two(1, 1, 0.2, 0.1, 0.2, 0.3), []string{"b", "a"}},
			{"case 3: both over, same priority", two(1, 1, 1.1, 1.2, 0.2, 0.3), []string{"a", "b"}},
			{"case 4: under and over, same priority", two(1, 1, 0.1, 1.2, 0.2, 0.3), []string{"a", "b"}},
			{"case 5: both over, different priority", two(1, 2, 1.1, 1.2, 0.2, 0.3), []string{"b", "a"}},
			{"case 6: both under, different priority", two(1, 2, 0.1, 0.2, 0.2, 0.3), []string{"b", "a"}},
			{"case 7: under and over, different priority", two(1, 2, 0.1, 1.2, 0.2, 0.3), []string{"a", "b"}},
			{"case 8: under and over, different priority", two(2, 1, 0.1, 1.2, 0.2, 0.3), []string{"a", "b"}},
			{"case 9: under and meeting, different priority", two(1, 2, 0.1, 1.0, 0.2, 0.3), []string{"a", "b"}},
			{"case 10: under and meeting, different priority", two(2, 1, 0.1, 1.0, 0.2, 0.3), []string{"a", "b"}},
			{"case 11: under and meeting, same priority", two(1, 1, 0.1, 1.0, 0.2, 0.3), []string{"a", "b"}},
			{"case 12: both meeting, different priority", two(1, 2, 1.0, 1.0, 0.2, 0.3), []string{"b", "a"}},
			{"case 13: five queues", five(abs5), []string{"e", "c", "b", "a", "d"}},
			{"case 17: a without capacity", two(1, 1, 0.1, 1.2, 0.0, 0.3), []string{"b", "a"}},
			{"case 18: b without capacity", two(1, 1, 0.1, 1.2, 0.3, 0.0), []string{"a", "b"}},
		} {
			assert.Equal(t, tc.want, order(true, def, def, tc.qs), tc.name)
		}
		assert.Equal(t, []string{"e", "b", "a", "c", "d"}, order(true, x, def, five(abs5)), "case 14: the default partition")
		assert.Equal(t, []string{"e", "c", "b", "a", "d"}, order(true, x, x, five(abs5)), "case 15: partition x")
		assert.Equal(t, []string{"a", "d", "e", "c", "b"}, order(true, x, x, five(abs5), "a", "d"), "case 16: access to x")
		assert.Equal(t, []string{"e", "c", "d", "b", "a"}, order(true, x, x, five([5]float32{0, 0, 0.1, 0.3, 0.3})), "case 19: no capacity last")
	})
}

// TestPriorityUtilizationComparatorContract reproduces the class's
// testComparatorDoesNotValidateGeneralContract and
// testComparatorClassDoesNotViolateTimSortContract (YARN-10178 and its
// follow-up): sorting 1000 queues with random priorities, capacities,
// usage, accessibility and configured minimums (half of them none, as
// the second test sets) must not meet a comparator that breaks its
// contract. Hadoop snapshots each queue before sorting
// (PriorityQueueResourcesForSorting), as capq computes every child's key
// before a sort; here the comparators must be antisymmetric and
// transitive over the sampled triples, in the default partition and in
// label x, with and without priorities. (Comparing configured minimums
// only when both queues have one, as copies before the follow-up did,
// breaks transitivity: a queue without a minimum then ties its siblings
// by capacity while they order by minimum.)
func TestPriorityUtilizationComparatorContract(t *testing.T) {
	rng := rand.New(rand.NewSource(10178))
	e := &Engine{}
	for _, respect := range []bool{false, true} {
		p := &queue{path: "root", respectPriority: respect}
		var qs []*queue
		for i := 0; i < 1000; i++ {
			q := &queue{path: string(rune(0x4e00 + i)), pos: i, priority: int32(rng.Intn(11)), parent: p, parts: make([]qpart, 2)}
			for pi := 0; pi < 2; pi++ {
				// Few distinct values, so that every level of the comparator ties.
				abs := []float32{0, 0.062, 0.5}[rng.Intn(3)]
				used := []float32{0, 0.5, 1, 4.2}[rng.Intn(4)]
				var min Resource
				if rng.Intn(2) == 0 {
					min = Resource{int64(1+rng.Intn(3)) * 1024, int64(1 + rng.Intn(3))}
				}
				if pi == 0 {
					q.absCap, q.sortUsed, q.configuredMin = abs, used, min
				} else {
					q.parts[1].absCap, q.parts[1].sortUsed, q.parts[1].configuredMin = abs, used, min
					q.parts[1].accessible = rng.Intn(2) == 0
				}
			}
			qs = append(qs, q)
		}
		for look := 0; look < 2; look++ {
			cmp := func(a, b *queue) int {
				if look == 0 {
					return e.queueCompare(p, a, b)
				}
				return e.partitionCompare(p, a, b, 1)
			}
			for k := 0; k < 200000; k++ {
				a, b, c := qs[rng.Intn(len(qs))], qs[rng.Intn(len(qs))], qs[rng.Intn(len(qs))]
				ab, ba := cmp(a, b), cmp(b, a)
				if ab != -ba || (a == b) != (ab == 0) {
					t.Fatalf("respect %v look %d: compare(%d, %d) = %d, compare(%d, %d) = %d", respect, look, a.pos, b.pos, ab, b.pos, a.pos, ba)
				}
				if ab < 0 && cmp(b, c) < 0 && cmp(a, c) >= 0 {
					t.Fatalf("respect %v look %d: %d < %d < %d but not %d < %d", respect, look, a.pos, b.pos, c.pos, a.pos, c.pos)
				}
			}
			sorted := slices.Clone(qs)
			rng.Shuffle(len(sorted), func(i, j int) { sorted[i], sorted[j] = sorted[j], sorted[i] })
			slices.SortFunc(sorted, cmp)
			for i := 1; i < len(sorted); i++ {
				assert.Negative(t, cmp(sorted[i-1], sorted[i]), "respect %v look %d: sorted order", respect, look)
			}
		}
	}
}

// TestPartitionTieBreakByConfiguredMinimum: two queues with the same
// usage in label x go by their configured minimum resource in x, larger
// first, when either has one (PriorityQueueComparator.compare's
// getConfiguredMinResource(partition); older copies compared minimums
// only when both queues had one, which capq does not distinguish), else by
// absolute capacity in x; a minimum in the default partition does not
// count for x.
func TestPartitionTieBreakByConfiguredMinimum(t *testing.T) {
	mk := func(name string, pos int, abs float32, min, defMin Resource) *queue {
		q := &queue{path: name, pos: pos, parts: make([]qpart, 2), configuredMin: defMin}
		q.parts[1].absCap, q.parts[1].sortUsed, q.parts[1].accessible = abs, 0.5, true
		q.parts[1].configuredMin = min
		return q
	}
	e, p := &Engine{}, &queue{path: "root"}
	none := Resource{}
	for _, tc := range []struct {
		name string
		a, b *queue
		want int
	}{
		{"b's minimum in x wins over a's larger capacity", mk("a", 0, 0.3, none, none), mk("b", 1, 0.2, Resource{MemoryMB: 2048, VCores: 2}, none), 1},
		{"both minimums: larger memory first", mk("a", 0, 0.2, Resource{MemoryMB: 4096, VCores: 1}, none), mk("b", 1, 0.3, Resource{MemoryMB: 2048, VCores: 8}, none), -1},
		{"equal minimums tie, capacity not read", mk("a", 0, 0.2, Resource{MemoryMB: 2048, VCores: 2}, none), mk("b", 1, 0.3, Resource{MemoryMB: 2048, VCores: 2}, none), -1},
		{"no minimum in x: larger capacity first, the default partition's minimum ignored", mk("a", 0, 0.2, none, Resource{MemoryMB: 8192, VCores: 8}), mk("b", 1, 0.3, none, none), 1},
	} {
		assert.Equal(t, tc.want, e.partitionCompare(p, tc.a, tc.b, 1), tc.name)
	}
}
