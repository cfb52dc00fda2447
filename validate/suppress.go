package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// ignoreDirective is the comment prefix that silences a rule for the
// property right after it: <!-- capq:ignore CS005,CS017 reason text -->.
const ignoreDirective = "capq:ignore"

// suppression is one capq:ignore comment and the property it guards.
type suppression struct {
	ids    []string
	reason string
	prop   *xmlconf.Property
	pos    xmlconf.Pos
	used   bool
}

// collectSuppressions finds every capq:ignore comment in front of any
// definition of any key (including replaced and refused duplicates).
func collectSuppressions(m *xmlconf.Model, sh *shared) []*suppression {
	if m == nil || m.Conf == nil {
		return nil
	}
	sh.load(m)
	// Only keys whose effective definition has comments, or that were
	// defined more than once (the loader reported them), can carry a
	// directive; checking just those keeps this cheap on 100,000 keys.
	cand := map[string]bool{}
	for i, p := range sh.props {
		if len(p.Comments) > 0 {
			cand[sh.keys[i]] = true
		}
	}
	for _, f := range m.Conf.Findings {
		if f.Property != "" {
			cand[f.Property] = true
		}
	}
	var out []*suppression
	for k := range cand {
		e := m.Conf.Entry(k)
		if e == nil {
			continue
		}
		props := append(append([]*xmlconf.Property{e.Prop}, e.Earlier...), e.Ignored...)
		for _, p := range props {
			if p == nil {
				continue
			}
			for _, c := range p.Comments {
				if s := parseIgnore(c, p); s != nil {
					out = append(out, s)
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return xmlconf.PosLess(out[i].pos, out[j].pos) })
	return out
}

func parseIgnore(c xmlconf.Comment, p *xmlconf.Property) *suppression {
	t := strings.TrimSpace(c.Text)
	if !strings.HasPrefix(t, ignoreDirective) {
		return nil
	}
	rest := strings.TrimSpace(strings.TrimPrefix(t, ignoreDirective))
	idList, reason, _ := strings.Cut(rest, " ")
	s := &suppression{prop: p, pos: c.Pos, reason: strings.TrimSpace(reason)}
	for _, id := range strings.Split(idList, ",") {
		if id = strings.TrimSpace(id); id != "" {
			s.ids = append(s.ids, id)
		}
	}
	return s
}

// matches reports whether s silences f: same property (and file), and f's
// rule named by ID or name.
func (s *suppression) matches(f xmlconf.Finding) bool {
	if s.reason == "" || f.Property != s.prop.Name {
		return false
	}
	if f.File != "" && s.prop.Pos.File != "" && f.File != s.prop.Pos.File {
		return false
	}
	r := Lookup(f.Rule)
	for _, id := range s.ids {
		if strings.EqualFold(id, f.Rule) || (r != nil && strings.EqualFold(id, r.Name)) {
			return true
		}
	}
	return false
}

// applySuppressions removes silenced findings and reports directives that
// are malformed or silence nothing (for rules that actually ran).
func applySuppressions(m *xmlconf.Model, sh *shared, fs []xmlconf.Finding, ran []*Rule) (kept []xmlconf.Finding, supp []Suppressed, extra []xmlconf.Finding) {
	sups := collectSuppressions(m, sh)
	for _, f := range fs {
		silenced := false
		for _, s := range sups {
			if s.matches(f) {
				s.used, silenced = true, true
				supp = append(supp, Suppressed{Finding: f, Reason: s.reason})
				break
			}
		}
		if !silenced {
			kept = append(kept, f)
		}
	}
	ruleSuppression.Check(&Pass{rule: ruleSuppression, out: &extra, shared: sh,
		suppressions: &suppressionRun{sups: sups, ran: ran, lookup: Lookup}})
	return kept, supp, extra
}

// suppressionRun is what LINT001 judges: the run's capq:ignore directives
// once matched against the findings, the rules that ran, and the registry
// lookup (passed in: the rule cannot name the registry it is part of).
type suppressionRun struct {
	sups   []*suppression
	ran    []*Rule
	lookup func(string) *Rule
}

// checkSuppressions is LINT001. It judges the directives applySuppressions
// hands it; in the rule loop of Run there are none yet.
func checkSuppressions(p *Pass) {
	if p.suppressions == nil {
		return
	}
	for _, s := range p.suppressions.sups {
		if msg, hint, bad := p.suppressions.judge(s); bad {
			p.ReportHint(Loc{Pos: s.pos, Property: s.prop.Name}, hint, "%s", msg)
		}
	}
}

// judge says whether a directive is bad: without a reason, naming an
// unknown rule, or matching nothing; one that names a rule that did not
// run (not selected, other version) is left alone.
func (r *suppressionRun) judge(s *suppression) (msg, hint string, bad bool) {
	switch {
	case len(s.ids) == 0:
		return "capq:ignore names no rule", "write <!-- capq:ignore RULE reason -->", true
	case s.reason == "":
		return fmt.Sprintf("capq:ignore %s has no reason", strings.Join(s.ids, ",")),
			"a suppression must say why: <!-- capq:ignore RULE reason -->", true
	}
	for _, id := range s.ids {
		if r.lookup(id) == nil {
			return fmt.Sprintf("capq:ignore names unknown rule %q", id), "see capq rules for the rule IDs", true
		}
	}
	if s.used || !anyRan(s.ids, r.ran) {
		return "", "", false
	}
	return fmt.Sprintf("capq:ignore %s matches no finding on %q", strings.Join(s.ids, ","), s.prop.Name),
		"remove the stale suppression", true
}

func anyRan(ids []string, ran []*Rule) bool {
	for _, r := range ran {
		for _, id := range ids {
			if strings.EqualFold(id, r.ID) || strings.EqualFold(id, r.Name) {
				return true
			}
		}
	}
	return false
}
