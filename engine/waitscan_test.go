package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestWaitingScansMarkedLeaves compares Waiting over the marked leaves
// with Waiting over every leaf (every mark set again), as leaves lose
// and regain apps to report: an app finishing its asks, a new app
// waiting to activate, an app asking again, one held back by
// max-parallel-apps.
func TestWaitingScansMarkedLeaves(t *testing.T) {
	m := build(t, map[string]string{"root.queues": "a,b,c", "root.a.capacity": "30", "root.b.capacity": "30", "root.c.capacity": "40",
		"root.c.max-parallel-apps": "1", "root.a.user-limit-factor": "3", "root.b.user-limit-factor": "3"}, xmlconf.V3_4)
	e, err := New(m, nodesOf(2, 8*gb), Options{})
	require.NoError(t, err)
	all := func() []Waiter {
		var out []Waiter
		e.Waiting(func(w *Waiter) { out = append(out, *w) })
		return out
	}
	compare := func(step string) {
		t.Helper()
		marked := all()
		e.resetWaitScan()
		assert.Equal(t, all(), marked, step)
	}
	ask := func(app string, n int) {
		t.Helper()
		require.NoError(t, e.UpdateAsks(app, []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{4 * gb, 1}, Count: n}}))
	}
	fill := func() {
		for i := range 20 {
			e.AssignOnce(i % 2)
		}
	}
	require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "u", AM: Resource{gb, 1}}))
	require.NoError(t, e.SubmitApp(AppSpec{ID: "b1", Queue: "root.b", User: "u", AM: Resource{gb, 1}}))
	ask("a1", 2)
	ask("b1", 8)
	fill()
	compare("b1 waits, a1 was served")
	all() // clears a's mark: nothing to report there
	assert.Zero(t, e.waitScan[0]&(1<<e.byPath["root.a"].idx), "a leaf with nothing to report is unmarked")
	ask("a1", 3)
	compare("a1 asks again")
	require.NoError(t, e.SubmitApp(AppSpec{ID: "c1", Queue: "root.c", User: "u", AM: Resource{gb, 1}}))
	all()
	require.NoError(t, e.SubmitApp(AppSpec{ID: "c2", Queue: "root.c", User: "u", AM: Resource{gb, 1}}))
	compare("c2 held back by max-parallel-apps")
	require.NoError(t, e.FinishApp("b1"))
	fill()
	all()
	require.NoError(t, e.SubmitApp(AppSpec{ID: "b2", Queue: "root.b", User: "v", AM: Resource{7 * gb, 1}}))
	all() // b2 is active and asks nothing: b's mark is cleared
	require.NoError(t, e.SubmitApp(AppSpec{ID: "b3", Queue: "root.b", User: "v", AM: Resource{gb, 1}}))
	assert.Len(t, e.byPath["root.b"].waiting, 1, "b3 waits on the AM limit")
	compare("b3 waits to activate")
}
