package preview

// usageMetrics are the metrics a lowered ceiling or guarantee is meant to
// reduce.
var usageMetrics = map[string]bool{"usage.avg": true, "usage.peak": true}

// markIntended relabels a queue's usage regressions as Intended when the
// change lowered the queue's maximum or guarantee: a planner who caps
// development at 240 GB wants its peak to fall from 600 GB to 240 GB,
// and calling that "worse" hides the real regressions behind it.
func markIntended(e *Entity) {
	if !lowered(e, "max") && !lowered(e, "guarantee") {
		return
	}
	for i := range e.Metrics {
		d := &e.Metrics[i]
		if d.Verdict == Regression && usageMetrics[d.Metric] {
			d.Verdict = Intended
		}
	}
}

// markIntendedLike relabels a user's usage regressions as Intended where
// the one queue they used has the same metric Intended (a team of one).
func markIntendedLike(u *Entity, q *Entity) {
	if q == nil {
		return
	}
	for i := range u.Metrics {
		d := &u.Metrics[i]
		if d.Verdict == Regression && usageMetrics[d.Metric] {
			if qd := q.delta(d.Metric); qd != nil && qd.Verdict == Intended {
				d.Verdict = Intended
			}
		}
	}
}

// lowered reports whether the configuration metric fell old → new.
func lowered(e *Entity, metric string) bool {
	d := e.delta(metric)
	return d != nil && d.Old != nil && d.New != nil && *d.New < *d.Old
}

// delta returns the entity's metric, or nil.
func (e *Entity) delta(metric string) *Delta {
	for i := range e.Metrics {
		if e.Metrics[i].Metric == metric {
			return &e.Metrics[i]
		}
	}
	return nil
}
