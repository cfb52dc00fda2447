package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostileWorkloadNodeCountNamesFile: a native workload asking for a
// trillion nodes is refused with its file:line, like its other errors;
// before, the message named no file.
func TestHostileWorkloadNodeCountNamesFile(t *testing.T) {
	dir := t.TempDir()
	w := map[string]any{"format": "capq-workload/v1", "cluster": map[string]any{"nodes": []any{map[string]any{"count": 1_000_000_000_000, "memory_mb": 8192, "vcores": 8}}},
		"apps": []any{}}
	data, err := json.Marshal(w)
	require.NoError(t, err)
	writeFile(t, dir, "w.json", string(data))
	res := hostileRun(t, dir, nil, "", "simulate", "--config", seedsConfig(), "--workload", "w.json")
	assert.Equal(t, exitCannotRun, res.code, res.stderr)
	assert.Contains(t, res.stderr, "w.json:1: the workload has 1000001 nodes or more")
}

// TestHostileRMNodesSizeOverflow: a nodes answer whose available and used
// memory add past int64 is refused as too large; before, the sum wrapped
// and the message said the node had -9223372036854775808 MB.
func TestHostileRMNodesSizeOverflow(t *testing.T) {
	dir := t.TempDir()
	nodes := `{"nodes": {"node": [{"nodeHostName": "h", "rack": "/r", "state": "RUNNING",
 "availMemoryMB": 4611686018427387904, "usedMemoryMB": 4611686018427387904,
 "availableVirtualCores": 4611686018427387904, "usedVirtualCores": 4611686018427387904}]}}`
	writeFile(t, dir, "nodes.json", nodes)
	res := hostileRun(t, dir, nil, "", "gen", "workload", "--config", repoFile("testdata", "rm-apps", "capacity-scheduler.xml"),
		"--from-rm-apps", repoFile("testdata", "rm-apps", "apps.json"), "--rm-nodes", "nodes.json")
	assert.Equal(t, exitCannotRun, res.code, res.stderr)
	assert.Contains(t, res.stderr, `node "h" has 9223372036854775807 MB and 9223372036854775807 vcores; want positive sizes, at most 1099511627776 MB`)
	assert.NotContains(t, res.stderr, "-9223372036854775808")
}
