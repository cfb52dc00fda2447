package main

import (
	"github.com/spf13/cobra"

	"github.com/capq/capq/xmlconf"
)

// bindFailOn declares --fail-on (default error) the same way on lint and
// diff: one help line, one set of values, one completion.
func bindFailOn(cmd *cobra.Command, p *string) {
	cmd.Flags().StringVar(p, "fail-on", "error", "exit 1 when a finding is at or above this level: error, warning or info")
	completeValues(cmd, "fail-on", fixed(failOnLevels))
}

// failOnLevel reads --fail-on.
func failOnLevel(s string) (xmlconf.Severity, error) {
	sev, err := xmlconf.ParseSeverity(s)
	if err != nil {
		return 0, badValue("fail-on", s, failOnLevels)
	}
	return sev, nil
}
