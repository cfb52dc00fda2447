package engine

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// roomCeilEngine: four 10 GB nodes left with 3, 2, 3 and 4 GB free, and
// an app whose one 4 GB container is reserved on the first
// (RegularContainerAllocator.assignContainer: no room, so reserve).
func roomCeilEngine(t *testing.T, extra map[string]string) *Engine {
	kv := map[string]string{"root.queues": "a", "root.a.capacity": "100", "root.a.user-limit-factor": "10"}
	for k, v := range extra {
		kv[k] = v
	}
	e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(4, 10*gb), Options{})
	require.NoError(t, err)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "fill", Queue: "root.a", User: "u"}))
	fill := []int{7, 8, 7, 6}
	require.NoError(t, e.UpdateAsks("fill", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 28}}))
	for n, k := range fill {
		for range k {
			require.Equal(t, AssignAllocated, e.AssignOnce(n).Kind)
		}
	}
	require.NoError(t, e.SubmitApp(AppSpec{ID: "big", Queue: "root.a", User: "v"}))
	require.NoError(t, e.UpdateAsks("big", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{4 * gb, 1}, Count: 1}}))
	require.Equal(t, AssignReserved, e.AssignOnce(0).Kind)
	return e
}

// TestPassRoomCeiling: a pass that finds the 4 GB request too big for the
// node's room (and no new reservation wanted) reports 4 GB as the room at
// which its course changes; nodes with more room but less than that take
// the same course, and one with 4 GB free allocates (unreserving the
// first node: continue-looking).
func TestPassRoomCeiling(t *testing.T) {
	e := roomCeilEngine(t, nil)
	assert.Equal(t, AssignNone, e.AssignOnce(1).Kind, "2 GB free")
	ceil, ok := e.PassRoomCeiling()
	require.True(t, ok)
	assert.Equal(t, int64(4*gb), ceil)
	assert.Equal(t, AssignNone, e.AssignOnce(2).Kind, "3 GB free: more room, below the ceiling")
	ceil, _ = e.PassRoomCeiling()
	assert.Equal(t, int64(4*gb), ceil)
	a := e.AssignOnce(3)
	assert.Equal(t, AssignAllocated, a.Kind, "4 GB free: at the ceiling the course changes")
	assert.NotZero(t, a.Unreserved)

	// With nothing asking, no room test runs.
	assert.Equal(t, AssignNone, e.AssignOnce(1).Kind)
	ceil, _ = e.PassRoomCeiling()
	assert.Equal(t, int64(math.MaxInt64), ceil)
}

// Under the dominant resource calculator the room tests compare every
// resource: no single memory threshold.
func TestPassRoomCeilingDRF(t *testing.T) {
	e := roomCeilEngine(t, map[string]string{"resource-calculator": "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"})
	assert.Equal(t, AssignNone, e.AssignOnce(1).Kind)
	_, ok := e.PassRoomCeiling()
	assert.False(t, ok)
}
