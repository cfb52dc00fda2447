package preview

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

// The two concurrent runs share the workload; each must give exactly
// what a run on its own gives (run with -race to check the sharing).
func TestSimulatePairMatchesSeparateRuns(t *testing.T) {
	root := golden.RepoRoot()
	load := func(dir string) *xmlconf.Model {
		l, err := xmlconf.Load(xmlconf.LoadOptions{CapacityScheduler: []xmlconf.Source{{Name: filepath.Join(root, "testdata", dir, "capacity-scheduler.xml")}}})
		require.NoError(t, err)
		return l.Model
	}
	old, new := load("seeds-example"), load("seeds-dev-max40-eng-max60")
	data, err := os.ReadFile(filepath.Join(root, "testdata", "preview", "seeds", "workload.json"))
	require.NoError(t, err)
	w, err := sim.ReadNative("workload.json", data)
	require.NoError(t, err)
	opts := sim.Options{Seed: 7}
	or, nr, err := Simulate(Pair{Old: old, New: new, Workload: w, OldOpts: opts, NewOpts: opts})
	require.NoError(t, err)
	wantOld, err := sim.Run(old, w, opts)
	require.NoError(t, err)
	wantNew, err := sim.Run(new, w, opts)
	require.NoError(t, err)
	assert.Equal(t, wantOld, or)
	assert.Equal(t, wantNew, nr)
}

func TestSimulatePairErrors(t *testing.T) {
	_, _, err := Simulate(Pair{Workload: &sim.Workload{}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "old configuration: sim: the configuration has no queue tree")
	assert.Contains(t, err.Error(), "\nnew configuration: sim: the configuration has no queue tree")
}

func TestAlignLeaves(t *testing.T) {
	old := &Run{Queues: []QueueRun{{Path: "root"}, {Path: "root.etl", Leaf: true}, {Path: "root.adhoc", Leaf: true}, {Path: "root.default", Leaf: true}},
		Apps: []AppRun{{ID: "a", Queue: "root.etl"}}}
	new := &Run{Queues: []QueueRun{{Path: "root"}, {Path: "root.default", Leaf: true}, {Path: "root.an"}, {Path: "root.an.etl", Leaf: true}, {Path: "root.an.adhoc", Leaf: true}}}
	renames := AlignLeaves(old, new)
	assert.Equal(t, map[string]string{"root.etl": "root.an.etl", "root.adhoc": "root.an.adhoc"}, renames)
	assert.Equal(t, "root.an.etl", old.Queues[1].Path)
	assert.Equal(t, "root.an.etl", old.Apps[0].Queue)
}

// TestSimulatePairRefusesAnUnvalidatedWorkload: preview's two runs (and
// migrate preview's, through Configs.Simulate) refuse a workload built
// by hand that no reader validated, as sim.Run does (it trusts only a
// workload whose last Validate passed).
func TestSimulatePairRefusesAnUnvalidatedWorkload(t *testing.T) {
	m := xmlconf.Build(xmlconf.FromMap(map[string]string{"yarn.scheduler.capacity.root.queues": "default",
		"yarn.scheduler.capacity.root.default.capacity": "100"}, "cs.xml"), xmlconf.BuildOptions{Version: xmlconf.DefaultVersion})
	w := &sim.Workload{
		Cluster: sim.Cluster{Nodes: []sim.NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}},
		Apps: []sim.App{{ID: "a", Queue: "default", User: "u", AM: engine.Resource{MemoryMB: 1024, VCores: 1},
			Tasks: []sim.TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 1000}}}},
	}
	_, _, err := Simulate(Pair{Old: m, New: m, Workload: w})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `old configuration: application "a" task group 0: priority must be positive (0 is the AM's), got 0`)
	assert.Contains(t, err.Error(), `new configuration: application "a" task group 0: priority must be positive (0 is the AM's), got 0`)
	c := &Configs{Old: m, New: m}
	_, _, _, err = c.Simulate(w, sim.Options{}, sim.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "priority must be positive")
}
