package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const gb = 1024

// The worked example of the seed documents (HDP's "Resource Distribution
// Workflow"): 100 nodes of 10 GB; support and marketing use their full
// 100 GB and 300 GB; Sid and Hitesh, then Jian, Zhijie and Xuan submit
// to development; Gupta submits to qa and waits until development's apps
// give containers back, when usage settles at the 1:4 ratio.
func TestSeedsWorkedExample(t *testing.T) {
	res := simulate(t, "seeds-example", "seeds-example.json", Options{Seed: 1})
	dev := res.QueueSeries("root.engineering.development")
	qa := res.QueueSeries("root.engineering.qa")
	require.NotNil(t, dev)
	require.NotNil(t, qa)

	assert.Equal(t, int64(600*gb), res.Queue("root.engineering.development").PeakUsedMB, "development grows to 600 GB")
	assert.Equal(t, int64(100*gb), res.Queue("root.support").PeakUsedMB)
	assert.Equal(t, int64(300*gb), res.Queue("root.marketing").PeakUsedMB)

	// Two users: 120 GB each (user-limit-factor 1 x the 120 GB guarantee),
	// plus the one container a user may end above its limit.
	at := func(s *QueueSeries, ms int64) int64 { return s.UsedMB[ms/res.SampleMS] }
	assert.InDelta(t, 240*gb, at(dev, 4*60000), 2*gb, "Sid and Hitesh take 120 GB each")
	assert.Equal(t, int64(600*gb), at(dev, 9*60000), "five users take all of engineering")
	assert.Zero(t, at(qa, 9*60000))

	// Once the first containers finish, qa gets back to its guarantee and
	// development keeps the rest: 120 GB : 480 GB.
	ratio := false
	for i := range res.Series.TimesMS {
		if dev.UsedMB[i] >= 119*gb && dev.UsedMB[i] <= 121*gb && qa.UsedMB[i] >= 479*gb && qa.UsedMB[i] <= 481*gb {
			ratio = true
			break
		}
	}
	assert.True(t, ratio, "development and qa settle at 1:4 (120 GB : 480 GB)")
	assert.Equal(t, 8, res.Summary.AppsFinished)
}

// maximum-capacity 40 on development caps it at 40% of the cluster (its
// parent's absolute maximum is 100%): 400 GB. Hadoop multiplies by the
// parent's absolute maximum, not by its capacity as the guide's text says.
func TestSeedsDevMax40(t *testing.T) {
	res := simulate(t, "seeds-dev-max40", "seeds-example.json", Options{Seed: 1})
	q := res.Queue("root.engineering.development")
	assert.Equal(t, int64(400*gb), q.MaxMB)
	assert.Equal(t, int64(400*gb), q.PeakUsedMB)
}

// With engineering's maximum-capacity also 60, development's absolute
// maximum is 40% of 60%: 240 GB.
func TestSeedsDevMax40EngMax60(t *testing.T) {
	res := simulate(t, "seeds-dev-max40-eng-max60", "seeds-example.json", Options{Seed: 1})
	q := res.Queue("root.engineering.development")
	assert.Equal(t, int64(240*gb), q.MaxMB)
	assert.Equal(t, int64(240*gb), q.PeakUsedMB)
	assert.LessOrEqual(t, res.Queue("root.engineering").PeakUsedMB, int64(600*gb))
}

// With preemption on, Gupta "gets back the guaranteed capacity of his qa
// queue" without waiting for development's containers to finish: the
// policy takes containers from development within a few rounds.
func TestSeedsWithPreemption(t *testing.T) {
	res := simulate(t, "workloads/seeds-preemption", "seeds-example.json", Options{Seed: 1, SampleMS: 30000})
	qa := res.QueueSeries("root.engineering.qa")
	assert.Positive(t, res.Summary.Preempted)
	assert.Equal(t, 8, res.Summary.AppsFinished, "a preempted AM starts a new attempt")
	assert.NotEmpty(t, res.Preemptions)
	// Gupta arrives at 10 min; by 12 min qa holds most of its 480 GB,
	// long before development's first containers end (from 11 min on).
	assert.Greater(t, qa.UsedMB[12*60000/res.SampleMS], int64(240*gb))
	plain := simulate(t, "seeds-example", "seeds-example.json", Options{Seed: 1, SampleMS: 30000})
	assert.Less(t, plain.QueueSeries("root.engineering.qa").UsedMB[12*60000/res.SampleMS], int64(240*gb))
}

// The pace of TestSeedsWithPreemption is Hadoop's, with the policy's
// defaults (monitoring_interval 3 s, max_wait_before_kill 15 s,
// total_preemption_per_round 10%, natural_termination_factor 0.2):
//   - 603 s, the first round after Gupta arrives (600 s): qa asks only for
//     its 1 GB AM, so its ideal is 1 GB; development gives back
//     (long)(1024 x 0.2 + 0.5) = 205 MB: one 1 GB container is marked and
//     killed 15 s later (618 s), and the AM starts.
//   - 621 s: qa now wants its 480 GB guarantee; development is 480 GB above
//     its 120 GB ideal, scaled to the round's cap of 10% x 1000 GB =
//     102400 MB, times 0.2 = 20480 MB: 20 containers marked, killed at
//     636 s; the next 20 are marked at 639 s (the round after the kill),
//     so development shrinks by 20 GB every 18 s until its own containers
//     start finishing (from 11 min on) and the ask gets smaller.
func TestSeedsPreemptionPace(t *testing.T) {
	res := simulate(t, "workloads/seeds-preemption", "seeds-example.json", Options{Seed: 1, SampleMS: 3000})
	kills := map[int64]int{}
	for _, p := range res.Preemptions {
		assert.Equal(t, "root.engineering.development", p.Queue)
		kills[p.AtMS]++
	}
	assert.Equal(t, 1, kills[618000], "the AM's 205 MB: one container, 15 s after its mark at 603 s")
	for _, at := range []int64{636000, 654000, 672000, 690000, 708000, 726000, 744000, 762000} {
		assert.Equal(t, 20, kills[at], "20 GB every 18 s at %d ms", at)
	}
	for at, n := range kills {
		assert.True(t, at == 618000 || (at-636000)%18000 == 0, "kills only at mark + max_wait_before_kill (%d ms: %d)", at, n)
	}
	qa := res.QueueSeries("root.engineering.qa")
	reached := int64(-1)
	for i, ms := range res.Series.TimesMS {
		if qa.UsedMB[i] >= 480*gb {
			reached = ms
			break
		}
	}
	// 8 rounds of 20 GB (160 GB) by 762 s, then smaller asks while
	// development's own containers end: qa holds 480 GB from 903 s, where
	// without preemption it waits for development's tasks (TestSeedsWithPreemption).
	assert.Equal(t, int64(903000), reached, "qa gets its 480 GB guarantee back")
}
