package validate

import "github.com/capq/capq/xmlconf"

// LintHadoop1 is Run for a Hadoop 1 file set: the findings of
// xmlconf.ParseHadoop1 (H1xxx rules plus the loader's XML00x), with the
// rule selection and the policy of opts applied, sorted. capq lint calls
// it when xmlconf.IsHadoop1Set says its inputs are a Hadoop 1 set.
func LintHadoop1(m *xmlconf.H1Model, opts Options) Result {
	var res Result
	for _, r := range Rules() {
		if (r.Category == CatHadoop1 || r.Category == CatLoader) && selected(r, opts) {
			res.Rules = append(res.Rules, r)
		}
	}
	var kept []xmlconf.Finding
	for _, f := range m.Findings {
		r := Lookup(f.Rule)
		if r != nil && !selected(r, opts) {
			continue
		}
		kept = append(kept, f)
	}
	res.Findings = xmlconf.SortFindings(applyPolicy(kept, opts.Policy))
	return res
}
