package sim

import (
	"bytes"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

// TestRumenAllTasksOfSLSSample reads every job, task and attempt of SLS's
// 2jobs2min-rumen-jh.json (testdata/rumen/2jobs2min-all-tasks.json keeps
// the fields SLS reads) end to end: two TeraGen jobs of 96 maps each, no
// reduces, on the trace's four hosts, every map its attempt's finish
// minus start. The map durations must match the successfulMapAttemptCDFs
// Rumen recorded in the same file (minimum, maximum and the 5% to 95%
// rankings), which checks the transcription value by value.
func TestRumenAllTasksOfSLSSample(t *testing.T) {
	data := readFile(t, "testdata", "rumen", "2jobs2min-all-tasks.json")
	cdf := []struct {
		min, max int64
		rankings []int64
	}{
		{11143, 47021, []int64{13354, 14101, 15609, 15919, 17003, 17109, 18342, 18870, 19127, 19221, 19481, 19896, 20585, 20784, 21452, 21853, 22436, 32646, 41553}},
		{11897, 32847, []int64{14151, 15844, 18656, 18806, 18840, 18982, 19314, 19587, 19703, 19800, 19965, 20604, 20892, 21526, 21911, 22144, 22539, 23034, 23601}},
	}
	for name, base := range map[string]RumenTimeBase{"rumen2sls": RumenTimeConverted, "sls": RumenTimeSLS} {
		w, err := ReadRumen("2jobs2min-all-tasks.json", data, xmlconf.DefaultSLSSettings(), nil, base, 0)
		require.NoError(t, err)
		require.Empty(t, w.Warnings)
		require.Len(t, w.Apps, 2)
		nodes := w.Cluster.Expand()
		require.Len(t, nodes, 4)
		for _, n := range nodes {
			assert.Equal(t, "/default-rack", n.Rack)
		}
		for i, a := range w.Apps {
			var durs []int64
			for _, g := range a.Tasks {
				assert.Equal(t, "map", g.Type)
				for range g.Count {
					durs = append(durs, g.DurationMS)
				}
			}
			require.Len(t, durs, 96, a.ID)
			sort.Slice(durs, func(x, y int) bool { return durs[x] < durs[y] })
			assert.Equal(t, cdf[i].min, durs[0], a.ID)
			assert.Equal(t, cdf[i].max, durs[95], a.ID)
			for k, want := range cdf[i].rankings {
				// LoggedDiscreteCDF: the datum at relativeRanking
				// (k+1)/20 is the floor(96*(k+1)/20)-th smallest.
				idx := 96*(k+1)/20 - 1
				assert.Equal(t, want, durs[idx], "%s ranking %.2f", a.ID, float64(k+1)/20)
			}
		}
		var out bytes.Buffer
		require.NoError(t, WriteNative(&out, w))
		golden.Assert(t, "rumen/2jobs2min-all-tasks-"+name+".json", out.Bytes())
	}
}
