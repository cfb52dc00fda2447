package main

import (
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/capq/capq/validate"
)

func newRulesCmd(s *streams) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List lint rules",
		Long: `rules lists every rule capq knows, in a stable order: ID, default severity,
category, name and summary. capq explain ID prints one rule's documentation.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runRules(format, s)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	return cmd
}

func runRules(format string, s *streams) error {
	rules := validate.Rules()
	switch format {
	case "json":
		infos := make([]validate.RuleInfo, len(rules))
		for i, r := range rules {
			infos[i] = r.Info()
		}
		enc := json.NewEncoder(s.out)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(infos)
	case "text":
		tw := tabwriter.NewWriter(s.out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tSEVERITY\tCATEGORY\tNAME\tSUMMARY")
		for _, r := range rules {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.ID, r.Severity, r.Category, r.Name, r.Docs.Summary)
		}
		return tw.Flush()
	}
	return cannotRun(fmt.Errorf("--format %q: want text or json", format))
}
