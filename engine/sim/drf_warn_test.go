package sim

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// The generated tree's leaves hold about 1% of the cluster each: on 8
// nodes of 8 vcores that truncates to 0 vcores (TempQueuePerPartition.
// getGuaranteed), which the warning names only when the preemption policy
// runs under the dominant resource calculator and may preempt from them.
func TestZeroShareWarning(t *testing.T) {
	xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
	for _, c := range []struct {
		name string
		xml  []byte
		want bool
	}{
		{"drf and preemption", withPreemption(t, withDRF(t, xml)), true},
		{"drf without preemption", withDRF(t, xml), false},
		{"default calculator with preemption", withPreemption(t, xml), false},
		// disable_preemption on root is inherited by every queue: the
		// policy takes nothing from them.
		{"drf, preemption, every queue exempt", bytes.Replace(withPreemption(t, withDRF(t, xml)), []byte("</configuration>"),
			[]byte("<property><name>yarn.scheduler.capacity.root.disable_preemption</name><value>true</value></property></configuration>"), 1), false},
	} {
		m := modelFrom(t, c.xml)
		w, err := Generate(m, drfGen())
		require.NoError(t, err)
		res, err := Run(m, w, Options{Seed: 1, Until: 1000})
		require.NoError(t, err)
		found := ""
		for _, s := range res.Warnings {
			if strings.HasPrefix(s, "preemption under the dominant resource calculator:") {
				found = s
			}
		}
		if !c.want {
			assert.Empty(t, found, c.name)
			continue
		}
		assert.Contains(t, found, "99 leaf queue(s) are guaranteed none of one resource", c.name)
		assert.Contains(t, found, "root.ads0.infra10: 2123 MB and 0 vcores", c.name)
	}
}
