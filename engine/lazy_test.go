package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// A killable container made killable again (the queue-priority selector
// does not skip killable containers, so it selects one again and the
// policy sends MARK_CONTAINER_FOR_KILLABLE a second time): the node keeps
// it once (FiCaSchedulerNode.markContainerToKillable checks its map), the
// leaf and its parents count it twice (PreemptableQueue.addKillableContainer
// adds without checking), and its release takes it off the node and once
// off the queues (removeKillableContainer), so the excess stays.
func TestMarkKillableTwice(t *testing.T) {
	e, err := New(build(t, map[string]string{
		"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"lazy-preemption-enabled":                       "true",
		"yarn.resourcemanager.scheduler.monitor.enable": "true",
	}, xmlconf.V3_4), []NodeSpec{{ID: "n0", MemoryMB: 4 * gb, VCores: 4}}, Options{})
	require.NoError(t, err)
	require.True(t, e.LazyPreemption())
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app", Queue: "a", User: "user", AM: Resource{gb, 1}}))
	require.NoError(t, e.UpdateAsks("app", []Ask{{Priority: 0, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1}, {Priority: 1, ResourceName: AnyResource, Resource: Resource{3 * gb, 1}, Count: 1}}))
	require.Equal(t, AssignAllocated, e.AssignOnce(0).Kind)
	require.Equal(t, AssignAllocated, e.AssignOnce(0).Kind)
	n := e.nodes[0]
	var c *container
	for _, x := range e.apps[0].live {
		if x != nil && x.priority != AMPriority {
			c = x
		}
	}
	require.NotNil(t, c)
	leaf := c.a.q

	e.makeKillable(c)
	e.makeKillable(c)
	assert.Len(t, e.lazy.killable, 1, "the node keeps a killable container once")
	assert.Equal(t, Resource{6 * gb, 2}, e.killableUnder(leaf, 0), "the leaf counts it twice")
	assert.Equal(t, Resource{6 * gb, 2}, e.killableUnder(e.root, 0), "and so do its parents")

	e.release(c, EvPreempted)
	assert.Empty(t, e.lazy.killable)
	assert.False(t, e.killableRoom(n) && !e.roomFits(e.g.minAlloc, n), "a released container is no killable room")
	assert.Equal(t, Resource{3 * gb, 1}, e.killableUnder(leaf, 0), "removeKillableContainer takes it off once")
}

// CapacityScheduler.reinitialize re-reads lazy-preemption-enabled: a
// refresh turns the state on, and off again once nothing is killable,
// giving back the pass's shortcuts (Options.WalkEveryLeaf as given).
func TestRefreshLazy(t *testing.T) {
	kv := map[string]string{
		"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"yarn.resourcemanager.scheduler.monitor.enable": "true",
	}
	e, err := New(build(t, kv, xmlconf.V3_4), []NodeSpec{{ID: "n0", MemoryMB: 4 * gb, VCores: 4}}, Options{})
	require.NoError(t, err)
	require.False(t, e.LazyPreemption())
	kv["lazy-preemption-enabled"] = "true"
	require.Empty(t, e.Refresh(build(t, kv, xmlconf.V3_4), nil))
	assert.True(t, e.LazyPreemption())
	assert.True(t, e.lazyMarks())
	assert.True(t, e.opts.WalkEveryLeaf)
	kv["lazy-preemption-enabled"] = "false"
	require.Empty(t, e.Refresh(build(t, kv, xmlconf.V3_4), nil))
	assert.False(t, e.LazyPreemption(), "nothing killable: the state goes")
	assert.False(t, e.opts.WalkEveryLeaf)

	// The 2.10 profile's reinitialize re-reads the key too (see
	// refreshLazy); 2.7 has no lazy preemption at all.
	delete(kv, "lazy-preemption-enabled")
	for _, v := range []xmlconf.Version{xmlconf.V2_10, xmlconf.V2_7} {
		e, err := New(build(t, kv, v), []NodeSpec{{ID: "n0", MemoryMB: 4 * gb, VCores: 4}}, Options{})
		require.NoError(t, err)
		kv["lazy-preemption-enabled"] = "true"
		require.Empty(t, e.Refresh(build(t, kv, v), nil))
		assert.Equal(t, v == xmlconf.V2_10, e.LazyPreemption(), "%s", v)
		delete(kv, "lazy-preemption-enabled")
	}
}

