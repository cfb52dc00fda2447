package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// Partition resources follow the nodes (CommonNodeLabelsManager.
// getResourceByLabel): the default partition holds only unlabelled nodes,
// and joins and removals move only their own partition.
func TestPartitionResources(t *testing.T) {
	e := newTestEngine(t, map[string]string{p + "root.queues": "a", p + "root.a.capacity": "100"})
	require.NoError(t, e.AddNodes(NodeSpec{ID: "g1", MemoryMB: 8192, VCores: 8, Partition: "gpu"},
		NodeSpec{ID: "g2", MemoryMB: 4096, VCores: 4, Partition: "gpu"}))
	assert.Equal(t, Resource{16 * 1024, 16}, e.Cluster())
	assert.Equal(t, Resource{16 * 1024, 16}, e.PartitionResource(""))
	assert.Equal(t, Resource{12 * 1024, 12}, e.PartitionResource("gpu"))
	assert.Equal(t, Resource{}, e.PartitionResource("none"))
	assert.Equal(t, []string{"g1", "g2"}, e.NodesInPartition("gpu"))
	require.NoError(t, e.RemoveNodes("g1"))
	assert.Equal(t, Resource{4096, 4}, e.PartitionResource("gpu"))
	assert.Equal(t, Resource{16 * 1024, 16}, e.Cluster())
	assert.Equal(t, []string{"g2"}, e.NodesInPartition("gpu"))
}

// A labelled node's heartbeat assigns nothing to a default-partition ask
// and counts no missed opportunity; the queue's limit is the default
// partition's (16 GB here, not 28 GB), so the third 8 GB container waits.
func TestLabelledNodeServesNoDefaultAsk(t *testing.T) {
	e := newTestEngine(t, map[string]string{p + "root.queues": "a", p + "root.a.capacity": "100"})
	require.NoError(t, e.AddNodes(NodeSpec{ID: "g1", MemoryMB: 12 * 1024, VCores: 12, Partition: "gpu"}))
	_, err := e.Submit(AppSpec{ID: "app1", Queue: "root.a", User: "u", AM: Resource{1024, 1}})
	require.NoError(t, err)
	require.NoError(t, e.UpdateAsks("app1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{8192, 1}, Count: 3}}))
	g, _ := e.NodeIndex("g1")
	h, _ := e.NodeIndex("h1")
	for i := 0; i < 3; i++ {
		assert.Equal(t, AssignNone, e.AssignOnce(g).Kind)
	}
	assert.Equal(t, AssignAllocated, e.AssignOnce(h).Kind)
	assert.Equal(t, AssignAllocated, e.AssignOnce(h).Kind)
	assert.Equal(t, AssignNone, e.AssignOnce(h).Kind, "the queue is at the default partition's 16 GB")
	assert.Equal(t, AssignNone, e.AssignOnce(g).Kind)
}

// TestLabelConfiguredByQueueOutsideTheTree: 3.4's root holds every label
// some key configures (ConfiguredNodeLabels#getAllConfiguredLabels over
// CapacitySchedulerConfiguration#getConfiguredNodeLabelsByQueue, which
// reads every key under the prefix), a queue missing from the tree too.
func TestLabelConfiguredByQueueOutsideTheTree(t *testing.T) {
	m := xmlconf.Build(xmlconf.FromMap(map[string]string{
		p + "root.queues": "a", p + "root.a.capacity": "100",
		p + "root.gone.accessible-node-labels.gpu.capacity": "10",
	}, "test"), xmlconf.BuildOptions{Version: xmlconf.V3_4})
	assert.True(t, labelConfigured(m, "gpu"))
	assert.False(t, labelConfigured(m, "ssd"))
}
