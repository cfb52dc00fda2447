package main

import "github.com/spf13/cobra"

func newExplainCmd(s *streams) *cobra.Command {
	return notYet("explain ID", "Explain one lint rule")
}
