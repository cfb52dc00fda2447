package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// gpuCluster is two 8 GB unlabelled nodes and one 8 GB node in the
// non-exclusive partition gpu; root.a (50%, user-limit-factor 2) cannot
// access gpu, root.g (50%) holds all of it.
func gpuCluster(t *testing.T, v xmlconf.Version) (*Engine, *[]Event) {
	t.Helper()
	m := build(t, map[string]string{
		"root.queues": "a,g", "root.accessible-node-labels.gpu.capacity": "100",
		"root.a.capacity": "50", "root.a.user-limit-factor": "2", "root.a.accessible-node-labels": " ",
		"root.g.capacity": "50", "root.g.accessible-node-labels": "gpu", "root.g.accessible-node-labels.gpu.capacity": "100",
	}, v)
	var evs []Event
	e, err := New(m, []NodeSpec{{ID: "h1", MemoryMB: 8192, VCores: 8}, {ID: "h2", MemoryMB: 8192, VCores: 8},
		{ID: "g1", MemoryMB: 8192, VCores: 8, Partition: "gpu"}}, Options{OnEvent: func(ev Event) { evs = append(evs, ev) }})
	require.NoError(t, err)
	e.DefineLabels(map[string]bool{"gpu": false})
	return e, &evs
}

func beat(t *testing.T, e *Engine, id string, n int) {
	t.Helper()
	i, ok := e.NodeIndex(id)
	require.True(t, ok)
	for ; n > 0; n-- {
		e.Heartbeat(i)
	}
}

// Default-partition work borrows the idle non-exclusive gpu node only
// after its missed opportunities reach the node count (3), is not bounded
// by a's maximum there, and counts in the gpu partition; a gpu request
// then reserves the full node and takes it back as borrowed containers
// finish, ahead of the default work still pending
// (CapacityScheduler.allocateOrReserveNewContainers,
// RegularContainerAllocator.preCheckForNodeCandidateSet).
func TestGPUPartitionLendsAndTakesBack(t *testing.T) {
	e, evs := gpuCluster(t, xmlconf.V3_4)
	_, err := e.Submit(AppSpec{ID: "batch", Queue: "root.a", User: "u", AM: Resource{1024, 1}})
	require.NoError(t, err)
	require.NoError(t, e.UpdateAsks("batch", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{2048, 1}, Count: 20}}))
	// One off-switch container per heartbeat: 4 heartbeats fill each
	// 8 GB node; a's 16 GB (2 × its 8 GB guarantee) is all of default.
	beat(t, e, "h1", 4)
	beat(t, e, "h2", 4)
	st := e.Snapshot()
	assert.Equal(t, int64(16384), st.Queues["root.a"].UsedMB)
	// The last allocation on h2 reset the counter: g1's first two
	// heartbeats count 1 and 2 missed opportunities (< 3 nodes), the
	// third allocates, then one per heartbeat until g1 is full.
	beat(t, e, "g1", 2)
	assert.Equal(t, 0, e.Snapshot().Nodes["g1"].NumContainers)
	beat(t, e, "g1", 1)
	assert.Equal(t, 1, e.Snapshot().Nodes["g1"].NumContainers)
	beat(t, e, "g1", 5)
	st = e.Snapshot()
	assert.Equal(t, 4, st.Nodes["g1"].NumContainers)
	a := st.Queues["root.a"]
	assert.Equal(t, int64(16384), a.UsedMB, "the default partition's usage is unchanged")
	assert.Equal(t, int64(8192), a.Partitions["gpu"].UsedMB, "borrowed containers count in gpu")
	assert.Equal(t, float32(1), float32(a.Partitions["gpu"].AbsoluteUsedCapacity), "all of g1")
	assert.Equal(t, map[string]int64{"": 16384, "gpu": 8192}, st.Apps["batch"].UsedMBByPartition)
	assert.Equal(t, int64(8*2048), st.Apps["batch"].PendingMB, "8 of 20 still pending")

	// A gpu request finds g1 full: a full node gets no pass
	// (allocateContainersToNode), so it waits.
	_, err = e.Submit(AppSpec{ID: "train", Queue: "root.g", User: "v", AM: Resource{1024, 1}})
	require.NoError(t, err)
	gpu := "gpu"
	require.NoError(t, e.UpdateAsks("train", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{4096, 1}, Count: 1, NodeLabel: &gpu}}))
	g1, _ := e.NodeIndex("g1")
	assert.Equal(t, AssignNone, e.AssignOnce(g1).Kind)
	// Two borrowed containers finish: the gpu request takes the 4 GB on
	// the next heartbeat (its partition's pass comes first), not the
	// default work still pending.
	n := 0
	for _, ev := range *evs {
		if ev.Kind == EvAllocated && ev.Node == "g1" && n < 2 {
			require.NoError(t, e.ReleaseContainer(ev.ContainerID))
			n++
		}
	}
	got := e.AssignOnce(g1)
	assert.Equal(t, AssignAllocated, got.Kind)
	assert.Equal(t, "train", got.App)
	st = e.Snapshot()
	assert.Equal(t, int64(4096), st.Queues["root.g"].Partitions["gpu"].UsedMB)
	assert.Equal(t, int64(4096), st.Queues["root.a"].Partitions["gpu"].UsedMB)
	assert.Equal(t, int64(0), st.Nodes["g1"].AvailableMB)
}

