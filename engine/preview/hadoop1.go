package preview

import (
	"fmt"

	"github.com/hashicorp/go-multierror"

	"github.com/capq/capq/migrate"
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// Hadoop1Context qualifies the refresh verdict of a Hadoop 1 preview: both
// configurations are derived, and a migration is applied with a restart.
const Hadoop1Context = "as if the flat migration were running; a migration is usually applied with a restart"

// Hadoop1 is a Hadoop 1 configuration migrated twice: as YARN runs its
// queues unchanged (flat under root) and with the grouping applied, which
// is the change a migration makes to how teams share the cluster.
type Hadoop1 struct {
	// OldXML and NewXML are the two migrated capacity-scheduler.xml files.
	OldXML, NewXML []byte
	// Old and New are their models, loaded with the caller's options.
	Old, New *xmlconf.Model
	// Refresh is the verdict of going from the flat to the grouped queues.
	Refresh *validate.RefreshResult
}

// MigrateHadoop1 migrates h1 without and with opts.Groups, loads both
// results with load (yarn-site, version, cluster; its CapacityScheduler is
// replaced) under oldName and newName, and judges the change between them.
func MigrateHadoop1(h1 *xmlconf.H1Model, opts migrate.Options, load xmlconf.LoadOptions, oldName, newName string) (*Hadoop1, error) {
	flat := opts
	flat.Groups = nil
	var h Hadoop1
	var err error
	if h.OldXML, err = migrateXML(h1, flat); err != nil {
		return nil, fmt.Errorf("migrating without --group: %w", err)
	}
	if h.NewXML, err = migrateXML(h1, opts); err != nil {
		return nil, fmt.Errorf("migrating with --group: %w", err)
	}
	var errs *multierror.Error
	load.CapacityScheduler = []xmlconf.Source{{Name: oldName, Data: h.OldXML}}
	oldL, err := xmlconf.Load(load)
	errs = multierror.Append(errs, err)
	load.CapacityScheduler = []xmlconf.Source{{Name: newName, Data: h.NewXML}}
	newL, err := xmlconf.Load(load)
	errs = multierror.Append(errs, err)
	if err := errs.ErrorOrNil(); err != nil {
		return nil, err
	}
	h.Old, h.New = oldL.Model, newL.Model
	h.Refresh = validate.Refresh(h.Old, h.New, validate.RefreshOptions{Version: load.Build.Version})
	return &h, nil
}

// migrateXML migrates h1 and renders capacity-scheduler.xml, refusing a
// result that does not pass lint.
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
