package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/capq/capq/engine/sim"
)

// runFlags are the workload and run flags capq simulate and capq preview
// share: one home for their names, defaults, help and checks, so the two
// commands read a workload and bound a run the same way.
type runFlags struct {
	workload, slsNodes, slsRunner, rumenTime string
	seed                                     int64
	until, sample                            string
	maxContainers                            int
	maxEvents                                int64
}

// bind registers the flags on cmd. pair is preview's two runs: the seed
// and --until apply to both, and --sample defaults to suit the workload
// (preview.AutoSampleMS) rather than to a minute.
func (r *runFlags) bind(cmd *cobra.Command, pair bool) {
	both, sample, sampleHelp := "", "1m", "step of the per-queue series in JSON output"
	if pair {
		both, sample, sampleHelp = " (both runs use it)", "", "step of the usage series (default: about 720 steps over the workload, 1s to 1m)"
	}
	f := cmd.Flags()
	f.StringVar(&r.workload, "workload", "", "workload: native JSON or SLS trace (file or -)")
	f.StringVar(&r.slsNodes, "sls-nodes", "", "SLS topology file for an SLS trace (racks and nodes)")
	f.StringVar(&r.slsRunner, "sls-runner", "", "sls-runner.xml for an SLS trace (node size, AM and container defaults)")
	f.StringVar(&r.rumenTime, "rumen-time", "sls", "how a Rumen trace is read: sls (SLS 3.4's direct reader: every job at 0, each task's last attempt) or rumen2sls (rumen2sls.sh's conversion: relative to the first job, every attempt a container)")
	f.Int64Var(&r.seed, "seed", 1, "seed for node heartbeat offsets; the same seed gives the same output"+both)
	f.StringVar(&r.until, "until", "", "stop at this simulated time (e.g. 90m, 24h or milliseconds)"+both)
	f.StringVar(&r.sample, "sample", sample, sampleHelp)
	// --max-containers keeps a workload from exhausting memory
	// (sim.Options.MaxContainers).
	f.IntVar(&r.maxContainers, "max-containers", sim.DefaultMaxContainers, "most containers (AMs and tasks) a workload may ask for; memory grows with it")
	// --max-events is the work budget that keeps a small workload (many
	// nodes, a long heartbeat-driven day) from running for minutes
	// (sim.Options.MaxEvents).
	f.Int64Var(&r.maxEvents, "max-events", sim.DefaultMaxEvents, "work budget: most simulated events (heartbeats, arrivals, completions) a run may process, -1 for none; time grows with it")
}

// options checks the flags that need no input and turns them into
// sim.Options.
func (r runFlags) options() (sim.Options, error) {
	opts := sim.Options{Seed: r.seed, MaxContainers: r.maxContainers, MaxEvents: r.maxEvents}
	if r.maxContainers <= 0 {
		return opts, fmt.Errorf("--max-containers must be positive, got %d", r.maxContainers)
	}
	if r.maxEvents == 0 || r.maxEvents < -1 {
		return opts, fmt.Errorf("--max-events must be positive, or -1 for no budget, got %d", r.maxEvents)
	}
	var err error
	if r.until != "" {
		if opts.Until, err = sim.ParseDuration(r.until); err != nil || opts.Until <= 0 {
			return opts, fmt.Errorf("--until %q: want a positive duration such as 90m, 24h or a number of milliseconds", r.until)
		}
	}
	if opts.SampleMS, err = sim.ParseDuration(r.sample); err != nil || opts.SampleMS <= 0 {
		return opts, fmt.Errorf("--sample %q: want a positive duration such as 30s or 1m", r.sample)
	}
	return opts, nil
}

// inputs are the files the run flags name, which no output may replace.
func (r runFlags) inputs() []string {
	return []string{r.workload, r.slsNodes, r.slsRunner}
}
