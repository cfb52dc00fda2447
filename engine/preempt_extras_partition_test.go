package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TempQueuePerPartition.updatePreemptableExtras compares in the
// partition's resource. x is 20 GB / 100 vcores, the default partition
// 200 GB / 10 vcores. Parent p (half of x: 10 GB / 50 vcores) uses
// 12 GB / 65 vcores, an extra of 2 GB / 15 vcores; of its children only
// l2 may be preempted, its extra 4 GB / 2 vcores. Over x the children's
// preemptable (dominant share 0.2) covers the parent's extra (0.15): no
// untouchable extra, preemptable 2 GB / 15 vcores. Over the whole cluster
// (220 GB / 110 vcores) it would not (0.018 against 0.136): untouchable
// -2 GB / 13 vcores, preemptable 4 GB / 2 vcores.
func TestPreemptableExtrasInPartition(t *testing.T) {
	kv := map[string]string{
		"resource-calculator":                      "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator",
		"yarn.scheduler.maximum-allocation-vcores": "32",
		"root.queues":                              "p,q",
		"root.accessible-node-labels.x.capacity":   "100",
	}
	for _, q := range []string{"root.p", "root.q", "root.p.l1", "root.p.l2"} {
		kv[q+".capacity"] = "50"
		kv[q+".accessible-node-labels"] = "x"
		kv[q+".accessible-node-labels.x.capacity"] = "50"
		kv[q+".user-limit-factor"] = "100"
	}
	kv["root.p.queues"] = "l1,l2"
	kv["root.p.l1.disable_preemption"] = "true"
	e, err := New(build(t, kv, xmlconf.V3_4), []NodeSpec{{ID: "d1", MemoryMB: 200 * 1024, VCores: 10}}, Options{})
	require.NoError(t, err)
	require.NoError(t, e.DefineLabels(map[string]bool{"x": true}))
	require.NoError(t, e.AddNodes(NodeSpec{ID: "x1", MemoryMB: 20 * 1024, VCores: 100, Partition: "x"}))
	x := "x"
	ask := func(app, queue string, asks ...Ask) {
		_, err := e.Submit(AppSpec{ID: app, Queue: queue, User: app})
		require.NoError(t, err)
		for i := range asks {
			asks[i].ResourceName, asks[i].NodeLabel = AnyResource, &x
		}
		require.NoError(t, e.UpdateAsks(app, asks))
	}
	ask("u1", "root.p.l1", Ask{Priority: 1, Resource: Resource{1024, 18}, Count: 2}, Ask{Priority: 2, Resource: Resource{1024, 2}, Count: 1})
	ask("u2", "root.p.l2", Ask{Priority: 1, Resource: Resource{1024, 3}, Count: 9})
	idx, _ := e.NodeIndex("x1")
	for range 20 {
		e.AssignOnce(idx)
	}
	pi := e.partIdx["x"]
	p := e.byPath["root.p"]
	require.Equal(t, Resource{12 * 1024, 65}, p.usedIn(pi))
	require.Equal(t, Resource{9 * 1024, 27}, e.byPath["root.p.l2"].usedIn(pi))

	e.computeIdeal(Resource{1 << 30, 1 << 30}, idealMode{})
	tp := e.pre.kept[treeKind(idealMode{})][pi].root.children[0]
	require.Equal(t, p, tp.q)
	assert.Equal(t, Resource{}, tp.untouchable)
	assert.Equal(t, Resource{2048, 15}, tp.preemptable)
}
