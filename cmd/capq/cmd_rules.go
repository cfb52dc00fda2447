package main

import "github.com/spf13/cobra"

func newRulesCmd(s *streams) *cobra.Command {
	return notYet("rules", "List lint rules")
}
