package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/capq/capq/validate"
)

type diffOptions struct {
	config    configFlags
	liveState string
	liveApps  string
	format    string
	unified   bool
	root      string
}

func newDiffCmd(s *streams) *cobra.Command {
	var o diffOptions
	cmd := &cobra.Command{
		Use:   "diff OLD NEW",
		Short: "Show what a refresh changes and whether refreshQueues accepts it",
		Long: `diff compares the configuration in force (OLD) with a new one (NEW) the way
yarn rmadmin -refreshQueues would: queue by queue what is added, removed,
moved or converted, which properties and effective values change, absolute
capacities before and after, and whether the ResourceManager accepts the
refresh (every RF refresh rule of the chosen Hadoop version, plus every lint
error in NEW). Each change is classified: applies on refresh, needs the queue
STOPPED first (the steps are spelled out), needs a restart, or is rejected.

OLD and NEW are files, directories (their capacity-scheduler.xml), "-" for
standard input (once), or git:REV:PATH, e.g. in a pull-request job:
  capq diff git:origin/main:conf/capacity-scheduler.xml conf/capacity-scheduler.xml

Without --live-state the OLD file's queue states stand for the live ones.
--live-state reads the ResourceManager's GET /ws/v1/cluster/scheduler answer
(JSON, or XML as Accept: application/xml gives it) so removals are judged on
the running queues (DRAINING, applications). --live-apps adds its GET
/ws/v1/cluster/apps answer (JSON or XML) so a finding about a queue that
still runs applications names them (id, user, state).

Exit codes: 0 the refresh would be accepted; 1 it would be refused (or NEW has
lint errors); 2 could not run.`,
		Example: "  capq diff old.xml new.xml --hadoop-version 3.3\n" +
			"  capq diff git:main:conf/capacity-scheduler.xml conf/capacity-scheduler.xml --format github\n" +
			"  curl -s http://rm:8088/ws/v1/cluster/scheduler > live.json && capq diff old.xml new.xml --live-state live.json\n" +
			"  curl -s 'http://rm:8088/ws/v1/cluster/apps?states=NEW,NEW_SAVING,SUBMITTED,ACCEPTED,RUNNING' > apps.json\n" +
			"  capq diff old.xml new.xml --live-state live.json --live-apps apps.json",
		Args: exactArgs(2, "two configurations, OLD (in force) and NEW, e.g. capq diff old.xml new.xml"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDiff(o, args[0], args[1], s)
		},
	}
	o.bind(cmd)
	return cmd
}

// bind declares diff's flags on cmd.
func (o *diffOptions) bind(cmd *cobra.Command) {
	o.config.bind(cmd, true)
	cmd.Flags().StringVar(&o.liveState, "live-state", "", "the ResourceManager's /ws/v1/cluster/scheduler answer, JSON or XML (file or -), for live queue states and applications")
	cmd.Flags().StringVar(&o.liveApps, "live-apps", "", "the ResourceManager's /ws/v1/cluster/apps answer, JSON or XML (file), to name the applications that hold a queue (needs --live-state)")
	cmd.Flags().StringVar(&o.format, "format", "text", "output format: text, json, sarif or github")
	bindRoot(cmd.Flags(), &o.root)
	completeValues(cmd, "format", fixed(diffFormats))
	cmd.Flags().BoolVar(&o.unified, "unified", false, "also print a unified diff of the two files (text and json)")
}

func runDiff(o diffOptions, oldArg, newArg string, s *streams) error {
	format, err := diffFormat(o.format)
	if err != nil {
		return cannotRun(err)
	}
	in, err := loadDiffInputs(o, oldArg, newArg, s)
	if err != nil {
		return cannotRun(err)
	}
	res := validate.Refresh(in.old.Model, in.new.Model, validate.RefreshOptions{
		Version: in.version, Live: in.live, Lint: validate.Options{File: in.newName},
	})
	do := validate.DiffOptions{OldName: in.oldName, NewName: in.newName, OldData: in.oldData, NewData: in.newData,
		Unified: o.unified, Colour: s.colour(), Version: toolVersion()}
	if err := writeDiff(s, format, res, do, o.root); err != nil {
		return cannotRun(fmt.Errorf("write output: %w", err))
	}
	if !res.Accepted {
		return exitWith(exitFindings)
	}
	return nil
}

// diffFormat reads --format (validate.ParseDiffFormat).
func diffFormat(s string) (validate.Format, error) {
	f, err := validate.ParseDiffFormat(s)
	if err != nil {
		return 0, badValue("format", s, diffFormats)
	}
	return f, nil
}
