package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/placement"
)

// TestSimulatePlacementRules: JSON mapping rules decide every submission;
// groups come from the workload's users; a reject rule rejects with the
// RM's message, and an app naming an unknown queue is rejected at run
// time instead of refusing the workload.
func TestSimulatePlacementRules(t *testing.T) {
	m := modelFrom(t, []byte(`<configuration>
  <property><name>yarn.scheduler.capacity.root.queues</name><value>default,users</value></property>
  <property><name>yarn.scheduler.capacity.root.default.capacity</name><value>1w</value></property>
  <property><name>yarn.scheduler.capacity.root.users.capacity</name><value>1w</value></property>
  <property><name>yarn.scheduler.capacity.root.users.auto-queue-creation-v2.enabled</name><value>true</value></property>
  <property><name>yarn.scheduler.capacity.mapping-rule-format</name><value>json</value></property>
  <property><name>yarn.scheduler.capacity.mapping-rule-json</name><value>{"rules":[
    {"type":"group","matches":"banned","policy":"reject"},
    {"type":"user","matches":"*","policy":"primaryGroupUser","parentQueue":"root.users","fallbackResult":"placeDefault"}]}</value></property>
</configuration>`))
	task := []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 1000, Priority: 20}}
	w := &Workload{Name: "placement", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}},
		Users: map[string][]string{"ann": {"eng"}, "eve": {"eng", "banned"}},
		Apps: []App{
			{ID: "a1", Queue: "default", User: "ann", SubmitMS: 0, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
			{ID: "a2", Queue: "default", User: "eve", SubmitMS: 0, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
			{ID: "a3", Queue: "nosuch", User: "ann", SubmitMS: 0, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
		}}
	res, err := Run(m, w, Options{Seed: 1})
	require.NoError(t, err)
	byID := map[string]AppResult{}
	for _, a := range res.Apps {
		byID[a.ID] = a
	}
	assert.Equal(t, "root.users.eng.ann", byID["a1"].Queue)
	assert.Equal(t, AppFinished, byID["a1"].State)
	assert.Equal(t, AppRejected, byID["a2"].State)
	assert.Equal(t, placement.RejectMessage, byID["a2"].Reason)
	assert.Equal(t, AppRejected, byID["a3"].State)
	assert.Contains(t, byID["a3"].Reason, "unknown queue: nosuch")
	require.Len(t, res.DynamicQueues, 2)
	assert.Equal(t, "root.users.eng", res.DynamicQueues[0].Path)
}

// TestSimulateMaxParallelApps: with max-parallel-apps 1 the second app
// waits, non-runnable, until the first finishes, then runs.
func TestSimulateMaxParallelApps(t *testing.T) {
	m := modelFrom(t, []byte(`<configuration>
  <property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
  <property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
  <property><name>yarn.scheduler.capacity.root.a.max-parallel-apps</name><value>1</value></property>
</configuration>`))
	task := []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 60000, Priority: 20}}
	w := &Workload{Name: "parallel", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 16384, VCores: 16}}},
		Apps: []App{
			{ID: "first", Queue: "a", User: "u", SubmitMS: 0, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
			{ID: "second", Queue: "a", User: "u", SubmitMS: 1000, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
		}}
	res, err := Run(m, w, Options{Seed: 1})
	require.NoError(t, err)
	byID := map[string]AppResult{}
	for _, a := range res.Apps {
		byID[a.ID] = a
	}
	require.Equal(t, AppFinished, byID["second"].State)
	assert.GreaterOrEqual(t, byID["second"].FirstContainerMS, byID["first"].FinishMS)
}
