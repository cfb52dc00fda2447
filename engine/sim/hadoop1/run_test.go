package hadoop1

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	h1 "github.com/capq/capq/engine/hadoop1"
	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/xmlconf"
)

func loadSample(t *testing.T) h1.Config {
	dir := "../../../testdata/hadoop1/01-flat-basic"
	m, err := xmlconf.LoadHadoop1(xmlconf.H1Paths{MapredSite: filepath.Join(dir, "mapred-site.xml"),
		CapacityScheduler: filepath.Join(dir, "capacity-scheduler.xml"), QueueACLs: filepath.Join(dir, "mapred-queue-acls.xml")}, xmlconf.ReadOptions{})
	require.NoError(t, err)
	cfg, err := h1.FromModel(m)
	require.NoError(t, err)
	return cfg
}

func loadWorkload(t *testing.T, path string) *sim.Workload {
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	w, err := sim.ReadNative(filepath.Base(path), data)
	require.NoError(t, err)
	return w
}

// The sample's TaskTrackers have 8 map and 4 reduce slots; the workload's
// 100 NodeManagers of 10240 MB become 100 such trackers, 853 MB a slot.
func TestRunSample(t *testing.T) {
	cfg := loadSample(t)
	w := loadWorkload(t, "../../../testdata/preview/hadoop1-group/workload.json")
	res, mp, err := Run(cfg, w, Options{})
	require.NoError(t, err)
	assert.Equal(t, 8, mp.MapSlots)
	assert.Equal(t, 4, mp.ReduceSlots)
	assert.Equal(t, int64(853), mp.SlotMB)
	assert.Equal(t, 4, res.Summary.AppsFinished)
	assert.Equal(t, int64(2000), res.Summary.ContainersAllocated)
	def := res.Queue("root.default")
	require.NotNil(t, def)
	// 50% of 800 map slots and of 400 reduce slots.
	assert.Equal(t, int64((400+200)*853), def.GuaranteedMB)
	again, _, err := Run(cfg, w, Options{})
	require.NoError(t, err)
	assert.Equal(t, res, again, "runs are deterministic")
}
