package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// multiConf is TestCapacitySchedulerMultiNodes#setUp: DRF, one policy
// "resource-based" (ResourceUsageMultiNodeLookupPolicy) as the
// scheduler-wide default, multi-node placement on, 512 MB minimum.
func multiConf(interval string) map[string]string {
	c := map[string]string{
		p + "root.queues": "default", p + "root.default.capacity": "100",
		p + "resource-calculator":                            "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator",
		p + "multi-node-sorting.policy.names":                "resource-based",
		p + "multi-node-sorting.policy":                      "resource-based",
		p + "multi-node-sorting.policy.resource-based.class": ResourceUsagePolicy,
		p + "multi-node-placement-enabled":                   "true",
		p + "maximum-am-resource-percent":                    "1",
		"yarn.scheduler.minimum-allocation-mb":               "512",
	}
	if interval != "" {
		c[p+"multi-node-sorting.policy.resource-based.sorting-interval.ms"] = interval
	}
	return c
}

func multiEngine(t *testing.T, conf map[string]string, nodes ...NodeSpec) *Engine {
	t.Helper()
	m := build(t, conf, xmlconf.V3_4)
	e, err := New(m, nodes, Options{})
	require.NoError(t, err)
	require.True(t, e.MultiNode())
	return e
}

// submitWithAM submits an app whose AM container is its priority-0 ask
// (MockRM.launchAndRegisterAM) and places it with one pass on node.
func submitWithAM(t *testing.T, e *Engine, id string, amMB int64, node string) Assignment {
	t.Helper()
	_, err := e.Submit(AppSpec{ID: id, Queue: "default", User: "user", AM: Resource{amMB, 1}})
	require.NoError(t, err)
	require.NoError(t, e.UpdateAsks(id, []Ask{{Priority: 0, ResourceName: AnyResource, Resource: Resource{amMB, 1}, Count: 1}}))
	i, _ := e.NodeIndex(node)
	return e.AssignOnce(i)
}

// TestCapacitySchedulerMultiNodes#testMultiNodeSorterForSchedulingWithOrdering:
// after 2 GB lands on nm1 and 1 GB on nm2, the sorted order is nm3, nm4,
// nm2, nm1 (less allocated first, ties by node id).
func TestMultiNodeSorterForSchedulingWithOrdering(t *testing.T) {
	var nodes []NodeSpec
	for _, h := range []string{"127.0.0.1:1234", "127.0.0.2:1235", "127.0.0.3:1236", "127.0.0.4:1237"} {
		nodes = append(nodes, NodeSpec{ID: h, MemoryMB: 10 * 1024, VCores: 10})
	}
	e := multiEngine(t, multiConf(""), nodes...)
	assert.Len(t, e.NodeOrder("resource-based", ""), 4, "testMultiNodeSorterForScheduling: 4 nodes sorted")
	a := submitWithAM(t, e, "app1", 2048, "127.0.0.1:1234")
	assert.Equal(t, "127.0.0.1:1234", a.Node)
	e.SetTime(1000) // the sorter thread's next run ("thread operates every 1sec")
	a = submitWithAM(t, e, "app2", 1024, "127.0.0.2:1235")
	assert.Equal(t, "127.0.0.2:1235", a.Node, "nm2 is the least used after the re-sort")
	e.SetTime(2000)
	assert.Equal(t, []string{"127.0.0.3:1236", "127.0.0.4:1237", "127.0.0.2:1235", "127.0.0.1:1234"}, e.NodeOrder("resource-based", ""))
}

// The order is frozen between sorter runs (sorting-interval.ms, default
// 1000): two allocations in the same interval go to the same first node,
// and the next interval's sort moves on.
func TestMultiNodeSortingInterval(t *testing.T) {
	nodes := nodesOf(3, 8192)
	for _, tc := range []struct {
		interval string
		want     []string
	}{
		{"", []string{"n0", "n0", "n1"}},
		{"0", []string{"n0", "n1", "n2"}}, // no thread: every lookup sorts
		{"500", []string{"n0", "n1", "n2"}},
	} {
		e := multiEngine(t, multiConf(tc.interval), nodes...)
		_, err := e.Submit(AppSpec{ID: "a", Queue: "default", User: "u", AM: Resource{1024, 1}})
		require.NoError(t, err)
		require.NoError(t, e.UpdateAsks("a", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{1024, 1}, Count: 3}}))
		var got []string
		for i, at := range []int64{100, 600, 1100} {
			e.SetTime(at)
			a := e.AssignOnce(i % 3)
			got = append(got, a.Node)
		}
		assert.Equal(t, tc.want, got, "interval %q", tc.interval)
	}
}

