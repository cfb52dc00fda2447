package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestKeepNormalizedWeights: a queue refreshed from weights to
// percentages keeps max(capacity, old normalized weight) as its share
// (TestCapacitySchedulerQueues#testRefreshFromWeightsToPercentagesKeepsNormalizedWeight),
// its subtree follows, a queue new in the refresh has none to keep, and
// non-legacy mode ignores normalized weights.
func TestKeepNormalizedWeights(t *testing.T) {
	weights := map[string]string{
		p + "root.queues": "a,b", p + "root.a.capacity": "1w", p + "root.b.capacity": "3w",
		p + "root.b.queues": "b1,b2", p + "root.b.b1.capacity": "1w", p + "root.b.b2.capacity": "1w",
	}
	percent := map[string]string{
		p + "root.queues": "a,b,c", p + "root.a.capacity": "40", p + "root.b.capacity": "50", p + "root.c.capacity": "10",
		p + "root.b.queues": "b1,b2", p + "root.b.b1.capacity": "60", p + "root.b.b2.capacity": "40",
		p + "root.b.b1.maximum-applications": "7",
	}
	cases := []struct {
		name   string
		legacy string
		want   map[string]float64 // absolute capacities after the refresh
	}{
		{"legacy", "true", map[string]float64{"root.a": 0.4, "root.b": 0.75, "root.b.b1": 0.45, "root.b.b2": 0.5 * 0.75, "root.c": 0.1}},
		{"non-legacy", "false", map[string]float64{"root.a": 0.4, "root.b": 0.5, "root.b.b1": 0.3, "root.b.b2": 0.2, "root.c": 0.1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			old := buildMap(t, with(weights, p+"legacy-queue-mode.enabled", tc.legacy), BuildOptions{})
			m := buildMap(t, with(percent, p+"legacy-queue-mode.enabled", tc.legacy), BuildOptions{})
			m.KeepNormalizedWeights(old)
			for path, want := range tc.want {
				assert.InDelta(t, want, m.Queue(path).AbsCapacity, 1e-6, path)
			}
			// A second refresh keeps what the first one kept.
			again := buildMap(t, with(percent, p+"legacy-queue-mode.enabled", tc.legacy), BuildOptions{})
			again.KeepNormalizedWeights(m)
			assert.InDelta(t, tc.want["root.b"], again.Queue("root.b").AbsCapacity, 1e-6)
		})
	}
	// maximum-applications follows the kept share unless set on the queue.
	old := buildMap(t, weights, BuildOptions{})
	m := buildMap(t, percent, BuildOptions{})
	m.KeepNormalizedWeights(old)
	assert.Equal(t, int32(7500), m.Queue("root.b").EffectiveMaxApplications)
	assert.Equal(t, int32(7), m.Queue("root.b.b1").EffectiveMaxApplications)
}

func with(m map[string]string, k, v string) map[string]string {
	out := map[string]string{k: v}
	for key, val := range m {
		out[key] = val
	}
	return out
}
