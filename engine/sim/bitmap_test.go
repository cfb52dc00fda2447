package sim

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBitmapFirst checks first against a linear scan on random sets of
// every density, including members in the last word and none at all.
func TestBitmapFirst(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, n := range []int{1, 63, 64, 65, 4097, 10000} {
		for _, density := range []float64{0, 0.0005, 0.01, 0.5, 1} {
			b, plain := newBitmap(n), make([]bool, n)
			for r := 0; r < n; r++ {
				if rng.Float64() < density {
					b.set(r)
					plain[r] = true
				}
			}
			// Clear some again: the summary must follow.
			for k := 0; k < n/10; k++ {
				r := rng.Intn(n)
				b.clear(r)
				plain[r] = false
			}
			for k := 0; k < 300; k++ {
				from, to := rng.Intn(n+1), rng.Intn(n+1)
				want := -1
				for r := from; r < to; r++ {
					if plain[r] {
						want = r
						break
					}
				}
				require.Equal(t, want, b.first(from, to), "n=%d density=%v [%d,%d)", n, density, from, to)
			}
		}
	}
}

// TestEligibleRun checks the sweep's stretch count against a rank-by-rank
// scan on random due and eligible sets of every density, with and without
// a cap on the count.
func TestEligibleRun(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, n := range []int{1, 63, 64, 65, 4097, 4160, 10000} {
		for _, density := range []float64{0, 0.0005, 0.01, 0.5, 1} {
			s := sweep{due: newBitmap(n), elig: newBitmap(n)}
			due, elig := make([]bool, n), make([]bool, n)
			for r := 0; r < n; r++ {
				if rng.Float64() < density {
					s.due.set(r)
					due[r] = true
				}
				// Mostly eligible, so that runs are long.
				if rng.Float64() < 0.999 {
					s.elig.set(r)
					elig[r] = true
				}
			}
			for k := 0; k < n/10; k++ {
				r := rng.Intn(n)
				s.due.clear(r)
				due[r] = false
			}
			for k := 0; k < 300; k++ {
				from, to := rng.Intn(n+1), rng.Intn(n+1)
				max := n + 1
				if k%2 == 1 {
					max = rng.Intn(n/8 + 2)
				}
				wantK, wantLast := 0, -1
				for r := from; r < to && wantK < max; r++ {
					if !due[r] {
						continue
					}
					if !elig[r] {
						break
					}
					wantK, wantLast = wantK+1, r
				}
				gotK, gotLast := s.eligibleRun(from, to, max)
				require.Equal(t, []int{wantK, wantLast}, []int{gotK, gotLast}, "n=%d density=%v [%d,%d) max %d", n, density, from, to, max)
			}
		}
	}
}

// TestNodeFlags: growing keeps every node's flags, and each flag is set
// and cleared on its own.
func TestNodeFlags(t *testing.T) {
	var f nodeFlags
	f.grow(65)
	require.Len(t, f, 2)
	f.set(0, flagAlive)
	f.put(64, flagReserved, true)
	f.put(3, flagScheduled, true)
	f.put(3, flagScheduled, false)
	f.grow(200)
	require.Len(t, f, 4)
	for i := range int32(200) {
		require.Equal(t, i == 0, f.has(i, flagAlive), "alive %d", i)
		require.Equal(t, i == 64, f.has(i, flagReserved), "reserved %d", i)
		require.False(t, f.has(i, flagScheduled), "scheduled %d", i)
	}
}
