package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostileGenWorkloadOutputIsNoInput: gen workload -o may not replace
// the RM answers it reads (--from-rm-apps, --rm-nodes), even with --force
// and through another path to the same file; before, -o apps.json --force
// replaced the answer the workload was made from. An unrelated file needs
// --force, and is replaced whole (no temporary file left).
func TestHostileGenWorkloadOutputIsNoInput(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"apps.json", "nodes.json", "capacity-scheduler.xml"} {
		writeFile(t, dir, f, readString(t, repoFile("testdata", "rm-apps", f)))
	}
	require.NoError(t, os.Symlink("nodes.json", filepath.Join(dir, "link.json")))
	apps, nodes := readString(t, filepath.Join(dir, "apps.json")), readString(t, filepath.Join(dir, "nodes.json"))
	gen := func(extra ...string) []string {
		return append([]string{"gen", "workload", "--config", "capacity-scheduler.xml", "--from-rm-apps", "apps.json", "--rm-nodes", "nodes.json"}, extra...)
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"the apps answer", gen("-o", "apps.json", "--force"), "apps.json"},
		{"the nodes answer", gen("-o", "./nodes.json", "--force"), "nodes.json"},
		{"the nodes answer through a link", gen("-o", "link.json", "--force"), "link.json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, "-o")
			assert.Contains(t, res.stderr, c.want)
			assert.Equal(t, apps, readString(t, filepath.Join(dir, "apps.json")))
			assert.Equal(t, nodes, readString(t, filepath.Join(dir, "nodes.json")))
		})
	}
	t.Run("an existing file needs --force", func(t *testing.T) {
		writeFile(t, dir, "out.json", "keep")
		res := hostileRun(t, dir, nil, "", gen("-o", "out.json")...)
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		assert.Contains(t, res.stderr, "use --force")
		assert.Equal(t, "keep", readString(t, filepath.Join(dir, "out.json")))

		res = hostileRun(t, dir, nil, "", gen("-o", "out.json", "--force")...)
		require.Equal(t, exitOK, res.code, res.stderr)
		assert.Contains(t, readString(t, filepath.Join(dir, "out.json")), `"format": "capq-workload/v1"`)
		assert.False(t, hasTemp(dir), "a temporary file was left")
	})
}
