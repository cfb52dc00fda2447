package validate

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Options select what Lint checks.
type Options struct {
	// Version is the Hadoop profile (zero: the model's, else the default).
	Version xmlconf.Version
	// Enable, when non-empty, runs only the rules it names (IDs, names or
	// categories, see Rule.Matches); Disable then removes rules from that
	// set. Unknown names are an error from CheckSelectors, not here.
	Enable, Disable []string
	// Policy overrides severities or turns rules off (nil: none).
	Policy *Policy
	// File is attributed to findings that carry no position (typically
	// the capacity-scheduler.xml being linted).
	File string
	// Hadoop1Dialect forces the dialect of a Hadoop 1 input (capq lint
	// --source-dialect); H1DialectUnknown detects it from the keys.
	Hadoop1Dialect xmlconf.H1Dialect
}

// Suppressed is a finding silenced by a capq:ignore comment, with its reason.
type Suppressed struct {
	Finding xmlconf.Finding
	Reason  string
}

// Result is everything one Lint run produced.
type Result struct {
	// Findings are sorted and de-duplicated; suppressed ones are left out.
	Findings []xmlconf.Finding
	// Suppressed lists the findings silenced by capq:ignore.
	Suppressed []Suppressed
	// Rules are the rules that ran, in registry order (for JUnit/SARIF).
	Rules []*Rule
}

// Lint runs every selected rule on m and returns the findings, sorted and
// de-duplicated, with capq:ignore suppressions and the policy applied.
func Lint(m *xmlconf.Model, opts Options) []xmlconf.Finding {
	return Run(m, opts).Findings
}

// Run is Lint with the suppressed findings and the rules that ran.
func Run(m *xmlconf.Model, opts Options) Result {
	if opts.Version == (xmlconf.Version{}) {
		opts.Version = m.Version
	}
	if opts.Version == (xmlconf.Version{}) {
		opts.Version = xmlconf.DefaultVersion
	}
	var res Result
	var raw []xmlconf.Finding
	sh := &shared{}
	// On an unrendered template XML011 says it all (validate/rules_template.go).
	template := skipsQueueRules(m, opts)
	for _, r := range Rules() {
		if !selected(r, opts) || !r.AppliesTo(opts.Version) || !r.lintRule() || opts.Policy.Disabled(r.ID) {
			continue
		}
		if template && r.Category != CatLoader {
			continue
		}
		res.Rules = append(res.Rules, r)
		if r.Check != nil && r != ruleInternal && r != ruleSuppression {
			// LINT000 and LINT001 judge the run itself, below and in
			// applySuppressions.
			runRule(r, m, opts, sh, &raw)
		}
	}
	// LINT000 reports the rules that failed whatever the selection: a
	// broken rule is never hidden.
	ruleInternal.Check(&Pass{rule: ruleInternal, out: &raw, file: opts.File, shared: sh})
	raw = append(raw, loaderFindings(m, opts)...)
	// The one sort of the run (issue 11): suppressions and the policy keep
	// the order, and the few unused-suppression findings are merged in.
	raw = xmlconf.SortFindings(raw)
	kept, supp, unused := applySuppressions(m, sh, raw, res.Rules)
	res.Suppressed = supp
	kept = xmlconf.MergeFindings(kept, xmlconf.SortFindings(unused))
	res.Findings = applyPolicy(kept, opts.Policy)
	return res
}

// runRule runs one rule and records a panic as a fact for LINT000 so one
// broken rule never takes the whole run (or a CI job) down; FuzzLint
// fails on it.
func runRule(r *Rule, m *xmlconf.Model, opts Options, sh *shared, out *[]xmlconf.Finding) {
	p := &Pass{Model: m, Version: opts.Version, rule: r, out: out, file: opts.File, shared: sh}
	defer func() {
		if e := recover(); e != nil {
			sh.failures = append(sh.failures, ruleFailure{rule: r.ID, value: e, stack: firstLine(string(debug.Stack()))})
		}
	}()
	if m == nil || m.Root == nil {
		return
	}
	r.Check(p)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// loaderFindings returns the XML loader's findings (XML00x) for the rules
// that are selected, with the file filled in when missing.
func loaderFindings(m *xmlconf.Model, opts Options) []xmlconf.Finding {
	if m == nil {
		return nil
	}
	var src []xmlconf.Finding
	if m.Conf != nil {
		src = append(src, m.Conf.Findings...)
	}
	src = append(src, m.Findings...)
	var out []xmlconf.Finding
	for _, f := range src {
		r := Lookup(f.Rule)
		if r != nil && (!selected(r, opts) || r.Check != nil) {
			continue // not selected, or judged by the rule's Check
		}
		if f.File == "" {
			f.File = opts.File
		}
		out = append(out, f)
	}
	return out
}

// selected applies Enable and Disable to r.
func selected(r *Rule, opts Options) bool {
	if len(opts.Enable) > 0 && !matchesAny(r, opts.Enable) {
		return false
	}
	return !matchesAny(r, opts.Disable)
}

func matchesAny(r *Rule, sels []string) bool {
	for _, s := range sels {
		if r.Matches(s) {
			return true
		}
	}
	return false
}

// CheckSelectors returns an error naming every selector that matches no
// rule, so a typo in --enable/--disable is a usage error, not a silent no-op.
func CheckSelectors(sels []string) error {
	var bad []string
	for _, s := range sels {
		found := false
		for _, r := range Rules() {
			if r.Matches(s) {
				found = true
				break
			}
		}
		if !found {
			// Quoted: a stray comma gave "unknown rule(s) , , ,".
			bad = append(bad, fmt.Sprintf("%q", s))
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("unknown rule(s) %s (see capq rules)", strings.Join(bad, ", "))
	}
	return nil
}

// applyPolicy drops rules the policy turns off and restamps severities.
func applyPolicy(fs []xmlconf.Finding, pol *Policy) []xmlconf.Finding {
	if pol == nil {
		return fs
	}
	out := fs[:0]
	for _, f := range fs {
		sev, off := pol.severityFor(f.Rule)
		if off {
			continue
		}
		if sev != 0 {
			f.Severity = sev
		}
		out = append(out, f)
	}
	return out
}

// lintRule reports whether Lint runs (or reports for) the rule on a YARN
// model: rules with a Check, and the loader/runner rules. Hadoop 1 rules
// run in LintHadoop1 (migration H1Mxx in JudgeMigration); refresh rules
// (a Refresh check, no Check) in Refresh.
func (r *Rule) lintRule() bool {
	return r.Category != CatHadoop1 && (r.Check != nil || r.Category == CatLoader)
}