// TestCapacitySchedulerMultiNodes#testExcessReservationWillBeUnreserved:
// the 6 GB ask reserves the iterator's last node (h2), and once the ask is
// cancelled any heartbeat's pass releases it while app2's 2 GB lands on h1.
func TestMultiNodeExcessReservationWillBeUnreserved(t *testing.T) {
	e := multiEngine(t, multiConf("0"), NodeSpec{ID: "h1:1234", Host: "h1", MemoryMB: 8192, VCores: 8}, NodeSpec{ID: "h2:1234", Host: "h2", MemoryMB: 8192, VCores: 8})
	assert.Equal(t, "h1:1234", submitWithAM(t, e, "app1", 5*1024, "h1:1234").Node)
	assert.Equal(t, "h2:1234", submitWithAM(t, e, "app2", 5*1024, "h2:1234").Node)
	require.NoError(t, e.UpdateAsks("app1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{6 * 1024, 1}, Count: 1}}))
	h2, _ := e.NodeIndex("h2:1234")
	as := e.Heartbeat(h2)
	require.Len(t, as, 1)
	assert.Equal(t, AssignReserved, as[0].Kind)
	assert.Equal(t, "h2:1234", as[0].Node, "Last Node from Node Iterator will be RESERVED")

	require.NoError(t, e.UpdateAsks("app1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{6 * 1024, 1}, Count: 0}}))
	require.NoError(t, e.UpdateAsks("app2", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{2 * 1024, 1}, Count: 1}}))
	h1, _ := e.NodeIndex("h1:1234")
	e.Heartbeat(h1)
	s := e.Snapshot()
	assert.Equal(t, int64(7*1024), s.Nodes["h1:1234"].AllocatedMB)
	assert.Equal(t, int64(0), s.Nodes["h2:1234"].ReservedMB)
	assert.Equal(t, int64(12*1024), s.Queues["root"].UsedMB)
	assert.Equal(t, int64(0), s.Queues["root"].ReservedMB)
	assert.Equal(t, int64(0), s.Queues["root.default"].ReservedMB)
}

// TestCapacitySchedulerMultiNodes#testAllocateForReservedContainer: the
// reserved container is allocated by nm1's heartbeat once app1 is gone:
// allocateContainersOnMultiNodes first re-reserves on nm2 (still no room),
// then the new-container pass places it on nm1, unreserving nm2.
func TestMultiNodeAllocateForReservedContainer(t *testing.T) {
	e := multiEngine(t, multiConf("0"), NodeSpec{ID: "h1:1234", Host: "h1", MemoryMB: 8192, VCores: 8}, NodeSpec{ID: "h2:1234", Host: "h2", MemoryMB: 8192, VCores: 8})
	submitWithAM(t, e, "app1", 5*1024, "h1:1234")
	submitWithAM(t, e, "app2", 5*1024, "h2:1234")
	require.NoError(t, e.UpdateAsks("app2", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{6 * 1024, 1}, Count: 1}}))
	h1, _ := e.NodeIndex("h1:1234")
	e.Heartbeat(h1)
	assert.Equal(t, int64(6*1024), e.Snapshot().Nodes["h2:1234"].ReservedMB, "nm2 will reserve a container for app2")
	require.NoError(t, e.FinishApp("app1"))
	as := e.Heartbeat(h1)
	s := e.Snapshot()
	assert.Equal(t, int64(0), s.Nodes["h2:1234"].ReservedMB+s.Nodes["h1:1234"].ReservedMB)
	assert.Equal(t, 2, s.Apps["app2"].LiveContainers)
	// h2 still has no room (re-reserved), so the new-container pass takes
	// h1 and gives up the reservation (continue-looking).
	require.Len(t, as, 2)
	assert.Equal(t, AssignReReserved, as[0].Kind)
	assert.Equal(t, AssignAllocated, as[1].Kind)
	assert.Equal(t, "h1:1234", as[1].Node)
	assert.NotZero(t, as[1].Unreserved)
}

