package validate

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Report is what the renderers print: the findings of one run over one or
// more files. The diff engineer's `capq diff` builds one too, so every
// output format works the same for lint and refresh findings.
type Report struct {
	// Tool names the command in SARIF/JUnit ("capq lint"); Version is
	// capq's version (empty: "dev").
	Tool, Version string
	// Files are the inputs, as given (relative paths keep output portable).
	Files []string
	// Findings, sorted (see xmlconf.SortFindings).
	Findings []xmlconf.Finding
	// Rules are the rules that ran, for SARIF rule metadata and JUnit test
	// cases; rules named by findings but missing here are looked up.
	Rules []*Rule
	// Suppressed counts findings silenced by capq:ignore.
	Suppressed int
	// Baselined counts findings left out because --baseline records them.
	Baselined int
	// FailOn is the level at or above which findings fail the run (JUnit
	// failures); zero means error.
	FailOn xmlconf.Severity
	// Unread are the inputs the run could not read (it exits 2); the CI
	// formats report them beside the findings.
	Unread []Unread
}

// Format is an output format of `capq lint` (and `capq diff`).
type Format int

// Output formats.
const (
	FormatText Format = iota
	FormatJSON
	FormatSARIF
	FormatGitHub
	FormatJUnit
)

var formatNames = []string{"text", "json", "sarif", "github", "junit"}

// String returns the flag spelling of the format.
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("format(%d)", int(f))
}

// UsuallyPublic reports whether findings in format f usually end up
// public (SARIF uploads, GitHub annotations): there capq treats the input
// as untrusted unless --untrusted=false says otherwise.
func (f Format) UsuallyPublic() bool {
	return f == FormatSARIF || f == FormatGitHub
}

// ParseFormat reads a --format value.
func ParseFormat(s string) (Format, error) {
	for i, n := range formatNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Format(i), nil
		}
	}
	return 0, fmt.Errorf("unknown format %q (want %s)", s, strings.Join(formatNames, ", "))
}

// FormatNames are the formats Write renders (capq lint --format), as
// they are spelled.
func FormatNames() []string { return slices.Clone(formatNames) }

// DiffFormatNames are the formats WriteDiff renders: every format but
// JUnit (a refresh verdict is not a test suite).
func DiffFormatNames() []string {
	return slices.DeleteFunc(FormatNames(), func(n string) bool { return n == FormatJUnit.String() })
}

// ParseDiffFormat is ParseFormat for WriteDiff, which has no JUnit form.
func ParseDiffFormat(s string) (Format, error) {
	f, err := ParseFormat(s)
	if err == nil && f == FormatJUnit {
		err = fmt.Errorf("format %q: a refresh has no JUnit form (want %s)", s, strings.Join(DiffFormatNames(), ", "))
	}
	return f, err
}

// RenderOptions tune the renderers.
type RenderOptions struct {
	// Colour enables ANSI colours in text output (the caller decides:
	// only on a terminal and never with NO_COLOR).
	Colour bool
}

// Write renders r in format f.
func Write(w io.Writer, f Format, r Report, o RenderOptions) error {
	switch f {
	case FormatJSON:
		return WriteJSON(w, r)
	case FormatSARIF:
		return WriteSARIF(w, r)
	case FormatGitHub:
		return WriteGitHub(w, r)
	case FormatJUnit:
		return WriteJUnit(w, r)
	}
	return WriteText(w, r, o)
}

// Counts returns the number of errors, warnings and infos.
func (r Report) Counts() (errors, warnings, infos int) {
	for _, f := range r.Findings {
		switch f.Severity {
		case xmlconf.SeverityError:
			errors++
		case xmlconf.SeverityWarning:
			warnings++
		default:
			infos++
		}
	}
	return
}

// Failed reports whether any finding is at or above the fail level.
func (r Report) Failed() bool {
	for _, f := range r.Findings {
		if f.Severity >= r.failOn() {
			return true
		}
	}
	return false
}

func (r Report) failOn() xmlconf.Severity {
	if r.FailOn == 0 {
		return xmlconf.SeverityError
	}
	return r.FailOn
}

func (r Report) tool() string {
	if r.Tool == "" {
		return "capq lint"
	}
	return r.Tool
}

// ruleFor returns the rule for a finding: from r.Rules, else the registry,
// else a stub so renderers never fail on an unknown ID.
func (r Report) ruleFor(id string) *Rule {
	for _, x := range r.Rules {
		if x.ID == id {
			return x
		}
	}
	if x := Lookup(id); x != nil {
		return x
	}
	return &Rule{ID: id, Name: strings.ToLower(id), Severity: xmlconf.SeverityWarning, Docs: Docs{Summary: id}}
}

// allRules returns r.Rules plus any rule named by a finding, in registry
// order (then by ID for unregistered ones).
func (r Report) allRules() []*Rule {
	seen := map[string]bool{}
	var out []*Rule
	for _, x := range r.Rules {
		if !seen[x.ID] {
			seen[x.ID] = true
			out = append(out, x)
		}
	}
	var extra []string
	for _, f := range r.Findings {
		if !seen[f.Rule] {
			seen[f.Rule] = true
			extra = append(extra, f.Rule)
		}
	}
	sortStrings(extra)
	for _, id := range extra {
		out = append(out, r.ruleFor(id))
	}
	return out
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// allFiles returns r.Files then every other file a finding names (a
// yarn-site.xml read beside a capacity-scheduler.xml, a Hadoop 1 file
// set), so "N files" counts every file the findings are in.
func (r Report) allFiles() []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range r.Files {
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	for _, f := range r.Findings {
		if f.File != "" && !seen[f.File] {
			seen[f.File] = true
			out = append(out, f.File)
		}
	}
	return out
}

// severityFirst returns the findings errors first, then warnings, then
// infos, each in report order. GitHub shows at most 10 annotations of
// each type per step, so the ones that fail the build must come first.
func (r Report) severityFirst() []xmlconf.Finding {
	out := append([]xmlconf.Finding(nil), r.Findings...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Severity > out[j].Severity })
	return out
}

// Add merges one input's result into rep: its files (each once, since a
// --yarn-site may be shared by every input), findings (unsorted: Finish
// sorts them after the last Add), suppressed count and rules (each once).
func (rep *Report) Add(res Result, files []string) {
	for _, n := range files {
		if !slices.Contains(rep.Files, n) {
			rep.Files = append(rep.Files, n)
		}
	}
	rep.Findings = append(rep.Findings, res.Findings...)
	rep.Suppressed += len(res.Suppressed)
	for _, r := range res.Rules {
		if !slices.ContainsFunc(rep.Rules, func(x *Rule) bool { return x.ID == r.ID }) {
			rep.Rules = append(rep.Rules, r)
		}
	}
}

// Finish readies a report of every input for rendering: file names under
// the working directory become relative (WorkingRelativeFindings), and the
// findings are sorted across inputs. Each input's findings come sorted
// from Run, so one input whose names stay as they are is not sorted again.
func (rep *Report) Finish() {
	if WorkingRelativeFindings(rep.Findings) || len(rep.Files) > 1 {
		rep.Findings = xmlconf.SortFindings(rep.Findings)
	}
}
