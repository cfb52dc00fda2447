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
