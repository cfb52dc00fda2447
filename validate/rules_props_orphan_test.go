package validate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestOrphanQueueReportedOnce: the keys of a queue missing from the tree
// share one cause, so CS005 reports the queue once, at its first key, and
// counts the keys; a queue with one key keeps the per-key message.
func TestOrphanQueueReportedOnce(t *testing.T) {
	xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.gone.state</name><value>RUNNING</value></property>
<property><name>yarn.scheduler.capacity.root.gone.capacity</name><value>10</value></property>
<property><name>yarn.scheduler.capacity.root.gone.maximum-capacity</name><value>20</value></property>
<property><name>yarn.scheduler.capacity.root.old.capacity</name><value>10</value></property>
<property><name>yarn.scheduler.capacity.etl.capacity</name><value>10</value></property>
<property><name>yarn.scheduler.capacity.etl.maximum-capacity</name><value>10</value></property>
</configuration>`
	var got []xmlconf.Finding
	for _, f := range lintXML(t, xml, xmlconf.V3_4) {
		if f.Rule == "CS005" {
			got = append(got, f)
		}
	}
	require.Len(t, got, 3)
	for i, tc := range []struct {
		line     int
		property string
		message  string
	}{
		{4, "yarn.scheduler.capacity.root.gone.state",
			`queue "root.gone" is not in the queue tree (not listed in root.queues); Hadoop ignores its 3 properties, the first "yarn.scheduler.capacity.root.gone.state"`},
		{7, "yarn.scheduler.capacity.root.old.capacity",
			`queue "root.old" is not in the queue tree (not listed in root.queues); Hadoop ignores "yarn.scheduler.capacity.root.old.capacity"`},
		{8, "yarn.scheduler.capacity.etl.capacity",
			`queue "etl" is not in the queue tree (paths start with root); Hadoop ignores its 2 properties, the first "yarn.scheduler.capacity.etl.capacity"`},
	} {
		assert.Equal(t, tc.line, got[i].Pos.Line, "finding %d", i)
		assert.Equal(t, tc.property, got[i].Property, "finding %d", i)
		assert.Equal(t, tc.message, got[i].Message, "finding %d", i)
	}
	assert.Equal(t, "add it to the parent's queues list, or delete its properties", got[0].Hint)
	assert.Equal(t, "add it to the parent's queues list, or delete the property", got[1].Hint)
}

// TestOrphanQueueStructuredKeys: a label or user key of a queue missing
// from the tree names that queue, on every profile, and joins its one
// finding; it is never "unknown property" of the parent nor a queue path
// running through accessible-node-labels or user-settings.
func TestOrphanQueueStructuredKeys(t *testing.T) {
	xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.old.accessible-node-labels.gpu.acl_submit_applications</name><value>*</value></property>
<property><name>yarn.scheduler.capacity.root.old.capacity</name><value>10</value></property>
<property><name>yarn.scheduler.capacity.root.a.x.user-settings.alice.user-limit-factor</name><value>2</value></property>
<property><name>yarn.scheduler.capacity.etl.user-settings.bob.weight</name><value>2</value></property>
</configuration>`
	for _, v := range []xmlconf.Version{xmlconf.V2_7, xmlconf.V3_3, xmlconf.V3_4} {
		var got []string
		for _, f := range lintXML(t, xml, v) {
			if f.Rule == "CS005" {
				got = append(got, f.Message)
			}
		}
		// 3.4 still gives root label gpu (getConfiguredNodeLabelsByQueue
		// reads every key; ConfiguredNodeLabels#getAllConfiguredLabels).
		labels := ""
		if v.AtLeast(xmlconf.V3_4) {
			labels = `, except that Hadoop 3.4 still counts label "gpu" among root's configured node labels (getConfiguredNodeLabelsByQueue reads every key), so root's children must give it capacity`
		}
		assert.Equal(t, []string{
			`queue "root.old" is not in the queue tree (not listed in root.queues); Hadoop ignores its 2 properties, the first "yarn.scheduler.capacity.root.old.accessible-node-labels.gpu.acl_submit_applications"` + labels,
			`queue "root.a.x" is not in the queue tree (not listed in root.a.queues); Hadoop ignores "yarn.scheduler.capacity.root.a.x.user-settings.alice.user-limit-factor"`,
			`queue "etl" is not in the queue tree (paths start with root); Hadoop ignores "yarn.scheduler.capacity.etl.user-settings.bob.weight"`,
		}, got, "Hadoop %s", v)
	}
}

