package main

import (
	"github.com/spf13/cobra"

	"github.com/capq/capq/migrate"
)

func newMigrateCmd(s *streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "migrate",
		Short: "Migrate Hadoop 1 queues to a YARN Capacity Scheduler hierarchy",
	}
	cmd.AddCommand(readsStdin(newMigrateHadoop1Cmd(s)))
	return cmd
}

func newMigrateHadoop1Cmd(s *streams) *cobra.Command {
	var o migrateOptions
	cmd := &cobra.Command{
		Use:     "hadoop1 --mapred-site FILE [flags]",
		Short:   "Convert a Hadoop 1 (MRv1) queue configuration to YARN capacity-scheduler.xml",
		Long:    helpText("migrate-hadoop1"),
		Example: helpText("migrate-hadoop1.example"),
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMigrateHadoop1(o, s)
		},
	}
	f := cmd.Flags()
	o.hadoop1Files.bind(cmd, "")
	f.StringVar(&o.hadoopVersion, "hadoop-version", "", "target YARN version (default "+defaultVersionName()+"); a Hadoop 1 release (0.20, 1.2.1, 0.21) sets the source dialect instead")
	f.StringVarP(&o.output, "output", "o", "", "write capacity-scheduler.xml to FILE (atomically; - or unset: stdout)")
	f.StringVar(&o.yarnSite, "yarn-site", "", "also write the implied yarn-site.xml settings to FILE")
	f.StringVar(&o.report, "report", "", "write the report to FILE")
	f.StringVar(&o.format, "format", "text", "report format: text or json")
	completeValues(cmd, "format", fixed(textJSON))
	completeValues(cmd, "hadoop-version", migrate.VersionChoices)
	f.BoolVar(&o.force, "force", false, "overwrite existing output files")
	f.BoolVar(&o.maxParallelApps, "max-parallel-apps", false, "emit max-parallel-apps from Hadoop 1's jobs-initialized limits (YARN 3.3+)")
	o.readFlags.bind(cmd)
	f.BoolVar(&o.ignoreScheduler, "ignore-scheduler", false, "convert even if the JobTracker did not run the CapacityTaskScheduler")
	return cmd
}
