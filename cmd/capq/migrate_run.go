package main

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/capq/capq/migrate"
	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// migrateOptions are the flags of capq migrate hadoop1.
type migrateOptions struct {
	readFlags
	hadoop1Files
	hadoopVersion                           string
	output, yarnSite, report, format        string
	force, maxParallelApps, ignoreScheduler bool
}

func defaultVersionName() string { return xmlconf.DefaultVersion.String() }

// toLibrary checks the flags and turns them into library options.
func (o migrateOptions) toLibrary() (xmlconf.H1Paths, migrate.Options, error) {
	var paths xmlconf.H1Paths
	var opts migrate.Options
	if o.files.MapredSite == "" {
		return paths, opts, errors.New("--mapred-site is required")
	}
	if o.format != "text" && o.format != "json" {
		return paths, opts, badValue("format", o.format, textJSON)
	}
	for _, out := range []struct{ flag, path string }{{"-o", o.output}, {"--report", o.report}, {"--yarn-site", o.yarnSite}} {
		if err := safeio.CheckOutputDir(out.flag, out.path); err != nil {
			return paths, opts, err
		}
	}
	paths, err := o.paths()
	if err != nil {
		return paths, opts, err
	}
	if o.hadoopVersion != "" {
		if err := o.parseHadoopVersion(&paths, &opts); err != nil {
			return paths, opts, err
		}
	}
	if opts.Groups, err = o.parseGroups(); err != nil {
		return paths, opts, err
	}
	opts.MaxParallelApps, opts.IgnoreScheduler = o.maxParallelApps, o.ignoreScheduler
	return paths, opts, nil
}

func runMigrateHadoop1(o migrateOptions, s *streams) error {
	paths, opts, err := o.toLibrary()
	if err != nil {
		return cannotRun(err)
	}
	if err := o.checkTargets(s); err != nil {
		return cannotRun(err)
	}
	if err := s.stdinOnce(o.stdinInputs()...); err != nil {
		return cannotRun(err)
	}
	if err := readHadoop1Stdin(&paths, o.readFlags, s); err != nil {
		return cannotRun(err)
	}
	model, err := xmlconf.LoadHadoop1(paths, o.readOptions(s))
	if err != nil {
		return cannotRun(describedError(err))
	}
	res, err := migrate.Hadoop1(model, opts)
	if err != nil {
		return cannotRun(err)
	}
	out, err := migrate.Render(res)
	if err != nil {
		return cannotRun(err)
	}
	if bad := out.LintErrors; len(bad) > 0 {
		for _, f := range bad {
			safeio.Fprintf(s.errOut, "capq: %s\n", f)
		}
		return cannotRun(errors.New("the migrated configuration does not pass lint; nothing written (this is a capq bug, please report it)"))
	}
	if err := o.writeOutputs(out, res, s); err != nil {
		return cannotRun(err)
	}
	if res.HasErrors() {
		return exitWith(exitFindings)
	}
	return nil
}

// checkTargets refuses before any work an output that exists (without
// --force), is a link or device, is one of the inputs, or is another
// output (`-o X --report X` once wrote X and then failed), so a run never
// leaves some files written and others not.
func (o migrateOptions) checkTargets(s *streams) error {
	inputs := o.hadoop1Files.inputs()
	outs := []outputFlag{{"-o", o.xmlTarget()}, {"--yarn-site", o.yarnSite}}
	if r := o.reportTarget(); r != stderrTarget {
		outs = append(outs, outputFlag{"--report", r})
	}
	return checkOutputs(o.readFlags.outputRules(o.force, s), inputs, outs...)
}

// stderrTarget is where the report goes when nothing else is free.
const stderrTarget = "<stderr>"

// xmlTarget is where the migrated capacity-scheduler.xml goes.
func (o migrateOptions) xmlTarget() string {
	if o.output == "" {
		return safeio.Stdout
	}
	return o.output
}

// reportTarget is where the report goes: --report, else standard output
// when the XML went to a file, else standard error.
func (o migrateOptions) reportTarget() string {
	switch {
	case o.report != "":
		return o.report
	case o.xmlTarget() != safeio.Stdout:
		return safeio.Stdout
	}
	return stderrTarget
}

func (o migrateOptions) writeOutputs(out *migrate.Rendered, res *migrate.Result, s *streams) error {
	var report bytes.Buffer
	if err := migrate.WriteReport(&report, o.format, &res.Report); err != nil {
		return err
	}
	files := []safeio.Output{{Flag: "-o", Path: o.xmlTarget(), Data: out.CapacityScheduler}}
	if o.yarnSite != "" {
		files = append(files, safeio.Output{Flag: "--yarn-site", Path: o.yarnSite, Data: out.YarnSite})
	}
	toStderr := o.reportTarget() == stderrTarget
	if !toStderr {
		files = append(files, safeio.Output{Flag: "--report", Path: o.reportTarget(), Data: report.Bytes()})
	}
	if err := safeio.WriteAll(files, o.force, s.out); err != nil {
		return err
	}
	if toStderr {
		if _, err := s.errOut.Write(report.Bytes()); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
	}
	return nil
}

// parseHadoopVersion reads --hadoop-version with migrate.ResolveVersion: a
// YARN profile is the target, a Hadoop 1 release the source dialect.
func (o migrateOptions) parseHadoopVersion(paths *xmlconf.H1Paths, opts *migrate.Options) error {
	target, dialect, err := migrate.ResolveVersion(o.hadoopVersion, paths.Dialect)
	var conflict *migrate.DialectConflictError
	switch {
	case errors.As(err, &conflict):
		return fmt.Errorf("--hadoop-version %s contradicts --source-dialect %s", o.hadoopVersion, conflict.Forced)
	case err != nil:
		return badVersion(o.hadoopVersion, err, migrate.VersionChoices())
	}
	opts.Target, paths.Dialect = target, dialect
	return nil
}
