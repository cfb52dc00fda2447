package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine"
)

// TestSimulateWorkflowPriority: a workload app's workflowid: tag maps its
// priority (WorkflowPriorityMappingsManager#mapWorkflowPriorityForApp):
// with room for one AM, once the blocker is done the later-listed app of
// the mapped workflow is activated first (FifoOrderingPolicyForPendingApps:
// higher priority first); without a mapping the apps start in submission
// order.
func TestSimulateWorkflowPriority(t *testing.T) {
	m := modelFrom(t, []byte(`<configuration>
  <property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
  <property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
  <property><name>yarn.scheduler.capacity.maximum-am-resource-percent</name><value>0.5</value></property>
  <property><name>yarn.scheduler.capacity.workflow-priority-mappings</name><value>nightly:root.a:5</value></property>
  <property><name>yarn.scheduler.capacity.workflow-priority-mappings-override.enable</name><value>true</value></property>
  <property><name>yarn.cluster.max-application-priority</name><value>10</value></property>
</configuration>`))
	task := []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 60000, Priority: 20}}
	run := func(tags []string) map[string]AppResult {
		w := &Workload{Name: "workflow", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 2048, VCores: 8}}},
			Apps: []App{
				{ID: "blocker", Queue: "a", User: "u", AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
				{ID: "first", Queue: "a", User: "u", SubmitMS: 1000, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
				{ID: "second", Queue: "a", User: "u", SubmitMS: 1000, Tags: tags, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
			}}
		res, err := Run(m, w, Options{Seed: 1})
		require.NoError(t, err)
		byID := map[string]AppResult{}
		for _, a := range res.Apps {
			byID[a.ID] = a
		}
		return byID
	}
	got := run([]string{"WorkflowID:Nightly"})
	assert.Less(t, got["second"].FirstContainerMS, got["first"].FirstContainerMS, "the mapped app starts first")
	got = run([]string{"workflowid:weekly"})
	assert.Less(t, got["first"].FirstContainerMS, got["second"].FirstContainerMS, "an unmapped workflow keeps submission order")
}

// A workload's tags are refused as Hadoop's client refuses them
// (ApplicationSubmissionContextPBImpl.checkTags), naming the app.
func TestWorkloadTagsChecked(t *testing.T) {
	task := []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 1000, Priority: 20}}
	w := &Workload{Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 2048, VCores: 8}}},
		Apps: []App{{ID: "x", Queue: "a", User: "u", Tags: make([]string, engine.MaxAppTags+1), AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task, Pos: "w.json:7"}}}
	err := w.Validate()
	require.Error(t, err)
	assert.Equal(t, `w.json:7: application "x": tags: Too many applicationTags, a maximum of only 10 are allowed!`, err.Error())
}
