package validate

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

// TestLintHadoop1: every finding of the Hadoop 1 parser is a registered
// rule; --disable and the policy apply as for YARN files.
func TestLintHadoop1(t *testing.T) {
	dir := filepath.Join(golden.RepoRoot(), "testdata", "hadoop1", "04-parsing-quirks")
	var paths []string
	for _, f := range []string{"mapred-site.xml", "mapred-queue-acls.xml", "capacity-scheduler.xml"} {
		paths = append(paths, filepath.Join(dir, f))
	}
	m, err := xmlconf.LoadHadoop1Set(paths, xmlconf.ReadOptions{})
	require.NoError(t, err)
	res := LintHadoop1(m, Options{})
	require.NotEmpty(t, res.Findings)
	for _, f := range res.Findings {
		assert.NotNil(t, Lookup(f.Rule), "rule %s is not registered", f.Rule)
	}
	without := LintHadoop1(m, Options{Disable: []string{"h1-silent-default"}})
	for _, f := range without.Findings {
		assert.NotEqual(t, xmlconf.RuleH1Fallback, f.Rule)
	}
	assert.Less(t, len(without.Findings), len(res.Findings))
}
