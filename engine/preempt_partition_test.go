package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// Every selector (inter-queue, queue balancing, reserved containers,
// intra-queue, queue priority) is computed per partition, so a labelled
// cluster with the monitor on gets no label-preemption warning.
func TestLabelPreemptionWarning(t *testing.T) {
	base := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"root.accessible-node-labels.x.capacity": "100", "root.a.accessible-node-labels": "x",
		"root.a.accessible-node-labels.x.capacity": "100", "yarn.resourcemanager.scheduler.monitor.enable": "true"}
	const key = "yarn.scheduler.capacity.root.a.accessible-node-labels.x.capacity"
	const pre = "yarn.resourcemanager.monitor.capacity.preemption."
	tests := []struct {
		name string
		kv   map[string]string
		warn bool
	}{
		{"inter-queue only", nil, false},
		{"queue balancing", map[string]string{pre + "preemption-to-balance-queue-after-satisfied.enabled": "true"}, false},
		{"intra-queue", map[string]string{pre + "intra-queue-preemption.enabled": "true"}, false},
		{"reserved containers", map[string]string{pre + "select_based_on_reserved_containers": "true"}, false},
		{"queue priority", map[string]string{"ordering-policy.priority-utilization.underutilized-preemption.enabled": "true",
			"ordering-policy.priority-utilization.underutilized-preemption.reserved-container-delay-ms": "0"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			kv := map[string]string{}
			for k, v := range base {
				kv[k] = v
			}
			for k, v := range tc.kv {
				kv[k] = v
			}
			var got bool
			for _, w := range Unmodelled(build(t, kv, xmlconf.V3_4)) {
				got = got || w.Key == key
			}
			assert.Equal(t, tc.warn, got)
		})
	}
}

// cloneQueues per partition: the labelled partition's tree carries that
// partition's guarantee and demand only. The maximum is the effective
// maximum in the partition (TempQueuePerPartition.getMax prefers
// effMaxRes), so cloneQueues' absMaxCap = 1 for a non-exclusive
// partition does not change it.
func TestSnapshotQueuesInPartition(t *testing.T) {
	for _, exclusive := range []bool{true, false} {
		e := newTestEngine(t, map[string]string{p + "root.queues": "a,b", p + "root.a.capacity": "50", p + "root.b.capacity": "50",
			p + "root.accessible-node-labels.x.capacity": "100",
			p + "root.a.accessible-node-labels":          "x", p + "root.a.accessible-node-labels.x.capacity": "25",
			p + "root.a.accessible-node-labels.x.maximum-capacity": "50",
			p + "root.b.accessible-node-labels":                    "x", p + "root.b.accessible-node-labels.x.capacity": "75"})
		e.DefineLabels(map[string]bool{"x": exclusive})
		require.NoError(t, e.AddNodes(NodeSpec{ID: "x1", MemoryMB: 100 * 1024, VCores: 100, Partition: "x"}))
		_, err := e.Submit(AppSpec{ID: "app1", Queue: "root.a", User: "u"})
		require.NoError(t, err)
		x := "x"
		require.NoError(t, e.UpdateAsks("app1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{1024, 1}, Count: 10, NodeLabel: &x}}))
		pi := e.partIdx["x"]
		a := e.snapshotQueuesIn(e.root, pi).children[0]
		assert.Equal(t, Resource{25 * 1024, 25}, a.guaranteed)
		assert.Equal(t, Resource{10 * 1024, 10}, a.pending, "the x asks count in x")
		assert.Equal(t, Resource{}, e.snapshotQueuesIn(e.root, 0).children[0].pending, "and not in the default partition")
		assert.Equal(t, Resource{50 * 1024, 50}, a.max, "exclusive=%v", exclusive)
	}
}
