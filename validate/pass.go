package validate

import (
	"fmt"
	"github.com/capq/capq/placement"

	"github.com/capq/capq/xmlconf"
)

// Pass is what a rule sees: the model, the version profile, and the way
// to report. One Pass exists per rule per Lint call.
type Pass struct {
	Model *xmlconf.Model
	// H1 is the Hadoop 1 file set being linted (nil for YARN): the
	// Hadoop 1 rules judge its facts.
	H1      *xmlconf.H1Model
	Version xmlconf.Version
	rule    *Rule
	out     *[]xmlconf.Finding
	// file is used for findings that have no position of their own.
	file string
	// shared holds what several rules need, computed once per run.
	shared *shared
	// facts are what capq migrate hadoop1 observed (JudgeMigration).
	facts []xmlconf.Finding
	// suppressions are the run's capq:ignore directives (LINT001).
	suppressions *suppressionRun
}

// sh returns the run's shared cache, creating one for a Pass built outside
// Run (the refresh engine builds Passes for their location helpers).
func (p *Pass) sh() *shared {
	if p.shared == nil {
		p.shared = &shared{}
	}
	return p.shared
}

// shared caches per-run data: the keys (unsorted; findings are sorted
// at the end) of a 100,000-property file
// cost more to sort than most rules cost to run.
type shared struct {
	keys  []string
	props []*xmlconf.Property
	// withVars indexes keys whose value has a ${var} (XML003/XML004).
	withVars []int
	// suggestions memoises "did you mean" per unknown suffix: a hostile
	// file repeats one typo on thousands of queues.
	suggestions map[string]string
	// byName maps a short queue name to its first queue (mappings).
	byName map[string]*xmlconf.Queue
	// failures are the rules that panicked (LINT000).
	failures []ruleFailure
	// mapping is the mapping rules as placement.Load read them, for the
	// six rules that judge them (mappingRules): one reading of a JSON
	// rule file, not six.
	mapping *mappingLoad
}

type mappingLoad struct {
	set   *placement.Set
	probs []placement.Problem
}

// suggestion returns f(s), computed once per s.
func (s *shared) suggestion(key string, f func() string) string {
	if v, ok := s.suggestions[key]; ok {
		return v
	}
	if s.suggestions == nil {
		s.suggestions = map[string]string{}
	}
	v := f()
	s.suggestions[key] = v
	return v
}

// queueByName returns the first queue (depth first) with short name or
// path name.
func (s *shared) queueByName(m *xmlconf.Model, name string) *xmlconf.Queue {
	if q := m.Queue(name); q != nil {
		return q
	}
	if s.byName == nil {
		s.byName = map[string]*xmlconf.Queue{}
		for _, q := range m.Queues {
			if _, ok := s.byName[q.Name]; !ok {
				s.byName[q.Name] = q
			}
		}
	}
	return s.byName[name]
}

func (s *shared) load(m *xmlconf.Model) {
	if s.keys != nil || m == nil || m.Conf == nil {
		return
	}
	s.keys = make([]string, 0, m.Conf.Len())
	s.props = make([]*xmlconf.Property, 0, cap(s.keys))
	m.Conf.Each(func(k string, p *xmlconf.Property) {
		if xmlconf.HasVariable(p.Value) {
			s.withVars = append(s.withVars, len(s.keys))
		}
		s.keys = append(s.keys, k)
		s.props = append(s.props, p)
	})
}

// Loc is where a finding points: a queue and/or a property, with the
// position of the property (or of the queue's declaration).
type Loc struct {
	Pos      xmlconf.Pos
	Queue    string
	Property string
}

// Report records a finding at the rule's severity: Hadoop of this profile
// rejects the configuration (or, for lint-only rules, the rule's default).
func (p *Pass) Report(at Loc, format string, args ...any) {
	p.add(p.rule.Severity, at, "", format, args...)
}

// ReportHint is Report with a hint line.
func (p *Pass) ReportHint(at Loc, hint, format string, args ...any) {
	p.add(p.rule.Severity, at, hint, format, args...)
}

// Accepted records a finding for something this profile's Hadoop accepts
// silently although the rule's severity is error elsewhere: it is reported
// at warning (or lower, if the rule's own severity is lower).
func (p *Pass) Accepted(at Loc, hint, format string, args ...any) {
	sev := p.rule.Severity
	if sev > xmlconf.SeverityWarning {
		sev = xmlconf.SeverityWarning
	}
	p.add(sev, at, hint, format, args...)
}

// Refused records a finding at error: the rule's own problem is harmless
// elsewhere, but here it is what makes Hadoop refuse the configuration
// (the hint says how). Used where another rule's error would only restate it.
func (p *Pass) Refused(at Loc, hint, format string, args ...any) {
	p.add(xmlconf.SeverityError, at, hint, format, args...)
}

func (p *Pass) add(sev xmlconf.Severity, at Loc, hint, format string, args ...any) {
	pos := at.Pos
	if pos.File == "" {
		pos.File = p.file
	}
	*p.out = append(*p.out, xmlconf.Finding{
		Rule: p.rule.ID, Severity: sev, Pos: pos, Queue: at.Queue, Property: at.Property,
		Message: fmt.Sprintf(format, args...), Hint: hint,
	})
}

// AtProp locates a queue's property by suffix; when the queue does not set
// it, the finding points at where the queue is declared.
func (p *Pass) AtProp(q *xmlconf.Queue, suffix string) Loc {
	if pr := q.Props[suffix]; pr != nil {
		return Loc{Pos: pr.NamePos, Queue: q.Path, Property: pr.Name}
	}
	return p.AtQueue(q)
}

// AtProperty locates a property given directly (nil: the queue).
func (p *Pass) AtProperty(q *xmlconf.Queue, pr *xmlconf.Property) Loc {
	if pr == nil {
		if q == nil {
			return Loc{}
		}
		return p.AtQueue(q)
	}
	l := Loc{Pos: pr.NamePos, Property: pr.Name}
	if q != nil {
		l.Queue = q.Path
	}
	return l
}

// AtQueue locates a queue: its parent's "queues" property (where it is
// declared), or root.queues / the file for root.
func (p *Pass) AtQueue(q *xmlconf.Queue) Loc {
	l := Loc{Queue: q.Path}
	switch {
	case q.Parent != nil && q.Parent.ChildrenProp != nil:
		l.Pos, l.Property = q.Parent.ChildrenProp.ValuePos, q.Parent.ChildrenProp.Name
	case q.ChildrenProp != nil:
		l.Pos, l.Property = q.ChildrenProp.NamePos, q.ChildrenProp.Name
	}
	return l
}

// AtKey locates a global key (nil position when unset).
func (p *Pass) AtKey(key string) Loc {
	if p.Model.Conf != nil {
		if pr, ok := p.Model.Conf.Lookup(key); ok {
			return Loc{Pos: pr.NamePos, Property: key}
		}
	}
	return Loc{Property: key}
}

// AtValue locates where a Value was set (the queue when it is a default).
func AtValue[T any](p *Pass, q *xmlconf.Queue, v xmlconf.Value[T]) Loc {
	if v.Prop != nil {
		return p.AtProperty(q, v.Prop)
	}
	if q != nil {
		return p.AtQueue(q)
	}
	return Loc{}
}
