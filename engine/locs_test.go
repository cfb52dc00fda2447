package engine

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// A request's location asks behave the same below and above the count at
// which they are indexed: every set, decrement and removal is checked
// against a plain map, with requests of up to 100 locations.
func TestLocationAsksIndexed(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, size := range []int{3, locIndexAt - 1, locIndexAt, 100} {
		k := &schedKey{}
		want, relax := map[string]int{}, map[string]bool{}
		for step := 0; step < 5000; step++ {
			name := fmt.Sprintf("h%d", rng.Intn(size))
			switch rng.Intn(3) {
			case 0:
				n := rng.Intn(3)
				k.setLoc(name, n, n == 2)
				if n == 0 {
					delete(want, name)
				} else {
					want[name], relax[name] = n, n == 2
				}
			default:
				k.dec(name)
				if want[name] > 1 {
					want[name]--
				} else {
					delete(want, name)
				}
			}
			require.Equal(t, len(want), k.uniqueLocations(), "size %d step %d", size, step)
			for i := 0; i < size; i++ {
				h := fmt.Sprintf("h%d", i)
				require.Equal(t, want[h], k.count(h), "size %d step %d %s", size, step, h)
			}
			require.Equal(t, want[name] > 0 && relax[name], k.noRelax(name), "size %d step %d", size, step)
			if k.locIdx != nil {
				require.Len(t, k.locIdx, len(k.locs))
			}
		}
	}
}
