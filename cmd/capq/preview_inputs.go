package main

import (
	"fmt"

	"github.com/hashicorp/go-multierror"

	h1 "github.com/capq/capq/engine/hadoop1"
	"github.com/capq/capq/engine/preview"
	"github.com/capq/capq/migrate"
	"github.com/capq/capq/xmlconf"
)

// loadPreviewConfigs reads OLD and NEW like capq diff does and takes
// diff's verdict and unified diff.
func loadPreviewConfigs(o previewOptions, oldArg, newArg string, s *streams) (*preview.Configs, error) {
	in, err := loadDiffInputs(diffOptions{config: o.config}, oldArg, newArg, s)
	if err != nil {
		return nil, err
	}
	if err := checkIncludedOutputs(o.config.outputRules(o.force, s), []*xmlconf.Loaded{in.old, in.new}, stdoutReport, outputFlag{"--html", o.html}); err != nil {
		return nil, err
	}
	return preview.YARNConfigs(preview.LoadedConfig{Model: in.old.Model, Name: in.oldName, Data: in.oldData},
		preview.LoadedConfig{Model: in.new.Model, Name: in.newName, Data: in.newData}, in.version), nil
}

// loadHadoop1Configs reads the Hadoop 1 configuration and its flags for
// preview.Hadoop1Configs: the old side runs it on the Hadoop 1 engine, the
// new side its migration (with --group when given) on YARN.
func loadHadoop1Configs(o previewOptions, s *streams) (*preview.Configs, error) {
	prof, err := h1.ParseProfile(o.h1Version)
	if err != nil {
		return nil, err
	}
	h1m, opts, mapredSite, err := loadHadoop1Model(o, s)
	if err != nil {
		return nil, err
	}
	lopts, err := o.config.options(s)
	if err != nil {
		return nil, err
	}
	return preview.Hadoop1Configs(h1m, preview.Hadoop1Options{Migrate: opts, Load: lopts, Profile: prof,
		MapredSite: mapredSite, Groups: o.h1.groups})
}

// loadHadoop1Model reads the Hadoop 1 files with migrate's flags (and
// --hadoop-version, when given, as the migration's target). mapredSite
// is the name mapred-site.xml goes by: its path, or for "-" the name
// standard input goes by (--stdin-filename, else <stdin>), as a
// configuration on standard input is named without --hadoop1; the
// report's header printed "hadoop1 -" whatever --stdin-filename said.
func loadHadoop1Model(o previewOptions, s *streams) (*xmlconf.H1Model, migrate.Options, string, error) {
	mo := o.h1
	mo.format = "text"
	mo.readFlags = o.config.readFlags
	if o.config.version != "" {
		mo.hadoopVersion = o.config.version
	}
	paths, opts, err := mo.toLibrary()
	if err != nil {
		return nil, opts, "", err
	}
	if err := readHadoop1Stdin(&paths, mo.readFlags, s); err != nil {
		return nil, opts, "", err
	}
	h1m, err := xmlconf.LoadHadoop1(paths, mo.readOptions(s))
	if err != nil {
		return nil, opts, "", describedError(err)
	}
	return h1m, opts, paths.MapredSite, nil
}

// loadGates parses every --assert and the --gate file; all parse errors
// come back together, each with its line and column.
func loadGates(asserts []string, gateFile string, rf readFlags, s *streams) ([]preview.Gate, error) {
	gates, aerrs := preview.ParseAsserts(asserts)
	errs := multierror.Append(nil, aerrs...)
	if gateFile != "" {
		name, data, err := rf.readArg(gateFile, s)
		if err != nil {
			errs = multierror.Append(errs, fmt.Errorf("--gate: %w", err))
		} else {
			gs, perrs := preview.ParseGatesWith(name, data, preview.GateOptions{Untrusted: rf.isUntrusted(s)})
			gates = append(gates, gs...)
			errs = multierror.Append(errs, perrs...)
		}
	}
	if err := errs.ErrorOrNil(); err != nil {
		errs.ErrorFormat = xmlconf.ListErrors
		return nil, errs
	}
	return gates, nil
}