// A 6 GB container that a heartbeat-driven pass would reserve on the
// heartbeating node goes straight to a node with room under multi-node
// placement.
func TestMultiNodeLargeContainerFindsRoom(t *testing.T) {
	nodes := []NodeSpec{{ID: "n0", MemoryMB: 8192, VCores: 8}, {ID: "n1", MemoryMB: 8192, VCores: 8}}
	for _, multi := range []bool{false, true} {
		c := multiConf("0")
		if !multi {
			delete(c, p+"multi-node-placement-enabled")
		}
		m := build(t, c, xmlconf.V3_4)
		e, err := New(m, nodes, Options{})
		require.NoError(t, err)
		_, err = e.Submit(AppSpec{ID: "small", Queue: "default", User: "u", AM: Resource{1024, 1}})
		require.NoError(t, err)
		require.NoError(t, e.UpdateAsks("small", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{4096, 1}, Count: 1}}))
		assert.Equal(t, "n0", e.AssignOnce(0).Node)
		_, err = e.Submit(AppSpec{ID: "big", Queue: "default", User: "v", AM: Resource{1024, 1}})
		require.NoError(t, err)
		require.NoError(t, e.UpdateAsks("big", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{6144, 1}, Count: 1}}))
		a := e.AssignOnce(0)
		if multi {
			assert.Equal(t, AssignAllocated, a.Kind)
			assert.Equal(t, "n1", a.Node)
		} else {
			assert.Equal(t, AssignReserved, a.Kind)
			assert.Equal(t, "n0", a.Node)
		}
	}
}

// With labels, a pass serves the heartbeating node's partition
// (getCandidateNodeSet(node.getPartition())): a request for label x is
// placed on x's nodes in sorted order whichever x node heartbeats, and an
// unlabelled node's pass never places it.
func TestMultiNodePartitionCandidates(t *testing.T) {
	c := multiConf("0")
	c[p+"root.accessible-node-labels"] = "x"
	c[p+"root.accessible-node-labels.x.capacity"] = "100"
	c[p+"root.default.accessible-node-labels"] = "x"
	c[p+"root.default.accessible-node-labels.x.capacity"] = "100"
	m := build(t, c, xmlconf.V3_4)
	e, err := New(m, []NodeSpec{{ID: "h1", MemoryMB: 8192, VCores: 8}}, Options{})
	require.NoError(t, err)
	e.DefineLabels(map[string]bool{"x": true})
	require.NoError(t, e.AddNodes(NodeSpec{ID: "x2", MemoryMB: 8192, VCores: 8, Partition: "x"}, NodeSpec{ID: "x1", MemoryMB: 8192, VCores: 8, Partition: "x"}))
	_, err = e.Submit(AppSpec{ID: "a", Queue: "default", User: "u", AM: Resource{1024, 1}})
	require.NoError(t, err)
	x := "x"
	require.NoError(t, e.UpdateAsks("a", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{2048, 1}, Count: 2, NodeLabel: &x}}))
	h1, _ := e.NodeIndex("h1")
	x2, _ := e.NodeIndex("x2")
	assert.Equal(t, AssignNone, e.AssignOnce(h1).Kind, "the default partition's pass has no request for it")
	assert.Equal(t, "x1", e.AssignOnce(x2).Node, "x1 sorts first (ties by node id)")
	assert.Equal(t, "x2", e.AssignOnce(x2).Node, "x2 is now the less allocated")
	assert.Equal(t, []string{"h1"}, e.NodeOrder("resource-based", ""))
}

