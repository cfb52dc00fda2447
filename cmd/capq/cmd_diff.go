package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

type diffOptions struct {
	config    configFlags
	liveState string
	liveApps  string
	format    string
	unified   bool
	root      string
	failOn    string
}

func newDiffCmd(s *streams) *cobra.Command {
	var o diffOptions
	cmd := &cobra.Command{
		Use:     "diff OLD NEW",
		Short:   "Show what a refresh changes and whether refreshQueues accepts it",
		Long:    helpText("diff"),
		Example: helpText("diff.example"),
		Args:    exactArgs(2, "two configurations, OLD (in force) and NEW, e.g. capq diff old.xml new.xml"),
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
	bindFailOn(cmd, &o.failOn)
}

func runDiff(o diffOptions, oldArg, newArg string, s *streams) error {
	format, err := diffFormat(o.format)
	if err != nil {
		return cannotRun(err)
	}
	failOn, err := failOnLevel(o.failOn)
	if err != nil {
		return cannotRun(err)
	}
	in, err := loadDiffInputs(o, oldArg, newArg, s)
	if err != nil {
		writeDiffUnread(s, format, err, o.root)
		return cannotRun(err)
	}
	res := validate.Refresh(in.old.Model, in.new.Model, validate.RefreshOptions{
		Version: in.version, Live: in.live, Lint: validate.Options{File: in.newName}, Warnings: true,
	})
	do := validate.DiffOptions{OldName: in.oldName, NewName: in.newName, OldData: in.oldData, NewData: in.newData,
		Unified: o.unified, Colour: s.colour(), Version: toolVersion()}
	if err := writeDiff(s, format, res, do, o.root); err != nil {
		return cannotRun(fmt.Errorf("write output: %w", err))
	}
	return diffExit(res, do, failOn)
}

// diffExit is 1 when the refresh is refused or, with --fail-on warning or
// info, any finding of the diff (refresh findings, start-only errors,
// warnings NEW introduces) is at or above the level, as lint counts them.
func diffExit(res *validate.RefreshResult, do validate.DiffOptions, failOn xmlconf.Severity) error {
	rep := validate.DiffReport(res, do)
	rep.FailOn = failOn
	if !res.Accepted || rep.Failed() {
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

// writeDiffUnread reports, in SARIF and GitHub output, the configuration
// diff could not read (as lint does): an annotation on a broken file's
// line, a failed SARIF invocation, rather than nothing on stdout. Exit 2
// and the message on stderr are the caller's.
func writeDiffUnread(s *streams, f validate.Format, err error, root string) {
	if f != validate.FormatSARIF && f != validate.FormatGitHub {
		return
	}
	rep := validate.Report{Tool: "capq diff", Version: toolVersion(), Unread: unreadOf(err)}
	rep, cerr := ciReport(s, f, rep, root)
	if cerr == nil {
		_ = validate.Write(s.out, f, rep, validate.RenderOptions{})
	}
}