// An exclusive partition lends nothing: the same cluster with gpu
// exclusive leaves g1 idle under default demand.
func TestExclusivePartitionLendsNothing(t *testing.T) {
	e, _ := gpuCluster(t, xmlconf.V3_4)
	e.DefineLabels(map[string]bool{"gpu": true})
	_, err := e.Submit(AppSpec{ID: "batch", Queue: "root.a", User: "u", AM: Resource{1024, 1}})
	require.NoError(t, err)
	require.NoError(t, e.UpdateAsks("batch", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{2048, 1}, Count: 20}}))
	beat(t, e, "g1", 10)
	assert.Equal(t, 0, e.Snapshot().Nodes["g1"].NumContainers)
}

// maximum-applications without a queue setting is the largest over the
// queue's configured labels in 3.4 (AbstractLeafQueue.
// updateMaximumApplications), the default partition's before.
func TestMaxApplicationsOverLabels(t *testing.T) {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90",
		"root.a.accessible-node-labels": "x", "root.a.accessible-node-labels.x.capacity": "50",
		"root.b.accessible-node-labels": "x", "root.b.accessible-node-labels.x.capacity": "50"}
	for _, tc := range []struct {
		v         xmlconf.Version
		apps, per int32
	}{{xmlconf.V3_4, 5000, 5000}, {xmlconf.V3_3, 1000, 1000}} {
		e, err := New(build(t, kv, tc.v), nodesOf(1, 8192), Options{})
		require.NoError(t, err)
		q := e.Snapshot().Queues["root.a"]
		assert.Equal(t, tc.apps, q.MaxApplications, tc.v.String())
		assert.Equal(t, tc.per, q.MaxApplicationsPerUser, tc.v.String())
	}
}

// Before any node registers the absolute capacities are not ready for
// use and updateMaximumApplications takes the base maximum; the first
// node brings the largest share over the labels.
func TestMaxApplicationsEmptyCluster(t *testing.T) {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90",
		"root.a.accessible-node-labels": "x", "root.a.accessible-node-labels.x.capacity": "50",
		"root.b.accessible-node-labels": "x", "root.b.accessible-node-labels.x.capacity": "50"}
	e, err := New(build(t, kv, xmlconf.V3_4), nil, Options{})
	require.NoError(t, err)
	assert.Equal(t, int32(10000), e.Snapshot().Queues["root.a"].MaxApplications)
	require.NoError(t, e.AddNodes(nodesOf(1, 8192)...))
	assert.Equal(t, int32(5000), e.Snapshot().Queues["root.a"].MaxApplications)
}

