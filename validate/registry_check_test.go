package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestEveryRuleHasCheck: every registry entry carries its own logic (issue
// 11): a lint Check (which for loader, runner and migration rules judges
// the facts the reader, the runner or capq migrate recorded), or, for the
// refresh rules, a Refresh check. Exactly one of the two.
func TestEveryRuleHasCheck(t *testing.T) {
	for _, r := range Rules() {
		assert.True(t, (r.Check != nil) != (r.Refresh != nil), "%s needs exactly one of Check and Refresh", r.ID)
	}
}

// TestInternalError: a rule that panics is reported as LINT000 with its
// ID, at LINT000's severity, even when LINT000 is not selected.
func TestInternalError(t *testing.T) {
	var raw []xmlconf.Finding
	sh := &shared{}
	m := &xmlconf.Model{Root: &xmlconf.Queue{Path: "root", Name: "root"}}
	boom := &Rule{ID: "TEST1", Check: func(*Pass) { panic("boom") }}
	runRule(boom, m, Options{File: "cs.xml"}, sh, &raw)
	require.Empty(t, raw)
	reportRuleFailures(&Pass{rule: ruleInternal, out: &raw, file: "cs.xml", shared: sh})
	require.Len(t, raw, 1)
	assert.Equal(t, "LINT000", raw[0].Rule)
	assert.Equal(t, xmlconf.SeverityError, raw[0].Severity)
	assert.Equal(t, "cs.xml", raw[0].File)
	assert.Equal(t, "internal error in rule TEST1: boom", raw[0].Message)
	assert.Contains(t, raw[0].Hint, "please report this with the input file")
}
