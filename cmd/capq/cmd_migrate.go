package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"github.com/capq/capq/migrate"
	"github.com/capq/capq/xmlconf"
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
		Args:    migrateHadoop1Args,
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

// migrateHadoop1Args refuses a positional argument with the command's
// real syntax: its files are flags. cobra.NoArgs answered
// "capq migrate hadoop1 DIR" (as simulate --hadoop1 DIR takes a conf dir)
// with "unknown command", as if hadoop1 were the wrong subcommand. For a
// JobTracker conf dir the message spells the flags out with its files.
func migrateHadoop1Args(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	name := strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
	msg := fmt.Sprintf("%s takes its files as flags, not arguments (got %q); usage: %s", name, args[0], cmd.UseLine())
	_, dir := xmlconf.H1Candidates(args[0])
	switch {
	case dir != nil && dir.MapredSite == "":
		// A JobTracker dir without its site file (mapred-queue-acls.xml
		// or mapred-queues.xml only): a command line without the
		// required --mapred-site would only fail again.
		msg += fmt.Sprintf("; the JobTracker conf dir %q has no mapred-site.xml, which --mapred-site requires", args[0])
	case dir != nil:
		line := cmd.CommandPath()
		for _, in := range h1Inputs(*dir) {
			if in.path != "" {
				line += " " + in.flag + " " + shellQuote(in.path)
			}
		}
		msg += fmt.Sprintf("; for the JobTracker conf dir %q: %s", args[0], line)
	}
	return fmt.Errorf("%s", msg)
}

// shellWord is a path that a shell reads as one word as it is.
var shellWord = regexp.MustCompile(`^[A-Za-z0-9_./:@%+=,-]+$`)

// shellQuote quotes path for a POSIX shell when it needs it, so a
// suggested command line can be pasted.
func shellQuote(path string) string {
	if shellWord.MatchString(path) {
		return path
	}
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}
