package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestCapacitySchedulerLayeredBinPackingPolicy#testLayeredResourceUsageScorer:
// 2000 + 3 x usage% below the 0.6 threshold, 1000 - 3 x usage% from it,
// and an empty node under 100; busier busy nodes score lower, busy nodes
// below normal ones and above empty ones.
func TestLayeredScorer(t *testing.T) {
	normal := func(u float32) float32 { return 2000 + float32(3*u*100) }
	busy := func(u float32) float32 { return 1000 - float32(3*u*100) }
	assert.Equal(t, normal(0.2), layeredScore(0.2, 0.6))
	assert.Equal(t, normal(0.5), layeredScore(0.5, 0.6))
	assert.Equal(t, busy(0.6), layeredScore(0.6, 0.6), "the threshold is in the busy layer")
	assert.Equal(t, busy(0.7), layeredScore(0.7, 0.6))
	assert.Equal(t, busy(0.9), layeredScore(0.9, 0.6))
	free := layeredScore(0, 0.6)
	assert.Less(t, free, float32(100), "an empty node scores under 100")
	assert.Less(t, layeredScore(0.9, 0.6), layeredScore(0.7, 0.6), "a busier busy node scores lower")
	assert.Less(t, layeredScore(0.7, 0.6), layeredScore(0.2, 0.6), "busy below normal")
	assert.Greater(t, layeredScore(0.7, 0.6), free, "busy above empty")
}

// getNodeResourceUsage takes the larger of the memory and vcores shares.
func TestLayeredUsage(t *testing.T) {
	assert.Equal(t, float32(0.6), layeredUsage(Resource{61440, 4}, Resource{102400, 100}))
	assert.Equal(t, float32(0.5), layeredUsage(Resource{1024, 50}, Resource{102400, 100}), "vcores dominate")
	assert.Equal(t, float32(0), layeredUsage(Resource{}, Resource{1024, 1}))
}

func layeredConf() map[string]string {
	c := multiConf("")
	c[p+"multi-node-sorting.policy.resource-based.class"] = LayeredPolicy
	c["yarn.scheduler.maximum-allocation-mb"] = "102400"
	return c
}

// heartbeatOn runs a full node update of the node with that id.
func heartbeatOn(t *testing.T, e *Engine, id string) []Assignment {
	t.Helper()
	i, ok := e.NodeIndex(id)
	require.True(t, ok, id)
	return e.Heartbeat(i)
}

// The sorted orders testSkipReservationWhenPossible and
// testMultiNodeSorterForLayeredBinPacking assert after their last
// reSortClusterNodes (the scenarios layered-*-01 check the placements).
func TestLayeredSortedOrder(t *testing.T) {
	t.Run("testSkipReservationWhenPossible", func(t *testing.T) {
		e := multiEngine(t, layeredConf(),
			NodeSpec{ID: "127.0.0.1:1234", MemoryMB: 13 * 1024, VCores: 100}, NodeSpec{ID: "127.0.0.2:1235", MemoryMB: 13 * 1024, VCores: 100})
		assert.Equal(t, []string{"127.0.0.1:1234", "127.0.0.2:1235"}, e.NodeOrder("resource-based", ""), "empty nodes in node id order")
		submitWithAM(t, e, "app1", 2048, "127.0.0.2:1235")
		e.SetTime(1000)
		submitWithAM(t, e, "app2", 1024, "127.0.0.2:1235")
		require.NoError(t, e.UpdateAsks("app2", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{5120, 1}, Count: 1}}))
		heartbeatOn(t, e, "127.0.0.2:1235")
		require.NoError(t, e.UpdateAsks("app1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{6144, 1}, Count: 1}}))
		heartbeatOn(t, e, "127.0.0.1:1234")
		e.SetTime(2000)
		// 6/13 in the normal layer before 8/13 in the busy one.
		assert.Equal(t, []string{"127.0.0.2:1235", "127.0.0.1:1234"}, e.NodeOrder("resource-based", ""))
	})
	t.Run("testMultiNodeSorterForLayeredBinPacking", func(t *testing.T) {
		var nodes []NodeSpec
		for _, h := range []string{"127.0.0.1:1234", "127.0.0.2:1235", "127.0.0.3:1236", "127.0.0.4:1237"} {
			nodes = append(nodes, NodeSpec{ID: h, MemoryMB: 100 * 1024, VCores: 100})
		}
		e := multiEngine(t, layeredConf(), nodes...)
		submitWithAM(t, e, "app1", 2048, "127.0.0.4:1237")
		e.SetTime(1000)
		submitWithAM(t, e, "app2", 1024, "127.0.0.4:1237")
		for _, step := range []struct {
			app  string
			gb   int64
			node string
		}{{"app2", 5, "127.0.0.1:1234"}, {"app1", 52, "127.0.0.1:1234"}, {"app1", 50, "127.0.0.2:1235"}, {"app1", 70, "127.0.0.3:1236"}} {
			require.NoError(t, e.UpdateAsks(step.app, []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{step.gb * 1024, 1}, Count: 1}}))
			as := heartbeatOn(t, e, "127.0.0.1:1234")
			if assert.NotEmpty(t, as) {
				assert.Equal(t, step.node, as[0].Node, "%d GB", step.gb)
			}
		}
		e.SetTime(2000)
		// 0.5 (normal), 0.6 and 0.7 (busy, emptier first), then the empty node.
		assert.Equal(t, []string{"127.0.0.2:1235", "127.0.0.1:1234", "127.0.0.3:1236", "127.0.0.4:1237"}, e.NodeOrder("resource-based", ""))
	})
}

// Before 3.4 (trunk) the class does not exist in Hadoop: capq orders as
// ResourceUsageMultiNodeLookupPolicy and says the class is unknown.
func TestLayeredOnlyFrom34(t *testing.T) {
	m := build(t, layeredConf(), xmlconf.V3_3)
	e, err := New(m, []NodeSpec{{ID: "a:1", MemoryMB: 4096, VCores: 4}, {ID: "b:1", MemoryMB: 4096, VCores: 4}}, Options{})
	require.NoError(t, err)
	submitWithAM(t, e, "app1", 1024, "a:1")
	e.SetTime(1000)
	assert.Equal(t, []string{"b:1", "a:1"}, e.NodeOrder("resource-based", ""), "less allocated first")
	ws := Unmodelled(m)
	if assert.NotEmpty(t, ws) {
		assert.Contains(t, ws[0].String(), "multi-node lookup policy class")
	}
	ws = Unmodelled(build(t, layeredConf(), xmlconf.V3_4))
	if assert.Len(t, ws, 1) {
		assert.Contains(t, ws[0].String(), "nodes with nothing allocated")
	}
}
