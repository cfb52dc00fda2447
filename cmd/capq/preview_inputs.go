package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/hashicorp/go-multierror"

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
	refresh          *preview.Refresh
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
		refresh: previewRefresh(res, unifiedDiff(in.oldName, in.newName, in.oldData, in.newData))}, nil
}

// loadHadoop1Configs migrates the Hadoop 1 configuration twice: as YARN
// runs its queues unchanged (flat under root) and with --group applied,
// which is the change a migration makes to how teams share the cluster.
func loadHadoop1Configs(o previewOptions, s *streams) (*previewConfigs, error) {
	if len(o.h1.groups) == 0 {
		return nil, errors.New("--hadoop1 previews --group: give at least one --group PARENT=q1,q2")
	}
	mo := o.h1
	mo.format = "text"
	mo.readFlags = o.config.readFlags
	if o.config.version != "" {
		mo.hadoopVersion = o.config.version
	}
	paths, opts, err := mo.toLibrary()
	if err != nil {
		return nil, err
	}
	h1, err := xmlconf.LoadHadoop1(paths, mo.readOptions())
	if err != nil {
		return nil, errors.New(describeError(err))
	}
	flatOpts := opts
	flatOpts.Groups = nil
	oldXML, err := migrateXML(h1, flatOpts)
	if err != nil {
		return nil, fmt.Errorf("migrating without --group: %w", err)
	}
	newXML, err := migrateXML(h1, opts)
	if err != nil {
		return nil, fmt.Errorf("migrating with --group: %w", err)
	}
	groups := strings.Join(o.h1.groups, " ")
	oldName, newName := "hadoop1 "+o.h1.mapredSite+" (flat)", "hadoop1 "+o.h1.mapredSite+" (--group "+groups+")"
	lopts, err := o.config.options(s)
	if err != nil {
		return nil, err
	}
	var errs *multierror.Error
	lopts.CapacityScheduler = []xmlconf.Source{{Name: oldName, Data: oldXML}}
	oldL, err := xmlconf.Load(lopts)
	errs = multierror.Append(errs, err)
	lopts.CapacityScheduler = []xmlconf.Source{{Name: newName, Data: newXML}}
	newL, err := xmlconf.Load(lopts)
	errs = multierror.Append(errs, err)
	if err := errs.ErrorOrNil(); err != nil {
		return nil, err
	}
	res := validate.Refresh(oldL.Model, newL.Model, validate.RefreshOptions{Version: lopts.Build.Version})
	rf := previewRefresh(res, unifiedDiff(oldName, newName, oldXML, newXML))
	rf.Context = "as if the flat migration were running; a migration is usually applied with a restart"
	return &previewConfigs{old: oldL.Model, new: newL.Model, oldName: oldName, newName: newName, refresh: rf}, nil
}

func migrateXML(h1 *xmlconf.H1Model, opts migrate.Options) ([]byte, error) {
	res, err := migrate.Hadoop1(h1, opts)
	if err != nil {
		return nil, err
	}
	out, err := migrate.Render(res)
	if err != nil {
		return nil, err
	}
	if len(out.LintErrors) > 0 {
		return nil, fmt.Errorf("the migrated configuration does not pass lint: %s", out.LintErrors[0])
	}
	return out.CapacityScheduler, nil
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
