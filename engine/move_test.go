package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// moveConf is CapacitySchedulerQueueHelpers.setupQueueConfiguration, the
// queues of TestCapacitySchedulerApps' move tests.
var moveConf = map[string]string{
	"root.queues": "a,b", "root.a.capacity": "10.5", "root.b.capacity": "89.5",
	"root.a.queues": "a1,a2", "root.a.a1.capacity": "30", "root.a.a2.capacity": "70",
	"root.b.queues": "b1,b2,b3", "root.b.b1.capacity": "79.2", "root.b.b2.capacity": "0.8", "root.b.b3.capacity": "20",
	"root.a.a1.user-limit-factor": "100", "root.a.a2.user-limit-factor": "100",
	"root.b.b1.user-limit-factor": "100", "root.b.b2.user-limit-factor": "100", "root.b.b3.user-limit-factor": "100",
}

func moveEngine(t *testing.T, extra map[string]string) *Engine {
	t.Helper()
	kv := map[string]string{}
	for k, v := range moveConf {
		kv[k] = v
	}
	for k, v := range extra {
		kv[k] = v
	}
	e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(2, 8*gb), Options{})
	require.NoError(t, err)
	return e
}

// An app with a running container, a reservation and outstanding asks
// takes all of them to its new queue: the source's and the user's usage
// drop to nothing, the target's match what the app holds, and the
// engine's own bookkeeping (usage = containers, pending = asks) holds
// (CapacityScheduler.moveApplication with YARN-9838's reservations).
func TestMoveAppCarriesUsage(t *testing.T) {
	e := moveEngine(t, map[string]string{"root.a.maximum-capacity": "100", "root.a.a1.maximum-capacity": "100"})
	require.NoError(t, e.SubmitApp(AppSpec{ID: "x", Queue: "a1", User: "u", AM: Resource{gb, 1}}))
	require.NoError(t, e.UpdateAsks("x", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{5 * gb, 1}, Count: 3}}))
	require.Equal(t, AssignAllocated, e.AssignOnce(0).Kind)
	require.Equal(t, AssignReserved, e.AssignOnce(0).Kind)
	require.NoError(t, checkInvariants(e))

	path, err := e.MoveApp("x", "b1")
	require.NoError(t, err)
	assert.Equal(t, "root.b.b1", path)
	require.NoError(t, checkInvariants(e))
	st := e.Snapshot()
	assert.Equal(t, "root.b.b1", st.Apps["x"].Queue)
	assert.Equal(t, int64(0), st.Queues["root.a.a1"].UsedMB)
	assert.Equal(t, int64(0), st.Queues["root.a"].UsedMB)
	assert.Equal(t, int64(10*gb), st.Queues["root.b.b1"].UsedMB, "5 GB running + 5 GB reserved")
	assert.Equal(t, int64(5*gb), st.Queues["root.b.b1"].ReservedMB)
	assert.Equal(t, int64(10*gb), st.Queues["root.b"].UsedMB)
	assert.Equal(t, []string{"x"}, st.Queues["root.b.b1"].ActiveAppIDs)
	assert.Empty(t, st.Queues["root.a.a1"].ActiveAppIDs)
	assert.NotContains(t, st.Users, "root.a.a1|u", "the user leaves a1 with its only app")
	assert.Equal(t, int64(10*gb), st.Users["root.b.b1|u"].UsedMB)
	assert.Equal(t, int64(gb), st.Users["root.b.b1|u"].AMUsedMB)
	assert.Equal(t, int64(2), e.byPath["root.b.b1"].pending, "two containers still asked for")
	assert.Zero(t, e.byPath["root.a.a1"].pending)

	// The reservation is now b1's: fulfilling and finishing leave both
	// queues empty (testReservedContainerLeakWhenMoveApplication).
	require.NoError(t, e.FinishApp("x"))
	require.NoError(t, checkInvariants(e))
	st = e.Snapshot()
	for _, q := range []string{"root", "root.a", "root.a.a1", "root.b", "root.b.b1"} {
		assert.Zero(t, st.Queues[q].UsedMB, q)
	}
}

