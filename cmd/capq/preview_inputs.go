package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/hashicorp/go-multierror"

	"github.com/capq/capq/engine/preview"
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

// loadHadoop1Configs reads the Hadoop 1 configuration and lets
// preview.MigrateHadoop1 migrate it without and with --group.
func loadHadoop1Configs(o previewOptions, s *streams) (*previewConfigs, error) {
	if len(o.h1.groups) == 0 {
		return nil, errors.New("--hadoop1 previews --group: give at least one --group PARENT=q1,q2")
	}
	mo := o.h1
	mo.format = "text"
	if o.config.version != "" {
		mo.hadoopVersion = o.config.version
	}
	paths, opts, err := mo.toLibrary()
	if err != nil {
		return nil, err
	}
	h1, err := xmlconf.LoadHadoop1(paths, xmlconf.ReadOptions{})
	if err != nil {
		return nil, errors.New(describeError(err))
	}
	lopts, err := o.config.options(s)
	if err != nil {
		return nil, err
	}
	groups := strings.Join(o.h1.groups, " ")
	oldName, newName := "hadoop1 "+o.h1.mapredSite+" (flat)", "hadoop1 "+o.h1.mapredSite+" (--group "+groups+")"
	m, err := preview.MigrateHadoop1(h1, opts, lopts, oldName, newName)
	if err != nil {
		return nil, err
	}
	return &previewConfigs{old: m.Old, new: m.New, oldName: oldName, newName: newName, refresh: m.Refresh,
		unified: validate.UnifiedDiff(oldName, newName, m.OldXML, m.NewXML), context: preview.Hadoop1Context}, nil
}

// loadGates parses every --assert and the --gate file; all parse errors
// come back together, each with its line and column.
func loadGates(asserts []string, gateFile string) ([]preview.Gate, error) {
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
		data, err := os.ReadFile(gateFile)
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
