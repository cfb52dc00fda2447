package main

import "github.com/spf13/cobra"

func newPreviewCmd(s *streams) *cobra.Command {
	return notYet("preview OLD NEW", "Dry-run a config change on a workload")
}
