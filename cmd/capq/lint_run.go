package main

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/hashicorp/go-multierror"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// lintPlan is the validated form of the lint flags.
type lintPlan struct {
	format validate.Format
	failOn xmlconf.Severity
	opts   validate.Options
	// untrusted is --untrusted, on by default for published formats.
	untrusted bool
	// h1 is the Hadoop 1 dialect --source-dialect or --hadoop-version name.
	h1 lintDialect
}

func (o lintOptions) plan(s *streams) (lintPlan, error) {
	var p lintPlan
	var err error
	if p.format, err = validate.ParseFormat(o.format); err != nil {
		return p, badValue("format", o.format, lintFormats)
	}
	p.untrusted = o.config.untrustedFor(s, p.format)
	if p.failOn, err = failOnLevel(o.failOn); err != nil {
		return p, err
	}
	if err := validate.CheckSelectors(o.enable); err != nil {
		return p, fmt.Errorf("--enable: %w", err)
	}
	if err := validate.CheckSelectors(o.disable); err != nil {
		return p, fmt.Errorf("--disable: %w", err)
	}
	p.opts.Enable, p.opts.Disable = o.enable, o.disable
	if p.h1, err = o.dialect(); err != nil {
		return p, err
	}
	p.opts.Hadoop1Dialect = p.h1.dialect
	// The baseline is written after the run: refuse a target that cannot
	// be one before the work, as every other output is.
	if o.writeBaseline == safeio.Stdout {
		return p, errors.New("--write-baseline -: a baseline is written to a file; standard output holds the report")
	}
	// force: a baseline replaces a baseline (WriteBaselineFile checks
	// which); the guard refuses a link, a directory or, untrusted, a
	// directory linked out of the checkout.
	if err := checkOutputs(outputRules{force: true, untrusted: p.untrusted}, nil, outputFlag{"--write-baseline", o.writeBaseline}); err != nil {
		return p, err
	}
	if p.opts.Policy, err = o.readPolicy(s, p.untrusted); err != nil {
		return p, err
	}
	return p, nil
}

// readPolicy is --policy's file parsed, or nil when none is given.
func (o lintOptions) readPolicy(s *streams, untrusted bool) (*validate.Policy, error) {
	if o.policy == "" {
		return nil, nil
	}
	name, data, err := o.config.readArgTrust(o.policy, s, untrusted)
	if err != nil {
		return nil, fmt.Errorf("--policy: %w", err)
	}
	return validate.ParsePolicyWith(name, bytes.NewReader(data), validate.PolicyOptions{Untrusted: untrusted})
}

// runLint lints every input, prints one report and maps it to an exit
// code. Inputs that cannot be read are reported on stderr (exit 2) after
// the others have been linted, so one bad path does not hide findings.
func runLint(o lintOptions, args []string, s *streams) error {
	if err := o.checkStdin(args, s); err != nil {
		return cannotRun(err)
	}
	p, err := o.plan(s)
	if err != nil {
		return cannotRun(err)
	}
	if len(args) == 0 {
		args = []string{"."}
	}
	rep, errs := lintAll(o, p, args, s)
	rep.Finish()
	rep.Unread = unreadOf(errs.ErrorOrNil())
	if err := applyBaseline(o, p, &rep); err != nil {
		return cannotRun(err)
	}
	if rep, err = ciReport(s, p.format, rep, o.root, o.policy, o.baseline, o.writeBaseline); err != nil {
		return cannotRun(err)
	}
	// The machine formats always print a document: with every input
	// unreadable an empty SARIF file failed its upload and an empty JUnit
	// file read as "no tests", hiding why.
	if len(rep.Files) > 0 || errs == nil || p.format != validate.FormatText {
		colour := p.format == validate.FormatText && s.colour()
		if err := validate.Write(s.out, p.format, rep, validate.RenderOptions{Colour: colour}); err != nil {
			return cannotRun(err)
		}
	}
	if errs != nil {
		return cannotRun(describedError(errs))
	}
	if rep.Failed() {
		return exitWith(exitFindings)
	}
	return nil
}

