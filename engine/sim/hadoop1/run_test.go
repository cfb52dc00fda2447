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

// A node group's map_slots and reduce_slots make its TaskTrackers; a
// map-only workload leaves reduce slots idle and the reduce phase of a job
// waits for its maps.
func TestRunTrackerSlotsFromWorkload(t *testing.T) {
	cfg := loadSample(t)
	w, err := sim.ReadNative("w.json", []byte(`{"cluster":{"nodes":[{"count":2,"memory_mb":4096,"vcores":4,"map_slots":3,"reduce_slots":1}]},
 "apps":[{"id":"a","queue":"default","user":"u","submit_ms":0,"am":{"memory_mb":512,"vcores":1},
  "tasks":[{"count":6,"memory_mb":1024,"vcores":1,"duration_ms":60000,"priority":20,"type":"map"},
           {"count":2,"memory_mb":1024,"vcores":1,"duration_ms":30000,"priority":10,"phase":1,"type":"reduce"}]}]}`))
	require.NoError(t, err)
	res, mp, err := Run(cfg, w, Options{SampleMS: 10000})
	require.NoError(t, err)
	assert.Equal(t, 3, mp.MapSlots)
	assert.Equal(t, 1, mp.ReduceSlots)
	assert.Equal(t, int64(1024), mp.SlotMB)
	require.Len(t, res.Apps, 1)
	assert.Equal(t, sim.AppFinished, res.Apps[0].State)
	// 6 maps on 6 map slots take one minute; the reduces, launched at
	// slow-start, start their 30 s once the last map is done.
	assert.InDelta(t, 90000, res.Apps[0].FinishMS, 3000)
	assert.Equal(t, int64(8), res.Apps[0].Containers)
}

// TestOptionsFor: the shared YARN options carry over; the YARN-only ones
// (seed, containers cap, refreshes) have no Hadoop 1 meaning.
func TestOptionsFor(t *testing.T) {
	prof, err := h1.ParseProfile("1.0")
	require.NoError(t, err)
	got := OptionsFor(prof, sim.Options{Seed: 9, Until: 5000, SampleMS: 1000, MaxEvents: -1, MaxContainers: 3})
	assert.Equal(t, Options{Profile: prof, Until: 5000, SampleMS: 1000, MaxEvents: -1}, got)
}
