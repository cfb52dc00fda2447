package main

import (
	"bytes"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/xmlconf"
	"github.com/capq/capq/xmlconf/tree"
)

type simulateOptions struct {
	config        configFlags
	configFile    string
	workload      string
	slsNodes      string
	slsRunner     string
	rumenTime     string
	seed          int64
	until         string
	sample        string
	format        string
	events        string
	force         bool
	rejectUnknown bool
	maxContainers int
	maxEvents     int64
	endTree       bool
	// hadoop1 is a Hadoop 1 conf directory to simulate instead of --config.
	hadoop1, hadoop1Version string
}

// simulateLong is the long help of capq simulate.
const simulateLong = `simulate runs a workload through capq's Capacity Scheduler engine with
simulated time: node heartbeats every
yarn.resourcemanager.nodemanagers.heartbeat-interval-ms (default 1000), apps
arriving at their submit time with their AM container first, tasks released
after their durations. Idle time is skipped, so a day of jobs takes seconds.
With schedule-asynchronously.enable the heartbeats schedule nothing and one
scheduling thread passes over the nodes every scheduling-interval-ms (5 by
default); with multi-node-placement-enabled each pass offers the partition's
nodes in the lookup policy's order (ResourceUsageMultiNodeLookupPolicy,
re-sorted every sorting-interval.ms).

The workload is a native JSON workload (engine/sim/FORMAT.md; capq gen
workload makes one) or an SLS trace exactly as Hadoop's SLS reads it (the
format is detected). For SLS traces, --sls-nodes is the topology file
(slsrun.sh --nodes) and --sls-runner an sls-runner.xml whose yarn.sls.nm.*
and yarn.sls.am.* settings apply (SLS's defaults otherwise: 10240 MB and 10
vcores per node).

The text output is a table per queue: guarantee, maximum, average and peak
use, p50/p95 wait of applications for their first container, apps finished
and rejected (with Hadoop's reason below). --format json adds the full
per-queue series, every app and every user. --events writes one JSON line
per allocation, reservation, release and preemption.

--hadoop1 DIR runs the workload on a Hadoop 1 cluster instead: the
JobTracker's CapacityTaskScheduler with map and reduce slots, TaskTracker
heartbeats, the initialization poller and reduce slow-start. Each
NodeManager becomes a TaskTracker with mapred-site.xml's slots, a slot
standing for its share of the node's memory; the summary has the same
shape, and notes say what differs from a YARN run.`

func newSimulateCmd(s *streams) *cobra.Command {
	var o simulateOptions
	cmd := &cobra.Command{
		Use:   "simulate --config FILE --workload FILE",
		Short: "Run a workload through the scheduler engine in simulated time",
		Long:  simulateLong,
		Example: "  capq simulate --config conf/capacity-scheduler.xml --workload day.json\n" +
			"  capq simulate --config cs.xml --workload sls-jobs.json --sls-nodes sls-nodes.json --format json\n" +
			"  capq gen workload --config cs.xml --apps 1000 | capq simulate --config cs.xml --workload -\n" +
			"  capq simulate --hadoop1 conf/ --workload day.json",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runSimulate(o, s) },
	}
	o.config.bind(cmd, true)
	f := cmd.Flags()
	f.StringVar(&o.configFile, "config", "", "capacity-scheduler.xml (file, directory, - or git:REV:PATH)")
	f.StringVar(&o.workload, "workload", "", "workload: native JSON or SLS trace (file or -)")
	f.StringVar(&o.slsNodes, "sls-nodes", "", "SLS topology file for an SLS trace (racks and nodes)")
	f.StringVar(&o.slsRunner, "sls-runner", "", "sls-runner.xml for an SLS trace (node size, AM and container defaults)")
	f.StringVar(&o.rumenTime, "rumen-time", "sls", "a Rumen trace's time base: sls (SLS 3.4's direct reader, every job at 0) or rumen2sls (relative to the first job)")
	f.Int64Var(&o.seed, "seed", 1, "seed for node heartbeat offsets; the same seed gives the same output")
	f.StringVar(&o.until, "until", "", "stop at this simulated time (e.g. 90m, 24h or milliseconds)")
	f.StringVar(&o.sample, "sample", "1m", "step of the per-queue series in JSON output")
	f.StringVar(&o.format, "format", "text", "output format: text or json")
	completeValues(cmd, "format", fixed(textJSON))
	f.StringVar(&o.events, "events", "", "write every allocation, reservation, release and preemption as JSON lines to FILE")
	f.BoolVar(&o.force, "force", false, "overwrite an existing --events file")
	bindMaxContainers(cmd, &o.maxContainers)
	bindMaxEvents(cmd, &o.maxEvents)
	f.BoolVar(&o.endTree, "end-tree", false, "after the report, print the queue tree as the run left it (auto-created queues that have not expired)")
	f.StringVar(&o.hadoop1, "hadoop1", "", "simulate a Hadoop 1 JobTracker instead: its conf DIR (mapred-site.xml, capacity-scheduler.xml, mapred-queue-acls.xml)")
	f.StringVar(&o.hadoop1Version, "hadoop1-version", "1.2.1", "--hadoop1: the Hadoop 1 release (1.0, 1.1, 1.2.1)")
	f.BoolVar(&o.rejectUnknown, "reject-unknown-queues", false, "submit apps of unknown queues so they are rejected like Hadoop does (default: refuse the workload)")
	return cmd
}

