package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// refusalEngine submits one app per named leaf, each given its asks in
// order, one pass on node 0 per container.
func refusalEngine(t *testing.T, kv map[string]string, nodes []NodeSpec, walkAll bool, fills []refusalFill) *Engine {
	t.Helper()
	e, err := New(build(t, kv, xmlconf.V3_4), nodes, Options{WalkEveryLeaf: walkAll})
	require.NoError(t, err)
	for _, f := range fills {
		if e.appByID[f.app] == nil {
			require.NoError(t, e.SubmitApp(AppSpec{ID: f.app, Queue: f.queue, User: f.app}))
		}
		require.NoError(t, e.UpdateAsks(f.app, []Ask{{Priority: 1, ResourceName: AnyResource, Resource: f.res, Count: f.count}}))
		for range f.count {
			require.Equal(t, AssignAllocated, e.AssignOnce(0).Kind, "filling %s", f.queue)
		}
	}
	return e
}

type refusalFill struct {
	app, queue string
	res        Resource
	count      int
}

// Usage off the minimum allocation's grid (requests capped by a 1.25 GB
// maximum allocation) leaves a child's handed limit above its usage with
// less than the minimum allocation of room. On a 9 GB node, root.a (4.5
// GB maximum) uses 3.75 GB: 0.75 GB of room, so a1 (1.25 GB used) is
// handed 2 GB, is not refused, and blocks its 0.75 GB headroom (its next
// 1.25 GB does not fit). That keeps b, next at root, from the node's last
// 1.25 GB: Hadoop's blocked headroom (ResourceLimits). Were a1 stepped
// over as refused, b would take 1 GB.
func TestRefusalNeedsUsageOnTheGrid(t *testing.T) {
	kv := map[string]string{"yarn.scheduler.maximum-allocation-mb": "1280",
		"root.queues": "a,b", "root.a.capacity": "50", "root.a.maximum-capacity": "50", "root.b.capacity": "50",
		"root.a.queues": "a1,a2", "root.a.a1.capacity": "50", "root.a.a2.capacity": "50",
		"root.a.a1.user-limit-factor": "10", "root.a.a2.user-limit-factor": "10", "root.b.user-limit-factor": "10"}
	capped := Resource{1200, 1} // rounded up to 2 GB, capped to 1.25 GB
	fills := []refusalFill{
		{"p", "root.a.a1", capped, 1},
		{"q", "root.a.a2", capped, 2},
		{"r", "root.b", Resource{gb, 1}, 4},
	}
	for _, walkAll := range []bool{false, true} {
		e := refusalEngine(t, kv, nodesOf(1, 9*gb), walkAll, fills)
		assert.True(t, e.offGrid, "1.25 GB containers with a 1 GB minimum")
		require.NoError(t, e.UpdateAsks("p", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: capped, Count: 1}}))
		require.NoError(t, e.UpdateAsks("r", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1}}))
		assert.Equal(t, AssignNone, e.AssignOnce(0).Kind, "walk every leaf: %v", walkAll)
	}
}

// Under the dominant resource calculator a handed limit with less than
// the minimum allocation's memory of room can still have the larger
// share. On a 40 GB, 400 vcore node, root.a (maximum 20 GB, 200 vcores)
// uses 20 GB and 195 vcores: its leaf is below the limit by dominant
// share (canAssignToThisQueue passes), but its 5 vcores of headroom are a
// smaller share than a 1 GB, 1 vcore request, so the leaf reports
// QUEUE_LIMIT and blocks its headroom, which root hands on as blocked.
// The refusal rule would step over the leaf and block nothing.
func TestRefusalNotUnderDominantCalculator(t *testing.T) {
	kv := map[string]string{"resource-calculator": "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator",
		"yarn.scheduler.maximum-allocation-vcores": "16",
		"root.queues": "a,b", "root.a.capacity": "50", "root.a.maximum-capacity": "50", "root.b.capacity": "50",
		"root.a.queues": "a1", "root.a.a1.capacity": "100", "root.a.a1.user-limit-factor": "10"}
	nodes := []NodeSpec{{ID: "n0", MemoryMB: 40 * gb, VCores: 400}}
	fills := []refusalFill{{"p", "root.a.a1", Resource{gb, 10}, 15}, {"p", "root.a.a1", Resource{gb, 9}, 5}}
	for _, walkAll := range []bool{false, true} {
		e := refusalEngine(t, kv, nodes, walkAll, fills)
		require.Equal(t, Resource{20 * gb, 195}, e.byPath["root.a"].used)
		require.NoError(t, e.UpdateAsks("p", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1}}))
		r, blocked := e.assignParent(e.root, e.nodes[0], limits{limit: e.cluster})
		assert.Equal(t, AssignNone, r.kind)
		assert.True(t, r.queueLim(), "walk every leaf: %v", walkAll)
		assert.Equal(t, Resource{0, 5}, blocked, "walk every leaf: %v", walkAll)
	}
}
