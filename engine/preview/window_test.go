package preview

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Two runs that differ only in length: the untouched queue's usage is
// the same over the common window, so it neither regresses nor improves
// (averaging each run over its own length showed -50% here).
func TestCommonWindowAveraging(t *testing.T) {
	const gb = 1024
	untouched := []Sample{{T: 0, UsedMB: 100 * gb, Allocated: 10}, {T: 3_600_000, UsedMB: 0}}
	run := func(end int64) *Run {
		return &Run{EndMS: end, Queues: []QueueRun{
			{Path: "root", GuaranteedMB: 1000 * gb, MaxMB: 1000 * gb},
			{Path: "root.support", Leaf: true, GuaranteedMB: 100 * gb, MaxMB: 1000 * gb, Series: untouched},
		}}
	}
	old, new := run(2*3_600_000), run(4*3_600_000)
	assert.Equal(t, int64(4*3_600_000), CommonWindow(old, new))

	r, errs := Build(Input{Old: old, New: new})
	require.Empty(t, errs)
	assert.Equal(t, int64(4*3_600_000), r.WindowMS)
	e := r.Entity("root.support")
	require.NotNil(t, e)
	for _, d := range e.Metrics {
		if d.Metric == "usage.avg" {
			assert.Equal(t, Same, d.Verdict)
			assert.Equal(t, 25.0*gb, *d.Old, "100 GB for 1 h of 4 h")
			assert.Equal(t, *d.Old, *d.New)
		}
	}
	for _, c := range r.Callouts {
		assert.NotEqual(t, "root.support", c.Subject, "an untouched queue has no callout")
	}

	// Each run on its own is still averaged over its own length.
	s := Compute(old, StatsOptions{})
	assert.Equal(t, 50.0*gb, s.Queues["root.support"].UsageAvgMB)
}
