package main

import "github.com/spf13/cobra"

func newTreeCmd(s *streams) *cobra.Command {
	return notYet("tree FILE", "Show the queue hierarchy with capacities")
}
