package main

import (
	"fmt"
	"os"
	"strings"

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
	if err := checkDiffStdin(o, oldArg, newArg, s); err != nil {
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
		in.live, err = readLiveState(o.liveState, o.liveApps, s, readLimits(opts.Read))
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
func checkDiffStdin(o diffOptions, oldArg, newArg string, s *streams) error {
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
	return s.stdinOnce(append([]outputFlag{{"OLD", oldArg}, {"NEW", newArg}, {"--live-state", o.liveState}}, o.config.yarnSiteInputs()...)...)
}

// loadOne loads one side and, for --unified, keeps its bytes. Every input
// is read once: a file named on the command line, or a directory's
// capacity-scheduler.xml, is read with the read flags and loaded from
// those bytes (so xi:include still resolves next to it); standard input
// and git objects come with their bytes. Reading a side again for
// --unified refused a FIFO (--allow-special-files) as if the flag were
// not given, or would have waited for a writer that had gone.
func loadOne(opts xmlconf.LoadOptions, arg string, s *streams, keepBytes bool) (*xmlconf.Loaded, string, []byte, error) {
	var read map[string][]byte
	if path, ok := sidePath(arg); keepBytes && ok {
		data, err := safeio.ReadFile(path, readLimits(opts.Read))
		if err != nil {
			return nil, "", nil, err
		}
		read = map[string][]byte{path: data}
	}
	l, opts, err := loadArg(opts, arg, s, read)
	if err != nil {
		return nil, "", nil, err
	}
	src := opts.CapacityScheduler[0]
	if keepBytes && src.Data == nil {
		// Every source resolveSource gives is read above or carries its
		// bytes; a new kind must not fall back to a second read.
		return nil, "", nil, fmt.Errorf("%s: internal error: --unified has no bytes for this side", src.Name)
	}
	return l, src.Name, src.Data, nil
}

// sidePath is the file a side names on disk: the argument itself, or a
// directory's capacity-scheduler.xml (false for standard input, a git
// object, or a directory without one, which loadArg reports).
func sidePath(arg string) (string, bool) {
	if arg == "-" || strings.HasPrefix(arg, "git:") {
		return "", false
	}
	fi, err := os.Stat(arg)
	if err != nil {
		return "", false
	}
	if !fi.IsDir() {
		return arg, true
	}
	src, err := xmlconf.ConfDirSource(arg)
	return src.Name, err == nil
}

// readLimits are the read flags' limits for a file capq reads itself (a
// side for --unified, a live state, the live apps): within the size
// limit, refusing FIFOs and devices unless --allow-special-files says
// otherwise (they were refused whatever it said), and, when untrusted,
// system files.
func readLimits(rd xmlconf.ReadOptions) safeio.Limits {
	return safeio.Limits{MaxBytes: rd.MaxBytes, AllowSpecial: rd.AllowSpecial, Untrusted: rd.Untrusted}
}

// readLiveState parses --live-state (a file, or - for standard input) and,
// when given, --live-apps.
func readLiveState(arg, appsArg string, s *streams, lim safeio.Limits) (validate.LiveState, error) {
	var data []byte
	var err error
	if arg == "-" {
		data, err = s.readStdin(lim.MaxBytes)
	} else {
		data, err = safeio.ReadFile(arg, lim)
	}
	if err != nil {
		return nil, fmt.Errorf("--live-state: %w", err)
	}
	st, err := validate.ParseSchedulerState(data)
	if err != nil {
		return nil, fmt.Errorf("--live-state %s: %w", s.argName(arg), err)
	}
	if appsArg == "" {
		return st, nil
	}
	apps, err := readLiveApps(appsArg, lim)
	if err != nil {
		return nil, fmt.Errorf("--live-apps: %w", err)
	}
	st.SetApps(apps)
	return st, nil
}

// readLiveApps reads the RM's apps answer, JSON or XML, through the one
// reader of its JSON (sim.ReadRMAppRefs).
func readLiveApps(name string, lim safeio.Limits) ([]validate.LiveApp, error) {
	data, err := safeio.ReadFile(name, lim)
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
