package main

import "github.com/spf13/cobra"

func newGenCmd(s *streams) *cobra.Command {
	return notYet("gen", "Generate synthetic workloads")
}
