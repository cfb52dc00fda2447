package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestUserLimitFactorNoLimit: -1 disables the user limit only from 3.4
// (UsersManager#computeUserLimit tests getUserLimitFactor() == -1); before,
// it caps every user at capacity × -1.
func TestUserLimitFactorNoLimit(t *testing.T) {
	for _, tc := range []struct {
		ulf  string
		v    xmlconf.Version
		want string // "" when CS054 must stay quiet
	}{
		{"-1", xmlconf.V3_4, ""},
		{"-1.0", xmlconf.V3_4, ""},
		{"-1", xmlconf.V3_3, `reads as a factor, not as "no limit": the per-user application maximum becomes at most 0`},
		{"-1", xmlconf.V2_7, `reads as a factor, not as "no limit": the per-user application maximum becomes at most 0`},
		{"-2", xmlconf.V3_4, "only positive values and -1 make sense"},
		{"-2", xmlconf.V3_3, "only positive values make sense"},
		{"0", xmlconf.V3_1, "only positive values make sense"},
		{"2", xmlconf.V3_3, ""},
	} {
		t.Run(tc.ulf+"@"+tc.v.String(), func(t *testing.T) {
			xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.a.user-limit-factor</name><value>` + tc.ulf + `</value></property>
</configuration>`
			var got []string
			for _, f := range lintXML(t, xml, tc.v) {
				if f.Rule == "CS054" {
					got = append(got, f.Message)
				}
			}
			if tc.want == "" {
				assert.Empty(t, got)
				return
			}
			if assert.Len(t, got, 1) {
				assert.Contains(t, got[0], tc.want)
			}
		})
	}
}
