package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestMinUserLimitPercentGetInt: CapacitySchedulerConfiguration.getUserLimit
// is getInt before the 3.4 line (2.x, 3.1, and the 3.2- and 3.3-based
// lines) and getFloat from 3.4, so "50.0" or "12.5" throws
// NumberFormatException (`For input string: "50.0"`) when the queue is
// initialized: CS058 at error, as Hadoop would fail. getInt reads "0x32"
// as 50, which CS017 names as a hex form there, and Float.parseFloat does
// not read it, so on 3.4 it is CS058.
func TestMinUserLimitPercentGetInt(t *testing.T) {
	for _, tc := range []struct {
		mulp string
		v    xmlconf.Version
		rule string // "" when neither CS058 nor CS017 reports
		want string
		mv   float32 // the model's reading
	}{
		{"50.0", xmlconf.V2_7, "CS058", `For input string: "50.0"`, 100},
		{"12.5", xmlconf.V2_10, "CS058", `For input string: "12.5"`, 100},
		{"50.0", xmlconf.V3_1, "CS058", `For input string: "50.0"`, 100},
		{"50.0", xmlconf.V3_2, "CS058", `For input string: "50.0"`, 100},
		{"12.5", xmlconf.V3_3, "CS058", `For input string: "12.5"`, 100},
		{"12.5", xmlconf.V3_4, "", "", 12.5},
		{"50.0", xmlconf.V3_4, "", "", 50},
		{" 50 ", xmlconf.V2_7, "", "", 50},
		{"0x32", xmlconf.V3_1, "CS017", "hexadecimal form", 50},
		{"0x32", xmlconf.V3_4, "CS058", `For input string: "0x32"`, 100},
	} {
		t.Run(tc.mulp+"@"+tc.v.String(), func(t *testing.T) {
			xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.a.minimum-user-limit-percent</name><value>` + tc.mulp + `</value></property>
</configuration>`
			l, err := xmlconf.Load(xmlconf.LoadOptions{
				CapacityScheduler: []xmlconf.Source{{Name: "capacity-scheduler.xml", Data: []byte(xml)}},
				Build:             xmlconf.BuildOptions{Version: tc.v},
			})
			if !assert.NoError(t, err) {
				return
			}
			assert.InDelta(t, tc.mv, l.Model.Queue("root.a").MinUserLimitPercent.V, 1e-6)
			var got []xmlconf.Finding
			for _, f := range Lint(l.Model, Options{Version: tc.v, File: "capacity-scheduler.xml"}) {
				if f.Rule == "CS058" || f.Rule == "CS017" {
					got = append(got, f)
				}
			}
			if tc.rule == "" {
				assert.Empty(t, got)
				return
			}
			if assert.Len(t, got, 1) {
				assert.Equal(t, tc.rule, got[0].Rule)
				assert.Contains(t, got[0].Message, tc.want)
				if tc.rule == "CS058" {
					assert.Equal(t, xmlconf.SeverityError, got[0].Severity)
				}
			}
		})
	}
}
