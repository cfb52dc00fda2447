package sim

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGenerateTargetUtilization checks that a target sizes the day to
// the cluster: the offered load lands just above the target (the last
// app crosses it), for small and large clusters alike, and the same seed
// gives the same apps.
func TestGenerateTargetUtilization(t *testing.T) {
	m := loadModel(t, "seeds-example")
	for _, tc := range []struct {
		name   string
		nodes  int
		target float64
	}{
		{"small cluster, busy", 10, 0.9},
		{"larger cluster, half busy", 60, 0.5},
		{"overloaded", 10, 1.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := GenOptions{Seed: 7, Nodes: tc.nodes, DurationMS: 3600_000, TargetUtilization: tc.target, BurstShare: 0.5}
			w, err := Generate(m, o)
			require.NoError(t, err)
			u := OfferedUtilization(w, o.DurationMS)
			assert.GreaterOrEqual(t, u, tc.target)
			assert.Less(t, u, tc.target*1.1, "the last app overshoots by a little only")
			again, err := Generate(m, o)
			require.NoError(t, err)
			assert.Equal(t, w.Apps, again.Apps)
		})
	}
}

// TestGenerateFixedAppsIsIdle records why the target exists: a thousand
// apps of the old defaults on a hundred 128 GB nodes ask for about 1% of
// the cluster over a day.
func TestGenerateFixedAppsIsIdle(t *testing.T) {
	w, err := Generate(loadModel(t, "seeds-example"), GenOptions{Seed: 1})
	require.NoError(t, err)
	assert.Len(t, w.Apps, 1000)
	assert.Less(t, OfferedUtilization(w, 24*3600_000), 0.05)
}

// TestGenerateBurstWindows checks that a leaf gets more than its share by
// capacity in its own window: support (10% of root) has the third of
// four windows in tree order.
func TestGenerateBurstWindows(t *testing.T) {
	o := GenOptions{Seed: 3, Apps: 4000, Nodes: 10, DurationMS: 4 * 3600_000, BurstShare: 0.5}
	w, err := Generate(loadModel(t, "seeds-example"), o)
	require.NoError(t, err)
	var in, out, inAll, outAll int
	for _, a := range w.Apps {
		window := a.SubmitMS * 4 / o.DurationMS
		if window == 2 {
			inAll++
		} else {
			outAll++
		}
		if a.Queue != "root.support" {
			continue
		}
		if window == 2 {
			in++
		} else {
			out++
		}
	}
	inShare, outShare := float64(in)/float64(inAll), float64(out)/float64(outAll)
	assert.InDelta(t, 0.55, inShare, 0.05, "half the arrivals plus its 10%% of the rest")
	assert.InDelta(t, 0.05, outShare, 0.03)
}

// TestGenerateTargetTooBig checks the bound: a target that needs millions
// of apps is refused with a message naming the knobs.
func TestGenerateTargetTooBig(t *testing.T) {
	_, err := Generate(loadModel(t, "seeds-example"), GenOptions{Seed: 1, Nodes: 100000, TargetUtilization: 1})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "fewer or smaller nodes")
}

// TestGenOptionsCheck: the defaults pass; the first bad option is named.
func TestGenOptionsCheck(t *testing.T) {
	assert.NoError(t, DefaultGenOptions().Check())
	o := DefaultGenOptions()
	o.Nodes, o.BurstShare = 0, 2
	assert.Equal(t, &GenOptionError{"nodes", " must be positive, got 0"}, o.Check())
	o.Nodes = 1
	assert.EqualError(t, o.Check(), "burst-share 2: want a fraction between 0 and 1")
	o.BurstShare, o.NodeVCores = 0, 0
	assert.EqualError(t, o.Check(), "node-vcores must be positive, got 0")
}

