package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// labelTree gives root.a.a1 a gpu partition (a key on every queue of the
// path, so gpu is among each one's configured node labels on both sides
// of every case: CapacitySchedulerConfiguration.getConfiguredNodeLabels
// takes a queue's labels from the accessible-node-labels.<l>.* keys it
// has, whatever their values).
var labelTree = map[string]string{
	"root.accessible-node-labels.gpu.capacity":      "100",
	"root.a.accessible-node-labels":                 "gpu",
	"root.a.accessible-node-labels.gpu.capacity":    "100",
	"root.a.a1.accessible-node-labels":              "gpu",
	"root.a.a1.accessible-node-labels.gpu.capacity": "100",
}

// TestRefreshLabelDefaultWrittenOutIsNoChange: a labelled capacity or
// maximum-capacity written as what CapacitySchedulerConfiguration.
// getLabeledQueueCapacity (0) or getLabeledQueueMaximumCapacity (100)
// reads when it is unset changes nothing, on every profile, as long as the
// label stays among the queue's configured node labels. -1 is not special
// there (internalGetLabeledQueueCapacity range-checks it), an absolute
// maximum is read again as a resource (getMaximumResourceRequirement), and
// in 3.4's non-legacy mode an unset labelled capacity is an empty
// QueueCapacityVector, which no calculator visits, not 0%.
func TestRefreshLabelDefaultWrittenOutIsNoChange(t *testing.T) {
	nonLegacy := map[string]string{"legacy-queue-mode.enabled": "false"}
	cases := []struct {
		name    string
		v       xmlconf.Version
		base    map[string]string
		set     map[string]string
		queue   string
		changed bool
	}{
		{"2.7 labelled maximum written as 100", xmlconf.V2_7, nil,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": "100"}, "root.a.a1", false},
		{"2.10 labelled maximum written as 100.0", xmlconf.V2_10, nil,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": "100.0"}, "root.a.a1", false},
		{"3.1 labelled maximum written as 100", xmlconf.V3_1, nil,
			map[string]string{"root.a.accessible-node-labels.gpu.maximum-capacity": "100"}, "root.a", false},
		{"3.3 labelled maximum written as 100", xmlconf.V3_3, nil,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": " 100 "}, "root.a.a1", false},
		{"3.4 labelled maximum written as 100", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": "100"}, "root.a.a1", false},
		// Non-legacy: unset is parseConfiguredMaximumCapacityVector's
		// default vector, "100" a percentage vector (nonLegacyMaximum).
		{"3.4 non-legacy labelled maximum 100 is a percentage vector", xmlconf.V3_4, nonLegacy,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": "100"}, "root.a.a1", true},
		{"3.4 non-legacy labelled maximum 1e2 is the default vector", xmlconf.V3_4, nonLegacy,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": "1e2"}, "root.a.a1", false},
		{"3.4 non-legacy labelled maximum -1 is refused", xmlconf.V3_4, nonLegacy,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": "-1"}, "root.a.a1", true},
		{"3.4 absolute-mode labelled maximum 100 reads no resource, as unset", xmlconf.V3_4, absoluteTree,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": "100"}, "root.a.a1", false},
		{"labelled maximum -1 is refused, not 100", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": "-1"}, "root.a.a1", true},
		{"2.7 labelled maximum -1 is refused, not 100", xmlconf.V2_7, nil,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": "-1"}, "root.a.a1", true},
		{"labelled maximum 50 is a change", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": "50"}, "root.a.a1", true},
		{"labelled maximum as resources stays listed", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": "[memory=1024,vcores=1]"}, "root.a.a1", true},
		{"labelled maximum that does not parse stays listed", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-capacity": "all"}, "root.a.a1", true},
		{"2.7 labelled capacity written as 0", xmlconf.V2_7,
			map[string]string{"root.b.accessible-node-labels.gpu.maximum-capacity": "50"},
			map[string]string{"root.b.accessible-node-labels.gpu.capacity": "0"}, "root.b", false},
		{"3.4 labelled capacity written as 0.0", xmlconf.V3_4,
			map[string]string{"root.b.accessible-node-labels.gpu.maximum-capacity": "50"},
			map[string]string{"root.b.accessible-node-labels.gpu.capacity": "0.0"}, "root.b", false},
		{"3.4 non-legacy unset labelled capacity is an empty vector, not 0%", xmlconf.V3_4,
			map[string]string{"legacy-queue-mode.enabled": "false", "root.b.accessible-node-labels.gpu.maximum-capacity": "50"},
			map[string]string{"root.b.accessible-node-labels.gpu.capacity": "0"}, "root.b", true},
		{"3.4 non-legacy labelled capacity 0e0 is an empty vector, 0 is 0%", xmlconf.V3_4,
			map[string]string{"legacy-queue-mode.enabled": "false", "root.b.accessible-node-labels.gpu.maximum-capacity": "50",
				"root.b.accessible-node-labels.gpu.capacity": "0e0"},
			map[string]string{"root.b.accessible-node-labels.gpu.capacity": "0"}, "root.b", true},
		// getConfiguredNodeLabels: the only gpu key of root.b makes gpu one
		// of its configured labels, so writing it is a change whatever it says.
		{"the label's only key is a change", xmlconf.V3_4, nil,
			map[string]string{"root.b.accessible-node-labels.gpu.maximum-capacity": "100"}, "root.b", true},
		// 3.4's internalGetLabeledQueueCapacity reads 100 for any
		// percentage on root, and 3.3 range-checks and reads it.
		{"3.4 root labelled capacity is always 100", xmlconf.V3_4,
			map[string]string{"root.accessible-node-labels.gpu.capacity": "100"},
			map[string]string{"root.accessible-node-labels.gpu.maximum-capacity": "40"}, "root", false},
		{"3.3 root labelled maximum 40 is a change", xmlconf.V3_3,
			map[string]string{"root.accessible-node-labels.gpu.capacity": "100"},
			map[string]string{"root.accessible-node-labels.gpu.maximum-capacity": "40"}, "root", true},
		// getMaximumAMResourcePercentPerPartition (2.8, YARN-3216): unset
		// reads the queue's own maximum-am-resource-percent.
		{"labelled AM percent written as the queue's", xmlconf.V3_4,
			map[string]string{"root.a.a1.maximum-am-resource-percent": "0.3"},
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-am-resource-percent": "0.3"}, "root.a.a1", false},
		{"labelled AM percent written as the global default", xmlconf.V2_10, nil,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-am-resource-percent": "0.1"}, "root.a.a1", false},
		{"labelled AM percent other than the queue's", xmlconf.V3_4, nil,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-am-resource-percent": "0.3"}, "root.a.a1", true},
		{"2.7 reads no labelled AM percent", xmlconf.V2_7, nil,
			map[string]string{"root.a.a1.accessible-node-labels.gpu.maximum-am-resource-percent": "0.1"}, "root.a.a1", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assertWrittenOut(t, tc.v, edit(edit(baseConf(), labelTree), tc.base), tc.set, tc.queue, tc.changed)
		})
	}
}

// TestRefreshLabelEndsAtFirstDot: CapacitySchedulerConfiguration
// #getConfiguredNodeLabelsByQueue (3.4) and #getConfiguredNodeLabels end a
// key's label at the first dot after accessible-node-labels., so
// "...maximum-am-resource-percent" is label "" (NO_LABEL, read from the
// queue's own keys) and adds no partition whose empty sum Hadoop would
// refuse; "ssd.x.capacity" is label ssd with no capacity read (0), whose
// sum under root (3.4: every configured label) is refused.
func TestRefreshLabelEndsAtFirstDot(t *testing.T) {
	for _, tc := range []struct {
		name     string
		v        xmlconf.Version
		key      string
		accepted bool
	}{
		{"3.4 empty label before a dotted setting", xmlconf.V3_4, "root.a.a1.accessible-node-labels...maximum-am-resource-percent", true},
		{"2.10 empty label before a dotted setting", xmlconf.V2_10, "root.a.a1.accessible-node-labels...maximum-am-resource-percent", true},
		{"3.4 dotted label is its first segment", xmlconf.V3_4, "root.b.accessible-node-labels.ssd.x.capacity", false},
		{"3.3 dotted label is its first segment", xmlconf.V3_3, "root.b.accessible-node-labels.ssd.x.capacity", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old := edit(baseConf(), labelTree)
			r := refresh(tc.v, old, edit(old, map[string]string{tc.key: "30"}), nil)
			assert.Equal(t, tc.accepted, r.Accepted, "%+v", r.Findings)
			for _, f := range r.Findings {
				if f.Rule == "CS024" {
					assert.Contains(t, f.Message, "label=ssd. It")
				}
			}
		})
	}
}
