package main

import "github.com/spf13/cobra"

func newDiffCmd(s *streams) *cobra.Command {
	return notYet("diff OLD NEW", "Show what a refresh changes and whether refreshQueues accepts it")
}