// A refused move leaves the app where it was; each refusal carries
// Hadoop's message.
func TestMoveAppRefusals(t *testing.T) {
	tests := []struct {
		name, target string
		extra        map[string]string
		want         string
	}{
		{"unknown queue", "DOES_NOT_EXIST", nil, "The specified Queue: DOES_NOT_EXIST doesn't exist"},
		{"parent queue", "b", nil, "The specified Queue: b is not a Leaf Queue."},
		{"ambiguous short name", "x", map[string]string{"root.a.a2.queues": "x", "root.a.a2.x.capacity": "100", "root.b.b3.queues": "x", "root.b.b3.x.capacity": "100"},
			"The specified Queue: x doesn't exist"},
		{"stopped leaf", "b1", map[string]string{"root.b.b1.state": "STOPPED"}, "Queue root.b.b1 is STOPPED. Cannot accept submission of application: app"},
		{"stopped parent", "b1", map[string]string{"root.b.state": "STOPPED"}, "Queue root.b.b1 is STOPPED. Cannot accept submission of application: app"},
		{"maximum-applications", "b1", map[string]string{"root.b.b1.maximum-applications": "1"}, "Queue root.b.b1 already has 1 applications, cannot accept submission of application: app"},
		{"maximum-applications per user", "b1", map[string]string{"root.b.b1.maximum-applications": "10", "root.b.b1.user-limit-factor": "0.1"},
			"Queue root.b.b1 already has 1 applications from user u cannot accept submission of application: app"},
		{"submit ACL", "b1", map[string]string{"yarn.acl.enable": "true", "root.acl_submit_applications": " ", "root.acl_administer_queue": " ", "root.a.a1.acl_submit_applications": "u", "root.b.b1.acl_submit_applications": "other"},
			"User u does not have permission to submit app to queue root.b.b1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := moveEngine(t, tc.extra)
			require.NoError(t, e.SubmitApp(AppSpec{ID: "app", Queue: "a1", User: "u", AM: Resource{gb, 1}}))
			if tc.name == "maximum-applications" || tc.name == "maximum-applications per user" {
				require.NoError(t, e.SubmitApp(AppSpec{ID: "other", Queue: "b1", User: "u", AM: Resource{gb, 1}}))
			}
			_, err := e.MoveApp("app", tc.target)
			require.Error(t, err)
			assert.Equal(t, tc.want, err.Error())
			assert.Equal(t, "root.a.a1", e.Snapshot().Apps["app"].Queue)
			require.NoError(t, checkInvariants(e))
		})
	}
	// The user's groups at submission count for the ACL.
	e := moveEngine(t, map[string]string{"yarn.acl.enable": "true", "root.acl_submit_applications": " ", "root.acl_administer_queue": " ",
		"root.a.a1.acl_submit_applications": "u", "root.b.b1.acl_submit_applications": " grp"})
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app", Queue: "a1", User: "u", Groups: []string{"grp"}, AM: Resource{gb, 1}}))
	_, err := e.MoveApp("app", "b1")
	require.NoError(t, err)

	e = moveEngine(t, nil)
	_, err = e.MoveApp("ghost", "b1")
	assert.EqualError(t, err, "App to be moved ghost not found.")
}

