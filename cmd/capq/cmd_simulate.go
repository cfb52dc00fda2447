package main

import (
	"bytes"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
	"github.com/capq/capq/xmlconf/tree"
)

type simulateOptions struct {
	config     configFlags
	configFile string
	runFlags
	format        string
	events        string
	force         bool
	rejectUnknown bool
	endTree       bool
	// hadoop1 is a Hadoop 1 conf directory to simulate instead of --config.
	hadoop1, hadoop1Version string
	// yarnOnly are the flags given that only a YARN run reads, and
	// hadoop1VersionSet says --hadoop1-version was given (checkEngineFlags).
	yarnOnly          []string
	hadoop1VersionSet bool
}

// simulateYARNOnly are simulate's flags that the Hadoop 1 run does not
// read: the event log and end tree are the YARN engine's, the Hadoop 1
// run draws no random heartbeat offsets (--seed) and always submits an
// app of an unknown queue to be refused by the JobTracker
// (--reject-unknown-queues), and the rest configure YARN's configuration.
var simulateYARNOnly = []string{"events", "force", "end-tree", "seed", "reject-unknown-queues", "yarn-site", "hadoop-version", "cluster"}

func newSimulateCmd(s *streams) *cobra.Command {
	var o simulateOptions
	cmd := &cobra.Command{
		Use:     "simulate --config FILE --workload FILE",
		Short:   "Run a workload through the scheduler engine in simulated time",
		Long:    helpText("simulate"),
		Example: helpText("simulate.example"),
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			for _, name := range simulateYARNOnly {
				if cmd.Flags().Changed(name) {
					o.yarnOnly = append(o.yarnOnly, "--"+name)
				}
			}
			o.hadoop1VersionSet = cmd.Flags().Changed("hadoop1-version")
			return runSimulate(o, s)
		},
	}
	o.config.bind(cmd, true)
	f := cmd.Flags()
	f.StringVar(&o.configFile, "config", "", "capacity-scheduler.xml (file, directory, - or git:REV:PATH)")
	o.runFlags.bind(cmd, false)
	f.StringVar(&o.format, "format", "text", "output format: text or json")
	completeValues(cmd, "format", fixed(textJSON))
	f.StringVar(&o.events, "events", "", "write every allocation, reservation, release and preemption as JSON lines to FILE")
	f.BoolVar(&o.force, "force", false, "overwrite an existing --events file")
	f.BoolVar(&o.endTree, "end-tree", false, "after the report, print the queue tree as the run left it (auto-created queues that have not expired)")
	f.StringVar(&o.hadoop1, "hadoop1", "", "simulate a Hadoop 1 JobTracker instead: its conf DIR (mapred-site.xml, capacity-scheduler.xml, mapred-queue-acls.xml)")
	f.StringVar(&o.hadoop1Version, "hadoop1-version", "1.2.1", "--hadoop1: the Hadoop 1 release (1.0, 1.1, 1.2.1)")
	f.BoolVar(&o.rejectUnknown, "reject-unknown-queues", false, "submit apps of unknown queues so they are rejected like Hadoop does (default: refuse the workload)")
	return cmd
}

func runSimulate(o simulateOptions, s *streams) error {
	if err := o.checkEngineFlags(s); err != nil {
		return cannotRun(err)
	}
	if o.hadoop1 != "" {
		return runSimulateHadoop1(o, s)
	}
	opts, err := o.simOptions()
	if err != nil {
		return cannotRun(err)
	}
	opts.SkipSeries = o.format == "text" // only JSON prints the series
	if o.configFile == "" || o.workload == "" {
		return cannotRun(fmt.Errorf("--config and --workload are required"))
	}
	if err := checkOutputs(o.config.outputRules(o.force, s), o.inputs(), stdoutReport, outputFlag{"--events", o.events}); err != nil {
		return cannotRun(err)
	}
	loaded, err := o.config.load(o.configFile, s)
	if err != nil {
		return cannotRun(err)
	}
	if err := checkIncludedOutputs(o.config.outputRules(o.force, s), []*xmlconf.Loaded{loaded}, stdoutReport, outputFlag{"--events", o.events}); err != nil {
		return cannotRun(err)
	}
	res, err := o.run(loaded.Model, opts, s)
	if err != nil {
		return cannotRun(err)
	}
	res.Warnings = append(startRefusal(loaded.Model, loaded.SchedulerFile()), res.Warnings...)
	if err := writeSimulation(o.format, res, s); err != nil {
		return err
	}
	if o.endTree && o.format != "json" {
		return writeEndTree(res, s)
	}
	return nil
}

// run reads the workload, prints its warnings (and those for queues the
// configuration lacks), adds the refresh events' loader and simulates.
func (o simulateOptions) run(m *xmlconf.Model, opts sim.Options, s *streams) (*sim.Result, error) {
	w, err := o.readWorkload(s)
	if err != nil {
		return nil, err
	}
	s.notes("warning", append(w.Warnings, sim.UnknownQueueWarnings(m, w)...))
	if err := checkOutputs(o.config.outputRules(o.force, s), o.refreshInputs(w), stdoutReport, outputFlag{"--events", o.events}); err != nil {
		return nil, err
	}
	if opts, err = o.refreshes(w, opts, s); err != nil {
		return nil, err
	}
	res, err := o.simulate(m, w, opts, s)
	return res, o.refreshInputError(err, s)
}

