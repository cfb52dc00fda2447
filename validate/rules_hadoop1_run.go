package validate

import "github.com/capq/capq/xmlconf"

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
		if r.Check != nil {
			p := &Pass{H1: m, Version: opts.Version, rule: r, out: &raw, file: opts.File, shared: sh}
			r.Check(p)
		}
	}
	for _, f := range m.Findings {
		if r := Lookup(f.Rule); r != nil && (!selected(r, opts) || r.Check != nil) {
			continue // not selected, or judged by the rule's Check above
		}
		raw = append(raw, f)
	}
	res.Findings = applyPolicy(xmlconf.SortFindings(raw), opts.Policy)
	return res
}

// JudgeHadoop1 returns every finding of a Hadoop 1 file set, judged by the
// Hadoop 1 rules at their severities (capq migrate hadoop1's report).
func JudgeHadoop1(m *xmlconf.H1Model) []xmlconf.Finding {
	return LintHadoop1(m, Options{}).Findings
}
