package scenario

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// moveRun runs steps on root.a (leaves a1, a2) and root.b (leaf) of one
// 8 GB node, at the Hadoop version given ("" for the default).
func moveRun(t *testing.T, version, extraConf, steps string) (*Scenario, *Output) {
	t.Helper()
	v := ""
	if version != "" {
		v = `"hadoop_version": "` + version + `",`
	}
	src := `{"id": "m", ` + v + ` "cluster": {"nodes": [{"id": "h1", "memory_mb": 8192, "vcores": 8}]},
  "config": {"yarn.scheduler.capacity.root.queues": "a,b", "yarn.scheduler.capacity.root.a.capacity": "50",
    "yarn.scheduler.capacity.root.b.capacity": "50", "yarn.scheduler.capacity.root.a.queues": "a1,a2",
    "yarn.scheduler.capacity.root.a.a1.capacity": "50", "yarn.scheduler.capacity.root.a.a2.capacity": "50"` + extraConf + `},
  "steps": [{"op": "submit_app", "app": "p", "queue": "a1", "user": "u", "am_memory_mb": 1024, "am_vcores": 1},
    {"op": "submit_app", "app": "q", "queue": "a1", "user": "u", "am_memory_mb": 1024, "am_vcores": 1}` + steps + `]}`
	sc, err := Parse("m.json", []byte(src))
	require.NoError(t, err)
	return sc, Run(sc, Options{})
}

// A refused move fails the step unless an expect judges it; a judged
// refusal that matches passes.
func TestMoveAppStepVerdicts(t *testing.T) {
	tests := []struct {
		name, steps string
		failures    []string
	}{
		{"accepted", `, {"op": "move_app", "app": "p", "queue": "b", "expect": {"accepted": true, "queue": "root.b"}}`, nil},
		{"refused without expect", `, {"op": "move_app", "app": "p", "queue": "a"}`,
			[]string{"step 2 (move_app): The specified Queue: a is not a Leaf Queue."}},
		{"refused as expected", `, {"op": "move_app", "app": "p", "queue": "nowhere", "expect": {"accepted": false, "error_contains_any": ["doesn't exist"]}}`, nil},
		{"wrong target expected", `, {"op": "move_app", "app": "p", "queue": "a2", "expect": {"queue": "root.b"}}`,
			[]string{`step 2 (move_app): queue = "root.a.a2", want "root.b"`}},
		{"unexpected refusal", `, {"op": "move_app", "app": "ghost", "queue": "b", "expect": {"accepted": true}}`,
			[]string{"step 2 (move_app): accepted = false, want true (errors: App to be moved ghost not found.)"}},
		{"kill all of an unknown queue", `, {"op": "kill_all_apps", "queue": "x"}`,
			[]string{"step 2 (kill_all_apps): The specified queue: x doesn't exist"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, out := moveRun(t, "", "", tc.steps)
			assert.Equal(t, tc.failures, out.Failures)
		})
	}
}

// move_all_apps moves what it can: an app the target refuses stays, its
// refusal is listed under errors, and the step is accepted, as Hadoop's
// asynchronous APP_MOVE events only log a failed move.
func TestMoveAllAppsPartial(t *testing.T) {
	sc, out := moveRun(t, "", `, "yarn.scheduler.capacity.root.b.maximum-applications": "1"`,
		`, {"op": "move_all_apps", "from": "a", "queue": "b"},
		   {"op": "expect", "apps": {"q": {"queue": "root.b"}, "p": {"queue": "root.a.a1"}}}`)
	require.Empty(t, out.Failures)
	res := out.Steps[2]
	assert.True(t, *res.Accepted)
	assert.Equal(t, []string{"q"}, res.Moved, "a1's pending q goes first, then b is full")
	assert.Equal(t, []string{"Queue root.b already has 1 applications, cannot accept submission of application: p"}, res.Errors)
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, sc, out))
	assert.Contains(t, b.String(), "[2] move_all_apps a to b: accepted, moved 1 app(s) q\n"+
		"      error: Queue root.b already has 1 applications, cannot accept submission of application: p\n")
}

// The first move step lists what capq does not model of a move, once;
// before 3.3 it names the reservation leak Hadoop has there (YARN-9838).
func TestMoveWarnings(t *testing.T) {
	steps := `, {"op": "move_app", "app": "p", "queue": "b"}, {"op": "move_app", "app": "q", "queue": "b"}`
	_, out := moveRun(t, "", "", steps)
	require.Empty(t, out.Failures)
	assert.Len(t, out.Steps[2].Warnings, 1)
	assert.Contains(t, out.Steps[2].Warnings[0], "MODIFY_APP")
	assert.Empty(t, out.Steps[3].Warnings, "listed once")

	_, out = moveRun(t, "3.2", "", steps)
	require.Empty(t, out.Failures)
	require.Len(t, out.Steps[2].Warnings, 2)
	assert.Contains(t, out.Steps[2].Warnings[0], "YARN-9838")

	_, out = moveRun(t, "", `, "yarn.scheduler.capacity.root.a.max-parallel-apps": "5"`, steps)
	require.Empty(t, out.Failures)
	require.Len(t, out.Steps[2].Warnings, 2)
	assert.Contains(t, out.Steps[2].Warnings[0], "max-parallel-apps")
}

