package migrate

import (
	"fmt"

	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// lintFindings checks the migrated model against every capq lint rule for
// the target version (children's sums are CS024, capacities within 0..100
// CS011: validate computes them, not migrate), plus the one YARN rule a
// migration could break that Hadoop accepts from a hand-written file:
// absolute capacity above absolute maximum (CSQueueUtils), read from the
// model's absolute capacities (xmlconf/absolute.go), not recomputed here.
func lintFindings(m *xmlconf.Model) []xmlconf.Finding {
	out := validate.Lint(m, validate.Options{Version: m.Version, File: "capacity-scheduler.xml"})
	for _, q := range m.Queues {
		if q.AbsCapacity > q.AbsMaxCapacity+1e-6 {
			out = append(out, xmlconf.Finding{Rule: RuleOutputLint, Severity: xmlconf.SeverityError, Queue: q.Path, Property: "maximum-capacity",
				Message: fmt.Sprintf("absolute capacity %v of %q exceeds its absolute maximum %v", q.AbsCapacity, q.Path, q.AbsMaxCapacity)})
		}
	}
	return out
}
