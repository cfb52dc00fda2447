package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestScopedKeyEmptyName: a label or user key with an empty name is never
// read (CapacitySchedulerConfiguration#getNodeLabelPrefix gives the
// default partition, "", the queue's own prefix; getAllUserWeightsForQueue
// needs a user name), and CS005 says the name is empty instead of telling
// that "capacity" is not read per label. A real node-label note wrote
// root.default.accessible-node-labels..capacity.
func TestScopedKeyEmptyName(t *testing.T) {
	for _, tc := range []struct {
		name, key, msg, hint string
	}{
		{"empty label, capacity", "root.default.accessible-node-labels..capacity",
			`label name is empty in "accessible-node-labels..capacity" of queue "root.default"; Hadoop ignores it`,
			"the default partition's capacity is the queue's own: set yarn.scheduler.capacity.root.default.capacity instead"},
		{"empty label, AM share", "root.default.accessible-node-labels..maximum-am-resource-percent",
			`label name is empty in "accessible-node-labels..maximum-am-resource-percent" of queue "root.default"; Hadoop ignores it`,
			"the default partition's maximum-am-resource-percent is the queue's own: set yarn.scheduler.capacity.root.default.maximum-am-resource-percent instead"},
		{"empty user", "root.default.user-settings..user-limit-factor",
			`user name is empty in "user-settings..user-limit-factor" of queue "root.default"; Hadoop ignores it`,
			"name the user, or delete the property"},
		// getConfiguredNodeLabels ends the label at the first dot: label
		// "" before ".maximum-am-resource-percent", gpu before "x.capacity".
		{"empty label, dotted AM share", "root.default.accessible-node-labels...maximum-am-resource-percent",
			`label name is empty in "accessible-node-labels...maximum-am-resource-percent" of queue "root.default"; Hadoop ignores it`,
			"the default partition's maximum-am-resource-percent is the queue's own: set yarn.scheduler.capacity.root.default.maximum-am-resource-percent instead"},
		{"dotted label", "root.default.accessible-node-labels.gpu.x.capacity",
			`Hadoop reads "accessible-node-labels.gpu.x.capacity" of queue "root.default" as label "gpu" (a label ends at the first dot) with setting "x.capacity", which it does not read; it ignores the key, yet "gpu" becomes one of the queue's configured node labels`,
			"a node label cannot contain a dot: name the label alone (yarn.scheduler.capacity.root.default.accessible-node-labels.gpu.capacity), else delete the property"},
		// A user's dotted setting is no per-user queue setting (a user name
		// may hold dots: UserWeights' \S+\.weight); the generic report.
		{"user with a dotted label setting", "root.default.user-settings.bob.accessible-node-labels.gpu.capacity",
			`unknown property "user-settings.bob.accessible-node-labels.gpu.capacity" for queue "root.default"; Hadoop ignores it`,
			`did you mean "accessible-node-labels.gpu.capacity"?`},
		{"named label, queue setting", "root.default.accessible-node-labels.gpu.acl_submit_applications",
			`"acl_submit_applications" is not read for label "gpu" of queue "root.default"; Hadoop ignores "accessible-node-labels.gpu.acl_submit_applications"`,
			"per label Hadoop reads only capacity, maximum-capacity and maximum-am-resource-percent; \"acl_submit_applications\" is a queue setting that applies to every partition: set yarn.scheduler.capacity.root.default.acl_submit_applications instead"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property>
<property><name>yarn.scheduler.capacity.root.default.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.` + tc.key + `</name><value>50</value></property>
</configuration>`
			var got []xmlconf.Finding
			for _, f := range lintXML(t, xml, xmlconf.V3_4) {
				if f.Rule == "CS005" {
					got = append(got, f)
				}
			}
			require.Len(t, got, 1, "%v", got)
			assert.Equal(t, tc.msg, got[0].Message)
			assert.Equal(t, tc.hint, got[0].Hint)
		})
	}
}