// Every numeric option is checked before anything is drawn: finite, in
// range (the hostile values of the sweep took up to 184 GB or 14 s).
func TestGenOptionsCheckRanges(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	cases := []struct {
		name string
		set  func(*GenOptions)
		want string // "" passes
	}{
		{"apps at the bound", func(o *GenOptions) { o.Apps = MaxGenApps }, ""},
		{"a billion apps", func(o *GenOptions) { o.Apps = 1_000_000_000 }, "apps 1000000000: want at most 2000000"},
		{"three million apps", func(o *GenOptions) { o.Apps = 3_000_000 }, "apps 3000000: want at most 2000000"},
		{"nodes", func(o *GenOptions) { o.Nodes = MaxNodes + 1 }, "nodes 1000001: want at most 1000000"},
		{"node memory", func(o *GenOptions) { o.NodeMemoryMB = math.MaxInt64 }, "node-memory 9223372036854775807: want at most 1073741824"},
		{"task vcores", func(o *GenOptions) { o.TaskVCores = -1 }, "task-vcores must be positive, got -1"},
		{"users per queue", func(o *GenOptions) { o.UsersPerQueue = 1 << 30 }, "users-per-queue 1073741824: want at most 1000000"},
		{"max tasks", func(o *GenOptions) { o.MaxTasks = math.MaxInt32 }, "max-tasks 2147483647: want at most 2000000"},
		{"task memory", func(o *GenOptions) { o.TaskMemoryMB = []int64{1024, 1 << 40} }, "task-memory 1099511627776: want sizes from 1 to 1073741824 MB"},
		{"tasks mean NaN", func(o *GenOptions) { o.TasksMean = nan }, "tasks-mean NaN: want a positive number, at most 2000000"},
		{"tasks mean 1e308", func(o *GenOptions) { o.TasksMean = 1e308 }, "tasks-mean 1e+308: want a positive number, at most 2000000"},
		{"tasks mean above max tasks (clamped)", func(o *GenOptions) { o.TasksMean = 20000 }, ""},
		{"tasks sigma NaN", func(o *GenOptions) { o.TasksSigma = nan }, "tasks-sigma NaN: want a positive number, at most 3"},
		{"tasks sigma 1e308", func(o *GenOptions) { o.TasksSigma = 1e308 }, "tasks-sigma 1e+308: want a positive number, at most 3"},
		{"tasks sigma negative", func(o *GenOptions) { o.TasksSigma = -1 }, "tasks-sigma -1: want a positive number, at most 3"},
		{"duration sigma negative", func(o *GenOptions) { o.DurationSigma = -0.5 }, "duration-sigma -0.5: want a positive number, at most 3"},
		{"duration sigma infinite", func(o *GenOptions) { o.DurationSigma = inf }, "duration-sigma +Inf: want a positive number, at most 3"},
		{"sigmas at the bound", func(o *GenOptions) { o.TasksSigma, o.DurationSigma = MaxGenSigma, MaxGenSigma }, ""},
		{"duration", func(o *GenOptions) { o.DurationMS = math.MaxInt64 }, "duration 9223372036854775807 ms: want a positive duration of at most 87600h (10 years)"},
		{"task duration NaN", func(o *GenOptions) { o.DurationMeanMS = nan }, "task-duration NaN ms: want a positive duration"},
		{"reduce share NaN", func(o *GenOptions) { o.ReduceShare = nan }, "reduce-share NaN: want a fraction between 0 and 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := DefaultGenOptions()
			c.set(&o)
			if c.want == "" {
				assert.NoError(t, o.Check())
				return
			}
			assert.ErrorContains(t, o.Check(), c.want)
		})
	}
}

// Generate checks its options too (it is called without the command),
// before it allocates the apps.
func TestGenerateChecksOptions(t *testing.T) {
	o := DefaultGenOptions()
	o.Apps = 1_000_000_000
	_, err := Generate(loadModel(t, "seeds-example"), o)
	assert.EqualError(t, err, "sim: generator option apps 1000000000: want at most 2000000")
}

// A long-tailed day that needs more than MaxGenApps apps is refused after
// a count that holds no apps (it held 1.8 GB before).
func TestGenerateTargetLongTailRefused(t *testing.T) {
	o := CommandGenOptions()
	o.Nodes, o.TasksSigma, o.DurationSigma = 2400, 3, 3
	_, err := Generate(loadModel(t, "seeds-example"), o)
	assert.ErrorContains(t, err, "needs more than 2000000 apps")
}
