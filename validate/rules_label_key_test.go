package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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

// TestLabelKeyWordInQueueName: Hadoop finds the label word with
// key.indexOf(ACCESSIBLE_NODE_LABELS), inside a queue name too
// (CapacitySchedulerConfiguration#getConfiguredNodeLabels, 3.4
// #getConfiguredNodeLabelsByQueue). Before 3.4 a key is scanned only by a
// queue whose <queue>.accessible-node-labels. prefixes it, so
// root.team-accessible-node-labels.capacity is no label key even with a
// queue root.team; 3.4 scans it and throws, and the finding names the
// queue whose name holds the word, not Hadoop's root.team.
func TestLabelKeyWordInQueueName(t *testing.T) {
	for _, tc := range []struct {
		name, queues, key string
		v                 xmlconf.Version
		want              string // the finding's queue, "" for none
	}{
		{"suffix of a name, 3.3", "team,team-accessible-node-labels", "root.team-accessible-node-labels.capacity", xmlconf.V3_3, ""},
		{"suffix of a name, 3.4", "team,team-accessible-node-labels", "root.team-accessible-node-labels.capacity", xmlconf.V3_4, "root.team-accessible-node-labels"},
		{"a queue named so, 3.3", "accessible-node-labels", "root.accessible-node-labels.capacity", xmlconf.V3_3, "root.accessible-node-labels"},
		{"prefix of a name, 3.4", "accessible-node-labels-team", "root.accessible-node-labels-team.accessible-node-labels.gpu", xmlconf.V3_4, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>` + tc.queues + `</value></property>
<property><name>yarn.scheduler.capacity.` + tc.key + `</name><value>100</value></property>
</configuration>`
			var got []string
			for _, f := range lintXML(t, xml, tc.v) {
				if f.Rule == "CS118" {
					got = append(got, f.Queue)
				}
			}
			if tc.want == "" {
				assert.Empty(t, got)
				return
			}
			assert.Equal(t, []string{tc.want}, got)
		})
	}
}

// TestLabelSettingsOfQueueNamedWithWord: the gpu capacity of
// root.accessible-node-labels-team is never read: Hadoop takes label
// "team" from the key (getConfiguredNodeLabels: that queue's, before 3.4;
// getConfiguredNodeLabelsByQueue: root's, in 3.4), so CS005 says so and
// names what Hadoop reads.
func TestLabelSettingsOfQueueNamedWithWord(t *testing.T) {
	xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>accessible-node-labels-team</value></property>
<property><name>yarn.scheduler.capacity.root.accessible-node-labels-team.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.accessible-node-labels-team.accessible-node-labels.gpu.capacity</name><value>100</value></property>
</configuration>`
	for v, owner := range map[xmlconf.Version]string{xmlconf.V3_3: `of "root.accessible-node-labels-team"`, xmlconf.V3_4: `of "root"`} {
		var got []string
		for _, f := range lintXML(t, xml, v) {
			if f.Rule == "CS005" {
				got = append(got, f.Message)
			}
		}
		if assert.Len(t, got, 1, v.String()) {
			assert.Contains(t, got[0], `as label "team" `+owner)
		}
	}
}

// TestLeftoverLabelKeyReachesRoot34: 3.4 reads the label of every key
// (CapacitySchedulerConfiguration#getConfiguredNodeLabelsByQueue) and root
// takes their union (ConfiguredNodeLabels#getAllConfiguredLabels), so a
// key of a queue missing from the tree gives root partition gpu at 100%,
// which its children, holding none, must fill: ParentQueue#setChildQueues
// throws "It is set to 0, but parent percent != 0". Before 3.4 only the
// tree's queues are scanned and the key is merely ignored (CS005).
func TestLeftoverLabelKeyReachesRoot34(t *testing.T) {
	xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.gone.accessible-node-labels.gpu.capacity</name><value>10</value></property>
</configuration>`
	rules := func(v xmlconf.Version) map[string]string {
		out := map[string]string{}
		for _, f := range lintXML(t, xml, v) {
			out[f.Rule] = f.Message
		}
		return out
	}
	got := rules(xmlconf.V3_4)
	assert.Contains(t, got["CS024"], "for label=gpu. It is set to 0, but parent percent != 0")
	assert.Contains(t, got["CS005"], `3.4 still counts label "gpu" among root's configured node labels`)
	got = rules(xmlconf.V3_3)
	assert.NotContains(t, got, "CS024")
	assert.NotContains(t, got["CS005"], "3.4")
}

// TestTemplateOnlyLabelHintNamesKey34: a label only an auto-creation
// template configures (root.a.auto-queue-creation-v2.template.
// accessible-node-labels.gpu.capacity) is still one of root's labels in
// 3.4 (getConfiguredNodeLabelsByQueue keys it by the template's path;
// ConfiguredNodeLabels#getAllConfiguredLabels unites them for root), at
// 100% (internalGetLabeledQueueCapacity: root reads 100), so root's
// children summing 0 for it refuse the file (ParentQueue#setChildQueues).
// No queue of the tree names gpu, so the hint says which key brings it.
func TestTemplateOnlyLabelHintNamesKey34(t *testing.T) {
	xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a,b</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>50</value></property>
<property><name>yarn.scheduler.capacity.root.b.capacity</name><value>50</value></property>
<property><name>yarn.scheduler.capacity.root.a.auto-queue-creation-v2.enabled</name><value>true</value></property>
<property><name>yarn.scheduler.capacity.root.a.auto-queue-creation-v2.template.accessible-node-labels.gpu.capacity</name><value>10</value></property>
</configuration>`
	var got []xmlconf.Finding
	for _, f := range lintXML(t, xml, xmlconf.V3_4) {
		if f.Rule == "CS024" {
			got = append(got, f)
		}
	}
	require.Len(t, got, 1)
	assert.Contains(t, got[0].Message, "for label=gpu. It is set to 0, but parent percent != 0")
	assert.Contains(t, got[0].Hint, `no queue of the tree configures label "gpu": it comes from root.a.auto-queue-creation-v2.template.accessible-node-labels.gpu.*`)
	for _, f := range lintXML(t, xml, xmlconf.V3_3) {
		assert.NotEqual(t, "CS024", f.Rule, "before 3.4 root reads only its own label keys")
	}
}