// writeEndTree prints `capq tree` of the run's end state, sized to the
// simulated cluster.
func writeEndTree(res *sim.Result, s *streams) error {
	sized := res.SizedEndModel()
	if sized == nil {
		return nil
	}
	fmt.Fprintf(s.out, "\nqueue tree at the end of the run:\n")
	if err := tree.WriteText(s.out, sized); err != nil {
		return cannotRun(fmt.Errorf("write output: %w", err))
	}
	return nil
}

// simulate runs the simulation with a progress bar on a terminal and
// --events written as the run goes.
func (o simulateOptions) simulate(m *xmlconf.Model, w *sim.Workload, opts sim.Options, s *streams) (*sim.Result, error) {
	if s.progress() {
		opts.Progress = progressBar(s)
	}
	res, err := runWithEvents(o.events, o.force, s.out, func() (*sim.Result, error) {
		return sim.Run(m, w, opts)
	}, &opts)
	if s.progress() {
		fmt.Fprint(s.errOut, "\r\033[K")
	}
	return res, err
}

// writeSimulation renders the result as text or JSON on stdout.
func writeSimulation(format string, res *sim.Result, s *streams) error {
	var out bytes.Buffer
	if err := sim.Render(&out, format, res); err != nil {
		return cannotRun(err)
	}
	if _, err := s.out.Write(out.Bytes()); err != nil {
		return cannotRun(fmt.Errorf("write output: %w", err))
	}
	return nil
}

// simOptions validates the flags that do not need any input.
func (o simulateOptions) simOptions() (sim.Options, error) {
	if o.format != "text" && o.format != "json" {
		return sim.Options{}, badValue("format", o.format, textJSON)
	}
	opts, err := o.runFlags.options()
	opts.RejectUnknownQueues = o.rejectUnknown
	return opts, err
}

// checkEngineFlags refuses flags the chosen engine would ignore: a YARN
// flag with --hadoop1, --hadoop1-version without it. Silently ignored, a
// CI job's --events would never be written and --end-tree never printed.
// It also refuses two inputs on standard input (stdinOnce).
func (o simulateOptions) checkEngineFlags(s *streams) error {
	if err := s.stdinOnce(append([]outputFlag{{"--config", o.configFile}, {"--workload", o.workload}, {"--sls-nodes", o.slsNodes}},
		o.config.yarnSiteInputs()...)...); err != nil {
		return err
	}
	switch {
	case o.hadoop1 != "" && len(o.yarnOnly) == 1:
		return fmt.Errorf("%s applies only to a YARN run (--config); --hadoop1 runs the Hadoop 1 JobTracker, which does not read it", o.yarnOnly[0])
	case o.hadoop1 != "" && len(o.yarnOnly) > 1:
		return fmt.Errorf("%s apply only to a YARN run (--config); --hadoop1 runs the Hadoop 1 JobTracker, which does not read them", joinFlags(o.yarnOnly))
	case o.hadoop1 == "" && o.hadoop1VersionSet:
		return fmt.Errorf("--hadoop1-version needs --hadoop1 (the Hadoop 1 conf directory); for a YARN run use --hadoop-version")
	}
	return nil
}

// inputs are the files a simulation reads, which --events may not replace.
func (o simulateOptions) inputs() []string {
	return append(append(o.runFlags.inputs(), o.configFile), o.config.yarnSite...)
}

// startRefusal is the warning, first in the report, that the
// ResourceManager would not start with the configuration (its lint
// errors): the dry run still simulates it as capq reads it, so that the
// rest of the report can be read, but says so.
func startRefusal(m *xmlconf.Model, file string) []string {
	return append(refusal(m, file, "the run simulates it as capq reads it"), appTimeFailure(m, file)...)
}

// appTimeFailure warns of an error the ResourceManager meets only when an
// application arrives (CS124): it starts, then exits on that submission,
// which the dry run cannot do; the run reads the value as no limit.
func appTimeFailure(m *xmlconf.Model, file string) []string {
	errs := validate.AppTimeErrors(m, file)
	if len(errs) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("the ResourceManager would exit when such an application is submitted: %s; "+
		"the run reads that value as no limit", firstError(errs))}
}

// runningRefusal is startRefusal for the configuration a preview takes as
// the one in force (OLD): the ResourceManager could not be running it.
func runningRefusal(m *xmlconf.Model, file string) []string {
	return refusal(m, file, "the ResourceManager cannot be running it now, and the run simulates it as capq reads it")
}

// refusal names file where an error has no position of its own (CS001's
// missing root.queues), as capq lint does.
func refusal(m *xmlconf.Model, file, then string) []string {
	errs := validate.StartErrors(m, file)
	if len(errs) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("the ResourceManager would refuse this configuration: %s; %s", firstError(errs), then)}
}

// firstError is the first of errs (not empty), saying how many more lint
// lists: a warning names one error, not a page of them.
func firstError(errs []xmlconf.Finding) string {
	if len(errs) == 1 {
		return errs[0].String()
	}
	return fmt.Sprintf("%s (and %d more; capq lint lists them)", errs[0], len(errs)-1)
}
