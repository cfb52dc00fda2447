package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

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
