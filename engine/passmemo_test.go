package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// Without continue-looking a request's shouldAllocOrReserveNewContainer
// is read before the node checks, and its re-reservations change it
// (the starvation term) without changing any queue's usage. Four 8 GB
// nodes with 2 GB free each; app a's 4 GB request is reserved on n0, so
// a pass on n1 skips it and reaches no node: root remembers that pass.
// Two re-reservations on n0 raise the starvation term (2/1 x (1 - 0.5)
// = 1), and the next pass on n1 must reserve there, not recall.
func TestRecallNotAfterStarvationMoved(t *testing.T) {
	kv := map[string]string{"root.queues": "a", "root.a.capacity": "100", "root.a.user-limit-factor": "10",
		"reservations-continue-look-all-nodes": "false"}
	e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(4, 8*gb), Options{})
	require.NoError(t, err)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "fill", Queue: "root.a", User: "f"}))
	require.NoError(t, e.UpdateAsks("fill", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 24}}))
	for n := range 4 {
		for range 6 {
			require.Equal(t, AssignAllocated, e.AssignOnce(n).Kind)
		}
	}
	require.NoError(t, e.SubmitApp(AppSpec{ID: "a", Queue: "root.a", User: "u"}))
	require.NoError(t, e.UpdateAsks("a", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{4 * gb, 1}, Count: 1}}))

	require.Equal(t, AssignReserved, e.AssignOnce(0).Kind)
	assert.Equal(t, AssignNone, e.AssignOnce(1).Kind, "one wanted, one reserved: skipped before the node")
	assert.NotZero(t, e.root.memo.at, "root remembers the pass")
	require.Equal(t, AssignReReserved, e.AssignOnce(0).Kind)
	a := e.AssignOnce(0)
	require.Equal(t, AssignReReserved, a.Kind)
	require.True(t, a.StarvationMoved, "the second re-reservation moves the answer")
	assert.Equal(t, AssignReserved, e.AssignOnce(1).Kind, "the starved request reserves n1 too")
}

// A pass that reaches a node (a room test, or an allocation) is not
// remembered.
func TestRememberOnlyPassesThatReachNoNode(t *testing.T) {
	e := roomCeilEngine(t, nil) // 4 GB reserved on n0; n1 2 GB free, n3 4 GB
	e.root.memo = passMemo{}
	require.Equal(t, AssignNone, e.AssignOnce(1).Kind)
	assert.Zero(t, e.root.memo.at, "the 4 GB request reached n1's room test")
	e.root.memo = passMemo{}
	require.Equal(t, AssignAllocated, e.AssignOnce(3).Kind)
	assert.Zero(t, e.root.memo.at)
}

// userAtLimitEngine is two 10 GB nodes and root.a's only user at its
// user limit with asks left: a pass is refused before any node check.
func userAtLimitEngine(t *testing.T) *Engine {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"root.a.user-limit-factor": "1", "root.a.maximum-capacity": "100"}
	e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(2, 10*gb), Options{})
	require.NoError(t, err)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "p", Queue: "root.a", User: "u"}))
	require.NoError(t, e.UpdateAsks("p", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 20}}))
	for e.AssignOnce(0).Kind == AssignAllocated || e.AssignOnce(1).Kind == AssignAllocated {
	}
	return e
}

// A remembered pass is what the next like pass returns, and the engine's
// tests run every recall against the pass (checkRecall): one that no
// longer holds panics there. Here root.a's only user is at its limit
// with asks left: the pass is refused before any node check and
// remembered.
func TestRecallIsCheckedAgainstThePass(t *testing.T) {
	e := userAtLimitEngine(t)
	require.Positive(t, e.appByID["p"].pending, "the user is at its limit, not out of asks")
	e.root.memo = passMemo{}
	require.Equal(t, AssignNone, e.AssignOnce(1).Kind)
	require.NotZero(t, e.root.memo.at, "root remembers the pass")

	e.root.memo.queueLim = true // what the pass does not return
	assert.Panics(t, func() { e.AssignOnce(1) }, "checkRecall runs the pass and finds it differs")
	restore := SetShortcutChecksForTests(false)
	defer restore()
	r, _ := e.assignParent(e.root, e.nodes[1], limits{limit: e.cluster})
	assert.True(t, r.queueLim(), "without the check the remembered pass is returned: it was recalled")
}

// A settings or cluster change (shapeChanged) forgets every remembered
// pass, even one whose subtree counted no change: the epoch is the
// memo's guard for changes that reach no queue's counter.
func TestShapeChangeForgetsRememberedPasses(t *testing.T) {
	e := userAtLimitEngine(t)
	e.root.memo = passMemo{}
	require.Equal(t, AssignNone, e.AssignOnce(1).Kind)
	m := e.root.memo
	require.NotZero(t, m.at, "root remembers the pass")
	_, _, ok := e.recall(e.root, m.pl, m.headroom)
	require.True(t, ok, "recalled while nothing changed")
	changes := e.root.changes
	e.shapeChanged()
	require.Equal(t, changes, e.root.changes, "no queue counted a change")
	_, _, ok = e.recall(e.root, m.pl, m.headroom)
	assert.False(t, ok, "the epoch moved: the remembered pass is forgotten")
}
