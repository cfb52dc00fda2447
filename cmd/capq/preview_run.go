package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/hashicorp/go-multierror"

	"github.com/capq/capq/engine/preview"
	"github.com/capq/capq/engine/sim"
)

// simulatePreview reads the workload with capq simulate's flags, runs
// both configurations at once and builds the report.
func simulatePreview(o previewOptions, cfg *preview.Configs, gates []preview.Gate, s *streams) (*preview.Report, error) {
	w, opts, err := previewWorkload(o, s)
	if err != nil {
		return nil, err
	}
	oldRun, newRun, notes, err := simulatePair(cfg, w, opts, s)
	if err != nil {
		return nil, simulateOptions{runFlags: o.runFlags}.refreshInputError(err, s)
	}
	// NEW's lint errors refuse the refresh in the verdict; OLD's are said
	// first among its warnings, as simulate says them (a Hadoop 1 old side
	// has no YARN model: nil).
	oldRun.Warnings = append(runningRefusal(cfg.Old, cfg.OldName), oldRun.Warnings...)
	in := cfg.Input(w.Name, o.seed, oldRun, newRun, notes)
	in.Gates, in.Options.Stats.StarvationMS = gates, o.starvation.Milliseconds()
	rep, errs := preview.Build(in)
	if len(errs) > 0 {
		// One line each: joined into one error, the newlines between
		// them were escaped as "\n" like a newline inside a name.
		return nil, &multierror.Error{Errors: errs}
	}
	return rep, nil
}

// previewWorkload reads the workload with capq simulate's flags (sampled
// every minute, or to suit the workload when --sample is not given) and
// prints its warnings.
func previewWorkload(o previewOptions, s *streams) (*sim.Workload, sim.Options, error) {
	so := simulateOptions{config: o.config, runFlags: o.runFlags, format: "text"}
	if so.sample == "" {
		so.sample = "1m"
	}
	opts, err := so.simOptions()
	if err != nil {
		return nil, opts, err
	}
	w, err := so.readWorkload(s)
	if err != nil {
		return nil, opts, err
	}
	if o.sample == "" {
		opts.SampleMS = preview.AutoSampleMS(w)
	}
	s.notes("warning", w.Warnings)
	if err := checkOutputs(o.config.outputRules(o.force, s), so.refreshInputs(w), stdoutReport, outputFlag{"--html", o.html}); err != nil {
		return nil, opts, err
	}
	opts, err = so.refreshes(w, opts, s)
	return w, opts, err
}

// simulatePair runs both configurations at once, with one progress line
// for both on a terminal (a Hadoop 1 preview draws none).
func simulatePair(cfg *preview.Configs, w *sim.Workload, opts sim.Options, s *streams) (oldRun, newRun *preview.Run, notes []string, err error) {
	oldOpts, newOpts := opts, opts
	if s.progress() && cfg.Hadoop1 == nil {
		p := &pairProgress{s: s, start: time.Now()}
		oldOpts.Progress, newOpts.Progress = p.side(0), p.side(1)
		defer p.clear()
	}
	return cfg.Simulate(w, oldOpts, newOpts)
}

// pairProgress draws one progress line for both runs (sim.PairLine) on a
// terminal's stderr; the runs report from their own goroutines.
type pairProgress struct {
	mu    sync.Mutex
	s     *streams
	last  [2]sim.Progress
	start time.Time
}

func (p *pairProgress) side(i int) func(sim.Progress) {
	return func(pr sim.Progress) {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.last[i] = pr
		line, slowest := sim.PairLine(p.last[0], p.last[1])
		fmt.Fprintf(p.s.errOut, "\rpreview: %s; %s\033[K", line, sim.ETA(time.Since(p.start), slowest))
	}
}

func (p *pairProgress) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.s.errOut, "\r\033[K")
}
