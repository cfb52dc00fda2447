package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// One wording for a flag value capq does not accept, whatever the command:
//
//	--format "yaml": want text, json, sarif, github or junit
//
// and the same lists feed shell completion, so what completes is what is
// accepted.

var (
	textJSON     = []string{"text", "json"}
	lintFormats  = validate.FormatNames()
	diffFormats  = validate.DiffFormatNames()
	explainFmts  = []string{"text", "markdown"}
	failOnLevels = []string{"error", "warning", "info"}
)

// hadoopVersions are the --hadoop-version profiles.
func hadoopVersions() []string { return xmlconf.VersionNames() }

// badValue is the error for a flag value outside choices, with the
// nearest choice when one is a typo away ("sarfi" → "sarif").
func badValue(flag, value string, choices []string) error {
	msg := fmt.Sprintf("--%s %q: want %s", flag, value, orList(choices))
	best, bestD := "", 3
	for _, c := range choices {
		if d := xmlconf.EditDistance(strings.ToLower(value), c); d < bestD {
			best, bestD = c, d
		}
	}
	// Short values are all a few edits from each other ("4.0" is two from
	// "3.4"): suggest only when fewer than half the characters change.
	if best != "" && bestD > 0 && 2*bestD < len(value) {
		msg += fmt.Sprintf("; did you mean %q?", best)
	}
	return errors.New(msg)
}

// badVersion is the error for a --hadoop-version that is no profile. A
// line newer than the newest profile says so and names the newest; a
// well-formed line without a profile lists them. Neither suggests a
// profile by spelling ("3.5" is one edit from "3.4" and two from "3.1",
// and 4.0 is neither): a typo suggestion is only for malformed values.
func badVersion(value string, err error, choices []string) error {
	var newer *xmlconf.NewerVersionError
	var none *xmlconf.NoProfileError
	switch {
	case errors.As(err, &newer):
		n := xmlconf.NewestVersion()
		return fmt.Errorf("--hadoop-version %q: capq's newest profile is %s (%s); use --hadoop-version %s to check against %s's rules",
			value, n, newer.Unmodelled(), n, n)
	case errors.As(err, &none):
		return fmt.Errorf("--hadoop-version %q: capq has no profile for Hadoop %s; want %s", value, none.Asked, orList(choices))
	}
	return badValue("hadoop-version", value, choices)
}

// orList joins "a, b or c".
func orList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// completeValues registers completion of a flag's accepted values.
func completeValues(cmd *cobra.Command, flag string, values func() []string) {
	// The error only says the flag does not exist, a programming error
	// the completion tests catch.
	_ = cmd.RegisterFlagCompletionFunc(flag, func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return values(), cobra.ShellCompDirectiveNoFileComp
	})
}

func fixed(v []string) func() []string { return func() []string { return v } }

// ruleCompletions are the rule IDs with their summaries (shells that
// show descriptions show them), for explain and --enable/--disable.
func ruleCompletions() []string {
	var out []string
	for _, r := range validate.Rules() {
		out = append(out, r.ID+"\t"+r.Docs.Summary)
	}
	return out
}

// withPrefix keeps the completions that start with prefix, ignoring
// case (rule IDs are upper case; people type "cs02").
func withPrefix(cs []string, prefix string) []string {
	var out []string
	for _, c := range cs {
		if strings.HasPrefix(strings.ToLower(c), strings.ToLower(prefix)) {
			out = append(out, c)
		}
	}
	return out
}

// ruleSelectors completes --enable/--disable: IDs, then categories.
func ruleSelectors() []string {
	out := ruleCompletions()
	seen := map[string]bool{}
	for _, r := range validate.Rules() {
		if c := string(r.Category); c != "" && !seen[c] {
			seen[c] = true
			out = append(out, c+"\tcategory")
		}
	}
	return out
}
