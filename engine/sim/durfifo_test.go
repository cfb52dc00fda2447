package sim

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestDurFIFOKeepsPushOrder: with its first run inline, durFIFO still
// hands out durations in push order, as a plain list does, whatever the
// mix of pushes (runs of 0 to 3) and pops.
func TestDurFIFOKeepsPushOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var f durFIFO
	var ref []int64
	for step := 0; step < 20000; step++ {
		if rng.Intn(2) == 0 {
			d, n := int64(step), rng.Intn(4)
			f.push(d, n)
			for range n {
				ref = append(ref, d)
			}
		} else {
			d, ok := f.pop()
			require.Equal(t, len(ref) > 0, ok, "step %d", step)
			if ok {
				require.Equal(t, ref[0], d, "step %d", step)
				ref = ref[1:]
			}
		}
		require.Equal(t, len(ref), f.left(), "step %d", step)
	}
}
