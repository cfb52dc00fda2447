package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// priorityConf is one queue taking every app, with priorities up to 10
// and an AM limit (10% of 16 GB) that activates one 1 GB AM at a time
// after the first two.
var priorityConf = map[string]string{
	p + "root.queues": "a", p + "root.a.capacity": "100",
	"yarn.cluster.max-application-priority": "10",
}

// CapacityScheduler#updateApplicationPriority re-inserts the attempt in
// the policy it is in (AbstractLeafQueue#updateApplicationPriority): an
// active app moves among the active ones, a pending one among the
// pending ones, which decides which activates next.
func TestUpdateAppPriorityReorders(t *testing.T) {
	e := newTestEngine(t, with(priorityConf, map[string]string{p + "root.a.maximum-am-resource-percent": "0.0625"}))
	for _, id := range []string{"a1", "a2", "p1", "p2"} {
		_, err := e.Submit(AppSpec{ID: id, Queue: "root.a", User: "u", AM: Resource{gb, 1}, Priority: new(int32(5))})
		require.NoError(t, err)
	}
	st := e.Snapshot().Queues["root.a"]
	require.Equal(t, []string{"a1"}, st.ActiveAppIDs, "one 1 GB AM fits 6.25%% of 16 GB")
	require.Equal(t, []string{"a2", "p1", "p2"}, st.PendingAppIDs)

	got, err := e.UpdateAppPriority("p2", 7)
	require.NoError(t, err)
	assert.Equal(t, int32(7), got)
	assert.Equal(t, []string{"p2", "a2", "p1"}, e.Snapshot().Queues["root.a"].PendingAppIDs)
	require.NoError(t, checkInvariants(e))

	require.NoError(t, e.FinishApp("a1"))
	st = e.Snapshot().Queues["root.a"]
	assert.Equal(t, []string{"p2"}, st.ActiveAppIDs, "the raised app activates first")
	assert.Equal(t, int32(7), *e.Snapshot().Apps["p2"].Priority)
}

// The checks of ClientRMService, RMAppManager and
// checkAndGetApplicationPriority: an absent app is refused, an ended
// one keeps its priority without an error, the priority is capped at
// the cluster maximum and then checked against the leaf's priority ACLs
// for the app's owner; 2.7 has no runtime update.
func TestUpdateAppPriorityChecks(t *testing.T) {
	e := newTestEngine(t, with(priorityConf, map[string]string{
		"yarn.acl.enable": "true", p + "root.a.acl_submit_applications": "*",
		p + "root.a.acl_application_max_priority": "[user=u max_priority=6]",
	}))
	_, err := e.Submit(AppSpec{ID: "x", Queue: "root.a", User: "u", AM: Resource{gb, 1}, Priority: new(int32(5))})
	require.NoError(t, err)
	_, err = e.Submit(AppSpec{ID: "bad", Queue: "nowhere", User: "u"})
	require.Error(t, err)

	_, err = e.UpdateAppPriority("ghost", 3)
	assert.EqualError(t, err, "Trying to update priority of an absent application ghost")

	got, err := e.UpdateAppPriority("x", 7)
	assert.EqualError(t, err, "User u does not have permission to submit/update x for 7")
	assert.Equal(t, int32(5), got)
	assert.Equal(t, int32(5), *e.Snapshot().Apps["x"].Priority)

	got, err = e.UpdateAppPriority("x", 6)
	require.NoError(t, err)
	assert.Equal(t, int32(6), got)

	got, err = e.UpdateAppPriority("bad", 3)
	assert.NoError(t, err, "a FAILED app is in a completed state: skipped")
	assert.Equal(t, int32(0), got)

	require.NoError(t, e.KillApp("x"))
	got, err = e.UpdateAppPriority("x", 1)
	assert.NoError(t, err)
	assert.Equal(t, int32(6), got, "a KILLED app keeps its priority")

	old, err := New(build(t, map[string]string{"root.queues": "a", "root.a.capacity": "100"}, xmlconf.V2_7), nodesOf(1, 8*gb), Options{})
	require.NoError(t, err)
	require.NoError(t, old.SubmitApp(AppSpec{ID: "y", Queue: "a", User: "u", AM: Resource{gb, 1}}))
	_, err = old.UpdateAppPriority("y", 1)
	assert.EqualError(t, err, "updateApplicationPriority is not in Hadoop 2.7 (YARN-4014, 2.8)")

	// 2.8.0 has the call (YARN-4014), so the 2.10 profile updates.
	v210, err := New(build(t, map[string]string{"root.queues": "a", "root.a.capacity": "100"}, xmlconf.V2_10), nodesOf(1, 8*gb), Options{})
	require.NoError(t, err)
	require.NoError(t, v210.SubmitApp(AppSpec{ID: "z", Queue: "a", User: "u", AM: Resource{gb, 1}}))
	got, err = v210.UpdateAppPriority("z", 0)
	assert.NoError(t, err)
	assert.Equal(t, int32(0), got)
}

// An app in neither ordering policy (held back by max-parallel-apps)
// takes the new priority; Hadoop would add it to the pending apps, which
// capq does not, and says so.
func TestUpdateAppPriorityNonRunnableWarns(t *testing.T) {
	e := newTestEngine(t, with(priorityConf, map[string]string{p + "root.a.max-parallel-apps": "1"}))
	for _, id := range []string{"r", "held"} {
		_, err := e.Submit(AppSpec{ID: id, Queue: "root.a", User: "u", AM: Resource{gb, 1}})
		require.NoError(t, err)
	}
	_, err := e.UpdateAppPriority("held", 4)
	require.NoError(t, err)
	assert.Equal(t, int32(4), *e.Snapshot().Apps["held"].Priority)
	assert.False(t, *e.Snapshot().Apps["held"].Runnable)
	require.NoError(t, checkInvariants(e))
	var notes []string
	for _, w := range e.Unmodelled() {
		notes = append(notes, w.String())
	}
	assert.True(t, strings.Contains(strings.Join(notes, "\n"), "held's priority was updated while it was not runnable"), notes)
}
