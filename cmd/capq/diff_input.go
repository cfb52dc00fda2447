package main

import (
	"fmt"
	"os"

	"github.com/hashicorp/go-multierror"

	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/safeio"
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// diffInputs are both configurations, their bytes (for --unified), the
// profile and the live state.
type diffInputs struct {
	old, new         *xmlconf.Loaded
	oldName, newName string
	oldData, newData []byte
	version          xmlconf.Version
	live             validate.LiveState
}

// loadDiffInputs resolves and loads OLD and NEW with the shared flags;
// both are tried so one run reports every unreadable input.
func loadDiffInputs(o diffOptions, oldArg, newArg string, s *streams) (*diffInputs, error) {
	if err := checkDiffStdin(o, oldArg, newArg); err != nil {
		return nil, err
	}
	opts, err := o.config.options(s)
	if err != nil {
		return nil, err
	}
	if f, ferr := diffFormat(o.format); ferr == nil {
		opts.Read.Untrusted = o.config.untrustedFor(s, f)
	}
	in := &diffInputs{version: opts.Build.Version}
	// The two sides are independent; reading and building a large file is
	// most of a diff's time, so they load side by side.
	var oldErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		in.old, in.oldName, in.oldData, oldErr = loadOne(opts, oldArg, s, o.unified)
	}()
	in.new, in.newName, in.newData, err = loadOne(opts, newArg, s, o.unified)
	<-done
	errs := multierror.Append(nil, oldErr, err)
	if o.liveState != "" {
		in.live, err = readLiveState(o.liveState, o.liveApps, s, opts.Read.MaxBytes, opts.Read.Untrusted)
		errs = multierror.Append(errs, err)
	}
	if err := errs.ErrorOrNil(); err != nil {
		errs.ErrorFormat = xmlconf.ListErrors
		return nil, errs
	}
	return in, nil
}

// checkDiffStdin refuses the inputs that cannot be read together: two
// sides (or a side and --live-state) on standard input, --live-apps
// without --live-state or from standard input.
func checkDiffStdin(o diffOptions, oldArg, newArg string) error {
	if oldArg == "-" && newArg == "-" {
		return fmt.Errorf("OLD and NEW cannot both be standard input")
	}
	if o.liveApps != "" && o.liveState == "" {
		return fmt.Errorf("--live-apps needs --live-state: the apps answer names applications, the scheduler answer says which queues they hold")
	}
	if o.liveApps == "-" {
		return fmt.Errorf("--live-apps takes a file, not standard input")
	}
	if o.liveState == "-" && (oldArg == "-" || newArg == "-") {
		return fmt.Errorf("--live-state - and a configuration on standard input cannot share it")
	}
	return stdinOnce(append([]outputFlag{{"OLD", oldArg}, {"NEW", newArg}, {"--live-state", o.liveState}}, o.config.yarnSiteInputs()...)...)
}

// loadOne loads one side and, for --unified, keeps its bytes. A file is
// loaded by name (so xi:include resolves next to it) and read again.
func loadOne(opts xmlconf.LoadOptions, arg string, s *streams, keepBytes bool) (*xmlconf.Loaded, string, []byte, error) {
	var read map[string][]byte
	if fi, err := os.Stat(arg); keepBytes && arg != "-" && err == nil && !fi.IsDir() {
		// A file named on the command line is read once, with the read
		// flags, and loaded from those bytes: read again for --unified, a
		// FIFO (--allow-special-files) was refused as if the flag were
		// not given, or would wait for a writer that had gone.
		data, err := safeio.ReadFile(arg, safeio.Limits{MaxBytes: opts.Read.MaxBytes, AllowSpecial: opts.Read.AllowSpecial, Untrusted: opts.Read.Untrusted})
		if err != nil {
			return nil, "", nil, err
		}
		read = map[string][]byte{arg: data}
	}
	l, opts, err := loadArg(opts, arg, s, read)
	if err != nil {
		return nil, "", nil, err
	}
	src := opts.CapacityScheduler[0]
	data := src.Data
	if data == nil && keepBytes {
		data, err = readLimited(src.Name, opts.Read.MaxBytes, opts.Read.Untrusted)
		if err != nil {
			return nil, "", nil, err
		}
	}
	return l, src.Name, data, nil
}

// readLimited reads a file other than a configuration (a live state, the
// bytes of a side for --unified) within max, refusing FIFOs and devices
// and, when untrusted, system files.
func readLimited(name string, max int64, untrusted bool) ([]byte, error) {
	return safeio.ReadFile(name, safeio.Limits{MaxBytes: max, Untrusted: untrusted})
}

// readLiveState parses --live-state (a file, or - for standard input) and,
// when given, --live-apps.
func readLiveState(arg, appsArg string, s *streams, max int64, untrusted bool) (validate.LiveState, error) {
	var data []byte
	var err error
	if arg == "-" {
		data, err = s.readStdin(max)
	} else {
		data, err = readLimited(arg, max, untrusted)
	}
	if err != nil {
		return nil, fmt.Errorf("--live-state: %w", err)
	}
	st, err := validate.ParseSchedulerState(data)
	if err != nil {
		return nil, fmt.Errorf("--live-state %s: %w", arg, err)
	}
	if appsArg == "" {
		return st, nil
	}
	apps, err := readLiveApps(appsArg, max, untrusted)
	if err != nil {
		return nil, fmt.Errorf("--live-apps: %w", err)
	}
	st.SetApps(apps)
	return st, nil
}

// readLiveApps reads the RM's apps answer, JSON or XML, through the one
// reader of its JSON (sim.ReadRMAppRefs).
func readLiveApps(name string, max int64, untrusted bool) ([]validate.LiveApp, error) {
	data, err := readLimited(name, max, untrusted)
	if err != nil {
		return nil, err
	}
	refs, err := sim.ReadRMAppRefs(name, data)
	if err != nil {
		return nil, err
	}
	out := make([]validate.LiveApp, len(refs))
	for i, r := range refs {
		out[i] = validate.LiveApp{ID: r.ID, User: r.User, Queue: r.Queue, State: r.State}
	}
	return out, nil
}
