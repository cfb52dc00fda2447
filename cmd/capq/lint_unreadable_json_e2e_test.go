package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestLintJSONUnreadableInput: for an input capq cannot read (a directory,
// a dangling link, a file or directory this user may not read),
// `lint --format json` still prints the documented document (no findings,
// no files, every summary key) and exits 2, with stderr naming the
// problem as it is; text prints nothing on stdout (validate/FORMAT.md).
func TestLintJSONUnreadableInput(t *testing.T) {
	dir := t.TempDir()
	conf, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata/lint/cs005-orphan-queue/capacity-scheduler.xml"))
	require.NoError(t, err)
	mk := func(p string) string { p = filepath.Join(dir, p); require.NoError(t, os.MkdirAll(p, 0o755)); return p }
	link := func(target, p string) string {
		p = filepath.Join(dir, p)
		require.NoError(t, os.Symlink(target, p))
		return p
	}
	empty := mk("empty")
	dirXML := mk("conf/capacity-scheduler.xml")
	danglingDir := mk("linked")
	link(filepath.Join(dir, "nowhere.xml"), "linked/capacity-scheduler.xml")
	locked := mk("locked")
	require.NoError(t, os.WriteFile(filepath.Join(locked, "capacity-scheduler.xml"), conf, 0o644))
	noRead := filepath.Join(dir, "no-read.xml")
	require.NoError(t, os.WriteFile(noRead, conf, 0o644))
	require.NoError(t, os.Chmod(noRead, 0))
	require.NoError(t, os.Chmod(locked, 0))
	t.Cleanup(func() { _ = os.Chmod(locked, 0o755) })

	for _, tc := range []struct {
		name, arg, stderr string
		needsNonRoot      bool
	}{
		{"a directory without a configuration", empty, empty + " is a directory without a capacity-scheduler.xml", false},
		{"a capacity-scheduler.xml that is a directory", filepath.Dir(dirXML), dirXML + ": is a directory, not a configuration file", false},
		{"a dangling link", link("nowhere.xml", "dangling.xml"), `dangling.xml: is a symbolic link to "nowhere.xml", which does not exist`, false},
		{"a conf dir whose file is a dangling link", danglingDir, filepath.Join(danglingDir, "capacity-scheduler.xml") + `: is a symbolic link to "` + filepath.Join(dir, "nowhere.xml") + `", which does not exist`, false},
		{"a file without read permission", noRead, noRead + ": permission denied", true},
		{"a conf dir without search permission", locked, filepath.Join(locked, "capacity-scheduler.xml") + ": permission denied", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.needsNonRoot && os.Geteuid() == 0 {
				t.Skip("root reads files whatever their permissions")
			}
			r := runBinary(t, "", "lint", "--format", "json", tc.arg)
			assert.Equal(t, exitCannotRun, r.code, r.stderr)
			assert.Contains(t, r.stderr, tc.stderr)
			var doc struct {
				Findings []json.RawMessage `json:"findings"`
				Summary  map[string]int    `json:"summary"`
			}
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), "stdout is a JSON document: %q", r.stdout)
			assert.NotNil(t, doc.Findings, "findings is [] rather than absent or null")
			assert.Empty(t, doc.Findings)
			assert.Equal(t, map[string]int{"files": 0, "errors": 0, "warnings": 0, "infos": 0}, doc.Summary)

			text := runBinary(t, "", "lint", tc.arg)
			assert.Equal(t, exitCannotRun, text.code)
			assert.Empty(t, text.stdout)
			assert.Contains(t, text.stderr, tc.stderr)
		})
	}
}
