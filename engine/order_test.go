package engine

import (
	"math"
	"math/rand"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// siblings builds n children of a parent with random static keys drawn
// from small sets, so that ties at every level of the comparator occur.
func siblings(rng *rand.Rand, n int) (*queue, []*queue) {
	p := &queue{path: "root"}
	for i := 0; i < n; i++ {
		c := &queue{path: string(rune('a' + i)), pos: i, parent: p}
		c.absCap = []float32{0, 0.1, 0.2}[rng.Intn(3)]
		if rng.Intn(3) == 0 {
			c.configuredMin = Resource{int64(rng.Intn(3)) * 1024, int64(rng.Intn(2))}
		}
		c.sortUsed = randomUsage(rng)
		p.children = append(p.children, c)
	}
	return p, p.children
}

func randomUsage(rng *rand.Rand) float32 {
	return []float32{0, 0.5, 1, 1.5}[rng.Intn(4)]
}

// TestPlaceByKeyIsReposition moves random children after random usage
// changes with keys only and with queueCompare, and wants the same order
// every time, with the 2.9+ comparator and with 2.7's (order27).
func TestPlaceByKeyIsReposition(t *testing.T) {
	for _, order27 := range []bool{false, true} {
		rng := rand.New(rand.NewSource(1))
		e := &Engine{}
		e.g.order27 = order27
		for round := 0; round < 300; round++ {
			p, kids := siblings(rng, 1+rng.Intn(12))
			require.True(t, sortKeysOK(kids))
			rankChildren(kids, order27)
			p.order = slices.Clone(kids)
			slices.SortStableFunc(p.order, func(a, b *queue) int { return e.queueCompare(p, a, b) })
			reindex(p.order, 0, len(p.order)-1) // as fullSort
			byKey := &queue{order: slices.Clone(p.order)}
			for k := range kids {
				if rng.Intn(2) == 0 {
					p.askBits |= 1 << k
				}
			}
			byKey.askBits = p.askBits
			for step := 0; step < 20; step++ {
				c := kids[rng.Intn(len(kids))]
				c.sortUsed = randomUsage(rng)
				e.reposition(p, c)
				byKey.placeByKey(c)
				require.Equal(t, p.order, byKey.order, "order27 %v round %d step %d", order27, round, step)
				require.Equal(t, p.askBits, byKey.askBits, "order27 %v round %d step %d", order27, round, step)
				e.checkOrder(p)
			}
		}
	}
}

// TestOrderIndexIsAHint finds a child by its ordIdx when that names it,
// and by a scan when it does not: a stale hint, or a place past 255 in a
// wide parent's order.
func TestOrderIndexIsAHint(t *testing.T) {
	order := make([]*queue, 300)
	for k := range order {
		order[k] = &queue{}
	}
	reindex(order, 0, len(order)-1)
	for _, k := range []int{0, 1, 255, 256, 299} {
		require.Equal(t, k, orderIndex(order, order[k]), "place %d", k)
	}
	order[3].ordIdx = 7
	require.Equal(t, 3, orderIndex(order, order[3]), "stale hint")
}

// TestMoveBitMovesAsTheOrder moves a child in a slice and its bit in a
// word and wants them to agree, for every pair of places.
func TestMoveBitMovesAsTheOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for n := 1; n <= 64; n++ {
		for round := 0; round < 20; round++ {
			order := make([]bool, n)
			var x uint64
			for k := range order {
				if order[k] = rng.Intn(2) == 0; order[k] {
					x |= 1 << k
				}
			}
			i, j := rng.Intn(n), rng.Intn(n)
			moved := slices.Insert(slices.Delete(slices.Clone(order), i, i+1), j, order[i])
			var want uint64
			for k, on := range moved {
				if on {
					want |= 1 << k
				}
			}
			require.Equal(t, want, moveBit(x, i, j), "n %d from %d to %d", n, i, j)
		}
	}
}

// TestSortKeysOKRefusesUnorderedCapacities: a negative or NaN capacity or
// a negative minimum makes the tie-breaks no rank.
func TestSortKeysOKRefusesUnorderedCapacities(t *testing.T) {
	for _, c := range []*queue{
		{absCap: -0.1},
		{absCap: float32(math.NaN())},
		{configuredMin: Resource{-1, 0}},
		{configuredMin: Resource{0, -1}},
	} {
		require.False(t, sortKeysOK([]*queue{{absCap: 0.5}, c}))
	}
	require.True(t, sortKeysOK([]*queue{{absCap: 0.5}, {absCap: 0}}))
}

// TestSortKeyIsUsedCapacity wants sortKey's default-calculator case,
// written out, to give what usedCapacity and absUsedCapacity give
// (CSQueueUtils.updateUsedCapacity): the guarantee below the minimum
// allocation, no guarantee, an empty cluster, memory without vcores.
func TestSortKeyIsUsedCapacity(t *testing.T) {
	cases := []struct {
		name                string
		cluster, used, guar Resource
		absCap              float32
	}{
		{"guaranteed", Resource{100 * gb, 100}, Resource{30 * gb, 3}, Resource{40 * gb, 40}, 0.4},
		{"guarantee below the minimum allocation", Resource{100 * gb, 100}, Resource{3 * gb, 3}, Resource{512, 0}, 0.01},
		{"over its guarantee", Resource{100 * gb, 100}, Resource{50 * gb, 3}, Resource{10 * gb, 10}, 0.1},
		{"no capacity: absolute used capacity", Resource{100 * gb, 100}, Resource{30 * gb, 3}, Resource{}, 0},
		{"no capacity, an empty cluster", Resource{}, Resource{30 * gb, 3}, Resource{}, 0},
		{"no capacity, vcores but no memory", Resource{0, 8}, Resource{30 * gb, 3}, Resource{}, 0},
		{"no capacity, nothing used", Resource{0, 8}, Resource{}, Resource{}, 0},
		{"a guarantee of nothing", Resource{100 * gb, 100}, Resource{2 * gb, 1}, Resource{}, 0.3},
	}
	for _, tc := range cases {
		e := &Engine{cluster: tc.cluster}
		e.g.rc = calc{cluster: tc.cluster}
		e.g.minAlloc = Resource{gb, 1}
		q := &queue{used: tc.used, guarantee: tc.guar, absCap: tc.absCap}
		want := e.usedCapacity(q)
		if tc.absCap == 0 {
			want = e.absUsedCapacity(q)
		}
		assert.Equal(t, want, e.sortKey(q), tc.name)
	}
}
