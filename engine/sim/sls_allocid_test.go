package sim

import (
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSLSAllocationIDsOwnRequests: AMSimulator.packageRequests builds one
// request per container.allocation.id, each sized by its first container,
// and SchedulerRequestKey.compareTo serves a priority's allocation ids in
// ascending order; the maps' ids 7, -1, 3 become priorities 22, 20, 21,
// the reduces' 5 and 9 priorities 10 and 11, and a later container of id
// 3 with another size runs at id 3's first size.
func TestSLSAllocationIDsOwnRequests(t *testing.T) {
	data := `{"num.nodes": 2}
{"job.queue.name": "a", "job.tasks": [
 {"duration.ms": 1000, "container.memory-mb": 4096, "container.type": "map", "container.allocation.id": 7},
 {"duration.ms": 2000, "container.memory-mb": 1024, "container.type": "map"},
 {"duration.ms": 3000, "container.memory-mb": 2048, "container.type": "map", "container.allocation.id": 3},
 {"duration.ms": 4000, "container.memory-mb": 3072, "container.type": "map", "container.allocation.id": 3},
 {"duration.ms": 5000, "container.memory-mb": 1024, "container.type": "reduce", "container.allocation.id": 9},
 {"duration.ms": 6000, "container.memory-mb": 2048, "container.type": "reduce", "container.allocation.id": 5}]}`
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	type got struct {
		prio  int32
		phase int
		mem   int64
		dur   int64
	}
	var gs []got
	for _, g := range w.Apps[0].Tasks {
		gs = append(gs, got{g.Priority, g.Phase, g.MemoryMB, g.DurationMS})
	}
	assert.Equal(t, []got{{22, 0, 4096, 1000}, {20, 0, 1024, 2000}, {21, 0, 2048, 3000}, {21, 0, 2048, 4000}, {11, 1, 1024, 5000}, {10, 1, 2048, 6000}}, gs)
	assert.Equal(t, []string{
		"t.json:2 (job 2): 1 container(s) of 3072 MB, 1 vcores asked at 2048 MB, 1 vcores, the first size at priority 20 and container.allocation.id 3 (AMSimulator.packageRequests: one request per priority and allocation id, sized by its first container)",
		"t.json:2 (job 2): priority 10's container.allocation.id [5 9] are asked at priorities 10 to 11; priority 20's container.allocation.id [-1 3 7] are asked at priorities 20 to 22 (one request per allocation id, as AMSimulator.packageRequests asks and SchedulerRequestKey orders them: priority, then allocation id; the event log shows these priorities)",
	}, w.Warnings)
	res, err := Run(loadModel(t, "workloads/sls"), renameQueue(w, "sls_queue_1"), Options{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, 1, res.Summary.AppsFinished)
	assert.Equal(t, int64(7), res.Summary.ContainersAllocated, "the AM and six tasks")
}
