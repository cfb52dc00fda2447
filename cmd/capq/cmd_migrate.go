package main

import "github.com/spf13/cobra"

func newMigrateCmd(s *streams) *cobra.Command {
	return notYet("migrate", "Migrate Hadoop 1 queues to a YARN hierarchy")
}
