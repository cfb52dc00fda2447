package validate

import (
	"os"
	"path/filepath"
	"strings"
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

// TestHadoop1RuleCases: every H1 rule fails on at least one case under
// testdata/hadoop1 and passes on at least one other, like the registry
// test asks of the YARN rules.
func TestHadoop1RuleCases(t *testing.T) {
	base := filepath.Join(golden.RepoRoot(), "testdata", "hadoop1")
	entries, err := os.ReadDir(base)
	require.NoError(t, err)
	fired := map[string]map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(base, e.Name())
		var p xmlconf.H1Paths
		for dst, name := range map[*string]string{&p.MapredSite: "mapred-site.xml", &p.CapacityScheduler: "capacity-scheduler.xml",
			&p.QueueACLs: "mapred-queue-acls.xml", &p.MapredQueues: "mapred-queues.xml"} {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				*dst = filepath.Join(dir, name)
			}
		}
		m, err := xmlconf.LoadHadoop1(p, xmlconf.ReadOptions{})
		require.NoError(t, err, e.Name())
		fired[e.Name()] = map[string]bool{}
		for _, f := range LintHadoop1(m, Options{}).Findings {
			fired[e.Name()][f.Rule] = true
		}
	}
	for _, r := range Rules() {
		if r.Category != CatHadoop1 || strings.HasPrefix(r.ID, "H1M") {
			continue
		}
		failing, passing := false, false
		for _, rules := range fired {
			failing = failing || rules[r.ID]
			passing = passing || !rules[r.ID]
		}
		assert.True(t, failing, "%s (%s) has no failing case in testdata/hadoop1", r.ID, r.Name)
		assert.True(t, passing, "%s (%s) has no passing case in testdata/hadoop1", r.ID, r.Name)
	}
}
