package migrate

import (
	"fmt"

	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// lintFindings checks the migrated model against the YARN rules a
// migration could break: children's capacities sum to 100 (ParentQueue,
// float fractions within 0.0005; 0 under a zero-capacity parent),
// capacities within 0..100 and absolute capacity ≤ absolute maximum
// (CSQueueUtils), plus every capq lint rule for the target version.
func lintFindings(m *xmlconf.Model) []xmlconf.Finding {
	out := validate.Lint(m, validate.Options{Version: m.Version, File: "capacity-scheduler.xml"})
	bad := func(q *xmlconf.Queue, prop, msg string) {
		out = append(out, xmlconf.Finding{Rule: RuleOutputLint, Severity: xmlconf.SeverityError, Queue: q.Path, Property: prop, Message: msg})
	}
	for _, q := range m.Queues {
		if !q.IsRoot() && (q.Capacity.Percent < 0 || q.Capacity.Percent > 100) {
			bad(q, "capacity", fmt.Sprintf("capacity %v of %q is outside 0..100", q.Capacity.Percent, q.Path))
		}
		if q.AbsCapacity > q.AbsMaxCapacity+1e-6 {
			bad(q, "maximum-capacity", fmt.Sprintf("absolute capacity %v of %q exceeds its absolute maximum %v", q.AbsCapacity, q.Path, q.AbsMaxCapacity))
		}
		if q.IsLeaf() {
			continue
		}
		var sum float32
		for _, c := range q.Children {
			sum += c.Capacity.Percent / 100
		}
		capOf := q.Capacity.Percent
		if q.IsRoot() {
			capOf = 100
		}
		d := sum - 1
		if d < 0 {
			d = -d
		}
		if (capOf > 0 && d > yarnPrecision) || (capOf == 0 && sum > 0) {
			bad(q, "capacity", fmt.Sprintf("children of %q sum to %v, YARN refuses it", q.Path, sum*100))
		}
	}
	return out
}
