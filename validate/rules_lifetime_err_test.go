package validate

import (
	"fmt"
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
)

// TestLifetimeUnreadableIsAnError: CapacitySchedulerConfiguration's
// getMaximumLifetimePerQueue and getDefaultLifetimePerQueue read a
// queue's lifetime with Configuration.getLong, so "0x", "abc" or "1e3"
// throw NumberFormatException and the refresh fails. The model falls back
// to the parent's lifetime there, and the error was lost with it. Before
// 2.10 the keys are not read at all.
func TestLifetimeUnreadableIsAnError(t *testing.T) {
	for _, tc := range []struct {
		suffix, value string
		v             xmlconf.Version
		want          bool
	}{
		{"maximum-application-lifetime", "0x", xmlconf.V3_4, true},
		{"default-application-lifetime", "abc", xmlconf.V3_4, true},
		{"maximum-application-lifetime", "1e3", xmlconf.V2_10, true},
		{"maximum-application-lifetime", " 12 ", xmlconf.V3_4, false},
		{"maximum-application-lifetime", "abc", xmlconf.V2_7, false},
	} {
		t.Run(tc.suffix+"="+tc.value+"@"+tc.v.String(), func(t *testing.T) {
			xml := fmt.Sprintf(`<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.a.%s</name><value>%s</value></property>
</configuration>`, tc.suffix, tc.value)
			var errs []string
			for _, f := range lintXML(t, xml, tc.v) {
				if f.Severity == xmlconf.SeverityError {
					errs = append(errs, f.Message)
				}
			}
			if tc.want {
				assert.Len(t, errs, 1, "%v", errs)
			} else {
				assert.Empty(t, errs)
			}
		})
	}
}
