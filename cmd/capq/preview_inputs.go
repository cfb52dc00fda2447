package main

import (
	"errors"
	"fmt"

	"github.com/hashicorp/go-multierror"

	h1 "github.com/capq/capq/engine/hadoop1"
	"github.com/capq/capq/engine/preview"
	"github.com/capq/capq/migrate"
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// previewConfigs are the two configurations a preview runs, with what
// the report says about the change between them.
type previewConfigs struct {
	old, new         *xmlconf.Model
	oldName, newName string
	refresh          *validate.RefreshResult
	unified, context string
	// h1 is set by --hadoop1: the old side runs on the Hadoop 1 engine.
	h1 *preview.Hadoop1Pair
}

// loadPreviewConfigs reads OLD and NEW like capq diff does and takes
// diff's verdict and unified diff.
func loadPreviewConfigs(o previewOptions, oldArg, newArg string, s *streams) (*previewConfigs, error) {
	in, err := loadDiffInputs(diffOptions{config: o.config}, oldArg, newArg, s)
	if err != nil {
		return nil, err
	}
	res := validate.Refresh(in.old.Model, in.new.Model, validate.RefreshOptions{
		Version: in.version, Lint: validate.Options{File: in.newName},
	})
	return &previewConfigs{old: in.old.Model, new: in.new.Model, oldName: in.oldName, newName: in.newName,
		refresh: res, unified: validate.UnifiedDiff(in.oldName, in.newName, in.oldData, in.newData)}, nil
}

// loadHadoop1Configs reads the Hadoop 1 configuration: the old side runs
// it on the Hadoop 1 engine, the new side its migration (with --group when
// given, migrated by preview.MigrateHadoop1) on YARN.
func loadHadoop1Configs(o previewOptions, s *streams) (*previewConfigs, error) {
	prof, err := h1.ParseProfile(o.h1Version)
	if err != nil {
		return nil, err
	}
	h1m, opts, err := loadHadoop1Model(o, s)
	if err != nil {
		return nil, err
	}
	h1cfg, err := h1.FromModel(h1m)
	if err != nil {
		return nil, err
	}
	lopts, err := o.config.options(s)
	if err != nil {
		return nil, err
	}
	oldName, flatName, newName := preview.Hadoop1Names(o.h1.mapredSite, prof, o.h1.groups)
	m, err := preview.MigrateHadoop1(h1m, opts, lopts, flatName, newName)
	if err != nil {
		return nil, err
	}
	cfg := &previewConfigs{new: m.New, oldName: oldName, newName: newName,
		h1: &preview.Hadoop1Pair{Old: h1cfg, Profile: prof, New: m.New}}
	if newName != flatName { // --group given
		cfg.refresh, cfg.context = m.Refresh, preview.Hadoop1Context
		cfg.unified = validate.UnifiedDiff(flatName, newName, m.OldXML, m.NewXML)
	}
	return cfg, nil
}

// loadHadoop1Model reads the Hadoop 1 files with migrate's flags (and
// --hadoop-version, when given, as the migration's target).
func loadHadoop1Model(o previewOptions, s *streams) (*xmlconf.H1Model, migrate.Options, error) {
	mo := o.h1
	mo.format = "text"
	mo.readFlags = o.config.readFlags
	if o.config.version != "" {
		mo.hadoopVersion = o.config.version
	}
	paths, opts, err := mo.toLibrary()
	if err != nil {
		return nil, opts, err
	}
	h1m, err := xmlconf.LoadHadoop1(paths, mo.readOptions(s))
	if err != nil {
		return nil, opts, errors.New(describeError(err))
	}
	return h1m, opts, nil
}

// loadGates parses every --assert and the --gate file; all parse errors
// come back together, each with its line and column.
func loadGates(asserts []string, gateFile string, rf readFlags, s *streams) ([]preview.Gate, error) {
	var gates []preview.Gate
	var errs *multierror.Error
	for i, a := range asserts {
		g, err := preview.ParseAssert(a, i+1)
		if err != nil {
			errs = multierror.Append(errs, err)
			continue
		}
		gates = append(gates, g)
	}
	if gateFile != "" {
		_, data, err := rf.readArg(gateFile, s)
		if err != nil {
			errs = multierror.Append(errs, fmt.Errorf("--gate: %w", err))
		} else {
			gs, perrs := preview.ParseGates(gateFile, data)
			gates = append(gates, gs...)
			errs = multierror.Append(errs, perrs...)
		}
	}
	if err := errs.ErrorOrNil(); err != nil {
		errs.ErrorFormat = func(es []error) string { return joinErrors(es) }
		return nil, errs
	}
	return gates, nil
}
