package preview

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	h1 "github.com/capq/capq/engine/hadoop1"
	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/xmlconf"
)

// TestSimulateHadoop1Runs: a Hadoop 1 conf and its migration run into two
// report runs with the scheduler note first.
func TestSimulateHadoop1Runs(t *testing.T) {
	root := filepath.Join("..", "..")
	m, err := xmlconf.LoadHadoop1Dir(filepath.Join(root, "testdata", "hadoop1", "01-flat-basic"), xmlconf.ReadOptions{})
	require.NoError(t, err)
	old, err := h1.FromModel(m)
	require.NoError(t, err)
	doc, err := xmlconf.ReadFile(filepath.Join(root, "golden", "migrate", "01-flat-basic.xml"), xmlconf.ReadOptions{})
	require.NoError(t, err)
	yarn := xmlconf.Build(xmlconf.NewConf(doc), xmlconf.BuildOptions{Version: xmlconf.DefaultVersion})
	w, err := sim.Generate(yarn, sim.GenOptions{Seed: 1, Apps: 20, Nodes: 4})
	require.NoError(t, err)
	prof, err := h1.ParseProfile("")
	require.NoError(t, err)
	oldRun, newRun, notes, err := SimulateHadoop1Runs(Hadoop1Pair{Old: old, Profile: prof, New: yarn, Workload: w})
	require.NoError(t, err)
	require.NotNil(t, oldRun)
	require.NotNil(t, newRun)
	require.NotEmpty(t, notes)
	assert.Contains(t, notes[0], "CapacityTaskScheduler")
}
