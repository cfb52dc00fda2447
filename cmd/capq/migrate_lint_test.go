package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
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

	res, name, ok, err := lintHadoop1Arg(p, "testdata/hadoop1/08-sum-99.9-rejected")
	require.True(t, ok)
	require.NoError(t, err)
	assert.Equal(t, "testdata/hadoop1/08-sum-99.9-rejected", name)
	rules := map[string]bool{}
	for _, f := range res.Findings {
		rules[f.Rule] = true
	}
	assert.True(t, rules["H1004"], "Math.floor(99.9) != 100 is what the JobTracker refuses")

	_, _, ok, err = lintHadoop1Arg(p, "testdata/hadoop1/05-hierarchical-0.21/mapred-queues.xml")
	assert.True(t, ok)
	assert.NoError(t, err)

	_, _, ok, _ = lintHadoop1Arg(p, filepath.Join("golden", "migrate", "01-flat-basic.xml"))
	assert.False(t, ok, "a YARN file is not Hadoop 1")
	_, _, ok, _ = lintHadoop1Arg(p, "testdata/seeds-example")
	assert.False(t, ok)
}
