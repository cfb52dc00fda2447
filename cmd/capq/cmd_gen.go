package main

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

func newGenCmd(s *streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "gen",
		Short: "Generate synthetic inputs (workloads)",
		Args:  cobra.NoArgs,
	}
	cmd.AddCommand(readsStdin(newGenWorkloadCmd(s)))
	return cmd
}

type genWorkloadOptions struct {
	config     configFlags
	configFile string
	output     string
	force      bool
	gen        sim.GenOptions
	duration   string
	taskMem    string
	taskDur    string
	// appsSet and targetSet say which of --apps and --target-utilization
	// the user gave: --apps alone fixes the count (no target).
	appsSet, targetSet bool
	// fromRMApps, rmNodes, amMemory and rmTaskMemory build the workload
	// from a ResourceManager's answers instead (gen_rmapps.go).
	fromRMApps, rmNodes    string
	amMemory, rmTaskMemory int64
}

func newGenWorkloadCmd(s *streams) *cobra.Command {
	var o genWorkloadOptions
	cmd := &cobra.Command{
		Use:     "workload --config FILE",
		Short:   "Generate a seeded synthetic workload for a configuration's leaf queues",
		Long:    helpText("gen-workload"),
		Example: helpText("gen-workload.example"),
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.appsSet, o.targetSet = c.Flags().Changed("apps"), c.Flags().Changed("target-utilization")
			return runGenWorkload(o, s)
		},
	}
	o.bind(cmd)
	return cmd
}

// bind declares gen workload's flags on cmd.
func (o *genWorkloadOptions) bind(cmd *cobra.Command) {
	o.config.bind(cmd, true)
	f := cmd.Flags()
	def := sim.CommandGenOptions() // duration, task-memory and task-duration below spell its values as text
	o.gen.AM = def.AM              // no flag sets it
	f.StringVar(&o.configFile, "config", "", "capacity-scheduler.xml whose leaf queues receive the apps")
	f.StringVarP(&o.output, "output", "o", "", "write to FILE (atomically) instead of standard output")
	f.BoolVar(&o.force, "force", false, "overwrite an existing --output file")
	f.Int64Var(&o.gen.Seed, "seed", def.Seed, "random seed")
	f.IntVar(&o.gen.Apps, "apps", def.Apps, "number of applications (instead of --target-utilization)")
	f.Float64Var(&o.gen.TargetUtilization, "target-utilization", def.TargetUtilization, "draw apps until they ask for this fraction of the cluster's memory over --duration")
	f.Float64Var(&o.gen.BurstShare, "burst-share", def.BurstShare, "share of arrivals going to the leaf whose window it is (one window per leaf over --duration)")
	f.StringVar(&o.fromRMApps, "from-rm-apps", "", "build the workload from FILE, the RM's GET /ws/v1/cluster/apps answer, JSON or XML (- for standard input)")
	f.StringVar(&o.rmNodes, "rm-nodes", "", "with --from-rm-apps: the cluster from FILE, the GET /ws/v1/cluster/nodes answer, JSON or XML (else --nodes x --node-memory)")
	f.Int64Var(&o.amMemory, "am-memory", 1024, "with --from-rm-apps: the AM container's MB (the answer does not record it)")
	f.Int64Var(&o.rmTaskMemory, "rm-task-memory", 1024, "with --from-rm-apps: the MB of the containers an app's memorySeconds are cut into")
	f.StringVar(&o.duration, "duration", "24h", "period over which apps arrive")
	f.IntVar(&o.gen.Nodes, "nodes", def.Nodes, "number of nodes")
	f.Int64Var(&o.gen.NodeMemoryMB, "node-memory", def.NodeMemoryMB, "memory per node in MB")
	f.Int64Var(&o.gen.NodeVCores, "node-vcores", def.NodeVCores, "vcores per node")
	f.IntVar(&o.gen.NodesPerRack, "nodes-per-rack", def.NodesPerRack, "nodes per rack")
	f.IntVar(&o.gen.UsersPerQueue, "users-per-queue", def.UsersPerQueue, "users per leaf queue")
	f.Float64Var(&o.gen.TasksMean, "tasks-mean", def.TasksMean, "mean task containers per app (log-normal)")
	f.Float64Var(&o.gen.TasksSigma, "tasks-sigma", def.TasksSigma, "sigma of the task count's log-normal")
	f.IntVar(&o.gen.MaxTasks, "max-tasks", def.MaxTasks, "most task containers per app")
	f.StringVar(&o.taskMem, "task-memory", "1024,2048,4096", "task container sizes in MB, picked uniformly")
	f.Int64Var(&o.gen.TaskVCores, "task-vcores", def.TaskVCores, "vcores per task container")
	f.StringVar(&o.taskDur, "task-duration", "2m", "mean task duration (log-normal)")
	f.Float64Var(&o.gen.DurationSigma, "duration-sigma", def.DurationSigma, "sigma of the task duration's log-normal")
	f.Float64Var(&o.gen.ReduceShare, "reduce-share", def.ReduceShare, "fraction of apps with a reduce phase")
}

