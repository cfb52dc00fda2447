package main

import "github.com/spf13/cobra"

func newSimulateCmd(s *streams) *cobra.Command {
	return notYet("simulate", "Run a workload through the scheduler engine")
}
