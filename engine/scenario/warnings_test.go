package scenario

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A scenario whose configuration turns on something the engine does not
// model says so after the startup line (text) and in startup.warnings
// (JSON).
func TestStartupWarnsAboutUnmodelled(t *testing.T) {
	sc, err := Parse("w.json", []byte(`{"id": "w",
		"cluster": {"node_groups": [{"count": 1, "id_prefix": "n", "memory_mb": 8192, "vcores": 8}]},
		"config": {"yarn.scheduler.capacity.lazy-preemption-enabled": "true", "yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers": "true", "yarn.scheduler.capacity.root.queues": "default", "yarn.scheduler.capacity.root.default.capacity": "100"},
		"steps": [{"op": "snapshot"}]}`))
	require.NoError(t, err)
	out := Run(sc, Options{})
	require.Len(t, out.Startup.Warnings, 1)
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, sc, out))
	assert.Contains(t, b.String(), "startup: configuration accepted\n  warning: not modelled: yarn.scheduler.capacity.lazy-preemption-enabled: killable containers in the reserved-container selector")
	b.Reset()
	require.NoError(t, WriteJSON(&b, out))
	assert.Contains(t, b.String(), `"warnings"`)
}

// What the engine itself does not model (here max-parallel-apps on a line
// without it) is on the same list, startup.warnings: there is no separate
// notes field.
func TestStartupWarnsAboutEngineSemantics(t *testing.T) {
	sc, err := Parse("w.json", []byte(`{"id": "w", "hadoop_version": "3.2",
		"cluster": {"node_groups": [{"count": 1, "id_prefix": "n", "memory_mb": 8192, "vcores": 8}]},
		"config": {"yarn.scheduler.capacity.root.queues": "default", "yarn.scheduler.capacity.root.default.capacity": "100",
			"yarn.scheduler.capacity.root.default.max-parallel-apps": "2"},
		"steps": [{"op": "snapshot"}]}`))
	require.NoError(t, err)
	out := Run(sc, Options{})
	require.Len(t, out.Startup.Warnings, 1)
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, sc, out))
	assert.Contains(t, b.String(), "startup: configuration accepted\n  warning: not modelled: max-parallel-apps: Hadoop 3.2 has no max-parallel-apps")
	b.Reset()
	require.NoError(t, WriteJSON(&b, out))
	assert.Contains(t, b.String(), `"warnings"`)
	assert.NotContains(t, b.String(), `"notes"`)
}

// A refresh whose reload would throw in Hadoop (updateRunnabilityOnReload
// reading a user's max-parallel-apps with Integer.parseInt, " 5" here,
// for an application still waiting) is applied by the engine, which
// promotes the waiting application; the refresh step must say so in text
// and JSON, as capq simulate does.
func TestRefreshWarnsWhenReloadWouldFail(t *testing.T) {
	sc, err := Parse("w.json", []byte(`{"id": "w", "hadoop_version": "3.4",
		"cluster": {"node_groups": [{"count": 1, "id_prefix": "n", "memory_mb": 16384, "vcores": 16}]},
		"config": {"yarn.scheduler.capacity.root.queues": "a", "yarn.scheduler.capacity.root.a.capacity": "100",
			"yarn.scheduler.capacity.root.a.max-parallel-apps": "1"},
		"steps": [
			{"op": "submit_app", "app": "first", "queue": "a", "user": "alice", "am_memory_mb": 1024, "am_vcores": 1},
			{"op": "submit_app", "app": "second", "queue": "a", "user": "alice", "am_memory_mb": 1024, "am_vcores": 1},
			{"op": "refresh", "set": {"yarn.scheduler.capacity.root.a.max-parallel-apps": "5",
				"yarn.scheduler.capacity.user.alice.max-parallel-apps": " 5"}}]}`))
	require.NoError(t, err)
	out := Run(sc, Options{})
	require.Len(t, out.Steps, 3)
	const want = `refreshQueues fails in CSMaxRunningAppsEnforcer#updateRunnabilityOnReload with NumberFormatException (For input string: " 5")`
	require.Len(t, out.Steps[2].Warnings, 1)
	assert.Contains(t, out.Steps[2].Warnings[0], want)
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, sc, out))
	assert.Contains(t, b.String(), "[2] refresh: accepted\n      warning: "+want)
	b.Reset()
	require.NoError(t, WriteJSON(&b, out))
	assert.Contains(t, b.String(), `updateRunnabilityOnReload`)
}

// A note the engine makes while it runs a step (here a 3.4 placed
// submission whose placement parent does not exist yet, which capq
// refuses on the existing ancestors' ACLs while Hadoop's RMAppManager also
// registers the new parent: "queue ACLs") is on that step, in text and
// JSON, as capq simulate lists it among its warnings.
func TestSubmitStepCarriesRunNotes(t *testing.T) {
	sc, err := Parse("w.json", []byte(`{"id": "w", "hadoop_version": "3.4", "yarn_site": {"yarn.acl.enable": "true"},
		"cluster": {"node_groups": [{"count": 1, "id_prefix": "n", "memory_mb": 16384, "vcores": 16}]},
		"config": {"yarn.scheduler.capacity.root.queues": "a", "yarn.scheduler.capacity.root.a.capacity": "1w",
			"yarn.scheduler.capacity.root.a.queues": "b", "yarn.scheduler.capacity.root.a.b.capacity": "1w",
			"yarn.scheduler.capacity.root.a.auto-queue-creation-v2.enabled": "true",
			"yarn.scheduler.capacity.root.acl_submit_applications": " ", "yarn.scheduler.capacity.root.acl_administer_queue": " ",
			"yarn.scheduler.capacity.queue-mappings": "u:bob:root.a.p.leaf"},
		"steps": [{"op": "submit_app", "app": "app_1", "queue": "default", "user": "bob", "am_memory_mb": 1024, "am_vcores": 1, "placement": true}]}`))
	require.NoError(t, err)
	out := Run(sc, Options{})
	require.Len(t, out.Steps, 1)
	require.Len(t, out.Steps[0].Warnings, 1)
	const want = "not modelled: queue ACLs: submission app_1 (placed in root.a.p.leaf, whose parent does not exist yet"
	assert.Contains(t, out.Steps[0].Warnings[0], want)
	var b bytes.Buffer
	require.NoError(t, WriteText(&b, sc, out))
	assert.Contains(t, b.String(), "      why: decided by mapping rule u:bob:root.a.p.leaf\n      warning: "+want)
	b.Reset()
	require.NoError(t, WriteJSON(&b, out))
	assert.Contains(t, b.String(), "queue ACLs: submission app_1")
}
