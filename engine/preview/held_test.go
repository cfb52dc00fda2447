package preview

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// What held apps back is compared old against new per queue and per
// user: a user held by the user limit inside a queue that is busy shows
// under the queue's verdict, with the time.
func TestWhyOldAgainstNew(t *testing.T) {
	old, new := syntheticRuns()
	old.Held = []HeldRun{{Queue: "root.engineering.qa", User: "quinn", Reason: "queue_guarantee", AppMS: 1_200_000, Apps: 2}}
	old.HeldKnown, new.HeldKnown = true, true
	new.Held = []HeldRun{
		{Queue: "root.engineering.development", User: "dana", Reason: "queue_max", AppMS: 3_000_000, Apps: 2},
		{Queue: "root.engineering.development", User: "dana", Reason: "user_limit", AppMS: 900_000, Apps: 1},
	}
	r, errs := Build(Input{Old: old, New: new})
	require.Empty(t, errs)
	assert.Contains(t, r.Why, WhyRow{Queue: "root.engineering.development", User: "dana", Reason: "user_limit", Describe: "user limit", NewMS: 900_000, NewApps: 1})
	assert.Contains(t, r.Why, WhyRow{Queue: "root.engineering.qa", Reason: "queue_guarantee", Describe: "queue at guarantee, cluster busy", OldMS: 1_200_000, OldApps: 2})

	var dev *TeamVerdict
	for i := range r.Teams {
		if r.Teams[i].Name == "development" {
			dev = &r.Teams[i]
		}
	}
	require.NotNil(t, dev)
	assert.Equal(t, "held back by queue at maximum 0s → 50m, user limit 0s → 15m", dev.WhyText)

	held, _ := LookupMetric("held")
	v, ok := held.Value(Compute(new, StatsOptions{}).Users["dana"])
	assert.True(t, ok)
	assert.Equal(t, 3_900_000.0, v, "a user's held time adds up their reasons")
}

// A user's starvation comes from the stretches in which they had an app
// held back below their user limit; overlapping stretches in two queues
// are one period.
func TestUserStarvationFromSpans(t *testing.T) {
	rs := &RunStats{Queues: map[string]*Stats{}, Users: map[string]*Stats{"ann": {}, "bob": {}}}
	userStarvation(rs, []HeldSpan{
		{Queue: "root.a", User: "ann", FromMS: 0, ToMS: 240_000},
		{Queue: "root.b", User: "ann", FromMS: 120_000, ToMS: 420_000},
		{Queue: "root.a", User: "ann", FromMS: 600_000, ToMS: 660_000},
		{Queue: "root.a", User: "bob", FromMS: 0, ToMS: 60_000},
	}, 300_000)
	assert.Equal(t, Starvation{Count: 1, MaxMS: 420_000}, rs.Users["ann"].Starvation)
	assert.Equal(t, Starvation{Count: 0, MaxMS: 60_000}, rs.Users["bob"].Starvation)
	assert.True(t, rs.Users["ann"].HasSeries, "the starvation metrics are defined")
}
