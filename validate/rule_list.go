package validate

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/capq/capq/xmlconf"
)

// RulesFor returns the rules that apply to Hadoop version v, in registry
// order (capq rules --hadoop-version).
func RulesFor(v xmlconf.Version) []*Rule {
	var kept []*Rule
	for _, r := range Rules() {
		if r.AppliesTo(v) {
			kept = append(kept, r)
		}
	}
	return kept
}

// WriteRulesText writes rules as a table: ID, default severity,
// category, name and summary (capq rules).
func WriteRulesText(w io.Writer, rules []*Rule) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSEVERITY\tCATEGORY\tNAME\tSUMMARY")
	for _, r := range rules {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.ID, r.Severity, r.Category, r.Name, r.Docs.Summary)
	}
	return tw.Flush()
}

// WriteRulesJSON writes rules as an indented JSON array of RuleInfo
// (capq rules --format json); HTML characters in examples stay as they are.
func WriteRulesJSON(w io.Writer, rules []*Rule) error {
	infos := make([]RuleInfo, len(rules))
	for i, r := range rules {
		infos[i] = r.Info()
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(infos)
}
