package main

import "github.com/spf13/cobra"

func newScenarioCmd(s *streams) *cobra.Command {
	return notYet("scenario FILE.json", "Run a step-by-step scheduler scenario")
}
