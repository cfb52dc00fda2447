package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestReportAdd: two inputs sharing a yarn-site.xml and running the same
// rules give each file and rule once, and every finding.
func TestReportAdd(t *testing.T) {
	r := &Rule{ID: "x"}
	var rep Report
	rep.Add(Result{Findings: []xmlconf.Finding{{Rule: "x", Queue: "a"}}, Rules: []*Rule{r}, Suppressed: []Suppressed{{}}}, []string{"a.xml", "yarn-site.xml"})
	rep.Add(Result{Findings: []xmlconf.Finding{{Rule: "x", Queue: "b"}}, Rules: []*Rule{r}}, []string{"b.xml", "yarn-site.xml"})
	assert.Equal(t, []string{"a.xml", "yarn-site.xml", "b.xml"}, rep.Files)
	assert.Len(t, rep.Findings, 2)
	assert.Equal(t, []*Rule{r}, rep.Rules)
	assert.Equal(t, 1, rep.Suppressed)
}

// TestFormatUsuallyPublic: SARIF and GitHub output ends up public.
func TestFormatUsuallyPublic(t *testing.T) {
	for _, f := range []Format{FormatText, FormatJSON, FormatSARIF, FormatGitHub, FormatJUnit} {
		assert.Equal(t, f == FormatSARIF || f == FormatGitHub, f.UsuallyPublic(), f.String())
	}
}

// TestReportFinish: findings of several inputs are sorted across them,
// and names under the working directory become relative; one input whose
// names stay is left in Run's order.
func TestReportFinish(t *testing.T) {
	at := func(file string, line int) xmlconf.Finding {
		return xmlconf.Finding{Rule: "x", Pos: xmlconf.Pos{File: file, Line: line}}
	}
	rep := Report{Files: []string{"b.xml", "a.xml"}, Findings: []xmlconf.Finding{at("b.xml", 1), at("a.xml", 2)}}
	rep.Finish()
	assert.Equal(t, []xmlconf.Finding{at("a.xml", 2), at("b.xml", 1)}, rep.Findings)

	wd, err := os.Getwd()
	require.NoError(t, err)
	rep = Report{Files: []string{"c.xml"}, Findings: []xmlconf.Finding{at(filepath.Join(wd, "c.xml"), 9), at("c.xml", 1)}}
	rep.Finish()
	assert.Equal(t, []xmlconf.Finding{at("c.xml", 1), at("c.xml", 9)}, rep.Findings, "renamed, so sorted again")

	one := []xmlconf.Finding{at("c.xml", 9), at("c.xml", 1)}
	rep = Report{Files: []string{"c.xml"}, Findings: one}
	rep.Finish()
	assert.Equal(t, []xmlconf.Finding{at("c.xml", 9), at("c.xml", 1)}, rep.Findings, "one input keeps Run's order")
}

// TestFormatNames: every name parses to its format; diff takes all but
// JUnit.
func TestFormatNames(t *testing.T) {
	for _, n := range FormatNames() {
		f, err := ParseFormat(n)
		require.NoError(t, err)
		assert.Equal(t, n, f.String())
	}
	assert.Equal(t, []string{"text", "json", "sarif", "github"}, DiffFormatNames())
	_, err := ParseDiffFormat("junit")
	assert.ErrorContains(t, err, "no JUnit form")
	f, err := ParseDiffFormat("SARIF")
	require.NoError(t, err)
	assert.Equal(t, FormatSARIF, f)
	names := FormatNames()
	names[0] = "changed"
	assert.Equal(t, "text", FormatNames()[0], "a copy: callers cannot change the table")
}
