package sim

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// The simulator's shortcuts (parking idle nodes, stopping the async loop
// after a quiet spell) change no decision under asynchronous scheduling
// or multi-node placement either: the event log equals a run that beats
// every node every interval and runs every pass.
func TestSchedulingLoopShortcutsKeepTheEventLog(t *testing.T) {
	for _, c := range []struct {
		name string
		kv   map[string]string
		gen  GenOptions
	}{
		{"async", map[string]string{"schedule-asynchronously.enable": "true", "schedule-asynchronously.scheduling-interval-ms": "100"},
			GenOptions{Seed: 5, Apps: 80, Nodes: 8, NodeMemoryMB: 16384, NodeVCores: 16, DurationMS: 1800 * 1000, ReduceShare: 0.3}},
		{"multi-node", map[string]string{"multi-node-placement-enabled": "true", "multi-node-sorting.policy.names": "rb",
			"multi-node-sorting.policy": "rb", "multi-node-sorting.policy.rb.class": "org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.ResourceUsageMultiNodeLookupPolicy"},
			GenOptions{Seed: 6, Apps: 150, Nodes: 12, NodeMemoryMB: 16384, NodeVCores: 16, DurationMS: 3600 * 1000, ReduceShare: 0.3}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := loadModel(t, "seeds-example")
			for k, v := range c.kv {
				m.Conf.Set(xmlconf.Prefix+k, v)
			}
			w, err := Generate(m, c.gen)
			require.NoError(t, err)
			run := func(o Options) ([]byte, *Result) {
				var log bytes.Buffer
				o.Seed, o.Events = 9, &log
				res, err := Run(m, w, o)
				require.NoError(t, err)
				return log.Bytes(), res
			}
			want, all := run(Options{exhaustive: true})
			require.NotZero(t, all.Summary.ContainersAllocated)
			got, res := run(Options{})
			assert.True(t, bytes.Equal(want, got), "shortcuts change the event log (%d vs %d containers, %d vs %d passes)",
				all.Summary.ContainersAllocated, res.Summary.ContainersAllocated, all.Summary.Heartbeats, res.Summary.Heartbeats)
			t.Logf("%d containers, %d reservations; passes %d exhaustive, %d with shortcuts", res.Summary.ContainersAllocated, res.Summary.Reservations, all.Summary.Heartbeats, res.Summary.Heartbeats)
		})
	}
}
