package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// Inter-queue preemption is computed per partition, so a labelled
// cluster with the monitor on gets no warning; the selectors that still
// look at the default partition only (reserved containers, intra-queue,
// queue priority) do.
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
		{"intra-queue", map[string]string{pre + "intra-queue-preemption.enabled": "true"}, true},
		{"reserved containers", map[string]string{pre + "select_based_on_reserved_containers": "true"}, true},
		{"queue priority", map[string]string{"ordering-policy.priority-utilization.underutilized-preemption.enabled": "true",
			"ordering-policy.priority-utilization.underutilized-preemption.reserved-container-delay-ms": "0"}, true},
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
				if w.Key == key {
					got = true
					assert.Contains(t, w.String(), "inter-queue preemption balances every partition")
				}
			}
			assert.Equal(t, tc.warn, got)
		})
	}
}