// A labelled node full of killable containers still gets its pass:
// CapacityScheduler.allocateContainerOnSingleNode counts
// getTotalKillableResources on every node, whatever its partition, so a
// leaf under its guarantee in the partition takes the killable room
// (RegularContainerAllocator.assignContainer's toKillContainers).
func TestLazyKillableRoomOnLabelledNode(t *testing.T) {
	e, err := New(build(t, map[string]string{
		"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"root.accessible-node-labels.x.capacity": "100",
		"root.a.accessible-node-labels":          "x", "root.a.accessible-node-labels.x.capacity": "50",
		"root.b.accessible-node-labels": "x", "root.b.accessible-node-labels.x.capacity": "50",
		"root.b.accessible-node-labels.x.maximum-capacity": "100", "root.b.user-limit-factor": "2",
		"lazy-preemption-enabled":                       "true",
		"yarn.resourcemanager.scheduler.monitor.enable": "true",
	}, xmlconf.V3_4), []NodeSpec{{ID: "h0", MemoryMB: 4 * gb, VCores: 4}, {ID: "x0", MemoryMB: 4 * gb, VCores: 4, Partition: "x"}}, Options{})
	require.NoError(t, err)
	e.DefineLabels(map[string]bool{"x": true})
	x := "x"
	x0, _ := e.NodeIndex("x0")
	h0, _ := e.NodeIndex("h0")
	require.NoError(t, e.SubmitApp(AppSpec{ID: "big", Queue: "b", User: "u", AM: Resource{gb, 1}}))
	require.NoError(t, e.UpdateAsks("big", []Ask{{Priority: 0, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1},
		{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 4, NodeLabel: &x}}))
	require.Equal(t, AssignAllocated, e.AssignOnce(h0).Kind, "the AM, on the default partition")
	for i := 0; i < 4; i++ {
		require.Equal(t, AssignAllocated, e.AssignOnce(x0).Kind)
	}
	n := e.nodes[x0]
	require.True(t, n.free().IsZero())
	for _, c := range e.appByID["big"].live {
		if c != nil && c.node == n {
			e.makeKillable(c)
		}
	}
	require.NoError(t, e.SubmitApp(AppSpec{ID: "small", Queue: "a", User: "v", AM: Resource{gb, 1}}))
	require.NoError(t, e.UpdateAsks("small", []Ask{{Priority: 0, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1},
		{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1, NodeLabel: &x}}))
	require.Equal(t, AssignAllocated, e.AssignOnce(h0).Kind, "small's AM")
	got := e.AssignOnce(x0)
	assert.Equal(t, AssignAllocated, got.Kind, "the killable room of a labelled node is offered")
	assert.Equal(t, "small", got.App)
	assert.Len(t, e.lazy.killable, 3, "one killable container killed for the room")
}