// unreadOf lists the inputs lintAll could not read for the CI formats,
// one per failure (a conf dir's broken yarn-site.xml and
// capacity-scheduler.xml are two).
func unreadOf(errs error) []validate.Unread {
	var out []validate.Unread
	var add func(err error)
	add = func(err error) {
		var merr *multierror.Error
		if errors.As(err, &merr) {
			for _, e := range merr.Errors {
				add(e)
			}
			return
		}
		out = append(out, validate.UnreadOf(err, describeError))
	}
	if errs != nil && !isNilMulti(errs) {
		add(errs)
	}
	return out
}

// isNilMulti reports a nil *multierror.Error held in an error.
func isNilMulti(err error) bool {
	m, ok := err.(*multierror.Error)
	return ok && m == nil
}

// lintAll lints each argument into one report; the arguments that could
// not be read come back as errors.
func lintAll(o lintOptions, p lintPlan, args []string, s *streams) (validate.Report, *multierror.Error) {
	rep := validate.Report{Tool: "capq lint", Version: toolVersion(), FailOn: p.failOn}
	var errs *multierror.Error
	for _, arg := range args {
		res, names, err := lintOne(o, p, arg, s)
		if err != nil {
			errs = multierror.Append(errs, err)
			continue
		}
		rep.Add(res, names)
	}
	return rep, errs
}

// lintOne loads and lints one argument; names are the files it read, as
// findings name them (a conf dir's yarn-site.xml, a Hadoop 1 file set's
// files), so the summary counts every file and JUnit has a suite for each.
func lintOne(o lintOptions, p lintPlan, arg string, s *streams) (validate.Result, []string, error) {
	config := p.h1.yarnConfig(o.config)
	lo, err := config.options(s)
	if err != nil {
		return validate.Result{}, nil, err
	}
	lo.Read.Untrusted = p.untrusted
	h1, err := validate.LintHadoop1Path(arg, lo.Read, p.opts)
	if h1.IsHadoop1 {
		if o.config.versionSet != nil && o.config.versionSet() && !p.h1.fromVersion {
			// The YARN profile does not apply; say so rather than
			// switching dialect silently.
			safeio.Fprintf(s.errOut, "note: %s is a Hadoop 1 (JobTracker) configuration, linted with Hadoop 1's rules; --hadoop-version %s applies to YARN configurations only\n",
				validate.WorkingRelative(arg), o.config.version)
		}
		return h1.Result, h1.Files, err
	}
	if p.h1.fromVersion {
		return validate.Result{}, nil, fmt.Errorf("%s is a YARN configuration, and --hadoop-version %s is a Hadoop 1 release: give a YARN profile (%s) for it",
			validate.WorkingRelative(arg), o.config.version, orList(hadoopVersions()))
	}
	if o.sourceDialect != "" {
		safeio.Fprintf(s.errOut, "note: %s is a YARN configuration; --source-dialect %s applies to Hadoop 1 (JobTracker) configurations only\n",
			validate.WorkingRelative(arg), o.sourceDialect)
	}
	loaded, lo, err := loadArg(lo, arg, s, h1.Data) // read once, by the Hadoop 1 detection
	if err != nil {
		return validate.Result{}, nil, err
	}
	src := lo.CapacityScheduler[0]
	opts := p.opts
	opts.Version = lo.Build.Version
	opts.File = src.Name
	names := []string{validate.WorkingRelative(src.Name)}
	for _, y := range lo.YarnSite {
		names = append(names, validate.WorkingRelative(y.Name))
	}
	return validate.Run(loaded.Model, opts), names, nil
}

// checkStdin refuses two inputs on standard input: the first would take
// all of it and the other read nothing.
func (o lintOptions) checkStdin(args []string, s *streams) error {
	if o.policy == "-" && slices.Contains(args, "-") {
		// As preview refuses for --workload.
		return errors.New("--policy - and a configuration on standard input cannot share it")
	}
	in := []outputFlag{{"--policy", o.policy}}
	for _, a := range args {
		in = append(in, outputFlag{"a configuration argument", a})
	}
	return s.stdinOnce(append(in, o.config.yarnSiteInputs()...)...)
}
