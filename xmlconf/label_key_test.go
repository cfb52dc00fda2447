package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSplitLabelKeyFirstDot follows CapacitySchedulerConfiguration
// #getConfiguredNodeLabels (2.7–3.3) and #getConfiguredNodeLabelsByQueue
// (3.4): labelEndIndx = key.indexOf('.', labelStartIdx), the first dot
// after accessible-node-labels., not the last.
func TestSplitLabelKeyFirstDot(t *testing.T) {
	for _, tc := range []struct {
		suffix, label, setting string
		ok                     bool
	}{
		{"accessible-node-labels.gpu.capacity", "gpu", "capacity", true},
		{"accessible-node-labels.gpu.x.capacity", "gpu", "x.capacity", true},
		{"accessible-node-labels..capacity", "", "capacity", true},
		{"accessible-node-labels...maximum-am-resource-percent", "", ".maximum-am-resource-percent", true},
		{"accessible-node-labels.gpu", "", "", false},
		{"accessible-node-labels", "", "", false},
		{"capacity", "", "", false},
	} {
		t.Run(tc.suffix, func(t *testing.T) {
			l, s, ok := SplitLabelKey(tc.suffix)
			assert.Equal(t, tc.ok, ok)
			if ok {
				assert.Equal(t, tc.label, l)
				assert.Equal(t, tc.setting, s)
			}
		})
	}
}

// TestBuildLabelsEndAtFirstDot: a queue's configured node labels are the
// labels getConfiguredNodeLabels cuts at the first dot; their capacities
// are read from accessible-node-labels.<label>.capacity
// (getLabeledQueueCapacity via getNodeLabelPrefix), so a dotted key sets
// none, and label "" (NO_LABEL) is the default partition, read from the
// queue's own keys, no extra partition.
func TestBuildLabelsEndAtFirstDot(t *testing.T) {
	for _, v := range []Version{V2_7, V3_4} {
		t.Run(v.String(), func(t *testing.T) {
			m := buildMap(t, map[string]string{
				p + "root.queues":     "a,b",
				p + "root.a.capacity": "50",
				p + "root.b.capacity": "50",
				p + "root.a.accessible-node-labels...maximum-am-resource-percent": "0.5",
				p + "root.a.accessible-node-labels..capacity":                     "30",
				p + "root.b.accessible-node-labels.gpu.x.capacity":                "30",
			}, BuildOptions{Version: v})
			assert.Empty(t, m.Queue("root.a").Labels)
			b := m.Queue("root.b")
			require.Len(t, b.Labels, 1)
			assert.Equal(t, "gpu", b.Labels[0].Label)
			assert.Equal(t, ModeUnset, b.Labels[0].Capacity.Mode)
		})
	}
}
