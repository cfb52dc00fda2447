package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

// TestLintHadoop1Arg: a Hadoop 1 conf dir is linted with the H1 rules; a
// YARN file is left to the YARN linter.
func TestLintHadoop1Arg(t *testing.T) {
	root := golden.RepoRoot()
	wd, _ := os.Getwd()
	require.NoError(t, os.Chdir(root))
	defer os.Chdir(wd)
	p, err := lintOptions{format: "text", failOn: "error"}.plan(nil)
	require.NoError(t, err)

	res, name, ok, _, err := lintHadoop1Arg(p, "testdata/hadoop1/08-sum-99.9-rejected", xmlconf.ReadOptions{})
	require.True(t, ok)
	require.NoError(t, err)
	assert.Equal(t, "testdata/hadoop1/08-sum-99.9-rejected", name)
	rules := map[string]bool{}
	for _, f := range res.Findings {
		rules[f.Rule] = true
	}
	assert.True(t, rules["H1004"], "Math.floor(99.9) != 100 is what the JobTracker refuses")

	_, _, ok, _, err = lintHadoop1Arg(p, "testdata/hadoop1/05-hierarchical-0.21/mapred-queues.xml", xmlconf.ReadOptions{})
	assert.True(t, ok)
	assert.NoError(t, err)

	_, _, ok, read, _ := lintHadoop1Arg(p, filepath.Join("golden", "migrate", "01-flat-basic.xml"), xmlconf.ReadOptions{})
	assert.False(t, ok, "a YARN file is not Hadoop 1")
	assert.Contains(t, read, filepath.Join("golden", "migrate", "01-flat-basic.xml"), "its bytes are kept for the YARN lint: read once")
	_, _, ok, _, _ = lintHadoop1Arg(p, "testdata/seeds-example", xmlconf.ReadOptions{})
	assert.False(t, ok)
}

// TestLintHadoop1ArgMalformedSite is issue 20: a Hadoop 1 dir whose
// mapred-site.xml is malformed was linted as YARN (CS001 on the Hadoop 1
// capacity-scheduler.xml); the malformed file is reported instead.
func TestLintHadoop1ArgMalformedSite(t *testing.T) {
	dir := t.TempDir()
	cs, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata/hadoop1/08-sum-99.9-rejected/capacity-scheduler.xml"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "capacity-scheduler.xml"), cs, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "mapred-site.xml"), []byte("<configuration><property><name>mapred.queue.names</name>"), 0o644))
	p, err := lintOptions{format: "text", failOn: "error"}.plan(nil)
	require.NoError(t, err)
	_, _, ok, _, err := lintHadoop1Arg(p, dir, xmlconf.ReadOptions{})
	assert.True(t, ok, "still a Hadoop 1 set")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "mapred-site.xml")
}

// TestLintHadoop1ArgHonoursMaxFileSize: the detection reads within
// --max-file-size like every other input (issue 11: it parsed every file
// fully, ignoring the limit).
func TestLintHadoop1ArgHonoursMaxFileSize(t *testing.T) {
	p, err := lintOptions{format: "text", failOn: "error"}.plan(nil)
	require.NoError(t, err)
	_, _, ok, _, err := lintHadoop1Arg(p, filepath.Join(golden.RepoRoot(), "testdata/hadoop1/08-sum-99.9-rejected"), xmlconf.ReadOptions{MaxBytes: 50})
	assert.True(t, ok)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "larger than the limit")
}
