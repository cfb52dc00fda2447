package xmlconf

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Severity orders findings; a higher value is more serious.
type Severity int

// Severities, from least to most serious.
const (
	SeverityInfo Severity = iota + 1
	SeverityWarning
	SeverityError
)

// String returns the lowercase name used in every output format.
func (s Severity) String() string {
	switch s {
	case SeverityInfo:
		return "info"
	case SeverityWarning:
		return "warning"
	case SeverityError:
		return "error"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// MarshalText renders the severity as its name (for JSON).
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// ParseSeverity reads "error", "warning" (or "warn") and "info".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "error":
		return SeverityError, nil
	case "warning", "warn":
		return SeverityWarning, nil
	case "info":
		return SeverityInfo, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", s)
}

// Finding is one problem found in a configuration. It is plain data: rules
// produce it, renderers print it. Rule IDs are stable (see validate.Rules).
type Finding struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Pos
	Queue    string `json:"queue,omitempty"`
	Property string `json:"property,omitempty"`
	Message  string `json:"message"`
	Hint     string `json:"hint,omitempty"`
}

// MaxFindingText bounds a finding's message and its hint. Rules quote the
// value they judge, and a value in a pull request may be megabytes long: a
// report names the value's file and place, and need not print it again
// whole (a 200 KB class name was printed twice by CS119).
const MaxFindingText = 8 << 10

// Clipped is f with its message and hint cut to MaxFindingText bytes each,
// on a UTF-8 boundary, saying how much was cut.
func (f Finding) Clipped() Finding {
	f.Message, f.Hint = clipText(f.Message, MaxFindingText), clipText(f.Hint, MaxFindingText)
	return f
}

func clipText(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… [%d more bytes cut]", s[:cut], len(s)-cut)
}

// String renders the finding as file:line:col: severity ID: message.
func (f Finding) String() string {
	return fmt.Sprintf("%s: %s %s: %s", f.Pos, f.Severity, f.Rule, f.Message)
}

// SortFindings orders findings by file, line, column, rule, then message,
// and drops exact duplicates. It returns the (possibly shorter) slice.
// Every report's findings pass through it (lint, Hadoop 1 lint, refresh,
// migrate, the loader), so it is where each is Clipped.
func SortFindings(fs []Finding) []Finding {
	for i := range fs {
		fs[i] = fs[i].Clipped()
	}
	sort.SliceStable(fs, func(i, j int) bool { return lessFinding(fs[i], fs[j]) })
	out := fs[:0]
	for i, f := range fs {
		if i > 0 && f == fs[i-1] {
			continue
		}
		out = append(out, f)
	}
	return out
}

// MergeFindings merges two sorted, de-duplicated lists into one, so a
// caller that adds a few findings to a sorted list does not sort it again.
func MergeFindings(a, b []Finding) []Finding {
	if len(b) == 0 {
		return a
	}
	out := make([]Finding, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			j++
		case lessFinding(b[j], a[i]):
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

func lessFinding(a, b Finding) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	if a.Col != b.Col {
		return a.Col < b.Col
	}
	if a.Rule != b.Rule {
		return a.Rule < b.Rule
	}
	if a.Queue != b.Queue {
		return a.Queue < b.Queue
	}
	if a.Property != b.Property {
		return a.Property < b.Property
	}
	return a.Message < b.Message
}
