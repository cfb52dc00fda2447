package sim

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEvHeapOrder: whatever the mix of heartbeats and other events, and
// of pushes between pops, every pop returns the smallest pending event by
// (time, kind, insertion order), as a linear scan finds it.
func TestEvHeapOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var q evHeap
	var ref []event
	seq := uint64(0)
	pops := 0
	for round := 0; round < 5000; round++ {
		for k := rng.Intn(4); k > 0; k-- {
			e := event{t: int64(round/10 + rng.Intn(30)), kind: evKind(rng.Intn(int(evHeartbeat) + 1)), ref: int32(round)}
			q.push(e)
			seq++
			e.seq = seq
			ref = append(ref, e)
		}
		for q.len() > 0 && rng.Intn(3) > 0 {
			m := 0
			for i := range ref {
				if ref[i].less(&ref[m]) {
					m = i
				}
			}
			require.Equal(t, ref[m], q.pop(), "pop %d", pops)
			ref = append(ref[:m], ref[m+1:]...)
			pops++
		}
		require.Equal(t, len(ref), q.len())
	}
	require.Greater(t, pops, 5000)
}
