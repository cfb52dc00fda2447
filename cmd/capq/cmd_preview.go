package main

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/capq/capq/engine/preview"
	"github.com/capq/capq/safeio"
)

// previewOptions are the flags of capq preview.
type previewOptions struct {
	config configFlags
	runFlags
	asserts    []string
	gateFile   string
	format     string
	html       string
	force      bool
	starvation time.Duration
	hadoop1    bool
	h1         migrateOptions
	h1Version  string
}

func newPreviewCmd(s *streams) *cobra.Command {
	var o previewOptions
	cmd := &cobra.Command{
		Use:     "preview OLD NEW --workload W",
		Short:   "Dry-run a config change on a workload: what it does to each team, with CI gates",
		Long:    helpText("preview"),
		Example: helpText("preview.example"),
		RunE:    func(cmd *cobra.Command, args []string) error { return runPreview(o, args, s) },
	}
	o.config.bind(cmd, true)
	f := cmd.Flags()
	o.runFlags.bind(cmd, true)
	f.StringArrayVar(&o.asserts, "assert", nil, "gate rule, e.g. 'root.eng.qa wait.p95 <= 10m' (repeatable)")
	f.StringVar(&o.gateFile, "gate", "", "file of gate rules, one per line, # comments")
	f.StringVar(&o.format, "format", "text", "output format: text or json")
	completeValues(cmd, "format", fixed(textJSON))
	f.StringVar(&o.html, "html", "", "also write a self-contained HTML report to FILE")
	f.BoolVar(&o.force, "force", false, "overwrite an existing --html file")
	f.DurationVar(&o.starvation, "starvation", preview.DefaultStarvationMS*time.Millisecond, "how long owed demand may go unserved before it counts as starvation")
	f.BoolVar(&o.hadoop1, "hadoop1", false, "preview a Hadoop 1 migration: queues flat versus with --group")
	o.h1.hadoop1Files.bind(cmd, "--hadoop1: ")
	f.StringVar(&o.h1Version, "hadoop1-version", "1.2.1", "--hadoop1: the Hadoop 1 release the old side runs (1.0, 1.1, 1.2.1)")
	return cmd
}

func runPreview(o previewOptions, args []string, s *streams) error {
	if err := o.check(args, s); err != nil {
		return cannotRun(err)
	}
	if err := checkOutputs(o.config.outputRules(o.force, s), o.inputs(args), stdoutReport, outputFlag{"--html", o.html}); err != nil {
		return cannotRun(err)
	}
	gates, err := loadGates(o.asserts, o.gateFile, o.config.readFlags, s)
	if err != nil {
		return cannotRun(err)
	}
	var cfg *preview.Configs
	if o.hadoop1 {
		cfg, err = loadHadoop1Configs(o, s)
	} else {
		cfg, err = loadPreviewConfigs(o, args[0], args[1], s)
	}
	if err != nil {
		return cannotRun(err)
	}
	rep, err := simulatePreview(o, cfg, gates, s)
	if err != nil {
		return cannotRun(err)
	}
	if err := writePreview(o, rep, s); err != nil {
		return cannotRun(err)
	}
	if rep.GatesFailed > 0 {
		return exitWith(exitFindings)
	}
	return nil
}

func (o previewOptions) check(args []string, s *streams) error {
	switch {
	case o.format != "text" && o.format != "json":
		return badValue("format", o.format, textJSON)
	case o.workload == "":
		return errors.New("--workload is required")
	case safeio.CheckOutputDir("--html", o.html) != nil:
		return safeio.CheckOutputDir("--html", o.html)
	case o.hadoop1 && len(args) != 0:
		return fmt.Errorf("--hadoop1 takes no OLD NEW arguments (got %d); the two configurations are the migration without and with --group", len(args))
	case !o.hadoop1 && len(args) != 2:
		return fmt.Errorf("want OLD and NEW configurations (got %d arguments), or --hadoop1", len(args))
	case !o.hadoop1 && (o.h1.files.MapredSite != "" || len(o.h1.groups) > 0):
		return errors.New("--mapred-site and --group need --hadoop1")
	case o.workload == "-" && len(args) == 2 && (args[0] == "-" || args[1] == "-"):
		return errors.New("--workload - and a configuration on standard input cannot share it")
	case o.hadoop1 && o.workload == "-" && slices.Contains(o.h1.inputs(), "-"):
		return errors.New("--workload - and a Hadoop 1 file on standard input cannot share it")
	case o.starvation <= 0:
		return fmt.Errorf("--starvation must be positive, got %s", o.starvation)
	}
	in := []outputFlag{{"--workload", o.workload}, {"--sls-nodes", o.slsNodes}, {"--gate", o.gateFile}}
	for i, a := range args {
		in = append(in, outputFlag{[]string{"OLD", "NEW"}[min(i, 1)], a})
	}
	if o.hadoop1 {
		// A gate and a Hadoop 1 file were refused only when the second
		// read standard input, and a gate's parse error came first.
		in = append(in, o.h1.stdinInputs()...)
	}
	return s.stdinOnce(append(in, o.config.yarnSiteInputs()...)...)
}

// writePreview writes the text or JSON report to stdout and the HTML
// report to its file (atomically: a reader never sees half a page).
func writePreview(o previewOptions, rep *preview.Report, s *streams) error {
	var out bytes.Buffer
	var err error
	if o.format == "json" {
		err = preview.WriteJSON(&out, rep)
	} else {
		err = preview.WriteText(&out, rep)
	}
	if err != nil {
		return err
	}
	if o.html != "" {
		var page bytes.Buffer
		if err := preview.WriteHTML(&page, rep); err != nil {
			return err
		}
		if err := safeio.WriteFile(o.html, page.Bytes(), o.force, s.out); err != nil {
			return fmt.Errorf("--html: %w", err)
		}
	}
	if _, err := s.out.Write(out.Bytes()); err != nil {
		return fmt.Errorf("write output: %w", err)
	}
	return nil
}

// inputs are the files a preview reads, which --html may not replace.
func (o previewOptions) inputs(args []string) []string {
	in := append(append(o.runFlags.inputs(), o.gateFile), o.h1.hadoop1Files.inputs()...)
	return append(append(in, args...), o.config.yarnSite...)
}
