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

// TestHadoopLabelOf follows CapacitySchedulerConfiguration#
// getConfiguredNodeLabels and #getConfiguredNodeLabelsByQueue: the label
// starts one character past the FIRST "accessible-node-labels" in the
// key, inside a queue name too, and runs to the next dot.
func TestHadoopLabelOf(t *testing.T) {
	for _, tc := range []struct {
		key, label string
		at         int
		ok         bool
	}{
		{"root.a.accessible-node-labels.gpu.capacity", "gpu", 7, true},
		{"root.a.accessible-node-labels.gpu.x.capacity", "gpu", 7, true},
		{"root.a.accessible-node-labels..capacity", "", 7, true},
		{"root.a.accessible-node-labels.gpu", "", 7, false},
		{"root.a.accessible-node-labels", "", 0, false},
		// The '-' after the word is skipped like the dot it stands for.
		{"root.accessible-node-labels-team.accessible-node-labels.gpu.capacity", "team", 5, true},
		{"root.accessible-node-labels.accessible-node-labels.gpu.capacity", "accessible-node-labels", 5, true},
		{"root.accessible-node-labels.capacity", "", 5, false},
		{"root.team-accessible-node-labels.capacity", "", 10, false},
	} {
		t.Run(tc.key, func(t *testing.T) {
			label, at, ok := HadoopLabelOf(tc.key)
			assert.Equal(t, tc.ok, ok)
			if ok {
				assert.Equal(t, tc.label, label)
				assert.Equal(t, tc.at, at)
			}
		})
	}
}

// TestLabelKeyOwners: 3.4 files the label under the path before the
// first word less one character (getConfiguredNodeLabelsByQueue); before
// 3.4 each queue scans its own <queue>.accessible-node-labels. keys
// (getConfiguredNodeLabels).
func TestLabelKeyOwners(t *testing.T) {
	for _, tc := range []struct {
		key    string
		v      Version
		label  string
		owners []string
	}{
		{"root.a.accessible-node-labels.gpu.capacity", V3_3, "gpu", []string{"root.a"}},
		{"root.a.accessible-node-labels.gpu.capacity", V3_4, "gpu", []string{"root.a"}},
		{"root.accessible-node-labels-team.accessible-node-labels.gpu.capacity", V3_3, "team", []string{"root.accessible-node-labels-team"}},
		{"root.accessible-node-labels-team.accessible-node-labels.gpu.capacity", V3_4, "team", []string{"root"}},
		{"root.x.accessible-node-labels.accessible-node-labels.gpu.capacity", V3_3, "accessible-node-labels", []string{"root.x", "root.x.accessible-node-labels"}},
		{"root.x.accessible-node-labels.accessible-node-labels.gpu.capacity", V3_4, "accessible-node-labels", []string{"root.x"}},
		{"root.team-accessible-node-labels.gpu.capacity", V3_4, "gpu", []string{"root.team"}},
		{"root.team-accessible-node-labels.gpu.capacity", V3_3, "", nil},
		{"accessible-node-labels.gpu.capacity", V3_4, "", nil},
	} {
		t.Run(tc.v.String()+" "+tc.key, func(t *testing.T) {
			label, owners, ok := LabelKeyOwners(tc.key, tc.v)
			assert.Equal(t, tc.owners != nil, ok)
			assert.Equal(t, tc.owners, owners)
			if ok {
				assert.Equal(t, tc.label, label)
			}
		})
	}
}

// TestQueueNameHoldsLabelWord: a queue named accessible-node-labels-team
// gets label "team" from its gpu key before 3.4, and in 3.4 the label
// goes to root (getConfiguredNodeLabelsByQueue) while the queue has none:
// neither reads its gpu capacity.
func TestQueueNameHoldsLabelWord(t *testing.T) {
	conf := map[string]string{
		p + "root.queues": "accessible-node-labels-team",
		p + "root.accessible-node-labels-team.capacity":                            "100",
		p + "root.accessible-node-labels-team.accessible-node-labels.gpu.capacity": "100",
	}
	labels := func(q *Queue) []string {
		var out []string
		for _, ls := range q.Labels {
			out = append(out, ls.Label)
		}
		return out
	}
	m := buildMap(t, conf, BuildOptions{Version: V3_3})
	assert.Equal(t, []string{"team"}, labels(m.Queue("root.accessible-node-labels-team")))
	assert.Empty(t, labels(m.Root))
	m = buildMap(t, conf, BuildOptions{Version: V3_4})
	assert.Empty(t, labels(m.Queue("root.accessible-node-labels-team")))
	assert.Equal(t, []string{"team"}, labels(m.Root))
	assert.Equal(t, []string{"team"}, m.AllKeyLabels())
}

// TestAllKeyLabelsCountsQueuesOutsideTheTree: 3.4's root takes every
// key's label (ConfiguredNodeLabels#getAllConfiguredLabels), a queue
// missing from the tree included.
func TestAllKeyLabelsCountsQueuesOutsideTheTree(t *testing.T) {
	m := buildMap(t, map[string]string{
		p + "root.queues":     "a",
		p + "root.a.capacity": "100",
		p + "root.gone.accessible-node-labels.gpu.capacity": "10",
	}, BuildOptions{Version: V3_4})
	assert.Equal(t, []string{"gpu"}, m.AllKeyLabels())
	assert.Equal(t, []string{"gpu"}, m.KeyLabels("root.gone"))
	assert.Nil(t, m.Root.LabelSettings("gpu"))
}
