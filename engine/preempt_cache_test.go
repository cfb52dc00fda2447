package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestPreemptCacheNeverStale: after a round has cached every leaf's
// pending totals (LeafQueue.getTotalPendingResourcesConsideringUserLimit),
// each change that moves root.b's total must be seen by the next round:
// the cached total equals a fresh walk and differs from the first
// round's. A change the cache missed fails here (a stale total), and a
// change that moved nothing would fail the second assertion (so the
// case shows nothing).
func TestPreemptCacheNeverStale(t *testing.T) {
	defer setPreemptCacheMode(cacheOn)()
	for name, change := range map[string]func(t *testing.T, e *Engine){
		"an app's ask shrinks": func(t *testing.T, e *Engine) {
			require.NoError(t, e.UpdateAsks("b1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 3}}))
		},
		"an app's ask grows in size": func(t *testing.T, e *Engine) {
			require.NoError(t, e.UpdateAsks("b1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{2 * gb, 1}, Count: 5}}))
		},
		"an app finishes": func(t *testing.T, e *Engine) { require.NoError(t, e.FinishApp("b1")) },
		"another user's app arrives": func(t *testing.T, e *Engine) {
			require.NoError(t, e.SubmitApp(AppSpec{ID: "b2", Queue: "root.b", User: "w"}))
			require.NoError(t, e.UpdateAsks("b2", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 50}}))
		},
		"a node joins (the cluster grows)": func(t *testing.T, e *Engine) {
			require.NoError(t, e.AddNodes(NodeSpec{ID: "n9", MemoryMB: 10 * gb, VCores: 16}))
		},
		"the user gets a freed container": func(t *testing.T, e *Engine) {
			require.NoError(t, e.ReleaseContainer(e.LiveContainers("a1")[0]))
			for i := 0; i < 4; i++ {
				e.AssignOnce(i)
			}
			require.Equal(t, int64(gb), e.byPath["root.b"].used.MemoryMB)
		},
		"the user limit factor changes (refresh)": func(t *testing.T, e *Engine) {
			m := build(t, map[string]string{"root.queues": "a,b", "root.a.capacity": "30", "root.b.capacity": "70",
				"root.a.user-limit-factor": "10", "root.b.user-limit-factor": "0.5",
				"yarn.resourcemanager.scheduler.monitor.enable": "true"}, xmlconf.V3_4)
			require.Empty(t, e.Refresh(m, nil))
		},
	} {
		t.Run(name, func(t *testing.T) {
			e := preemptEngine(t, nil)
			b := e.byPath["root.b"]
			e.Preempt(0)
			before, _ := e.leafPending(b, 0)
			change(t, e)
			// The check mode compares every kept tree's leaves with a
			// fresh snapshot's (preempt_tree.go) and panics on a stale one.
			preemptCacheMode = cacheCheck
			assert.NotPanics(t, func() { e.Preempt(3000) })
			preemptCacheMode = cacheOn
			got, gotDR := e.leafPending(b, 0)
			want, wantDR := e.pendingForPreemption(b, 0)
			assert.Equal(t, want, got, "stale pending total")
			assert.Equal(t, wantDR, gotDR, "stale pending total without reservations")
			assert.NotEqual(t, before, got, "the change did not move the total")
		})
	}
}

// TestPreemptCacheReusesUnchangedLeaves: a round after which nothing
// changed walks no leaf's apps again and distributes no level again (the
// caches' point), and the check mode notices a total that went stale
// behind the counters' back.
func TestPreemptCacheReusesUnchangedLeaves(t *testing.T) {
	defer setPreemptCacheMode(cacheOn)()
	e := preemptEngine(t, nil)
	b := e.byPath["root.b"]
	e.Preempt(0)
	require.True(t, b.pendCache[0].ok)
	walks := e.preemptStamp
	r := e.Preempt(3000) // marks nothing new, kills nothing: no change
	require.Empty(t, r.Marked)
	assert.Equal(t, walks, e.preemptStamp, "an unchanged leaf was walked again")
	root := e.pre.kept[0][0].root
	assert.True(t, root.same, "the kept tree saw a change")
	assert.True(t, root.keptDistribution(root.memoAllowed), "the root distributed its ideal again")
	preemptCacheMode = cacheCheck
	b.pendCache[0].pending.MemoryMB++ // a change no counter saw
	assert.Panics(t, func() { e.Preempt(6000) })
}

// TestPreemptPendingSkipsLeavesThatAskNothing: a leaf whose active apps
// ask for nothing (its pending counter is zero) is not walked, and the
// check mode notices a counter that hides an app's request.
func TestPreemptPendingSkipsLeavesThatAskNothing(t *testing.T) {
	defer setPreemptCacheMode(cacheOn)()
	e := preemptEngine(t, nil)
	a := e.byPath["root.a"]
	require.Len(t, a.active, 1)
	require.Zero(t, a.pending)
	walks := e.preemptStamp
	p, dr := e.pendingForPreemption(a, 0)
	assert.Zero(t, p)
	assert.Zero(t, dr)
	assert.Equal(t, walks, e.preemptStamp, "a leaf that asks for nothing was walked")
	_, _ = e.pendingForPreemption(e.byPath["root.b"], 0)
	assert.Equal(t, walks+1, e.preemptStamp, "a leaf that asks was not walked")
	preemptCacheMode = cacheCheck
	a.active[0].pending = 1 // a request the leaf's counter did not see
	assert.Panics(t, func() { e.pendingForPreemption(a, 0) })
}
