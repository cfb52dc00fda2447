package preview

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/safeio"
)

// GateResult is one gate evaluated on both runs. The gate passes or fails
// on the new run; the old run's value and verdict are there to show what
// changed ("was already failing").
type GateResult struct {
	Source  string `json:"source"`
	Gate    string `json:"gate"`
	Subject string `json:"subject"`
	Metric  string `json:"metric"`
	// Unit is "ms", "mb" or "" (a count); every value below is in it.
	Unit string `json:"unit"`
	Op   string `json:"op"`
	// Old and New are the metric's values; OldLimit and NewLimit the
	// right-hand side evaluated on each run (guarantee differs between
	// the two configurations). Null when undefined (no apps).
	Old      *float64 `json:"old"`
	New      *float64 `json:"new"`
	OldLimit *float64 `json:"old_limit"`
	NewLimit *float64 `json:"new_limit"`
	Pass     bool     `json:"pass"`
	// OldPass is the verdict the old run would have had (null when
	// undefined there).
	OldPass *bool  `json:"old_pass"`
	Note    string `json:"note,omitempty"`

	kind Kind
}

// Kind returns the metric's kind for formatting.
func (r GateResult) Kind() Kind { return r.kind }

// Unit returns the JSON unit of a kind.
func (k Kind) Unit() string { return [...]string{"", "ms", "mb"}[k] }

// EvalGates evaluates every gate on the old and new statistics. A gate
// naming a queue or user found in neither run is an error (a typo would
// otherwise pass silently); all such errors come back together.
func EvalGates(gates []Gate, old, new *RunStats) ([]GateResult, []error) {
	var out []GateResult
	var errs []error
	for _, g := range gates {
		subjects := []string{g.Subject}
		if g.Subject == "*" {
			subjects = unionLeaves(old, new)
		}
		for _, subj := range subjects {
			r, err := evalOne(g, subj, old, new)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			out = append(out, r)
		}
	}
	return out, errs
}

// Failed counts failing gates.
func Failed(rs []GateResult) int {
	n := 0
	for _, r := range rs {
		if !r.Pass {
			n++
		}
	}
	return n
}

func unionLeaves(old, new *RunStats) []string {
	seen := map[string]bool{}
	var out []string
	for _, rs := range []*RunStats{new, old} {
		for _, l := range rs.Leaves {
			if !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		}
	}
	return out
}

func lookup(rs *RunStats, subj string) *Stats {
	if name, ok := strings.CutPrefix(subj, "user:"); ok {
		return rs.Users[name]
	}
	return rs.Queues[subj]
}

func evalOne(g Gate, subj string, old, new *RunStats) (GateResult, error) {
	r := GateResult{Source: g.Source, Gate: g.Text, Subject: subj, Metric: g.Metric.Name,
		Unit: g.Metric.Kind.Unit(), Op: g.Op.String(), kind: g.Metric.Kind}
	so, sn := lookup(old, subj), lookup(new, subj)
	if so == nil && sn == nil {
		return r, fmt.Errorf("%s: %s is in neither run%s", g.Source, subjectNoun(subj), subjectHint(subj, old, new))
	}
	ov, ook := g.Metric.Value(so)
	nv, nok := g.Metric.Value(sn)
	ol, olok := evalExpr(&g.RHS, so, ov, ook)
	nl, nlok := evalExpr(&g.RHS, sn, ov, ook)
	r.Old, r.New, r.OldLimit, r.NewLimit = ptr(ov, ook), ptr(nv, nok), ptr(ol, olok), ptr(nl, nlok)
	if ook && olok {
		p := g.Op.holds(ov, ol)
		r.OldPass = &p
	}
	switch {
	case sn == nil:
		r.Note = subjectNoun(subj) + " is not in the new configuration"
	case !nok:
		r.Pass, r.Note = true, "no data in the new run"
	case !nlok:
		r.Pass, r.Note = true, "no old value to compare with"
	default:
		r.Pass = g.Op.holds(nv, nl)
	}
	return r, nil
}

// subjectNoun names a gate's subject, quoted and cut (safeio.Excerpt) as
// every message quotes a line of an input: a gate of a 60 MB queue name
// printed all of it.
func subjectNoun(subj string) string {
	if name, ok := strings.CutPrefix(subj, "user:"); ok {
		return "user " + safeio.Excerpt(name)
	}
	return "queue " + safeio.Excerpt(subj)
}

func subjectHint(subj string, old, new *RunStats) string {
	var names []string
	for _, rs := range []*RunStats{old, new} {
		if strings.HasPrefix(subj, "user:") {
			for u := range rs.Users {
				names = append(names, "user:"+u)
			}
			continue
		}
		names = append(names, rs.Order...)
	}
	sort.Strings(names)
	if s := suggest(subj, names); s != "" {
		return fmt.Sprintf("; did you mean %q?", s)
	}
	return ""
}

// evalExpr evaluates e for one run: guarantee and max are that run's
// queue settings, old is the old run's metric value.
func evalExpr(e *Expr, s *Stats, old float64, oldOK bool) (float64, bool) {
	switch e.Op {
	case 0:
		return e.Val, true
	case 'r':
		switch e.Ref {
		case "old":
			return old, oldOK
		case "guarantee":
			if s == nil {
				return 0, false
			}
			return float64(s.GuaranteedMB), true
		case "max":
			if s == nil {
				return 0, false
			}
			return float64(s.MaxMB), true
		}
		return 0, false
	}
	l, lok := evalExpr(e.L, s, old, oldOK)
	r, rok := evalExpr(e.R, s, old, oldOK)
	if !lok || !rok {
		return 0, false
	}
	switch e.Op {
	case '+':
		return l + r, true
	case '-':
		return l - r, true
	case '*':
		return l * r, true
	}
	if r == 0 {
		return 0, false
	}
	return l / r, true
}

func ptr[T any](v T, ok bool) *T {
	if !ok {
		return nil
	}
	return &v
}