// A moved app meets the target's AM limits again: b2 (0.8%) already runs
// one app, so the app moved there waits, and a2 then takes it
// (testMoveAppSuccess). Moving an active app out lets the source's
// waiting app start.
func TestMoveAppReactivates(t *testing.T) {
	// AM limits of 1 GB: one app runs in each.
	e := moveEngine(t, map[string]string{"root.a.a1.maximum-am-resource-percent": "0.01", "root.b.b2.maximum-am-resource-percent": "0.01"})
	require.NoError(t, e.SubmitApp(AppSpec{ID: "b2app", Queue: "b2", User: "v", AM: Resource{gb, 1}}))
	require.NoError(t, e.SubmitApp(AppSpec{ID: "x", Queue: "a1", User: "u", AM: Resource{gb, 1}}))
	require.NoError(t, e.SubmitApp(AppSpec{ID: "y", Queue: "a1", User: "u", AM: Resource{gb, 1}}))
	st := e.Snapshot()
	require.Equal(t, []string{"x"}, st.Queues["root.a.a1"].ActiveAppIDs)
	require.Equal(t, []string{"y"}, st.Queues["root.a.a1"].PendingAppIDs)

	_, err := e.MoveApp("x", "b2")
	require.NoError(t, err)
	require.NoError(t, checkInvariants(e))
	st = e.Snapshot()
	assert.Equal(t, []string{"b2app"}, st.Queues["root.b.b2"].ActiveAppIDs)
	assert.Equal(t, []string{"x"}, st.Queues["root.b.b2"].PendingAppIDs)
	assert.Equal(t, []string{"y"}, st.Queues["root.a.a1"].ActiveAppIDs, "y starts once x has left")

	_, err = e.MoveApp("x", "root.a.a2")
	require.NoError(t, err)
	require.NoError(t, checkInvariants(e))
	st = e.Snapshot()
	assert.Equal(t, []string{"x"}, st.Queues["root.a.a2"].ActiveAppIDs)
	assert.Empty(t, st.Queues["root.b.b2"].PendingAppIDs)
}

// moveAllApps checks the target, then the source, and moves every app;
// killAllAppsInQueue kills every app under a queue, each ending KILLED
// (testKillAllAppsInQueue waits for RMAppState.KILLED).
func TestMoveAllAndKillAll(t *testing.T) {
	e := moveEngine(t, map[string]string{"root.a.a1.maximum-am-resource-percent": "0.01"})
	for _, id := range []string{"p", "q"} {
		require.NoError(t, e.SubmitApp(AppSpec{ID: id, Queue: "a1", User: "u", AM: Resource{gb, 1}}))
	}
	_, _, err := e.MoveAllApps("a1", "DOES_NOT_EXIST")
	assert.EqualError(t, err, "java.io.IOException: Unknown queue: DOES_NOT_EXIST")
	_, _, err = e.MoveAllApps("DOES_NOT_EXIST", "b1")
	assert.EqualError(t, err, "The specified queue: DOES_NOT_EXIST doesn't exist")

	moved, refused, err := e.MoveAllApps("a", "b1")
	require.NoError(t, err)
	assert.Empty(t, refused)
	assert.Equal(t, []string{"q", "p"}, moved, "a1's pending app, then its active one")
	require.NoError(t, checkInvariants(e))
	st := e.Snapshot()
	assert.ElementsMatch(t, []string{"p", "q"}, append(st.Queues["root.b.b1"].ActiveAppIDs, st.Queues["root.b.b1"].PendingAppIDs...))

	moved, refused, err = e.MoveAllApps("b1", "b")
	require.NoError(t, err)
	assert.Empty(t, moved)
	assert.Len(t, refused, 2, "a parent target refuses each app, the step goes on")

	_, err = e.KillAllApps("nowhere")
	assert.EqualError(t, err, "The specified queue: nowhere doesn't exist")
	killed, err := e.KillAllApps("root")
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"p", "q"}, killed)
	require.NoError(t, checkInvariants(e))
	st = e.Snapshot()
	assert.Empty(t, st.Queues["root.b.b1"].ActiveAppIDs)
	assert.Equal(t, StateKilled, st.Apps["p"].State)
	assert.Equal(t, StateKilled, st.Apps["q"].State)
	assert.Error(t, e.FinishApp("p"), "a killed app has ended")
	_, err = e.MoveApp("p", "a1")
	assert.EqualError(t, err, "App to be moved p not found.")
}

