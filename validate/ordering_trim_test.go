package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// CapacitySchedulerConfiguration#getAppOrderingPolicy reads ordering-policy
// with get and compares policyType.trim() with the aliases;
// getQueueOrderingPolicy trims the value it reads. String.trim strips only
// chars <= U+0020, so a no-break space or an em space keeps the value from
// being an alias and Hadoop then fails to load it as a class (CS056);
// ASCII white space around an alias is fine.
func TestOrderingPolicyJavaTrimmed(t *testing.T) {
	for _, tc := range []struct {
		queue, value string
		fails        bool
	}{
		{"root.a.a1", " fair\t\n", false},
		{"root.a.a1", "fair\u00a0", true},
		{"root.a.a1", "\u2003fifo", true},
		{"root.a", " priority-utilization ", false},
		{"root.a", "priority-utilization\u00a0", true},
	} {
		for _, v := range []xmlconf.Version{xmlconf.V2_10, xmlconf.V3_4} {
			m := build(v, edit(baseConf(), map[string]string{tc.queue + ".ordering-policy": tc.value}))
			n := 0
			for _, f := range Lint(m, Options{Version: v}) {
				if f.Rule == "CS056" {
					n++
				}
			}
			assert.Equal(t, tc.fails, n == 1, "%s %q %v", tc.queue, tc.value, v)
		}
	}
}
