package sim

import (
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
	assert.EqualError(t, o.Check(), "node and task sizes must be positive")
}
