package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestHadoop1RulesJudgeFacts: the reader's H1 facts carry no severity of
// their own; the rule declared in validate stamps it, a softer variant
// keeps its lower severity, and a YARN lint never runs Hadoop 1 rules
// (issue 11: one place declares each ID and severity, beside its check).
func TestHadoop1RulesJudgeFacts(t *testing.T) {
	m := &xmlconf.H1Model{Findings: []xmlconf.Finding{
		{Rule: xmlconf.RuleH1CapacitySum, Message: "sum"},
		{Rule: xmlconf.RuleH1Fallback, Severity: xmlconf.SeverityInfo, Message: "fallback to the default, same value"},
		{Rule: xmlconf.RuleDuplicate, Severity: xmlconf.SeverityWarning, Message: "loader"},
	}}
	got := map[string]xmlconf.Severity{}
	for _, f := range JudgeHadoop1(m) {
		got[f.Rule] = f.Severity
	}
	assert.Equal(t, xmlconf.SeverityError, got[xmlconf.RuleH1CapacitySum])
	assert.Equal(t, xmlconf.SeverityInfo, got[xmlconf.RuleH1Fallback])
	assert.Equal(t, xmlconf.SeverityWarning, got[xmlconf.RuleDuplicate])
	for _, r := range Rules() {
		if r.Category == CatHadoop1 && r.ID[:3] != "H1M" {
			assert.NotNil(t, r.Check, "%s judges its facts", r.ID)
			assert.False(t, r.lintRule(), "%s does not run on YARN models", r.ID)
		}
	}
}

// TestLoaderRulesJudgeFacts: the XML loader records XML001/XML002/XML005
// without a severity (the same-value repeat as info); the rules declare it.
func TestLoaderRulesJudgeFacts(t *testing.T) {
	c := xmlconf.FromMap(map[string]string{xmlconf.Prefix + "root.queues": "a"}, "x")
	m := xmlconf.Build(c, xmlconf.BuildOptions{})
	m.Findings = append(m.Findings,
		xmlconf.Finding{Rule: xmlconf.RuleDuplicate, Message: "differs"},
		xmlconf.Finding{Rule: xmlconf.RuleFinalOverride, Message: "final"},
		xmlconf.Finding{Rule: xmlconf.RuleIncludeFallbak, Message: "fallback"})
	got := map[string]xmlconf.Severity{}
	for _, f := range Lint(m, Options{Enable: []string{"loader"}}) {
		got[f.Rule+" "+f.Message] = f.Severity
	}
	assert.Equal(t, xmlconf.SeverityWarning, got["XML001 differs"])
	assert.Equal(t, xmlconf.SeverityWarning, got["XML002 final"])
	assert.Equal(t, xmlconf.SeverityInfo, got["XML005 fallback"])
}

// TestH1RefusalsAreErrors keeps validate's H1 severities in step with the
// reader's fact of which configurations the JobTracker refuses (the
// Hadoop 1 engine reads that fact directly, below validate).
func TestH1RefusalsAreErrors(t *testing.T) {
	for _, r := range Rules() {
		if r.Category != CatHadoop1 || r.ID[:3] == "H1M" {
			continue
		}
		assert.Equal(t, xmlconf.IsH1Refusal(r.ID), r.Severity == xmlconf.SeverityError, r.ID)
	}
}
