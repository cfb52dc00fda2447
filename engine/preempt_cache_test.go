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
	root := e.pre.kept[0][0].root
	read := root.changes
	r := e.Preempt(3000) // marks nothing new, kills nothing: no change
	require.Empty(t, r.Marked)
	assert.Equal(t, walks, e.preemptStamp, "an unchanged leaf was walked again")
	assert.Equal(t, read, root.changes, "the kept tree saw a change")
	assert.True(t, root.keptDistribution(root.memoAllowed), "the root distributed its ideal again")
	preemptCacheMode = cacheCheck
	b.pendCache[0].pending.MemoryMB++ // a change no counter saw
	assert.Panics(t, func() { e.Preempt(6000) })
}

// TestPreemptKeptStopsAtTheParentsChange: refreshKept looks at a
// changed parent's children only until those that changed account for
// the parent's change (a parent's counter moves by its children's), so a
// child after them is not read; the check mode notices a child whose
// counter moved without its parent's.
func TestPreemptKeptStopsAtTheParentsChange(t *testing.T) {
	defer setPreemptCacheMode(cacheOn)()
	e := preemptEngine(t, nil)
	a, b := e.byPath["root.a"], e.byPath["root.b"]
	e.Preempt(0)
	kt := e.pre.kept[0][0]
	require.Len(t, kt.root.children, 2)
	ka, kb := kt.root.children[0], kt.root.children[1]
	require.Same(t, a, ka.q, "root.a is looked at first")
	a.changed() // a and root move by one
	b.changes++ // a move no parent saw: the one case the stop would miss
	e.Preempt(3000)
	assert.Equal(t, a.changes, ka.changes, "the changed child was not read again")
	assert.NotEqual(t, b.changes, kb.changes, "a child after the parent's whole change was read")
	preemptCacheMode = cacheCheck
	a.changed()
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

// TestPreemptAskersFollowTheApps: a leaf's askers (the apps
// pendingForPreemption walks) are its asking apps, once each, as apps ask,
// are served, move and finish; an app waiting for activation, asking for
// its AM, is among them but adds nothing, as it adds nothing to the walk
// over the active apps.
func TestPreemptAskersFollowTheApps(t *testing.T) {
	defer setPreemptCacheMode(cacheCheck)()
	e := preemptEngine(t, map[string]string{"root.b.maximum-am-resource-percent": "0.01"})
	a, b := e.byPath["root.a"], e.byPath["root.b"]
	same := func(q *queue) {
		t.Helper()
		var want []string
		for _, x := range e.appByID {
			if x.q == q && x.asking {
				want = append(want, x.id)
			}
		}
		var got []string
		for i, x := range q.askers {
			require.Equal(t, int32(i), x.askAt, "%s's index in %s's askers", x.id, q.path)
			got = append(got, x.id)
		}
		assert.ElementsMatch(t, want, got, "%s's askers", q.path)
	}
	same(a)
	same(b)
	assert.Empty(t, a.askers, "a1 is served in full")
	for _, id := range []string{"b2", "b3"} {
		require.NoError(t, e.SubmitApp(AppSpec{ID: id, Queue: "root.b", User: "w", AMContainer: true, AM: Resource{gb, 1}}))
		require.NoError(t, e.UpdateAsks(id, []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 5}}))
	}
	require.True(t, e.appByID["b3"].asking)
	require.False(t, e.appByID["b3"].activated, "b3 should wait on the AM limit")
	require.True(t, e.appByID["b1"].asking)
	same(b)
	require.Len(t, b.askers, 3)
	e.Preempt(0) // the check mode compares the walks over askers and active apps
	_, err := e.MoveApp("b1", "a")
	require.NoError(t, err)
	same(a)
	same(b)
	require.Len(t, a.askers, 1, "b1 asks in its new leaf")
	e.Preempt(3000)
	require.NoError(t, e.FinishApp("b1"))
	same(a)
	same(b)
	e.Preempt(6000)
}

