package migrate

import (
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// lintFindings checks the migrated model against every capq lint rule for
// the target version (children's sums are CS024, capacities within 0..100
// CS011: validate computes them, not migrate), plus the migration rules'
// check of the output (H1M18: absolute capacity above absolute maximum).
func lintFindings(m *xmlconf.Model) []xmlconf.Finding {
	out := validate.Lint(m, validate.Options{Version: m.Version, File: "capacity-scheduler.xml"})
	return append(out, validate.JudgeMigration(nil, m)...)
}
