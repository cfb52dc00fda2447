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

// TestLintBaseline: adopting capq on an existing repository. Today's
// findings go into a baseline; with it the run passes, still passes after
// lines move, and fails again on a new finding.
func TestLintBaseline(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(golden.RepoRoot(), sample, "capacity-scheduler.xml"))
	require.NoError(t, err)
	cs := filepath.Join(dir, "capacity-scheduler.xml")
	require.NoError(t, os.WriteFile(cs, src, 0o644))
	base := filepath.Join(dir, "capq-baseline.txt")

	r := runBinary(t, "", "lint", cs, "--write-baseline", base)
	assert.Equal(t, 1, r.code, "writing a baseline still reports: %s", r.stderr)
	data, err := os.ReadFile(base)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "# capq lint baseline v1\n"))

	r = runBinary(t, "", "lint", cs, "--baseline", base, "--fail-on", "info")
	assert.Equal(t, 0, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "in baseline)")

	moved := strings.Replace(string(src), "<configuration>", "<configuration>\n\n  <!-- lines moved -->\n", 1)
	require.NoError(t, os.WriteFile(cs, []byte(moved), 0o644))
	r = runBinary(t, "", "lint", cs, "--baseline", base, "--fail-on", "info")
	assert.Equal(t, 0, r.code, "line moves keep findings matched: %s", r.stdout)

	added := strings.Replace(moved, "</configuration>",
		"<property><name>yarn.scheduler.capacity.root.capacity</name><value>80</value></property>\n</configuration>", 1)
	require.NoError(t, os.WriteFile(cs, []byte(added), 0o644))
	r = runBinary(t, "", "lint", cs, "--baseline", base, "--fail-on", "warning")
	assert.Equal(t, 1, r.code, "a new finding fails")
	assert.Contains(t, r.stdout, "CS103")
	assert.NotContains(t, r.stdout, "CS024", "the baselined error stays out")
}

// TestLintBaselineErrors: a malformed baseline is a clear exit 2, and
// --write-baseline never replaces a file that is not a capq baseline.
func TestLintBaselineErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("hello\n"), 0o644))
	r := runBinary(t, "", "lint", sample, "--baseline", bad)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "not a capq baseline")

	r = runBinary(t, "", "lint", sample, "--write-baseline", bad)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "refusing to replace")
	data, _ := os.ReadFile(bad)
	assert.Equal(t, "hello\n", string(data), "not clobbered")
}

// TestLintHadoopShippedFilesQuiet is issue 20's acceptance: capq lint on
// the capacity-scheduler.xml Hadoop ships prints nothing at warning level,
// for every version profile (the 2.7 shape for 2.7, the 3.x shape for the
// others; hadoop-default-conf is the file as stored for the 3.4 line).
func TestLintHadoopShippedFilesQuiet(t *testing.T) {
	for _, tc := range []struct{ version, dir string }{
		{"2.7", "testdata/lint/real-hadoop-shipped-2.7"},
		{"2.10", "testdata/lint/real-hadoop-shipped-3.3"},
		{"3.1", "testdata/lint/real-hadoop-shipped-3.1"},
		{"3.2", "testdata/lint/real-hadoop-shipped-3.3"},
		{"3.3", "testdata/lint/real-hadoop-shipped-3.3"},
		{"3.4", "testdata/lint/hadoop-default-conf"},
		{"3.4", "testdata/lint/real-hadoop-shipped-3.3"},
	} {
		t.Run(tc.version+"/"+filepath.Base(tc.dir), func(t *testing.T) {
			r := runBinary(t, "", "lint", tc.dir, "--hadoop-version", tc.version, "--fail-on", "warning")
			assert.Equal(t, 0, r.code, r.stdout+r.stderr)
			assert.Contains(t, r.stdout, "0 errors, 0 warnings")
		})
	}
}

// TestLintHadoop1MalformedSiteE2E is issue 20 through the binary: a
// Hadoop 1 directory with a malformed mapred-site.xml is exit 2 naming
// that file, not a YARN lint of the Hadoop 1 capacity-scheduler.xml.
func TestLintHadoop1MalformedSiteE2E(t *testing.T) {
	dir := t.TempDir()
	cs, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata/hadoop1/08-sum-99.9-rejected/capacity-scheduler.xml"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "capacity-scheduler.xml"), cs, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mapred-site.xml"), []byte("<configuration><property><name>mapred.queue.names"), 0o644))
	r := runBinary(t, "", "lint", dir)
	assert.Equal(t, 2, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stderr, "mapred-site.xml")
	assert.NotContains(t, r.stdout, "CS001")
}