// A request for a label the queue cannot access is refused with Hadoop's
// message, and so is an AM label.
func TestLabelAccessRefused(t *testing.T) {
	e, _ := gpuCluster(t, xmlconf.V3_4)
	_, err := e.Submit(AppSpec{ID: "batch", Queue: "root.a", User: "u", AM: Resource{1024, 1}})
	require.NoError(t, err)
	gpu := "gpu"
	err = e.UpdateAsks("batch", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{2048, 1}, Count: 1, NodeLabel: &gpu}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "queue=root.a doesn't have permission to access all labels")
	assert.Equal(t, ReasonInvalidLabel, ReasonCode(err))
	_, err = e.Submit(AppSpec{ID: "x", Queue: "root.a", User: "u", AM: Resource{1024, 1}, AMNodeLabel: &gpu})
	require.Error(t, err)
	assert.Equal(t, StateFailed, e.Snapshot().Apps["x"].State)
}

// 2.7 resets the missed non-partitioned opportunities on every
// allocation, so each borrowed container waits three more heartbeats;
// later lines reset them only on unlabelled nodes.
func TestBorrowingPaceByVersion(t *testing.T) {
	for _, tc := range []struct {
		v    xmlconf.Version
		want int
	}{{xmlconf.V3_4, 4}, {xmlconf.V2_10, 4}, {xmlconf.V2_7, 2}} {
		e, _ := gpuCluster(t, tc.v)
		_, err := e.Submit(AppSpec{ID: "batch", Queue: "root.a", User: "u", AM: Resource{1024, 1}})
		require.NoError(t, err)
		require.NoError(t, e.UpdateAsks("batch", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{2048, 1}, Count: 20}}))
		beat(t, e, "h1", 4)
		beat(t, e, "h2", 4)
		beat(t, e, "g1", 8)
		assert.Equal(t, tc.want, e.Snapshot().Nodes["g1"].NumContainers, tc.v.String())
	}
}

// TestContinueLookingLabelGateWarned: before 3.3 Hadoop may gate
// continue-looking to unlabelled nodes (removed by YARN-2695); capq does
// not model the gate, so a labelled cluster with continue-looking on says
// so, and only then.
func TestContinueLookingLabelGateWarned(t *testing.T) {
	gate := func(e *Engine) int {
		n := 0
		for _, w := range e.Unmodelled() {
			if w.Feature == "continue-looking" {
				n++
			}
		}
		return n
	}
	for _, tc := range []struct {
		v      xmlconf.Version
		labels bool
		look   string
		want   int
	}{
		{xmlconf.V3_2, true, "true", 1},
		{xmlconf.V2_7, true, "true", 1},
		{xmlconf.V3_3, true, "true", 0},
		{xmlconf.V3_2, true, "false", 0},
		{xmlconf.V3_2, false, "true", 0},
	} {
		m := build(t, map[string]string{"root.queues": "a", "root.a.capacity": "100",
			"reservations-continue-look-all-nodes": tc.look}, tc.v)
		nodes := []NodeSpec{{ID: "h1", MemoryMB: 8192, VCores: 8}}
		if tc.labels {
			nodes = append(nodes, NodeSpec{ID: "g1", MemoryMB: 8192, VCores: 8, Partition: "gpu"})
		}
		e, err := New(m, nodes, Options{})
		require.NoError(t, err)
		assert.Equal(t, tc.want, gate(e), "%s labels=%v look=%s", tc.v, tc.labels, tc.look)
	}
}

