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
	cmd.AddCommand(newMigrateHadoop1Cmd(s))
	return cmd
}

// migrateHadoop1Long is the long help of capq migrate hadoop1.
const migrateHadoop1Long = `hadoop1 reads a Hadoop 1 JobTracker's queue configuration the way the
JobTracker did (0.20.x, 1.x flat queues or the 0.21 mapred-queues.xml tree,
detected from the keys present), reproducing its lenient parsing, and writes an
equivalent YARN capacity-scheduler.xml with a comment on each property naming
its Hadoop 1 source.

Every queue keeps its absolute guarantee and ceiling; --group PARENT=q1,q2
builds hierarchy from flat queues without changing them. Sums Hadoop 1 accepted
but YARN refuses (100.5, 33.3 x 3) are rescaled x100/sum, rounded to 2 decimals
by the largest remainder (ties to the earlier queue), with a warning. ACLs keep
their meaning (root's are set explicitly). The report lists every Hadoop 1
property as mapped, approximated or dropped, and the yarn-site.xml settings
the source implies.

Output: the XML goes to -o FILE (written atomically, never over an existing
file without --force) or stdout; the report goes to --report FILE, else to
stdout when -o is given, else to stderr.

Exit codes: 0 converted; 1 converted, but the JobTracker would have refused
the source (error findings); 2 could not convert.`

func newMigrateHadoop1Cmd(s *streams) *cobra.Command {
	var o migrateOptions
	cmd := &cobra.Command{
		Use:   "hadoop1 --mapred-site FILE [flags]",
		Short: "Convert a Hadoop 1 (MRv1) queue configuration to YARN capacity-scheduler.xml",
		Long:  migrateHadoop1Long,
		Example: `  capq migrate hadoop1 --mapred-site mapred-site.xml --capacity-scheduler capacity-scheduler.xml \
      --queue-acls mapred-queue-acls.xml -o yarn/capacity-scheduler.xml
  capq migrate hadoop1 --mapred-site mapred-site.xml --mapred-queues mapred-queues.xml --format json
  capq migrate hadoop1 --mapred-site m.xml --capacity-scheduler cs.xml --group eng=etl,adhoc -o cs-yarn.xml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runMigrateHadoop1(o, s)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.mapredSite, "mapred-site", "", "the JobTracker's mapred-site.xml (required)")
	f.StringVar(&o.capacityScheduler, "capacity-scheduler", "", "Hadoop 1 capacity-scheduler.xml")
	f.StringVar(&o.queueACLs, "queue-acls", "", "mapred-queue-acls.xml (1.x)")
	f.StringVar(&o.mapredQueues, "mapred-queues", "", "0.21/0.22 hierarchical mapred-queues.xml")
	f.StringArrayVar(&o.groups, "group", nil, "new parent queue PARENT=q1,q2 holding top-level queues (repeatable, applied in order)")
	f.StringVar(&o.hadoopVersion, "hadoop-version", "", "target YARN version (default "+defaultVersionName()+"); a Hadoop 1 release (0.20, 1.2.1, 0.21) sets the source dialect instead")
	f.StringVar(&o.sourceDialect, "source-dialect", "", "force the Hadoop 1 dialect: 0.20, 1.x or 0.21 (default: detect from the keys)")
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