// A killed app leaves the scheduler as a finished one does: containers and
// reservations released, waiting apps activated (doneApplicationAttempt
// does not look at the final state); only the state reported differs.
func TestKillAppLikeFinish(t *testing.T) {
	run := func(end func(e *Engine) error) State {
		e := moveEngine(t, map[string]string{"root.a.a1.maximum-am-resource-percent": "0.01"})
		require.NoError(t, e.SubmitApp(AppSpec{ID: "x", Queue: "a1", User: "u", AM: Resource{gb, 1}}))
		require.NoError(t, e.SubmitApp(AppSpec{ID: "y", Queue: "a1", User: "u", AM: Resource{gb, 1}}))
		require.NoError(t, e.UpdateAsks("x", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{5 * gb, 1}, Count: 3}}))
		require.Equal(t, AssignAllocated, e.AssignOnce(0).Kind)
		require.Equal(t, AssignReserved, e.AssignOnce(0).Kind)
		require.NoError(t, end(e))
		require.NoError(t, checkInvariants(e))
		return e.Snapshot()
	}
	finished := run(func(e *Engine) error { return e.FinishApp("x") })
	killed := run(func(e *Engine) error { return e.KillApp("x") })
	assert.Equal(t, StateFinished, finished.Apps["x"].State)
	assert.Equal(t, StateKilled, killed.Apps["x"].State)
	killed.Apps["x"] = finished.Apps["x"]
	assert.Equal(t, finished, killed)
	assert.Equal(t, []string{"y"}, killed.Queues["root.a.a1"].ActiveAppIDs, "the waiting app is activated")
	assert.Zero(t, killed.Queues["root.a.a1"].UsedMB)
}

// An app whose AM container runs stays RUNNING when it is activated again
// in its new queue; one whose AM container is still asked for takes the
// ask along and gets the container there.
func TestMoveAppAMContainer(t *testing.T) {
	e := moveEngine(t, nil)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "run", Queue: "a1", User: "u", AM: Resource{gb, 1}, AMContainer: true}))
	require.Equal(t, AssignAllocated, e.AssignOnce(0).Kind)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "wait", Queue: "b1", User: "v", AM: Resource{gb, 1}, AMContainer: true}))

	_, err := e.MoveApp("run", "b1")
	require.NoError(t, err)
	_, err = e.MoveApp("wait", "a2")
	require.NoError(t, err)
	require.NoError(t, checkInvariants(e))
	st := e.Snapshot()
	assert.Equal(t, StateRunning, st.Apps["run"].State)
	assert.Equal(t, int64(gb), st.Queues["root.b.b1"].UsedMB, "the AM container moved")
	assert.Equal(t, StateAccepted, st.Apps["wait"].State)
	assert.Equal(t, int64(gb), e.byPath["root.a.a2"].pending*gb, "the AM ask moved")
	assert.Zero(t, e.byPath["root.b.b1"].pending)

	require.Equal(t, AssignAllocated, e.AssignOnce(0).Kind)
	require.NoError(t, checkInvariants(e))
	st = e.Snapshot()
	assert.Equal(t, StateRunning, st.Apps["wait"].State)
	assert.Equal(t, int64(gb), st.Queues["root.a.a2"].UsedMB)
}

// An app max-parallel-apps holds back moves without touching the
// runnable counts: only a runnable attempt is tracked (trackApp), so the
// source keeps counting its running app and the target gets only what
// the app counts once it may run there.
func TestMoveHeldBackAppKeepsRunnableCounts(t *testing.T) {
	e := attemptEngine(t, map[string]string{"root.a.a1.max-parallel-apps": "1"})
	require.NoError(t, e.SubmitApp(AppSpec{ID: "x", Queue: "a1", User: "u", AM: Resource{gb, 1}}))
	require.NoError(t, e.SubmitApp(AppSpec{ID: "y", Queue: "a1", User: "u", AM: Resource{gb, 1}}))
	require.False(t, e.appByID["y"].runnable)
	_, err := e.MoveApp("y", "b1")
	require.NoError(t, err)
	require.NoError(t, checkInvariants(e))
	assert.Equal(t, 1, e.byPath["root.a.a1"].numRunnable, "x still runs in a1")
	require.NoError(t, e.SubmitApp(AppSpec{ID: "z", Queue: "a1", User: "u", AM: Resource{gb, 1}}))
	assert.Equal(t, []string{"z"}, e.Snapshot().Queues["root.a.a1"].NonRunnableAppIDs, "a1 still runs one app at most")
}
