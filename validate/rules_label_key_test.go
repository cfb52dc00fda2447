package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestLabelKeyWithoutSetting follows
// CapacitySchedulerConfiguration#getConfiguredNodeLabels (a queue's keys,
// every profile) and #getConfiguredNodeLabelsByQueue (every key, 3.4):
// the label runs to the next dot, and a key without one throws.
func TestLabelKeyWithoutSetting(t *testing.T) {
	for _, tc := range []struct {
		name, key string
		v         xmlconf.Version
		want      bool
	}{
		{"queue in the tree, 2.7", "root.a.accessible-node-labels.gpu", xmlconf.V2_7, true},
		{"queue in the tree, 3.4", "root.a.accessible-node-labels.gpu", xmlconf.V3_4, true},
		{"nothing after the dot", "root.a.accessible-node-labels.", xmlconf.V3_3, true},
		{"queue not in the tree, 3.3", "root.gone.accessible-node-labels.gpu", xmlconf.V3_3, false},
		{"queue not in the tree, 3.4", "root.gone.accessible-node-labels.gpu", xmlconf.V3_4, true},
		{"a label setting", "root.a.accessible-node-labels.gpu.capacity", xmlconf.V3_4, false},
		{"empty label with a setting", "root.a.accessible-node-labels..capacity", xmlconf.V3_4, false},
		{"the label list itself", "root.a.accessible-node-labels", xmlconf.V3_4, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.` + tc.key + `</name><value>100</value></property>
</configuration>`
			var got []xmlconf.Finding
			for _, f := range lintXML(t, xml, tc.v) {
				if f.Rule == "CS118" {
					got = append(got, f)
				}
			}
			if tc.want {
				assert.Len(t, got, 1)
			} else {
				assert.Empty(t, got)
			}
		})
	}
}
