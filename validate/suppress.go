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
	sort.SliceStable(out, func(i, j int) bool { return posLess(out[i].pos, out[j].pos) })
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

func posLess(a, b xmlconf.Pos) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Col < b.Col
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
	for _, s := range sups {
		if f, bad := checkSuppression(s, ran); bad {
			extra = append(extra, f)
		}
	}
	return kept, supp, extra
}

// checkSuppression reports a directive without a reason, naming an unknown
// rule, or matching nothing; one that names a rule that did not run (not
// selected, other version) is left alone.
func checkSuppression(s *suppression, ran []*Rule) (xmlconf.Finding, bool) {
	f := xmlconf.Finding{Rule: ruleSuppression.ID, Severity: ruleSuppression.Severity, Pos: s.pos, Property: s.prop.Name}
	switch {
	case len(s.ids) == 0:
		f.Message = "capq:ignore names no rule"
		f.Hint = "write <!-- capq:ignore RULE reason -->"
		return f, true
	case s.reason == "":
		f.Message = fmt.Sprintf("capq:ignore %s has no reason", strings.Join(s.ids, ","))
		f.Hint = "a suppression must say why: <!-- capq:ignore RULE reason -->"
		return f, true
	}
	for _, id := range s.ids {
		if Lookup(id) == nil {
			f.Message = fmt.Sprintf("capq:ignore names unknown rule %q", id)
			f.Hint = "see capq rules for the rule IDs"
			return f, true
		}
	}
	if s.used || !anyRan(s.ids, ran) {
		return f, false
	}
	f.Message = fmt.Sprintf("capq:ignore %s matches no finding on %q", strings.Join(s.ids, ","), s.prop.Name)
	f.Hint = "remove the stale suppression"
	return f, true
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
