package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// Every setting the engine reads but does not model gets a warning when a
// configuration turns it on, and none when it is off or at its default.
func TestUnmodelled(t *testing.T) {
	base := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50"}
	tests := []struct {
		name string
		kv   map[string]string
		want []string // keys warned about, in order
	}{
		{"defaults", nil, nil},
		{"intra-queue preemption is modelled", map[string]string{"yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.enabled": "true"}, nil},
		{"intra-queue preemption on fair leaves", map[string]string{"yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.enabled": "true",
			"yarn.resourcemanager.scheduler.monitor.enable": "true", "root.b.ordering-policy": "fair"},
			[]string{"yarn.scheduler.capacity.root.b.ordering-policy"}},
		{"unknown intra-queue order", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.preemption-order-policy": "fifo_first"},
			[]string{"yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.preemption-order-policy"}},
		{"intra-queue order in any case", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"yarn.resourcemanager.monitor.capacity.preemption.intra-queue-preemption.preemption-order-policy": "Priority_First"}, nil},
		{"fair leaves without intra-queue preemption", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true", "root.b.ordering-policy": "fair"}, nil},
		{"reserved selector is modelled", map[string]string{"yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers": "true"}, nil},
		{"lazy preemption", map[string]string{"lazy-preemption-enabled": "true"}, []string{"yarn.scheduler.capacity.lazy-preemption-enabled"}},
		{"queue priority preemption", map[string]string{"ordering-policy.priority-utilization.underutilized-preemption.enabled": "true"},
			[]string{"yarn.scheduler.capacity.ordering-policy.priority-utilization.underutilized-preemption.enabled"}},
		{"labels are modelled", map[string]string{"root.a.accessible-node-labels": "gpu", "root.b.accessible-node-labels": "gpu",
			"root.a.accessible-node-labels.gpu.capacity": "100", "root.a.default-node-label-expression": "gpu"}, nil},
		{"absolute label capacity", map[string]string{"root.a.accessible-node-labels": "gpu", "root.a.accessible-node-labels.gpu.capacity": "[memory=1024,vcores=1]"},
			[]string{"yarn.scheduler.capacity.root.a.accessible-node-labels"}},
		{"two-label default expression", map[string]string{"root.a.default-node-label-expression": "x && y"},
			[]string{"yarn.scheduler.capacity.root.a.default-node-label-expression"}},
		{"label preemption", map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true", "root.a.accessible-node-labels": "gpu",
			"root.a.accessible-node-labels.gpu.capacity": "100"},
			[]string{"yarn.scheduler.capacity.root.a.accessible-node-labels.gpu.capacity"}},
		{"max parallel apps are modelled", map[string]string{"root.b.max-parallel-apps": "3", "max-parallel-apps": "9"}, nil},
		{"global before queue", map[string]string{"root.b.reservable": "true", "lazy-preemption-enabled": "true"},
			[]string{"yarn.scheduler.capacity.lazy-preemption-enabled", "yarn.scheduler.capacity.root.b.reservable"}},
		{"auto-creation is modelled", map[string]string{"root.b.auto-queue-creation-v2.enabled": "true"}, nil},
		{"size-based weight is modelled", map[string]string{"root.a.ordering-policy": "fair", "root.a.ordering-policy.fair.enable-size-based-weight": "true"}, nil},
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
			var got []string
			for _, w := range Unmodelled(build(t, kv, xmlconf.V3_4)) {
				got = append(got, w.Key)
				assert.Contains(t, w.String(), "not modelled: "+w.Key)
			}
			assert.Equal(t, tc.want, got)
		})
	}
	assert.Empty(t, Unmodelled(nil))
}
