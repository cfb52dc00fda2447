package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A gate naming a queue or user in neither run is an error quoting the
// name: a 60 MB queue name was printed whole, and two such gates came out
// on one line joined by a literal "\n". Each is its own line now, the
// name cut as every message cuts a quoted line (safeio.Excerpt). See
// hostile_e2e_test.go for the harness.
func TestHostileGateSubjects(t *testing.T) {
	dir := t.TempDir()
	long := "root." + strings.Repeat("a", 10<<20)
	gates := long + " wait.p95 <= 10h\nuser:nobody wait.p95 <= 10h\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "gates.txt"), []byte(gates), 0o644))
	cs := seedsConfig()
	workload := repoFile("testdata", "workloads", "seeds-example.json")
	res := hostileRun(t, dir, nil, "", "preview", cs, cs, "--workload", workload, "--gate", "gates.txt")
	assert.Equal(t, exitCannotRun, res.code, res.stderr)
	assert.Less(t, len(res.stderr), 1000, "the name is printed whole")
	assert.Contains(t, res.stderr, "capq: gates.txt:1: queue \"root."+strings.Repeat("a", 27)+"\"… is in neither run\n")
	assert.Contains(t, res.stderr, "capq: gates.txt:2: user \"nobody\" is in neither run\n")
	assert.NotContains(t, res.stderr, `\n`)
}
