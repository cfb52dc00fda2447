package main

import (
	"github.com/spf13/cobra"

	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

func newRulesCmd(s *streams) *cobra.Command {
	var format, version string
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List lint rules",
		Long:  helpText("rules"),
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runRules(format, version, s)
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "output format: text or json")
	completeValues(cmd, "format", fixed(textJSON))
	cmd.Flags().StringVar(&version, "hadoop-version", "", "list only the rules for this profile: 2.7, 2.10, 3.1, 3.2, 3.3 or 3.4")
	completeValues(cmd, "hadoop-version", hadoopVersions)
	return cmd
}

func runRules(format, version string, s *streams) error {
	rules := validate.Rules()
	if version != "" {
		v, err := xmlconf.ParseVersion(version)
		if err != nil {
			return cannotRun(badVersion(version, err, hadoopVersions()))
		}
		rules = validate.RulesFor(v)
	}
	switch format {
	case "json":
		return validate.WriteRulesJSON(s.out, rules)
	case "text":
		return validate.WriteRulesText(s.out, rules)
	}
	return cannotRun(badValue("format", format, textJSON))
}
