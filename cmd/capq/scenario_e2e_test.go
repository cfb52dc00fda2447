package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestScenarioJSONGolden pins the JSON shape of the shared examples.
func TestScenarioJSONGolden(t *testing.T) {
	for _, name := range []string{"leafqueue-user-limits-two-users-01", "parentqueue-utilization-order-single-level-01", "refresh-delete-leaf-01",
		// Node labels: the per-partition snapshot fields.
		"labels-am-container-allocation-always-exclusive-01"} {
		t.Run(name, func(t *testing.T) {
			r := runCapq(t, "", "scenario", "testdata/scenarios/"+name+".json", "--format", "json")
			require.Equal(t, 0, r.code, r.stderr)
			golden.Assert(t, "scenario/"+name+".json", []byte(r.stdout))
		})
	}
}

// TestScenarioUnmetExpectationExits1 checks the exit code and that the
// message names the field.
func TestScenarioUnmetExpectationExits1(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata", "scenarios", "leafqueue-user-limits-two-users-01.json"))
	require.NoError(t, err)
	bad := strings.Replace(string(src), `"used_mb": 7168`, `"used_mb": 9999`, 1)
	path := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(path, []byte(bad), 0o644))
	r := runBinary(t, "", "scenario", path, "--format", "json")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "queues.root.newroot.a.used_mb: got 7168, want 9999")
}

func TestScenarioBadInputExits2(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(path, []byte("{not json"), 0o644))
	r := runBinary(t, "", "scenario", path)
	assert.Equal(t, 2, r.code)
	r = runBinary(t, "", "scenario", path, "--format", "yaml")
	assert.Equal(t, 2, r.code)
}