// toKillContainers is local to one RegularContainerAllocator.assignContainer
// call: a search for killable room whose proposal is not committed (here
// made by hand, as a refused or skipped proposal leaves it) must not make
// a later allocation of the same request on the same node, which fits in
// the free room, kill anything.
func TestLazyKillsBelongToOneCall(t *testing.T) {
	e, err := New(build(t, map[string]string{
		"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"root.b.maximum-capacity": "100", "root.b.user-limit-factor": "2",
		"lazy-preemption-enabled":                       "true",
		"yarn.resourcemanager.scheduler.monitor.enable": "true",
	}, xmlconf.V3_4), []NodeSpec{{ID: "h0", MemoryMB: 4 * gb, VCores: 4}, {ID: "n0", MemoryMB: 4 * gb, VCores: 4}}, Options{})
	require.NoError(t, err)
	h0, _ := e.NodeIndex("h0")
	n0, _ := e.NodeIndex("n0")
	require.NoError(t, e.SubmitApp(AppSpec{ID: "big", Queue: "b", User: "u", AM: Resource{gb, 1}}))
	require.NoError(t, e.UpdateAsks("big", []Ask{{Priority: 0, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1}}))
	require.Equal(t, AssignAllocated, e.AssignOnce(h0).Kind, "big's AM")
	require.NoError(t, e.UpdateAsks("big", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 4}}))
	for i := 0; i < 4; i++ {
		require.Equal(t, AssignAllocated, e.AssignOnce(n0).Kind)
	}
	n := e.nodes[n0]
	var onNode []*container
	for _, c := range e.appByID["big"].live {
		if c != nil && c.node == n {
			onNode = append(onNode, c)
		}
	}
	require.Len(t, onNode, 4)
	e.makeKillable(onNode[0])
	e.makeKillable(onNode[1])
	require.NoError(t, e.SubmitApp(AppSpec{ID: "small", Queue: "a", User: "v", AM: Resource{gb, 1}}))
	require.NoError(t, e.UpdateAsks("small", []Ask{{Priority: 0, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1}}))
	require.Equal(t, AssignAllocated, e.AssignOnce(h0).Kind, "small's AM")
	require.NoError(t, e.UpdateAsks("small", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1}}))
	small := e.appByID["small"]
	require.True(t, e.killToFit(small, small.key(1, false), n, Resource{gb, 1}), "a search that finds killable room")

	require.NoError(t, e.ReleaseContainer(onNode[3].id))
	got := e.AssignOnce(n0)
	require.Equal(t, AssignAllocated, got.Kind)
	assert.Equal(t, "small", got.App)
	assert.Len(t, e.lazy.killable, 2, "the free room was enough: nothing killed")
}

// TempQueuePerPartition.assignPreemption preempts from usedDeductKillable:
// with lazy preemption a leaf's killable containers come off its usage
// before what it keeps, so a leaf whose excess is all killable has
// nothing more to be preempted.
func TestLazyKillableComesOffToBePreempted(t *testing.T) {
	e, err := New(build(t, map[string]string{
		"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"lazy-preemption-enabled":                       "true",
		"yarn.resourcemanager.scheduler.monitor.enable": "true",
	}, xmlconf.V3_4), []NodeSpec{{ID: "n0", MemoryMB: 4 * gb, VCores: 4}}, Options{})
	require.NoError(t, err)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app", Queue: "a", User: "user", AM: Resource{gb, 1}}))
	require.NoError(t, e.UpdateAsks("app", []Ask{{Priority: 0, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1}, {Priority: 1, ResourceName: AnyResource, Resource: Resource{3 * gb, 1}, Count: 1}}))
	require.Equal(t, AssignAllocated, e.AssignOnce(0).Kind)
	require.Equal(t, AssignAllocated, e.AssignOnce(0).Kind)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "appb", Queue: "b", User: "user", AM: Resource{gb, 1}}))
	require.NoError(t, e.UpdateAsks("appb", []Ask{{Priority: 0, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1}}))
	toBePreempted := func() Resource {
		for _, l := range e.computeIdeal(Resource{1 << 30, 1 << 30}, idealMode{})[0] {
			if l.q.path == "root.a" {
				return l.toBePreempted
			}
		}
		t.Fatal("no leaf root.a")
		return Resource{}
	}
	assert.Equal(t, Resource{gb, 0}, toBePreempted(), "used 4 GB, keeps its ideal of 3 GB")
	var c *container
	for _, x := range e.apps[0].live {
		if x != nil && x.priority != AMPriority {
			c = x
		}
	}
	require.NotNil(t, c)
	e.makeKillable(c)
	assert.Equal(t, Resource{}, toBePreempted(), "4 GB used less 3 GB killable is below what it keeps")
}
