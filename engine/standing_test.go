package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// standingEngine is four 8 GB nodes, each with one 6 GB container of app
// fill, and app a's 7 GB request reserved on n0. Its starvation term is
// reRes/1 x (1 - min(7/8, 7/8)) (RegularContainerAllocator.
// shouldAllocOrReserveNewContainer), so the eighth re-reservation moves
// the answer.
func standingEngine(t *testing.T, counting bool) *Engine {
	kv := map[string]string{"root.queues": "a", "root.a.capacity": "100", "root.a.user-limit-factor": "10"}
	e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(4, 8*gb), Options{})
	require.NoError(t, err)
	if counting {
		e.CountReReservations()
	}
	require.NoError(t, e.SubmitApp(AppSpec{ID: "fill", Queue: "root.a", User: "f"}))
	require.NoError(t, e.UpdateAsks("fill", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{6 * gb, 1}, Count: 4}}))
	for n := range 4 {
		require.Equal(t, AssignAllocated, e.AssignOnce(n).Kind)
	}
	require.NoError(t, e.SubmitApp(AppSpec{ID: "a", Queue: "root.a", User: "u"}))
	require.NoError(t, e.UpdateAsks("a", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{7 * gb, 1}, Count: 1}}))
	require.Equal(t, AssignReserved, e.AssignOnce(0).Kind)
	return e
}

// beatReserved beats n0 as the simulator does: counted when the engine
// counts it, a pass otherwise. It reports whether it was a pass, and the
// pass's assignment.
func beatReserved(e *Engine) (bool, Assignment) {
	if e.stand != nil && e.ReReserve(0) {
		return false, Assignment{Kind: AssignReReserved}
	}
	return true, e.Heartbeat(0)[0]
}

// TestReReservationsCountedUntilStarvationMoves: counted beats stop short
// of the re-reservation that moves the starvation answer, which a pass
// makes at the same beat as when every beat is a pass; after it the
// answer cannot move back, and beats are counted again.
func TestReReservationsCountedUntilStarvationMoves(t *testing.T) {
	counted, every := standingEngine(t, true), standingEngine(t, false)
	passes := 0
	for beat := 1; beat <= 20; beat++ {
		pass, a := beatReserved(counted)
		want := every.Heartbeat(0)[0]
		require.Equal(t, AssignReReserved, a.Kind, "beat %d", beat)
		require.Equal(t, AssignReReserved, want.Kind, "beat %d", beat)
		assert.Equal(t, want.StarvationMoved, a.StarvationMoved, "beat %d", beat)
		assert.Equal(t, beat == 8, want.StarvationMoved, "beat %d: the eighth moves the answer", beat)
		if beat == 8 {
			assert.True(t, pass, "the moving re-reservation is a pass")
		}
		if pass {
			passes++
		}
	}
	assert.Equal(t, 3, passes, "a pass at beats 1 (no cap yet), 8 (the move) and 9 (after it)")
	ca, ea := counted.appByID["a"], every.appByID["a"]
	ck, ek := ca.key(1, false), ea.key(1, false)
	assert.Equal(t, every.reReservations(ek), counted.reReservations(ck), "owed beats count")
	assert.Equal(t, 20, counted.reReservations(ck))
	assert.Equal(t, 20, ek.reRes)
	assert.Positive(t, owed(counted), "some of them owed")
}

// TestReReservationsStopWhenTheNodeOrRequestChanges: a release on the
// reserved node ends the count (the next beat is a pass, which fulfils),
// and so does a change of the request's asks.
func TestReReservationsStopWhenTheNodeOrRequestChanges(t *testing.T) {
	e := standingEngine(t, true)
	for range 9 {
		beatReserved(e)
	}
	require.True(t, e.ReReserve(0), "past the move, beats are counted")
	require.NoError(t, e.UpdateAsks("a", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{7 * gb, 1}, Count: 2}}))
	assert.False(t, e.ReReserve(0), "the request changed: a pass first")
	pass, a := beatReserved(e)
	require.True(t, pass)
	require.Equal(t, AssignReReserved, a.Kind)
	require.True(t, e.ReReserve(0))

	var onN0 int64
	for _, id := range e.LiveContainers("fill") {
		if c, _ := e.containers.Get(id); c.node.idx == 0 {
			onN0 = id
		}
	}
	require.NoError(t, e.ReleaseContainer(onN0))
	assert.False(t, e.ReReserve(0), "n0's room changed: a pass first")
	assert.Equal(t, AssignFulfilled, e.Heartbeat(0)[0].Kind)
}

// TestCountedReReservationIsChecked: under shortcutChecks a counted beat
// whose pass would not re-reserve panics (checkStanding).
func TestCountedReReservationIsChecked(t *testing.T) {
	e := standingEngine(t, true)
	for range 9 {
		beatReserved(e)
	}
	e.nodes[0].allocated = Resource{} // room the engine was not told of
	assert.Panics(t, func() { e.ReReserve(0) })
}

// TestReReservationsFoldedWhenTheClusterChanges: a node added (the cluster
// changes shape) ends every count and keeps what was owed.
func TestReReservationsFoldedWhenTheClusterChanges(t *testing.T) {
	e := standingEngine(t, true)
	for range 14 {
		beatReserved(e)
	}
	require.Positive(t, owed(e), "beats after the move are owed")
	require.NoError(t, e.AddNodes(NodeSpec{ID: "n9", MemoryMB: 8 * gb, VCores: 8}))
	assert.Zero(t, owed(e))
	assert.False(t, e.ReReserve(0), "the cluster changed: a pass first")
	k := e.appByID["a"].key(1, false)
	assert.Zero(t, k.slot, "the slot is freed")
	assert.Equal(t, 14, k.reRes, "what was owed is in the count")
}

// owed is every re-reservation owed and not yet in its request's count.
func owed(e *Engine) int {
	n := 0
	for _, o := range e.slots.owed {
		n += int(o)
	}
	return n
}

// Without CountReReservations, or for an index that is no node's, no beat
// is counted: a real pass answers it.
func TestReReserveOutsideItsUse(t *testing.T) {
	e := standingEngine(t, false)
	for _, i := range []int{0, -1, 4, 1 << 20} {
		assert.False(t, e.Standing(i), "node %d", i)
		assert.False(t, e.ReReserve(i), "node %d", i)
	}
	e = standingEngine(t, true)
	for _, i := range []int{-1, 4} {
		assert.False(t, e.ReReserve(i), "node %d", i)
	}
}
