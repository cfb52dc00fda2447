package preview

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

func TestStatsSeries(t *testing.T) {
	s := &Stats{}
	seriesStats(s, []Sample{{T: 0, UsedMB: 100, PendingMB: 10, Allocated: 1}, {T: 100, UsedMB: 100, PendingMB: 10}, {T: 1000, UsedMB: 0}}, 2000, 500, 200)
	assert.Equal(t, int64(100), s.UsagePeakMB)
	assert.InDelta(t, 50.0, s.UsageAvgMB, 1e-9)
	// Pending from 0 (allocation at 0 restarts the clock) to 1000.
	assert.Equal(t, Starvation{Count: 1, MaxMS: 1000}, s.Starvation)

	// At or above its guarantee a queue with demand left is capped, not starved.
	s = &Stats{}
	seriesStats(s, []Sample{{T: 0, UsedMB: 300, PendingMB: 10}, {T: 1000, UsedMB: 0}}, 2000, 500, 200)
	assert.Equal(t, Starvation{}, s.Starvation)
}

func TestNearestRank(t *testing.T) {
	d := newDist([]int64{5, 1, 4, 2, 3, 6, 7, 8, 9, 10})
	assert.Equal(t, Dist{N: 10, P50: 5, P95: 10, Max: 10, Values: []int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}, d)
	assert.Equal(t, Dist{}, newDist(nil))
}

func TestJudge(t *testing.T) {
	o := Options{}.withDefaults()
	wait, _ := LookupMetric("wait.p95")
	use, _ := LookupMetric("usage.peak")
	guar, _ := LookupMetric("guarantee")
	tests := []struct {
		m      Metric
		ov, nv float64
		ook    bool
		nok    bool
		want   Verdict
	}{
		{wait, 600_000, 240_000, true, true, Improvement},
		{wait, 240_000, 600_000, true, true, Regression},
		{wait, 200, 900, true, true, Same}, // under the 1 s floor
		{wait, 100_000, 104_000, true, true, Same},
		{use, 600 * 1024, 240 * 1024, true, true, Regression},
		{use, 600, 1200, true, true, Same}, // under the 1 GB floor
		{guar, 100 * 1024, 200 * 1024, true, true, Changed},
		{wait, 0, 5000, false, true, Appeared},
		{wait, 5000, 0, true, false, Vanished},
		{wait, 0, 0, false, false, Same},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, judge(tt.m, tt.ov, tt.ook, tt.nv, tt.nok, o), "%s %v→%v", tt.m.Name, tt.ov, tt.nv)
	}
}

func syntheticReport(t *testing.T, rules ...string) *Report {
	t.Helper()
	old, new := syntheticRuns()
	var gates []Gate
	for i, r := range rules {
		g, err := ParseAssert(r, i+1)
		require.NoError(t, err)
		gates = append(gates, g)
	}
	rep, errs := Build(Input{OldName: "old.xml", NewName: "new.xml", Workload: "synthetic", Seed: 1,
		Old: old, New: new, Gates: gates, Refresh: syntheticRefresh()})
	require.Empty(t, errs)
	return rep
}

func TestCompareSynthetic(t *testing.T) {
	rep := syntheticReport(t, "root.engineering.qa wait.p95 <= 10m", "root.support apps.rejected == 0")
	regs := rep.Regressions()
	require.NotEmpty(t, regs)
	var regSubjects []string
	for _, c := range regs {
		regSubjects = append(regSubjects, c.Subject+" "+c.Metric)
	}
	assert.Contains(t, regSubjects, "root.support apps.rejected")
	// The change lowered development's ceiling: its lower peak is the
	// change's intent, not a regression.
	assert.NotContains(t, regSubjects, "root.engineering.development usage.peak")
	assert.Equal(t, Intended, rep.Entity("root.engineering.development").delta("usage.peak").Verdict)
	var subjects []string
	for _, c := range rep.Improvements() {
		subjects = append(subjects, c.Subject+" "+c.Metric)
	}
	assert.Contains(t, subjects, "root.engineering.qa wait.p95")
	assert.Equal(t, 1, rep.GatesFailed)

	var txt, js bytes.Buffer
	require.NoError(t, WriteText(&txt, rep))
	require.NoError(t, WriteJSON(&js, rep))
	golden.Assert(t, "preview/synthetic.txt", txt.Bytes())
	golden.Assert(t, "preview/synthetic.json", js.Bytes())
}

func TestUnionOrder(t *testing.T) {
	assert.Equal(t, []string{"root", "root.a", "root.x", "root.b", "root.c"},
		unionOrder([]string{"root", "root.a", "root.x", "root.b"}, []string{"root", "root.a", "root.b", "root.c"}))
}

// syntheticRefresh is an accepted refresh that raises one queue's
// maximum-capacity.
func syntheticRefresh() *validate.RefreshResult {
	v, _ := xmlconf.ParseVersion("3.4")
	max := "24"
	return &validate.RefreshResult{Version: v, Accepted: true, Findings: []xmlconf.Finding{},
		Queues: []validate.QueueChange{{Path: "root.engineering.development", Change: "modified", Action: validate.ActionRefresh,
			Properties: []validate.PropChange{{Name: "maximum-capacity", New: &max}}}}}
}