func runSimulate(o simulateOptions, s *streams) error {
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
	if err := checkOutputs(o.force, o.inputs(), stdoutReport, outputFlag{"--events", o.events}); err != nil {
		return cannotRun(err)
	}
	loaded, err := o.config.load(o.configFile, s)
	if err != nil {
		return cannotRun(err)
	}
	res, err := o.run(loaded.Model, opts, s)
	if err != nil {
		return cannotRun(err)
	}
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
	if opts, err = o.refreshes(opts, s); err != nil {
		return nil, err
	}
	return o.simulate(m, w, opts, s)
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
	var opts sim.Options
	if o.format != "text" && o.format != "json" {
		return opts, badValue("format", o.format, textJSON)
	}
	opts.Seed = o.seed
	opts.RejectUnknownQueues = o.rejectUnknown
	if o.maxContainers <= 0 {
		return opts, fmt.Errorf("--max-containers must be positive, got %d", o.maxContainers)
	}
	opts.MaxContainers = o.maxContainers
	if o.maxEvents == 0 || o.maxEvents < -1 {
		return opts, fmt.Errorf("--max-events must be positive, or -1 for no budget, got %d", o.maxEvents)
	}
	opts.MaxEvents = o.maxEvents
	var err error
	if o.until != "" {
		if opts.Until, err = sim.ParseDuration(o.until); err != nil || opts.Until <= 0 {
			return opts, fmt.Errorf("--until %q: want a positive duration such as 90m, 24h or a number of milliseconds", o.until)
		}
	}
	if opts.SampleMS, err = sim.ParseDuration(o.sample); err != nil || opts.SampleMS <= 0 {
		return opts, fmt.Errorf("--sample %q: want a positive duration such as 30s or 1m", o.sample)
	}
	return opts, nil
}

// inputs are the files a simulation reads, which --events may not replace.
func (o simulateOptions) inputs() []string {
	return append([]string{o.configFile, o.workload, o.slsNodes, o.slsRunner}, o.config.yarnSite...)
}

// bindMaxContainers adds --max-containers, the cap that keeps a workload
// from exhausting memory (sim.Options.MaxContainers).
func bindMaxContainers(cmd *cobra.Command, v *int) {
	cmd.Flags().IntVar(v, "max-containers", sim.DefaultMaxContainers, "most containers (AMs and tasks) a workload may ask for; memory grows with it")
}

// bindMaxEvents adds --max-events, the work budget that keeps a small
// workload (many nodes, a long heartbeat-driven day) from running for
// minutes (sim.Options.MaxEvents).
func bindMaxEvents(cmd *cobra.Command, v *int64) {
	cmd.Flags().Int64Var(v, "max-events", sim.DefaultMaxEvents, "work budget: most simulated events (heartbeats, arrivals, completions) a run may process, -1 for none; time grows with it")
}
