package preview

import (
	h1 "github.com/capq/capq/engine/hadoop1"
	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/migrate"
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// Configs are the two configurations a preview runs, with what the report
// says about the change between them.
type Configs struct {
	Old, New         *xmlconf.Model
	OldName, NewName string
	// Refresh, Unified and RefreshContext go to the report as they are.
	Refresh                 *validate.RefreshResult
	Unified, RefreshContext string
	// Hadoop1 is set when the old side runs on the Hadoop 1 engine (Old
	// is then nil).
	Hadoop1 *Hadoop1Pair
}

// LoadedConfig is one configuration as the caller read it: its model, the
// name findings give it and its bytes (for the unified diff).
type LoadedConfig struct {
	Model *xmlconf.Model
	Name  string
	Data  []byte
}

// YARNConfigs are a preview of OLD against NEW with capq diff's verdict
// (every refresh rule of version v, and NEW's lint) and unified diff.
func YARNConfigs(old, new LoadedConfig, v xmlconf.Version) *Configs {
	res := validate.Refresh(old.Model, new.Model, validate.RefreshOptions{
		Version: v, Lint: validate.Options{File: new.Name},
	})
	return &Configs{Old: old.Model, New: new.Model, OldName: old.Name, NewName: new.Name,
		Refresh: res, Unified: validate.UnifiedDiff(old.Name, new.Name, old.Data, new.Data)}
}

// Hadoop1Options are what a Hadoop 1 preview is built from beside the
// model: the migration's options (with the --group values), how to load
// the migrated XML, the release the old side runs, and the mapred-site.xml
// and --group spellings that name the sides.
type Hadoop1Options struct {
	Migrate    migrate.Options
	Load       xmlconf.LoadOptions
	Profile    h1.Profile
	MapredSite string
	Groups     []string
}

// Hadoop1Configs are a Hadoop 1 preview: the old side runs m on the Hadoop
// 1 engine, the new side its migration (with the groups) on YARN. With
// groups, the report also carries the verdict and unified diff of going
// from the flat migration to the grouped one (MigrateHadoop1).
func Hadoop1Configs(m *xmlconf.H1Model, o Hadoop1Options) (*Configs, error) {
	old, err := h1.FromModel(m)
	if err != nil {
		return nil, err
	}
	oldName, flatName, newName := Hadoop1Names(o.MapredSite, o.Profile, o.Groups)
	mig, err := MigrateHadoop1(m, o.Migrate, o.Load, flatName, newName)
	if err != nil {
		return nil, err
	}
	c := &Configs{New: mig.New, OldName: oldName, NewName: newName,
		Hadoop1: &Hadoop1Pair{Old: old, Profile: o.Profile, New: mig.New}}
	if newName != flatName { // grouped
		c.Refresh, c.RefreshContext = mig.Refresh, Hadoop1Context
		c.Unified = validate.UnifiedDiff(flatName, newName, mig.OldXML, mig.NewXML)
	}
	return c, nil
}

// Simulate runs the workload on both sides (oldOpts and newOpts differ
// only in their Progress callbacks) and returns them as report runs, with
// the notes a Hadoop 1 preview adds.
func (c *Configs) Simulate(w *sim.Workload, oldOpts, newOpts sim.Options) (oldRun, newRun *Run, notes []string, err error) {
	if c.Hadoop1 != nil {
		p := *c.Hadoop1
		p.Workload, p.Opts = w, newOpts
		return SimulateHadoop1Runs(p)
	}
	oldRes, newRes, err := Simulate(Pair{Old: c.Old, New: c.New, Workload: w, OldOpts: oldOpts, NewOpts: newOpts})
	if err != nil {
		return nil, nil, nil, err
	}
	return FromSim(oldRes, c.Old), FromSim(newRes, c.New), nil, nil
}

// Input is the Build input of c's runs of workload (named) with seed.
func (c *Configs) Input(workload string, seed int64, oldRun, newRun *Run, notes []string) Input {
	return Input{OldName: c.OldName, NewName: c.NewName, Workload: workload, Seed: seed,
		Old: oldRun, New: newRun, Refresh: c.Refresh, Unified: c.Unified, RefreshContext: c.RefreshContext, Notes: notes}
}
