package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestStateRulesPerProfile: YARN-5746 and YARN-5756 (CHANGELOG.2.9.0.md)
// gave the 2.9 line, so the 2.10 profile, AbstractCSQueue#
// initializeQueueState: a RUNNING child under a STOPPED parent is refused
// (CS041 error) and DRAINING is a QueueState that is refused as a
// configured state. 2.7 reads getState into the queue: the child is
// accepted (CS041 warning) and DRAINING is no enum constant.
func TestStateRulesPerProfile(t *testing.T) {
	for _, tc := range []struct {
		v          xmlconf.Version
		cs041, msg string
		cs040      string
	}{
		{xmlconf.V2_7, "warning", `"root.a.a1" is RUNNING under STOPPED parent "root.a"; it accepts no applications`,
			"No enum constant org.apache.hadoop.yarn.api.records.QueueState.DRAINING"},
		{xmlconf.V2_10, "error", "The parent queue:a state is STOPPED, child queue:a1 state cannot be RUNNING.",
			"Invalid queue state configuration. We can only use RUNNING or STOPPED."},
		{xmlconf.V3_1, "error", "The parent queue:a state is STOPPED, child queue:a1 state cannot be RUNNING.",
			"Invalid queue state configuration. We can only use RUNNING or STOPPED."},
		{xmlconf.V3_4, "error", "The parent queue:root.a cannot be STOPPED as the child queue:root.a.a1 is in RUNNING state.",
			"Invalid queue state configuration. We can only use RUNNING or STOPPED."},
	} {
		t.Run(tc.v.String(), func(t *testing.T) {
			xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a,b</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>50</value></property>
<property><name>yarn.scheduler.capacity.root.b.capacity</name><value>50</value></property>
<property><name>yarn.scheduler.capacity.root.b.state</name><value>draining</value></property>
<property><name>yarn.scheduler.capacity.root.a.state</name><value>STOPPED</value></property>
<property><name>yarn.scheduler.capacity.root.a.queues</name><value>a1</value></property>
<property><name>yarn.scheduler.capacity.root.a.a1.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.a.a1.state</name><value>RUNNING</value></property>
</configuration>`
			got := map[string][]string{}
			for _, f := range lintXML(t, xml, tc.v) {
				if f.Rule == "CS040" || f.Rule == "CS041" {
					got[f.Rule] = append(got[f.Rule], f.Severity.String()+": "+f.Message)
				}
			}
			assert.Equal(t, []string{tc.cs041 + ": " + tc.msg}, got["CS041"])
			assert.Equal(t, []string{"error: " + tc.cs040}, got["CS040"])
		})
	}
}
