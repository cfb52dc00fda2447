package main

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/hashicorp/go-multierror"

	"github.com/capq/capq/engine/preview"
	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/xmlconf"
)

// readWorkload reads --workload, detects its format and, for SLS traces,
// applies --sls-runner and --sls-nodes. A trace is read up to
// --max-containers: a few lines asking for millions of containers are
// refused before they are built, as the run would refuse them.
func (o simulateOptions) readWorkload(s *streams) (*sim.Workload, error) {
	name, data, err := o.config.readArg(o.workload, s)
	if err != nil {
		return nil, err
	}
	data, compressed, err := sim.DecompressTrace(name, data, o.config.maxFileSize)
	if err != nil {
		return nil, err
	}
	if w, ok, err := o.readNativeSure(name, data, compressed); ok {
		return w, err
	}
	format, err := sim.Detect(data)
	if de := (*sim.DetectError)(nil); errors.As(err, &de) {
		return nil, errors.New(de.At(name))
	} else if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if compressed && format != sim.FormatRumen {
		// Only JobTraceReader decompresses; SLS opens SLS and SYNTH
		// traces raw, and capq its own workloads.
		return nil, fmt.Errorf("%s: a compressed %s workload; only Rumen traces are read compressed (JobTraceReader), decompress it first", name, format)
	}
	if compressed && format == sim.FormatRumen && o.rumenTime == "rumen2sls" {
		// RumenToSLSConverter.generateSLSLoadFile opens a FileInputStream:
		// rumen2sls.sh reads no codec.
		return nil, fmt.Errorf("%s: a compressed Rumen trace with --rumen-time rumen2sls; rumen2sls.sh reads the file raw (RumenToSLSConverter), decompress it first (--rumen-time sls reads it compressed, as JobTraceReader does)", name)
	}
	if format == sim.FormatNativeJSON {
		if o.slsNodes != "" || o.slsRunner != "" {
			return nil, fmt.Errorf("%s is a native workload; --sls-nodes and --sls-runner apply only to SLS traces", name)
		}
		return sim.ReadNative(name, data)
	}
	set, nodes, err := o.slsInputs(s)
	if err != nil {
		return nil, err
	}
	return sim.ReadTrace(name, data, format, sim.TraceOptions{Settings: set, Nodes: nodes, RumenTime: o.rumenTime, MaxContainers: o.maxContainers, MaxEvents: o.maxEvents})
}

// readNativeSure reads a native workload at once, without the full
// decode detection costs (issue #19), where readWorkload's checks before
// ReadNative cannot refuse it (not compressed, no SLS flag): the
// workload, or Validate's refusal of it, which ReadNative would give.
// Anything else, and every error of reading, takes readWorkload's path,
// which gives the same answer (sim.ReadNativeSure).
func (o simulateOptions) readNativeSure(name string, data []byte, compressed bool) (*sim.Workload, bool, error) {
	if compressed || o.slsNodes != "" || o.slsRunner != "" {
		return nil, false, nil
	}
	return sim.ReadNativeSure(name, data)
}

// refreshes lets the simulation load and judge the configurations the
// workload's refresh events name, relative to the workload file, with the
// same flags as --config. Every event's configuration must be readable
// and, untrusted, inside the workload's directory: checked here, before
// the run (preview.CheckRefreshes), so a workload that names one that
// cannot be read, or one elsewhere, is refused (exit 2) with nothing
// simulated, as lint and diff refuse an unreadable file.
func (o simulateOptions) refreshes(w *sim.Workload, opts sim.Options, s *streams) (sim.Options, error) {
	dir := "."
	if o.workload != "-" {
		dir = filepath.Dir(o.workload)
	}
	lopts, err := o.config.options(s)
	if err != nil {
		return opts, err
	}
	if err := preview.CheckRefreshes(w, dir, lopts); err != nil {
		return opts, o.refreshInputError(err, s)
	}
	return preview.WithRefreshes(opts, dir, lopts), nil
}

// refreshInputError names the workload in the error of a refresh event
// whose file cannot be read (sim.RefreshInputError), said alike before
// the run and during it (a file removed or made unreadable meanwhile).
// preview's error holds one per run ("old configuration: ...", "new
// configuration: ..."), which describeError prints a line each, dropping
// a prefix around them all: each is named on its own.
func (o simulateOptions) refreshInputError(err error, s *streams) error {
	if merr, ok := err.(*multierror.Error); ok {
		out := &multierror.Error{ErrorFormat: merr.ErrorFormat}
		for _, e := range merr.Errors {
			out.Errors = append(out.Errors, o.refreshInputError(e, s))
		}
		return out
	}
	var unreadable *sim.RefreshInputError
	if errors.As(err, &unreadable) {
		return fmt.Errorf("workload %s: %w", s.argName(o.workload), err)
	}
	return err
}

// refreshInputs are the configuration files the workload's refresh events
// read during the run: inputs no output may replace (the run reads one,
// then replaced it with its --events at the end).
func (o simulateOptions) refreshInputs(w *sim.Workload) []string {
	dir := "."
	if o.workload != "-" {
		dir = filepath.Dir(o.workload)
	}
	var paths []string
	for _, ev := range w.Events {
		if ev.Kind != sim.EventRefresh {
			continue
		}
		if path, err := preview.RefreshPath(dir, ev.Config, false); err == nil {
			paths = append(paths, path)
		}
	}
	return paths
}

// slsInputs reads --sls-runner's settings (Hadoop's defaults without it)
// and --sls-nodes' cluster (nil without it).
func (o simulateOptions) slsInputs(s *streams) (xmlconf.SLSSettings, *sim.Cluster, error) {
	set := xmlconf.DefaultSLSSettings()
	if o.slsRunner != "" {
		doc, err := xmlconf.ReadFile(o.slsRunner, o.config.readOptions(s))
		if err != nil {
			return set, nil, fmt.Errorf("--sls-runner: %w", err)
		}
		if set, err = xmlconf.SLSSettingsFromDoc(doc); err != nil {
			return set, nil, fmt.Errorf("--sls-runner: %w", err)
		}
	}
	var nodes *sim.Cluster
	if o.slsNodes != "" {
		nname, ndata, err := o.config.readArg(o.slsNodes, s)
		if err != nil {
			return set, nil, fmt.Errorf("--sls-nodes: %w", err)
		}
		if nodes, err = sim.ReadSLSNodes(nname, ndata, set); err != nil {
			return set, nil, err
		}
	}
	return set, nodes, nil
}