// TestCustomPlacementRuleClassWarned: a class listed in
// yarn.scheduler.queue-placement-rules is loaded by Hadoop
// (CapacityScheduler.updatePlacementRules) and not modelled by capq,
// which says so; the built-in names and 3.4's CSMappingPlacementRule are
// modelled.
func TestCustomPlacementRuleClassWarned(t *testing.T) {
	for _, tc := range []struct {
		rules string
		want  int
	}{
		{"user-group,app-name", 0},
		{"org.apache.hadoop.yarn.server.resourcemanager.placement.CSMappingPlacementRule", 0},
		{"com.example.TeamRule,user-group", 1},
	} {
		m := build(t, map[string]string{"root.queues": "a", "root.a.capacity": "100",
			"yarn.scheduler.queue-placement-rules": tc.rules}, xmlconf.V3_4)
		e, err := New(m, []NodeSpec{{ID: "h1", MemoryMB: 8192, VCores: 8}}, Options{})
		require.NoError(t, err)
		n := 0
		for _, w := range e.Unmodelled() {
			if w.Feature == "placement" && strings.Contains(w.Effect, "placement rule class capq does not model") {
				n++
			}
		}
		assert.Equal(t, tc.want, n, tc.rules)
	}
}

// TestSystemAppLimitFrom210: from the 2.8/2.9 line addApplication refuses
// an app once the cluster holds maximum-applications of them
// (isSystemAppsLimitReached); 2.7 has no such check, so a queue whose own
// maximum-applications is larger takes more.
func TestSystemAppLimitFrom210(t *testing.T) {
	for v, want := range map[xmlconf.Version]bool{xmlconf.V2_7: true, xmlconf.V2_10: false, xmlconf.V3_4: false} {
		m := build(t, map[string]string{"root.queues": "a", "root.a.capacity": "100",
			"maximum-applications": "1", "root.a.maximum-applications": "5"}, v)
		e, err := New(m, []NodeSpec{{ID: "h1", MemoryMB: 8192, VCores: 8}}, Options{})
		require.NoError(t, err)
		_, err = e.Submit(AppSpec{ID: "app_1", Queue: "root.a", User: "u", AM: Resource{1024, 1}})
		require.NoError(t, err, v.String())
		_, err = e.Submit(AppSpec{ID: "app_2", Queue: "root.a", User: "u", AM: Resource{1024, 1}})
		assert.Equal(t, want, err == nil, "%s: %v", v, err)
	}
}

// Before 3.4 root's configured node labels are its own
// accessible-node-labels.<l>.* keys (CapacitySchedulerConfiguration.
// getConfiguredNodeLabels): with no root key for gpu, gpu is not in root's
// QueueCapacities, its maximum there reads 0 (LABEL_DOESNT_EXIST_CAP) and
// g's 100% of it is 100% of nothing, so a gpu request waits; from 3.4 root
// holds every label some queue configures (QueueNodeLabelsSettings) and
// it is served. A real course's Hadoop 3.3.1 refresh had this shape
// (testdata/diff/real-qianfeng-labels).
func TestRootWithoutLabelKeyBefore34(t *testing.T) {
	for _, tc := range []struct {
		v    xmlconf.Version
		want AssignKind
	}{{xmlconf.V3_4, AssignAllocated}, {xmlconf.V3_3, AssignNone}, {xmlconf.V2_10, AssignNone}} {
		m := build(t, map[string]string{
			"root.queues": "g", "root.g.capacity": "100",
			"root.g.accessible-node-labels": "gpu", "root.g.accessible-node-labels.gpu.capacity": "100",
		}, tc.v)
		e, err := New(m, []NodeSpec{{ID: "h1", MemoryMB: 8192, VCores: 8}, {ID: "g1", MemoryMB: 8192, VCores: 8, Partition: "gpu"}}, Options{})
		require.NoError(t, err)
		_, err = e.Submit(AppSpec{ID: "train", Queue: "root.g", User: "u", AM: Resource{1024, 1}})
		require.NoError(t, err)
		beat(t, e, "h1", 1)
		gpu := "gpu"
		require.NoError(t, e.UpdateAsks("train", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{2048, 1}, Count: 1, NodeLabel: &gpu}}))
		g1, _ := e.NodeIndex("g1")
		assert.Equal(t, tc.want, e.AssignOnce(g1).Kind, tc.v.String())
	}
}