// With node labels, a target that cannot access a partition the app asked
// for refuses it (CapacityScheduler.checkQueuePartition).
func TestMoveAppChecksPartitions(t *testing.T) {
	out := labelScenarioConf(t, true, "x", `, "yarn.scheduler.capacity.root.queues": "a,b",
		"yarn.scheduler.capacity.root.a.capacity": "50", "yarn.scheduler.capacity.root.b.capacity": "50",
		"yarn.scheduler.capacity.root.accessible-node-labels.x.capacity": "100",
		"yarn.scheduler.capacity.root.a.accessible-node-labels": "x",
		"yarn.scheduler.capacity.root.a.accessible-node-labels.x.capacity": "100",
		"yarn.scheduler.capacity.root.b.accessible-node-labels": " "`,
		`, {"op": "update_asks", "app": "app1", "asks": [{"priority": 1, "resource_name": "*", "memory_mb": 1024, "vcores": 1, "count": 1, "node_label_expression": "x"}]},
		   {"op": "move_app", "app": "app1", "queue": "b", "expect": {"accepted": false,
		     "error_contains_any": ["Specified queue=b can't satisfy following apps label expressions =[x] accessible node labels =[]"]}}`)
	assert.Empty(t, out.Failures)
}

// remove_attempt and add_attempt refuse what Hadoop's handlers cannot
// act on with a clear step failure, and print whether containers were
// kept.
func TestAttemptSteps(t *testing.T) {
	tests := []struct {
		name, steps string
		failures    []string
	}{
		{"remove and add", `, {"op": "remove_attempt", "app": "p", "keep_containers": true}, {"op": "add_attempt", "app": "p"}`, nil},
		{"remove unknown", `, {"op": "remove_attempt", "app": "ghost"}`,
			[]string{"step 2 (remove_attempt): unknown application attempt of ghost"}},
		{"remove twice", `, {"op": "remove_attempt", "app": "p"}, {"op": "remove_attempt", "app": "p"}`,
			[]string{"step 3 (remove_attempt): unknown application attempt of p"}},
		{"add to an attempt", `, {"op": "add_attempt", "app": "p"}`,
			[]string{"step 2 (add_attempt): application p already has an attempt"}},
		{"add to no app", `, {"op": "add_attempt"}`,
			[]string{"step 2 (add_attempt): unknown or finished application "}},
		{"ask between attempts", `, {"op": "remove_attempt", "app": "p"}, {"op": "update_asks", "app": "p", "asks": [{"priority": 1, "resource_name": "*", "memory_mb": 1024, "vcores": 1, "count": 1}]}`,
			[]string{"step 3 (update_asks): application p has no attempt to ask for containers"}},
		{"finish between attempts", `, {"op": "remove_attempt", "app": "p"}, {"op": "finish_app", "app": "p"},
			{"op": "expect", "queues": {"root.a": {"num_applications": 1}, "root": {"num_applications": 1}}, "apps": {"p": {"state": "FINISHED"}}}`, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, out := moveRun(t, "", "", tc.steps)
			assert.Equal(t, tc.failures, out.Failures)
		})
	}
	sc, out := moveRun(t, "", "", `, {"op": "remove_attempt", "app": "p", "keep_containers": true}, {"op": "add_attempt", "app": "p"}`)
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, sc, out))
	assert.Contains(t, b.String(), "[2] remove_attempt p keeping its running containers: accepted\n[3] add_attempt p: accepted\n")
}

// kill_app ends one app KILLED; an unknown or ended app fails the step
// with the engine's message, as finish_app's does.
func TestKillAppStep(t *testing.T) {
	_, out := moveRun(t, "", "", `, {"op": "kill_app", "app": "p"},
		{"op": "expect", "apps": {"p": {"state": "KILLED"}, "q": {"state": "RUNNING"}}},
		{"op": "kill_app", "app": "p"}, {"op": "finish_app", "app": "p"}`)
	assert.Equal(t, []string{"step 4 (kill_app): unknown or finished application p", "step 5 (finish_app): unknown or finished application p"}, out.Failures)
}

// An expire_queues step that passes by a dynamic leaf holding an app
// between attempts says so: Hadoop would delete the leaf.
func TestExpireQueuesWarnsOfLeafKeptForAttempt(t *testing.T) {
	src := `{"id": "x", "hadoop_version": "3.4", "cluster": {"nodes": [{"id": "h1", "memory_mb": 8192, "vcores": 8}]},
  "config": {"yarn.scheduler.capacity.root.queues": "users", "yarn.scheduler.capacity.root.users.capacity": "1w",
    "yarn.scheduler.capacity.root.users.auto-queue-creation-v2.enabled": "true",
    "yarn.scheduler.capacity.auto-queue-creation-v2.queue-expiration-time": "10"},
  "steps": [{"op": "submit_app", "app": "p", "queue": "root.users.alice", "user": "alice", "am_memory_mb": 1024, "am_vcores": 1},
    {"op": "remove_attempt", "app": "p"},
    {"op": "expire_queues", "now_ms": 60000}]}`
	sc, err := Parse("x.json", []byte(src))
	require.NoError(t, err)
	out := Run(sc, Options{})
	require.Empty(t, out.Failures)
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, sc, out))
	assert.Contains(t, b.String(), "[2] expire_queues at 60000 ms: removed 0 queue(s) \n      warning: not modelled: auto-deletion: root.users.alice held an application between attempts")
}
