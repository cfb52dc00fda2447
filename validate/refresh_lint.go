package validate

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// lintRun lints m for v as `capq lint` does: every lint rule, one run,
// whose errors (lintErrors) and warnings (introducedWarnings) a refresh
// reads. A nil model gives an empty result.
func lintRun(m *xmlconf.Model, opts Options, v xmlconf.Version) Result {
	if m == nil {
		return Result{}
	}
	opts.Version = v
	return Run(m, opts)
}

// lintErrors returns the errors of a lint run (lintRun): all of them, as
// `capq lint` finds them for the version, because a rule registered as a
// warning still reports at error where its problem is what makes Hadoop
// refuse the file (CS004's child listed twice, CS027's ignored vector:
// Pass.Refused), and capq:ignore does not hide an error here, because the
// ResourceManager does not read comments. Unless atStart, an error
// refreshQueues does not meet (Rule.AtStartOnly) is kept at warning,
// saying what happens instead (startOnlyOnRefresh).
func lintErrors(res Result, atStart bool) []xmlconf.Finding {
	var out []xmlconf.Finding
	keep := func(f xmlconf.Finding) {
		if f.Severity != xmlconf.SeverityError {
			return
		}
		if r := Lookup(f.Rule); r != nil && r.AtAppOnly {
			if atStart {
				return // the ResourceManager starts with it
			}
			f = appOnlyOnRefresh(r, f)
		} else if !atStart && r != nil && r.AtStartOnly(f) {
			f = startOnlyOnRefresh(f)
		}
		out = append(out, f)
	}
	for _, f := range res.Findings {
		keep(f)
	}
	for _, s := range res.Suppressed {
		f := s.Finding
		f.Hint = "capq:ignore does not stop the ResourceManager: " + f.Hint
		keep(f)
	}
	return out
}

// startOnlyOnRefresh is what a start-only error (Rule.StartOnly) means for
// a refresh: refreshQueues does not read what the rule checks, so it
// accepts the file and the running scheduler keeps what it started with,
// but the ResourceManager will refuse to start with it. It stays in the
// diff at warning, so a reviewer sees the restart that will fail.
func startOnlyOnRefresh(f xmlconf.Finding) xmlconf.Finding {
	f.Severity = xmlconf.SeverityWarning
	f.Hint = joinHints(StartOnlyHint, f.Hint)
	return f
}

// appOnlyOnRefresh is what an error Hadoop meets only when an application
// arrives (Rule.AtAppOnly) means for a refresh: accepted, and a warning of
// what happens then, and of when the refresh meets it after all
// (Rule.OnReload).
func appOnlyOnRefresh(r *Rule, f xmlconf.Finding) xmlconf.Finding {
	f.Severity = xmlconf.SeverityWarning
	lead := AppOnlyHint
	if r.OnReload != "" {
		lead += ", and refreshQueues fails too if " + r.OnReload
	}
	f.Hint = joinHints(lead, f.Hint)
	return f
}

// AppOnlyHint leads the hint of an application-time error in a refresh.
const AppOnlyHint = "a start accepts this; Hadoop fails when such an application arrives"

// reloadCaveats are the caveats of an accepted refresh (Rule.OnReload):
// one per rule, naming the properties it reported, in finding order.
func reloadCaveats(findings []xmlconf.Finding) []string {
	props := map[string][]string{}
	var rules []*Rule
	for _, f := range findings {
		r := Lookup(f.Rule)
		if r == nil || !r.AtAppOnly || r.OnReload == "" || f.Severity != xmlconf.SeverityWarning {
			continue
		}
		if _, seen := props[r.ID]; !seen {
			rules = append(rules, r)
		}
		props[r.ID] = append(props[r.ID], f.Property)
	}
	var out []string
	for _, r := range rules {
		out = append(out, fmt.Sprintf("the refresh fails if %s (%s: %s)", r.OnReload, r.ID, strings.Join(props[r.ID], ", ")))
	}
	return out
}

// StartOnlyHint leads the hint of a start-only error in a refresh.
const StartOnlyHint = "refreshQueues does not read this, so the refresh is accepted and the running scheduler keeps " +
	"what it started with; the ResourceManager's next start fails with this file"

// introducedWarnings are the warnings of NEW's lint that OLD's lint does
// not have for the same rule, queue and property (for a finding about
// neither, the same message): a warning whose value or wording changes on
// the same key is not new.
func introducedWarnings(old, new []xmlconf.Finding) []xmlconf.Finding {
	had := make(map[warningKey]bool, len(old))
	for _, f := range old {
		if f.Severity == xmlconf.SeverityWarning {
			had[keyOfWarning(f)] = true
		}
	}
	var out []xmlconf.Finding
	for _, f := range new {
		if f.Severity == xmlconf.SeverityWarning && !had[keyOfWarning(f)] {
			out = append(out, f)
		}
	}
	return out
}

type warningKey struct{ rule, queue, property, message string }

func keyOfWarning(f xmlconf.Finding) warningKey {
	k := warningKey{rule: f.Rule, queue: f.Queue, property: f.Property}
	if f.Queue == "" && f.Property == "" {
		k.message = f.Message
	}
	return k
}
