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
		{"root's own label key, 2.7", "root.accessible-node-labels.gpu", xmlconf.V2_7, true},
		{"no queue, no setting, 3.4", "accessible-node-labels.gpu", xmlconf.V3_4, true},
		{"no queue, with a setting, 3.4", "accessible-node-labels.gpu.capacity", xmlconf.V3_4, true},
		{"no queue, no setting, 3.3", "accessible-node-labels.gpu", xmlconf.V3_3, false},
		{"no queue, with a setting, 3.3", "accessible-node-labels.gpu.capacity", xmlconf.V3_3, false},
		{"the global label list", "accessible-node-labels", xmlconf.V3_4, false},
		{"template of a plain parent, 3.3", "root.a.leaf-queue-template.accessible-node-labels.gpu", xmlconf.V3_3, false},
		{"template of any parent, 3.4", "root.a.leaf-queue-template.accessible-node-labels.gpu", xmlconf.V3_4, true},
		{"v2 template, 3.4", "root.a.auto-queue-creation-v2.template.accessible-node-labels.gpu", xmlconf.V3_4, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assertCS118(t, tc.key, tc.v, tc.want, "")
		})
	}
}

// TestLabelKeyOfManagedParentTemplate: 3.1–3.3 build a queue with
// auto-create-child-queue.enabled as a ManagedParentQueue, which loads its
// leaf-queue-template's capacities label by label (getConfiguredNodeLabels
// on <parent>.leaf-queue-template); 2.7 has no such queue.
func TestLabelKeyOfManagedParentTemplate(t *testing.T) {
	const key = "root.a.leaf-queue-template.accessible-node-labels.gpu"
	const managed = `<property><name>yarn.scheduler.capacity.root.a.auto-create-child-queue.enabled</name><value>true</value></property>`
	for _, tc := range []struct {
		v    xmlconf.Version
		want bool
	}{{xmlconf.V2_7, false}, {xmlconf.V3_1, true}, {xmlconf.V3_3, true}, {xmlconf.V3_4, true}} {
		t.Run(tc.v.String(), func(t *testing.T) { assertCS118(t, key, tc.v, tc.want, managed) })
	}
}

func assertCS118(t *testing.T, key string, v xmlconf.Version, want bool, extra string) {
	t.Helper()
	xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.` + key + `</name><value>100</value></property>
` + extra + `
</configuration>`
	var got []xmlconf.Finding
	for _, f := range lintXML(t, xml, v) {
		if f.Rule == "CS118" {
			got = append(got, f)
		}
	}
	if want {
		assert.Len(t, got, 1)
	} else {
		assert.Empty(t, got)
	}
}