// TestStructuredKeyWithoutQueue: a queue's structured key with no queue
// path at all (a label's or a user's setting right after the prefix) is
// not filed under a "queue" made of its label or user name.
func TestStructuredKeyWithoutQueue(t *testing.T) {
	xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.accessible-node-labels.gpu.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.user-settings.alice.weight</name><value>2</value></property>
</configuration>`
	var got []string
	for _, f := range lintXML(t, xml, xmlconf.V3_3) {
		if f.Rule == "CS005" {
			got = append(got, f.Message)
		}
	}
	assert.Equal(t, []string{
		`"yarn.scheduler.capacity.accessible-node-labels.gpu.capacity" has no queue path before "accessible-node-labels" (paths start with root); Hadoop ignores it`,
		`"yarn.scheduler.capacity.user-settings.alice.weight" has no queue path before "user-settings" (paths start with root); Hadoop ignores it`,
	}, got)
}

// TestOrphanQueueMisspeltSibling: a queue missing from the tree whose
// name is a likely typo of a listed sibling (one edit for three to five
// characters, two from six, or another case: Hadoop's queue names are
// case-sensitive) gets that sibling as the hint; a short name, a name far
// from every sibling, or a queue two levels below what exists does not.
func TestOrphanQueueMisspeltSibling(t *testing.T) {
	xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>default,analytics,b,team01</value></property>
<property><name>yarn.scheduler.capacity.root.team01.capacity</name><value>0</value></property>
<property><name>yarn.scheduler.capacity.root.team02.capacity</name><value>0</value></property>
<property><name>yarn.scheduler.capacity.root.default.capacity</name><value>40</value></property>
<property><name>yarn.scheduler.capacity.root.analytics.capacity</name><value>40</value></property>
<property><name>yarn.scheduler.capacity.root.b.capacity</name><value>20</value></property>
<property><name>yarn.scheduler.capacity.root.defalut.maximum-capacity</name><value>80</value></property>
<property><name>yarn.scheduler.capacity.root.defalut.capacity</name><value>40</value></property>
<property><name>yarn.scheduler.capacity.root.Analytics.capacity</name><value>40</value></property>
<property><name>yarn.scheduler.capacity.root.anlytcs.capacity</name><value>40</value></property>
<property><name>yarn.scheduler.capacity.root.c.capacity</name><value>10</value></property>
<property><name>yarn.scheduler.capacity.root.defalt.x.capacity</name><value>10</value></property>
<property><name>yarn.scheduler.capacity.root.etl.capacity</name><value>10</value></property>
</configuration>`
	hints := map[string]string{}
	for _, f := range lintXML(t, xml, xmlconf.V3_4) {
		if f.Rule == "CS005" {
			hints[f.Property] = f.Hint
		}
	}
	plain := "add it to the parent's queues list, or delete the property"
	for _, tc := range []struct{ key, hint string }{
		{"root.defalut.maximum-capacity", `did you mean "root.default"? (or add "defalut" to root.queues)`},
		{"root.Analytics.capacity", `did you mean "root.analytics"? (or add "Analytics" to root.queues)`},
		{"root.anlytcs.capacity", `did you mean "root.analytics"? (or add "anlytcs" to root.queues)`},
		{"root.c.capacity", plain},
		{"root.team02.capacity", plain},
		{"root.etl.capacity", plain},
	} {
		var got string
		var found bool
		for k, h := range hints {
			if k == "yarn.scheduler.capacity."+tc.key {
				got, found = h, true
			}
		}
		require.True(t, found, "no CS005 for %s in %v", tc.key, hints)
		assert.Equal(t, tc.hint, got, tc.key)
	}
	for k, h := range hints {
		if strings.Contains(k, "defalt.x") {
			assert.NotContains(t, h, "did you mean", "a queue two levels below what exists misses its parent first")
		}
	}
}
