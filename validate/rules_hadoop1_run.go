package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// LintHadoop1 is Run for a Hadoop 1 file set: each selected Hadoop 1 rule
// judges the facts xmlconf.ParseHadoop1 reported (judgeH1Facts), the
// loader's findings (XML00x) pass through, and the rule selection and the
// policy of opts apply; sorted once. capq lint calls it when
// xmlconf.DetectHadoop1 says its inputs are a Hadoop 1 set.
func LintHadoop1(m *xmlconf.H1Model, opts Options) Result {
	var res Result
	var raw []xmlconf.Finding
	sh := &shared{}
	for _, r := range Rules() {
		if (r.Category != CatHadoop1 && r.Category != CatLoader) || !selected(r, opts) {
			continue
		}
		res.Rules = append(res.Rules, r)
		if r.Category == CatHadoop1 && r.Check != nil {
			p := &Pass{H1: m, Version: opts.Version, rule: r, out: &raw, file: opts.File, shared: sh}
			r.Check(p)
		}
	}
	for _, f := range m.Findings {
		if isH1Fact(f) {
			continue // judged above
		}
		if r := Lookup(f.Rule); r != nil && !selected(r, opts) {
			continue
		}
		raw = append(raw, f)
	}
	res.Findings = applyPolicy(xmlconf.SortFindings(raw), opts.Policy)
	return res
}

// isH1Fact reports whether f is a fact for a registered Hadoop 1 rule.
func isH1Fact(f xmlconf.Finding) bool {
	if !strings.HasPrefix(f.Rule, "H1") || strings.HasPrefix(f.Rule, "H1M") {
		return false
	}
	r := Lookup(f.Rule)
	return r != nil && r.Category == CatHadoop1
}

// JudgeHadoop1 returns every finding of a Hadoop 1 file set, judged by the
// Hadoop 1 rules at their severities (capq migrate hadoop1's report).
func JudgeHadoop1(m *xmlconf.H1Model) []xmlconf.Finding {
	return LintHadoop1(m, Options{}).Findings
}