// TestPreemptAskersEveryPath: the askers stay the asking apps through
// every path that changes an app's queue, attempt or runnability (submit,
// kill, RemoveAttempt with and without kept containers, a move between
// attempts, AddAttempt, a refresh that makes an app runnable, a dynamic
// leaf's deletion and re-creation), checked by checkInvariants and by the
// check mode's comparison of the walks in each preemption round.
func TestPreemptAskersEveryPath(t *testing.T) {
	defer SetPreemptCacheForTests("check")()
	kv := map[string]string{"root.b.max-parallel-apps": "2"}
	e := preemptEngine(t, kv)
	now := int64(0)
	step := func(what string, err error) {
		t.Helper()
		require.NoError(t, err, what)
		require.NoError(t, checkInvariants(e), what)
		now += 3000
		require.NotPanics(t, func() { e.Preempt(now) }, what)
		require.NoError(t, checkInvariants(e), what)
	}
	ask := func(id string) error {
		return e.UpdateAsks(id, []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 5}})
	}
	a, b := e.byPath["root.a"], e.byPath["root.b"]
	for _, id := range []string{"b2", "b3"} {
		step("submit "+id, e.SubmitApp(AppSpec{ID: id, Queue: "root.b", User: "w"}))
	}
	require.False(t, e.appByID["b3"].runnable, "b3 is held back by max-parallel-apps")
	step("ask b3", ask("b3"))
	step("ask b2", ask("b2"))
	require.Len(t, b.askers, 2)
	step("kill b2", e.KillApp("b2"))
	require.True(t, e.appByID["b3"].runnable, "b3 runs once b2 is killed")
	require.Len(t, b.askers, 2, "b1 and b3")
	step("remove b1's attempt keeping its containers", e.RemoveAttempt("b1", true))
	require.Len(t, b.askers, 1)
	_, err := e.MoveApp("b1", "root.a")
	step("move b1 between attempts", err)
	step("add b1's attempt", e.AddAttempt("b1"))
	step("ask b1", ask("b1"))
	require.Len(t, a.askers, 1)
	step("remove b1's attempt", e.RemoveAttempt("b1", false))
	assert.Empty(t, a.askers)
	step("add b1's attempt", e.AddAttempt("b1"))
	step("ask b1", ask("b1"))
	step("finish b1", e.FinishApp("b1"))

	// A refresh raising max-parallel-apps makes a held-back asker runnable.
	for _, id := range []string{"b4", "b5"} {
		step("submit "+id, e.SubmitApp(AppSpec{ID: id, Queue: "root.b", User: "w"}))
		step("ask "+id, ask(id))
	}
	require.False(t, e.appByID["b5"].runnable)
	before := len(b.askers)
	m := e.Model()
	kv2 := map[string]string{"root.queues": "a,b", "root.a.capacity": "30", "root.b.capacity": "70", "root.a.user-limit-factor": "10",
		"root.b.max-parallel-apps":                        "3",
		"yarn.resourcemanager.scheduler.monitor.enable":   "true",
		"yarn.resourcemanager.scheduler.monitor.policies": "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy"}
	require.Empty(t, e.Refresh(build(t, kv2, m.Version), nil))
	step("refresh", nil)
	require.True(t, e.appByID["b5"].runnable)
	assert.Len(t, b.askers, before+1, "b5 asks once runnable")
	for _, id := range []string{"b3", "b4", "b5"} {
		step("kill "+id, e.KillApp(id))
	}
	assert.Empty(t, b.askers)
}

// TestAskersOfDeletedDynamicLeaf: a dynamic leaf deleted once its apps are
// gone leaves no asker behind, and its re-creation starts with the new
// app's asks only.
func TestAskersOfDeletedDynamicLeaf(t *testing.T) {
	defer SetPreemptCacheForTests("check")()
	e := expiringUsersEngine(t)
	_, err := e.Submit(AppSpec{ID: "app_1", Queue: "root.users.alice", User: "alice"})
	require.NoError(t, err)
	require.NoError(t, e.UpdateAsks("app_1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 3}}))
	old := e.byPath["root.users.alice"]
	require.Len(t, old.askers, 1)
	require.NoError(t, e.KillApp("app_1"))
	assert.Empty(t, old.askers)
	e.SetTime(61_000)
	require.Equal(t, []string{"root.users.alice"}, e.ExpireQueues(200_000))
	require.NoError(t, checkInvariants(e))
	_, err = e.Submit(AppSpec{ID: "app_2", Queue: "root.users.alice", User: "alice"})
	require.NoError(t, err)
	require.NoError(t, e.UpdateAsks("app_2", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 3}}))
	require.NoError(t, checkInvariants(e))
	assert.Len(t, e.byPath["root.users.alice"].askers, 1)
}
