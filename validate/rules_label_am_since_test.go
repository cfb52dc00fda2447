package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestLabelAMPercentTooNewFor27: the per-label AM share
// (accessible-node-labels.<label>.maximum-am-resource-percent) is read by
// CapacitySchedulerConfiguration#getMaximumAMResourcePercentPerPartition,
// YARN-3216 (2.8): the 2.7 line has no such getter, so CS005 says 2.7
// ignores the key, and the model does not read it there; from 2.10 it is
// an ordinary key.
func TestLabelAMPercentTooNewFor27(t *testing.T) {
	const key = "yarn.scheduler.capacity.root.a.accessible-node-labels.gpu.maximum-am-resource-percent"
	for _, tc := range []struct {
		v     xmlconf.Version
		want  string // "" when CS005 stays quiet
		share float32
	}{
		{xmlconf.V2_7, "accessible-node-labels.gpu.maximum-am-resource-percent is not read by Hadoop 2.7 (added in 2.10); it is ignored", -1},
		{xmlconf.V2_10, "", 0.5},
		{xmlconf.V3_4, "", 0.5},
	} {
		t.Run(tc.v.String(), func(t *testing.T) {
			xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.a.accessible-node-labels</name><value>gpu</value></property>
<property><name>yarn.scheduler.capacity.root.accessible-node-labels.gpu.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.a.accessible-node-labels.gpu.capacity</name><value>100</value></property>
<property><name>` + key + `</name><value>0.5</value></property>
</configuration>`
			var got []string
			for _, f := range lintXML(t, xml, tc.v) {
				if f.Rule == "CS005" {
					got = append(got, f.Message)
				}
			}
			if tc.want == "" {
				assert.Empty(t, got)
			} else {
				assert.Equal(t, []string{tc.want}, got)
			}
			l, err := xmlconf.Load(xmlconf.LoadOptions{
				CapacityScheduler: []xmlconf.Source{{Name: "capacity-scheduler.xml", Data: []byte(xml)}},
				Build:             xmlconf.BuildOptions{Version: tc.v},
			})
			if assert.NoError(t, err) {
				ls := l.Model.Queue("root.a").LabelSettings("gpu")
				if assert.NotNil(t, ls) {
					assert.InDelta(t, tc.share, ls.MaxAMPercent.V, 1e-6)
				}
			}
		})
	}
}
