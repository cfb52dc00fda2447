package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// admitDay is a one-app day on two nodes of 10 GB plus the given nodes,
// with an add_nodes event at one minute when late is set.
func admitDay(t *testing.T, extra string, late string) *Result {
	t.Helper()
	events := ""
	if late != "" {
		events = `, "events": [{"at_ms": 60000, "kind": "add_nodes", "nodes": [` + late + `]}]`
	}
	doc := `{"format": "capq-workload/v1", "name": "admit",
	  "cluster": {"nodes": [{"names": ["good1", "good2"], "memory_mb": 10240, "vcores": 10}` + extra + `]},
	  "apps": [{"id": "a", "queue": "support", "user": "u", "submit_ms": 0, "am": {"memory_mb": 1024, "vcores": 1},
	    "tasks": [{"count": 30, "memory_mb": 1024, "vcores": 1, "duration_ms": 600000, "priority": 1}]}]` + events + `}`
	w, err := ReadNative("admit.json", []byte(doc))
	require.NoError(t, err)
	res, err := Run(loadModel(t, "seeds-example"), w, Options{Seed: 1})
	require.NoError(t, err)
	return res
}

// ResourceTrackerService.registerNodeManager: a node manager with less
// memory or fewer vcores than the minimum allocation (1024 MB and 1 vcore
// here) is sent SHUTDOWN and never joins; the run says so.
func TestRegisterNodeManagerRefusesNodesBelowMinimumAllocation(t *testing.T) {
	res := admitDay(t, `, {"names": ["tiny"], "memory_mb": 512, "vcores": 4}, {"names": ["novc"], "memory_mb": 4096, "vcores": 0}, {"names": ["edge"], "memory_mb": 1024, "vcores": 1}`, "")
	assert.Equal(t, 3, res.Cluster.Nodes, "good1, good2 and edge (exactly the minimum) join")
	assert.Equal(t, int64(2*10240+1024), res.Cluster.MemoryMB)
	require.Len(t, res.Warnings, 1)
	assert.Contains(t, res.Warnings[0], "2 node(s) have less than the minimum allocation (1024 MB, 1 vcores)")
	assert.Contains(t, res.Warnings[0], "tiny (512 MB, 4 vcores), novc (4096 MB, 0 vcores)")
	assert.Contains(t, res.Warnings[0], "ResourceTrackerService.registerNodeManager")

	clean := admitDay(t, "", "")
	assert.Empty(t, clean.Warnings)
	assert.Equal(t, 2, clean.Cluster.Nodes)
}

func TestRefusedNodesWarningListsFive(t *testing.T) {
	w := refusedNodesWarning([]string{"a", "b", "c", "d", "e", "f", "g"}, 1024, 1)
	assert.Contains(t, w, "7 node(s)")
	assert.Contains(t, w, ": a, b, c, d, e and 2 more")
}

// A node added during the run is refused the same way; the others of the
// event join.
func TestAddedNodeBelowMinimumAllocationNeverJoins(t *testing.T) {
	res := admitDay(t, "", `{"names": ["late-ok"], "memory_mb": 2048, "vcores": 2}, {"names": ["late-tiny"], "memory_mb": 256, "vcores": 2}`)
	require.Len(t, res.Warnings, 1)
	assert.Equal(t, "at 1m00s: 1 node(s) have less than the minimum allocation (1024 MB, 1 vcores) and never join the cluster (ResourceTrackerService.registerNodeManager sends them SHUTDOWN): late-tiny (256 MB, 2 vcores)", res.Warnings[0])
	for _, e := range res.Refreshes {
		assert.Empty(t, e.Errors)
	}
}

// Every node refused: the cluster is empty, as Hadoop's would be, and the
// app waits; the run ends without a panic.
func TestEveryNodeBelowMinimumAllocation(t *testing.T) {
	doc := `{"format": "capq-workload/v1", "name": "admit",
	  "cluster": {"nodes": [{"count": 3, "memory_mb": 512, "vcores": 1}]},
	  "apps": [{"id": "a", "queue": "support", "user": "u", "submit_ms": 0, "am": {"memory_mb": 512, "vcores": 1},
	    "tasks": [{"count": 1, "memory_mb": 512, "vcores": 1, "duration_ms": 1000, "priority": 1}]}]}`
	w, err := ReadNative("admit.json", []byte(doc))
	require.NoError(t, err)
	res, err := Run(loadModel(t, "seeds-example"), w, Options{Seed: 1, Until: 3600 * 1000})
	require.NoError(t, err)
	assert.Equal(t, 0, res.Cluster.Nodes)
	assert.Zero(t, res.Summary.ContainersAllocated)
	require.Len(t, res.Warnings, 1)
	assert.Contains(t, res.Warnings[0], "3 node(s)")
}
