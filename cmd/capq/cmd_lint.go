package main

import "github.com/spf13/cobra"

func newLintCmd(s *streams) *cobra.Command {
	return notYet("lint [FILE|DIR|-]...", "Check configurations against every Capacity Scheduler rule")
}
