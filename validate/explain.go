package validate

import (
	"fmt"
	"strings"
)

// ExplainText renders a rule's documentation for `capq explain` and SARIF
// help text.
func ExplainText(r *Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s (%s, %s)\n\n%s.\n", r.ID, r.Name, r.Category, r.Severity, capitalize(r.Docs.Summary))
	if r.Docs.Why != "" {
		fmt.Fprintf(&b, "\n%s\n", r.Docs.Why)
	}
	if r.Docs.Bad != "" {
		fmt.Fprintf(&b, "\nBad:\n%s\n", indent(r.Docs.Bad))
	}
	if r.Docs.Good != "" {
		fmt.Fprintf(&b, "\nGood:\n%s\n", indent(r.Docs.Good))
	}
	fmt.Fprintf(&b, "\nHadoop source: %s\nVersions: %s\n", r.Docs.Source, r.Docs.Versions)
	return b.String()
}

// ExplainMarkdown renders the same documentation as Markdown (SARIF help).
func ExplainMarkdown(r *Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s %s** (%s, default %s): %s.\n\n%s\n", r.ID, r.Name, r.Category, r.Severity, r.Docs.Summary, r.Docs.Why)
	if r.Docs.Bad != "" {
		fmt.Fprintf(&b, "\nBad:\n\n```\n%s\n```\n", r.Docs.Bad)
	}
	if r.Docs.Good != "" {
		fmt.Fprintf(&b, "\nGood:\n\n```\n%s\n```\n", r.Docs.Good)
	}
	fmt.Fprintf(&b, "\nHadoop source: `%s`. Versions: %s.\n", r.Docs.Source, r.Docs.Versions)
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func indent(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = "    " + l
	}
	return strings.Join(lines, "\n")
}

// RuleInfo is the JSON form of a rule for `capq rules --format json`.
type RuleInfo struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Category string `json:"category"`
	Severity string `json:"severity"`
	Since    string `json:"since,omitempty"`
	Until    string `json:"until,omitempty"`
	Summary  string `json:"summary"`
	Why      string `json:"why"`
	Bad      string `json:"bad"`
	Good     string `json:"good"`
	Source   string `json:"source"`
	Versions string `json:"versions"`
}

// Info returns the rule as a RuleInfo.
func (r *Rule) Info() RuleInfo {
	ri := RuleInfo{ID: r.ID, Name: r.Name, Category: string(r.Category), Severity: r.Severity.String(),
		Summary: r.Docs.Summary, Why: r.Docs.Why, Bad: r.Docs.Bad, Good: r.Docs.Good, Source: r.Docs.Source, Versions: r.Docs.Versions}
	if r.Since.Major != 0 {
		ri.Since = r.Since.String()
	}
	if r.Until.Major != 0 {
		ri.Until = r.Until.String()
	}
	return ri
}
