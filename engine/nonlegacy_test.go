package engine

import (
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNonLegacyGuaranteesTestMixedQueueResourceCalculation: on the
// 16384 MB / 16 vcores cluster of Hadoop's TestMixedQueueResourceCalculation
// (testComplexHierarchyWithoutRemainingResource) the engine's effective
// minimum resources are the test's asserted values, per resource type:
// absolute siblings first, percentages of what they leave, weights last.
func TestNonLegacyGuaranteesTestMixedQueueResourceCalculation(t *testing.T) {
	kv := map[string]string{
		"legacy-queue-mode.enabled": "false",
		"root.queues":               "a,b,c", "root.a.queues": "a1,a2", "root.a.a1.queues": "a11,a12", "root.b.queues": "b1",
		"root.a.capacity":        "[memory=30.0%, vcores=6.0w]",
		"root.a.a1.capacity":     "[memory=1.0w, vcores=4]",
		"root.a.a1.a11.capacity": "[memory=35.0%, vcores=25.0%]",
		"root.a.a1.a12.capacity": "[memory=65.0%, vcores=75.0%]",
		"root.a.a2.capacity":     "[memory=3.0w, vcores=100.0%]",
		"root.b.capacity":        "[memory=8095, vcores=30.0%]",
		"root.b.b1.capacity":     "[memory=5.0w, vcores=3]",
		"root.c.capacity":        "[memory=3.0w, vcores=4]",
	}
	e, err := New(build(t, kv, xmlconf.V3_4), []NodeSpec{{ID: "h1", MemoryMB: 16384, VCores: 16}}, Options{})
	require.NoError(t, err)
	want := map[string]ResourceJSON{
		"root.a": {2486, 9}, "root.a.a1": {621, 4}, "root.a.a1.a11": {217, 1}, "root.a.a1.a12": {403, 3},
		"root.a.a2": {1865, 5}, "root.b": {8095, 3}, "root.b.b1": {8095, 3}, "root.c": {5803, 4},
	}
	s := e.Snapshot()
	for path, w := range want {
		q, ok := s.Queues[path]
		require.True(t, ok, path)
		assert.Equal(t, w, q.EffectiveMinResource, path)
		assert.InDelta(t, float64(w.MemoryMB)/16384, q.AbsoluteCapacity, 1e-4, path)
	}
	// Doubling the cluster recomputes: b's absolute memory stays 8095, its
	// vcores are 30% of what c's absolute 4 leave (floor(28 x 0.3) = 8),
	// and a's memory is 30% of what b leaves.
	require.NoError(t, e.AddNodes(NodeSpec{ID: "h2", MemoryMB: 16384, VCores: 16}))
	s = e.Snapshot()
	assert.Equal(t, ResourceJSON{8095, 8}, s.Queues["root.b"].EffectiveMinResource)
	assert.Equal(t, int64((32768-8095)*3/10), s.Queues["root.a"].EffectiveMinResource.MemoryMB)
}

// TestRefreshEmptyingNonLegacyCapacityWarned: a refresh that leaves a
// queue with an empty capacity vector (here bracketed text that is not
// resource=value entries; one without memory is kept since YARN-11646) keeps
// its old effective resources in Hadoop (ResourceCalculationDriver skips
// it) and gets 0 in capq, which Unmodelled names; a queue that already
// had an empty vector, or a legacy-mode refresh, gives no warning.
func TestRefreshEmptyingNonLegacyCapacityWarned(t *testing.T) {
	kv := func(legacy, bcap string) map[string]string {
		return map[string]string{"legacy-queue-mode.enabled": legacy, "root.queues": "a,b",
			"root.a.capacity": "[memory=50%, vcores=50%]", "root.b.capacity": bcap}
	}
	emptied := func(e *Engine) []string {
		var out []string
		for _, w := range e.Unmodelled() {
			if w.Feature == "refresh" {
				out = append(out, w.Effect)
			}
		}
		return out
	}
	for _, tc := range []struct {
		legacy, before, after string
		want                  int
	}{
		{"false", "[memory=50%, vcores=50%]", "[memory-50,vcores-50]", 1},
		{"false", "[memory-50,vcores-50]", "[memory-40,vcores-50]", 0},
		{"false", "[memory=50%, vcores=50%]", "[vcores=50%]", 0},
		{"false", "[memory=50%, vcores=50%]", "[memory=40%, vcores=50%]", 0},
		{"true", "50", "50", 0},
	} {
		e, err := New(build(t, kv(tc.legacy, tc.before), xmlconf.V3_4), []NodeSpec{{ID: "h1", MemoryMB: 16384, VCores: 16}}, Options{})
		require.NoError(t, err)
		require.Empty(t, e.Refresh(build(t, kv(tc.legacy, tc.after), xmlconf.V3_4), nil))
		got := emptied(e)
		require.Len(t, got, tc.want, "%v", tc)
		if tc.want == 1 {
			assert.Contains(t, got[0], "root.b's capacity became an empty vector")
		}
	}
}
