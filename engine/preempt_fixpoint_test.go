package engine

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFixpointModesAgree: computeFixpointAllocation on random levels
// (small numbers, so that queues often tie; priorities; the even split of
// zero-guarantee queues; both calculators) gives every queue the same
// ideal, and the intra-queue selector's sets the same queues in the same
// order, whether each pass resets and sorts its need list ("off"), reuses
// it (nextNeed, a queue served alone left in place: stillAlone), or does
// so under the check mode.
func TestFixpointModesAgree(t *testing.T) {
	defer SetFixpointForTests("on")()
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 3000; i++ {
		n := 2 + rng.Intn(5)
		even, drf := rng.Intn(4) == 0, rng.Intn(3) == 0
		var spec []tq
		for k := 0; k < n; k++ {
			g := int64(rng.Intn(5) * 10)
			if !even && g == 0 {
				g = 10
			}
			spec = append(spec, tq{q: &queue{path: fmt.Sprint("root.q", k)},
				guaranteed: Resource{g, g / 10}, max: Resource{int64(40 + rng.Intn(80)), 100},
				used: Resource{int64(rng.Intn(50)), int64(rng.Intn(5))}, relPriority: int32(rng.Intn(2))})
			p := Resource{int64(rng.Intn(60)), int64(rng.Intn(6))}
			spec[k].pending, spec[k].pendingDR = p, p
		}
		total := Resource{int64(50 + rng.Intn(200)), int64(10 + rng.Intn(20))}
		run := func(mode string) ([]Resource, []*queue, Resource) {
			defer SetFixpointForTests(mode)()
			qs := make([]*tq, n)
			for k := range spec {
				x := spec[k]
				qs[k] = &x
			}
			under := newUnderServed(1)
			c := (&calc{drf: drf, cluster: total}).over(total)
			left := c.fixpoint(qs, total, even, idealMode{under: under})
			var ideals []Resource
			for _, q := range qs {
				ideals = append(ideals, q.ideal)
			}
			return ideals, under.order[0], left
		}
		wantIdeal, wantUnder, wantLeft := run("off")
		for _, mode := range []string{"on", "check"} {
			ideal, under, left := run(mode)
			require.Equal(t, wantIdeal, ideal, "case %d, %s: ideals", i, mode)
			require.Equal(t, wantUnder, under, "case %d, %s: under-served sets", i, mode)
			require.Equal(t, wantLeft, left, "case %d, %s: what is left", i, mode)
		}
	}
}
