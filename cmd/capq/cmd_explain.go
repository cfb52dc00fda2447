package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/capq/capq/validate"
)

func newExplainCmd(s *streams) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:     "explain ID",
		Short:   "Explain one lint rule",
		Long:    helpText("explain"),
		Example: helpText("explain.example"),
		Args:    exactArgs(1, "one rule ID or name, e.g. capq explain CS024 (capq rules lists them)"),
		ValidArgsFunction: func(_ *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return withPrefix(ruleCompletions(), prefix), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return runExplain(args[0], format, s.out)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or markdown")
	completeValues(cmd, "format", fixed(explainFmts))
	return cmd
}

func runExplain(id, format string, w io.Writer) error {
	r := validate.Lookup(id)
	if r == nil {
		return cannotRun(fmt.Errorf("unknown rule %q%s (see capq rules)", id, closeRules(id)))
	}
	switch format {
	case "text":
		_, err := io.WriteString(w, validate.ExplainText(r))
		return err
	case "markdown", "md":
		_, err := io.WriteString(w, validate.ExplainMarkdown(r))
		return err
	}
	return cannotRun(badValue("format", format, explainFmts))
}

// closeRules suggests rules whose ID or name contains id.
func closeRules(id string) string {
	if hits := validate.CloseRules(id); len(hits) > 0 {
		return "; did you mean " + strings.Join(hits, ", ") + "?"
	}
	return ""
}
