package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestHexIntWidth: CS017's hex form is reported only for a value the
// key's reader takes. getInt refuses "0x80000000" and "-0x80000001"
// (out of int), which CS058 reports alone: CS017's hint to write
// 2147483648 named a value Hadoop refuses as well. getLong (the
// lifetimes) reads them, so CS017 reports them there.
func TestHexIntWidth(t *testing.T) {
	for _, tc := range []struct {
		key, value string
		v          xmlconf.Version
		want       []string // rule: message part
	}{
		{"maximum-applications", "0x80000000", xmlconf.V3_4, []string{`CS058: For input string: "80000000"`}},
		{"maximum-applications", "-0x80000001", xmlconf.V3_4, []string{`CS058: For input string: "-80000001"`}},
		{"maximum-applications", "-0x80000000", xmlconf.V3_4, []string{"CS017: write -2147483648"}},
		{"priority", "0xffffffff", xmlconf.V3_4, []string{`CS058: For input string: "ffffffff"`}},
		{"minimum-user-limit-percent", "0x80000000", xmlconf.V2_7, []string{`CS058: For input string: "80000000"`}},
		{"maximum-application-lifetime", "0x80000000", xmlconf.V3_4, []string{"CS017: write 2147483648"}},
	} {
		t.Run(tc.key+"="+tc.value, func(t *testing.T) {
			xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.a.` + tc.key + `</name><value>` + tc.value + `</value></property>
</configuration>`
			l, err := xmlconf.Load(xmlconf.LoadOptions{
				CapacityScheduler: []xmlconf.Source{{Name: "capacity-scheduler.xml", Data: []byte(xml)}},
				Build:             xmlconf.BuildOptions{Version: tc.v},
			})
			if !assert.NoError(t, err) {
				return
			}
			var got []string
			for _, f := range Lint(l.Model, Options{Version: tc.v, File: "capacity-scheduler.xml"}) {
				switch f.Rule {
				case "CS017":
					got = append(got, f.Rule+": "+f.Hint)
				case "CS058":
					got = append(got, f.Rule+": "+f.Message)
				}
			}
			assert.Equal(t, tc.want, got)
		})
	}
}
