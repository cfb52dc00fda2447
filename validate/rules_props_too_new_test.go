package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestSuggestionTooNewForProfile: CapacitySchedulerConfiguration of 2.7
// has no RACK_LOCALITY_ADDITIONAL_DELAY (YARN-4189, read from 2.9), so on
// 2.7 the suggestion for rack-locality-delay must say that the name it
// suggests is ignored there too; from 2.10 on it is the plain suggestion.
func TestSuggestionTooNewForProfile(t *testing.T) {
	const want = `did you mean "yarn.scheduler.capacity.rack-locality-additional-delay"?`
	for _, tc := range []struct {
		v    xmlconf.Version
		hint string
	}{
		{xmlconf.V2_7, want + " (Hadoop reads it from 2.10 on, not in 2.7)"},
		{xmlconf.V2_10, want},
		{xmlconf.V3_4, want},
	} {
		t.Run(tc.v.String(), func(t *testing.T) {
			xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.rack-locality-delay</name><value>1000</value></property>
</configuration>`
			var got []xmlconf.Finding
			for _, f := range lintXML(t, xml, tc.v) {
				if f.Rule == "CS005" {
					got = append(got, f)
				}
			}
			require.Len(t, got, 1)
			assert.Equal(t, tc.hint, got[0].Hint)
		})
	}
}
