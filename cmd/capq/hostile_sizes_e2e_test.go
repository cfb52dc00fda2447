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
	w := map[string]any{"format": "capq-workload/v1", "cluster": map[string]any{"nodes": []any{map[string]any{"count": int64(1_000_000_000_000), "memory_mb": 8192, "vcores": 8}}},
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

// TestHostileRMAppsAllLeftOut: when every app of an apps answer is left
// out, the error says why (the first reason, and how many more); before,
// the warnings went with the workload and the message was only "no
// application to simulate".
func TestHostileRMAppsAllLeftOut(t *testing.T) {
	dir := t.TempDir()
	apps := `{"apps": {"app": [
 {"id": "a", "user": "u", "queue": "default", "state": "FINISHED", "startedTime": 1, "finishedTime": 9223372036854775807,
  "elapsedTime": 9223372036854775807, "memorySeconds": 9223372036854775807, "vcoreSeconds": 9223372036854775807},
 {"id": "b", "user": "u", "queue": "default", "state": "FINISHED", "startedTime": 2, "finishedTime": 9223372036854775807,
  "elapsedTime": 9223372036854775807, "memorySeconds": 5, "vcoreSeconds": 5}]}}`
	writeFile(t, dir, "apps.json", apps)
	res := hostileRun(t, dir, nil, "", "gen", "workload", "--config", repoFile("testdata", "rm-apps", "capacity-scheduler.xml"), "--from-rm-apps", "apps.json")
	assert.Equal(t, exitCannotRun, res.code, res.stderr)
	assert.Contains(t, res.stderr, "apps.json: no application to simulate (2 listed); apps.json (app 1, a): left out: elapsedTime 9223372036854775807 is out of range (and 1 more left out)")
}