// MultiNodeSorter's thread runs at 0, interval, 2 x interval: between runs
// the order is the one of the last run, a node added since is not offered
// and a removed one no longer is; the run sees the nodes as they were at
// its moment.
func TestSorterRunsEveryInterval(t *testing.T) {
	e := multiEngine(t, multiConf("1000"), NodeSpec{ID: "n0", MemoryMB: 8192, VCores: 8}, NodeSpec{ID: "n1", MemoryMB: 8192, VCores: 8})
	e.SetTime(0)
	assert.Equal(t, []string{"n0", "n1"}, e.NodeOrder("resource-based", ""))
	e.SetTime(500)
	require.NoError(t, e.AddNodes(NodeSpec{ID: "n2", MemoryMB: 8192, VCores: 8}))
	assert.Equal(t, []string{"n0", "n1"}, e.NodeOrder("resource-based", ""), "n2 waits for the next run")
	e.SetTime(1000)
	_, err := e.Submit(AppSpec{ID: "a", Queue: "default", User: "u", AM: Resource{1024, 1}})
	require.NoError(t, err)
	require.NoError(t, e.UpdateAsks("a", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{1024, 1}, Count: 1}}))
	assert.Equal(t, "n0", e.AssignOnce(2).Node)
	assert.Equal(t, []string{"n0", "n1", "n2"}, e.NodeOrder("resource-based", ""), "the 1000 ms run saw n0 empty")
	require.NoError(t, e.RemoveNodes("n1"))
	e.SetTime(1999)
	assert.Equal(t, []string{"n0", "n2"}, e.NodeOrder("resource-based", ""))
	e.SetTime(2000)
	assert.Equal(t, []string{"n2", "n0"}, e.NodeOrder("resource-based", ""))
}

// Without skip-allocate-on-nodes-with-reserved-containers Hadoop proposes
// a container on a reserved node with room and refuses it at commit
// (FiCaSchedulerApp.commonCheckContainerAllocation); capq passes over the
// node and says how often it did. h2 holds app1's 7 GB reservation and,
// once app2's task ends, is the less allocated node with 5 GB free, so
// app3's AM passes over it to h1.
func TestMultiNodeReservedNodePassedOver(t *testing.T) {
	for _, skip := range []bool{false, true} {
		c := multiConf("0")
		if skip {
			c[p+"skip-allocate-on-nodes-with-reserved-containers"] = "true"
		}
		e := multiEngine(t, c, NodeSpec{ID: "h1:1234", Host: "h1", MemoryMB: 8192, VCores: 8}, NodeSpec{ID: "h2:1234", Host: "h2", MemoryMB: 8192, VCores: 8})
		require.Equal(t, "h1:1234", submitWithAM(t, e, "app1", 4*1024, "h1:1234").Node)
		require.Equal(t, "h2:1234", submitWithAM(t, e, "app2", 3*1024, "h2:1234").Node)
		require.NoError(t, e.UpdateAsks("app2", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{2 * 1024, 1}, Count: 1}}))
		task := e.AssignOnce(0)
		require.Equal(t, "h2:1234", task.Node)
		require.NoError(t, e.UpdateAsks("app1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{7 * 1024, 1}, Count: 1}}))
		res := e.AssignOnce(0)
		require.Equal(t, AssignReserved, res.Kind)
		require.Equal(t, "h2:1234", res.Node)
		require.NoError(t, e.ReleaseContainer(task.ContainerID))
		assert.Equal(t, "h1:1234", submitWithAM(t, e, "app3", 1024, "h1:1234").Node)
		var notes []string
		for _, w := range e.Unmodelled() {
			if w.Feature == "multi-node placement" {
				notes = append(notes, w.Effect)
			}
		}
		if skip {
			assert.Empty(t, notes)
			continue
		}
		require.Len(t, notes, 1)
		assert.Contains(t, notes[0], "1 time(s) a request passed over a node with room that another reservation holds")
	}
}

// CapacitySchedulerConfiguration#getMultiNodePlacementPolicies: the policy
// named "default" runs ResourceUsageMultiNodeLookupPolicy without its
// .class key; another name without one has no class (CS057's error).
func TestMultiNodeDefaultPolicyClass(t *testing.T) {
	c := multiConf("")
	c[p+"multi-node-sorting.policy.names"] = "default,other"
	mn := compileMultiNode(build(t, c, xmlconf.V3_2))
	require.NotNil(t, mn)
	assert.Equal(t, ResourceUsagePolicy, mn.sorters["default"].class)
	assert.Equal(t, "", mn.sorters["other"].class)
}