func runGenWorkload(o genWorkloadOptions, s *streams) error {
	if err := o.parse(); err != nil {
		return cannotRun(err)
	}
	if err := s.stdinOnce(append([]outputFlag{{"--config", o.configFile}, {"--from-rm-apps", o.fromRMApps}, {"--rm-nodes", o.rmNodes}},
		o.config.yarnSiteInputs()...)...); err != nil {
		return cannotRun(err)
	}
	if o.configFile == "" {
		return cannotRun(fmt.Errorf("--config is required"))
	}
	loaded, err := o.loadConfig(s)
	if err != nil {
		return cannotRun(err)
	}
	// The workload is made for the leaves capq reads; on a configuration
	// the ResourceManager would refuse (an unrendered template's
	// "{{ queues }}") those are not the cluster's queues.
	s.notes("warning", refusal(loaded.Model, loaded.SchedulerFile(), "the workload is generated for the leaves as capq reads them"))
	w, err := o.workload(loaded.Model, s)
	if err != nil {
		return cannotRun(err)
	}
	if err := o.write(w, s); err != nil {
		return cannotRun(err)
	}
	return nil
}

// write writes the workload to -o, or standard output without it.
func (o genWorkloadOptions) write(w *sim.Workload, s *streams) error {
	var b bytes.Buffer
	if err := sim.WriteNative(&b, w); err != nil {
		return err
	}
	if o.output == "" {
		return safeio.WriteFile(safeio.Stdout, b.Bytes(), o.force, s.out)
	}
	if err := safeio.WriteFile(o.output, b.Bytes(), o.force, s.out); err != nil {
		// Named as the checks before the run name it: another process
		// may have taken the target since.
		return fmt.Errorf("-o: %w", err)
	}
	return nil
}

// workload makes the workload: from the ResourceManager's app list when
// --from-rm-apps names one, else generated.
func (o genWorkloadOptions) workload(m *xmlconf.Model, s *streams) (*sim.Workload, error) {
	if o.fromRMApps != "" {
		return o.fromRM(m, s)
	}
	w, err := sim.Generate(m, o.gen)
	if err == nil {
		reportOffered(s, w, o.gen.DurationMS, "generated", "; use --target-utilization")
	}
	return w, err
}

// loadConfig loads --config after checking that -o replaces none of the
// files the command names (--config, --yarn-site, --from-rm-apps and
// --rm-nodes: with --force, -o apps.json replaced the RM answer it was
// made from), then none of the files it read (xi:include, the mapping
// rule file).
func (o genWorkloadOptions) loadConfig(s *streams) (*xmlconf.Loaded, error) {
	out := outputFlag{"-o", o.output}
	named := append([]string{o.configFile, o.fromRMApps, o.rmNodes}, o.config.yarnSite...)
	rules := o.config.outputRules(o.force, s)
	if err := checkOutputs(rules, named, out); err != nil {
		return nil, err
	}
	loaded, err := o.config.load(o.configFile, s)
	if err != nil {
		return nil, err
	}
	if err := checkIncludedOutputs(rules, []*xmlconf.Loaded{loaded}, out); err != nil {
		return nil, err
	}
	return loaded, nil
}

// reportOffered prints how busy the generated day asks the cluster to be,
// and warns when it is too idle for a preview to show anything.
func reportOffered(s *streams, w *sim.Workload, periodMS int64, verb, hint string) {
	u := sim.OfferedUtilization(w, periodMS)
	fmt.Fprintf(s.errOut, "capq: %s %d apps; offered utilization %.2f (memory-time asked / cluster memory x duration)\n", verb, len(w.Apps), u)
	if u < 0.5 {
		fmt.Fprintf(s.errOut, "capq: warning: the cluster will be mostly idle, so queue limits barely bind and a preview will show few differences%s\n", hint)
	}
}

// parse checks and converts the flags that are not plain numbers.
func (o *genWorkloadOptions) parse() error {
	d, err := sim.ParseDuration(o.duration)
	if err != nil || d <= 0 || d > sim.MaxGenDurationMS {
		return fmt.Errorf("--duration %q: want a positive duration such as 24h, at most 87600h (10 years)", o.duration)
	}
	o.gen.DurationMS = d
	switch {
	case o.appsSet && o.targetSet && o.gen.TargetUtilization > 0:
		return fmt.Errorf("--apps and --target-utilization both decide the number of apps; give one (or --target-utilization 0)")
	case o.appsSet:
		o.gen.TargetUtilization = 0
	case !(o.gen.TargetUtilization >= 0 && o.gen.TargetUtilization <= 10):
		return fmt.Errorf("--target-utilization %v: want a fraction such as 0.9 (at most 10)", o.gen.TargetUtilization)
	}
	if err := o.parseTasks(); err != nil {
		return err
	}
	var oe *sim.GenOptionError
	if err := o.gen.Check(); errors.As(err, &oe) && oe.Option != "" {
		return fmt.Errorf("--%s%s", oe.Option, oe.Problem)
	} else if err != nil {
		return err
	}
	return nil
}

// parseTasks converts --task-duration and --task-memory.
func (o *genWorkloadOptions) parseTasks() error {
	td, err := sim.ParseDuration(o.taskDur)
	if err != nil || td <= 0 || td > sim.MaxGenDurationMS {
		return fmt.Errorf("--task-duration %q: want a positive duration such as 2m, at most 87600h (10 years)", o.taskDur)
	}
	o.gen.DurationMeanMS = float64(td)
	o.gen.TaskMemoryMB = nil
	for _, part := range strings.Split(o.taskMem, ",") {
		v, err := strconv.ParseInt(strings.TrimSpace(part), 10, 64)
		if err != nil || v <= 0 {
			return fmt.Errorf("--task-memory %q: want positive sizes in MB separated by commas", o.taskMem)
		}
		o.gen.TaskMemoryMB = append(o.gen.TaskMemoryMB, v)
	}
	return nil
}
