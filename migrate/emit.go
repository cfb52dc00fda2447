package migrate

import (
	"fmt"
	"math"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// emit writes the YARN properties in a stable order: global limits, root,
// then every queue depth first with a fixed key order.
func (mg *migration) emit() {
	mg.emitGlobalLimits()
	mg.emitRoot()
	for _, c := range mg.root.Children {
		c.walk(mg.emitQueue)
	}
	mg.emitYarnSite()
}

func (mg *migration) emitRoot() {
	r := mg.root
	var names []string
	for _, c := range r.Children {
		names = append(names, c.Name)
	}
	comment := "from " + xmlconf.H1KeyQueueNames
	if mg.m.Dialect == xmlconf.H1Dialect021 && !mg.m.Deprecated021 {
		comment = "from the top-level <queue> elements of mapred-queues.xml"
	} else if mg.m.QueueNames != nil {
		comment = "from " + source(mg.m.QueueNames)
		mg.use(mg.m.QueueNames, Mapped, key(r, "queues"), "")
	} else {
		comment = "mapred.queue.names unset: Hadoop 1 used the single queue \"default\""
	}
	if len(mg.opts.Groups) > 0 {
		comment += " (regrouped with --group)"
	}
	mg.add(key(r, "queues"), strings.Join(names, ","), comment)
	mg.emitRootACLs()
}

func (mg *migration) emitQueue(n *node) {
	if !n.isLeaf() {
		var names []string
		for _, c := range n.Children {
			names = append(names, c.Name)
		}
		what := "the nested <queue> elements"
		if n.Group {
			what = "--group " + n.Name
		}
		mg.add(key(n, "queues"), strings.Join(names, ","), "from "+what)
	}
	mg.emitCapacity(n)
	mg.emitMax(n)
	if n.isLeaf() && n.Src != nil {
		mg.emitUserLimits(n)
	}
	mg.emitState(n)
	mg.emitQueueACLs(n)
	if n.isLeaf() && n.Src != nil {
		mg.emitLeafLimits(n)
	}
}

func (mg *migration) emitCapacity(n *node) {
	k := key(n, "capacity")
	var parts []string
	switch {
	case n.Group:
		parts = append(parts, "group parent: "+n.CapNote)
	case n.Src.CapacityConfigured:
		parts = append(parts, "from "+source(n.Src.Capacity.Prop))
		mg.use(n.Src.Capacity.Prop, capStatus(n), k, "")
	case mg.m.Dialect == xmlconf.H1Dialect1x:
		parts = append(parts, "no capacity: the JobTracker refused to start (Queue doesn't have configured capacity)")
	default:
		parts = append(parts, fmt.Sprintf("no capacity in Hadoop %s: the scheduler gave it %s (the unassigned remainder, split equally)", mg.m.Dialect, num(xmlconf.F32ToDecimal(n.Src.Capacity.V))))
		mg.finding(RuleDropped, xmlconf.SeverityInfo, n.Src.Pos, n.Src.FullName, "capacity",
			fmt.Sprintf("queue %q had no capacity; Hadoop %s assigned it the unassigned remainder %s, emitted explicitly", n.Src.FullName, mg.m.Dialect, num(xmlconf.F32ToDecimal(n.Src.Capacity.V))), "")
		mg.use(n.Src.Capacity.Prop, Approximated, k, "unparseable capacity replaced by the computed share")
	}
	if !n.Group && n.CapNote != "" {
		parts = append(parts, n.CapNote)
	}
	mg.add(k, num(n.Cap), parts...)
}

func capStatus(n *node) Status {
	if n.Rescaled {
		return Approximated
	}
	return Mapped
}

func (mg *migration) emitMax(n *node) {
	k := key(n, "maximum-capacity")
	var parts []string
	switch {
	case n.Group:
		parts = append(parts, "group parent: no ceiling beyond its members' (sum of their absolute maxima, at most 100)")
	case n.Src.MaxCapacity.Prop != nil:
		parts = append(parts, "from "+source(n.Src.MaxCapacity.Prop))
		mg.use(n.Src.MaxCapacity.Prop, Mapped, k, "")
	default:
		parts = append(parts, "no maximum-capacity in Hadoop 1: no limit")
	}
	if n.Src != nil && n.Src.MaxCapacity.V <= 0 && n.Src.MaxCapacity.Prop != nil {
		parts = append(parts, "≤ 0 or unparseable means no limit in Hadoop 1")
	}
	if n.Parent != mg.root || n.Parent.AbsMax != 100 {
		parts = append(parts, fmt.Sprintf("relative to the parent's absolute maximum %s%%: absolute ceiling %s%%", num(n.Parent.AbsMax), num(n.AbsMax)))
	}
	mg.add(k, num(n.Max), parts...)
}

// emitUserLimits writes user-limit-factor and minimum-user-limit-percent.
func (mg *migration) emitUserLimits(n *node) {
	q := n.Src
	k := key(n, "user-limit-factor")
	if mg.m.Dialect.HasUserLimitFactor() {
		v, why := mg.yarnULF(n)
		note := valueSource(q.UserLimitFactor.Prop, "Hadoop 1 default 1")
		if why != "" {
			note += "; " + why
		}
		mg.use(q.UserLimitFactor.Prop, Mapped, k, "")
		mg.add(k, num(v), note)
	} else {
		v, note := mg.synthULF(n)
		mg.add(k, v, note)
	}
	km := key(n, "minimum-user-limit-percent")
	mg.use(q.MinUserLimitPercent.Prop, Mapped, km, "")
	mg.add(km, fmt.Sprint(q.MinUserLimitPercent.V), valueSource(q.MinUserLimitPercent.Prop, "Hadoop 1 default 100"))
}

// valueSource names the property a resolved value came from, or the
// default when none.
func valueSource(p *xmlconf.Property, def string) string {
	if p == nil {
		return def
	}
	return "from " + source(p)
}

// yarnULF is the user-limit-factor a 1.x leaf gets, and why it differs
// from the source. Hadoop 1 capped a user at (int)(capacity × factor)
// slots (CapacitySchedulerQueue's user limit), and Java's (int) of NaN is
// 0 and of -Infinity the smallest int: a NaN or negative factor blocked
// every user, which 0 keeps (YARN would read -1 as unlimited); +Infinity
// let one user reach the queue's ceiling, which absMax/absCap keeps.
func (mg *migration) yarnULF(n *node) (float64, string) {
	v := xmlconf.F32ToDecimal(n.Src.UserLimitFactor.V)
	switch {
	case math.IsNaN(v):
		return 0, "NaN in Hadoop 1 blocks every user, 0 keeps that"
	case math.IsInf(v, 1):
		if n.AbsCap <= 0 {
			return 1, "Infinity in Hadoop 1 lets one user reach the ceiling, which no factor of a zero capacity reproduces; 1 used"
		}
		return ceil2(n.AbsMax / n.AbsCap), "Infinity in Hadoop 1 lets one user reach the ceiling: absolute maximum / absolute capacity, rounded up"
	case v < 0:
		return 0, "negative in Hadoop 1 blocks every user, 0 keeps that (YARN reads -1 as unlimited)"
	}
	return v, ""
}

// synthULF gives a 0.20/0.21 leaf a user-limit-factor that lets one user
// reach the queue's ceiling, as those releases allowed: absMax/absCap
// rounded up to 2 decimals.
func (mg *migration) synthULF(n *node) (string, string) {
	if n.AbsCap <= 0 {
		mg.finding(RuleULF, xmlconf.SeverityWarning, n.Src.Pos, n.Path(), "user-limit-factor",
			fmt.Sprintf("queue %q has no guaranteed capacity, so no user-limit-factor reproduces Hadoop %s's unlimited user share; 1 emitted", n.Path(), mg.m.Dialect), "")
		return "1", fmt.Sprintf("Hadoop %s had no user-limit-factor; the queue has no guarantee to scale", mg.m.Dialect)
	}
	v := ceil2(n.AbsMax / n.AbsCap)
	return num(v), fmt.Sprintf("synthesised: Hadoop %s had no user-limit-factor (one user could grow to the ceiling); absolute maximum %s / absolute capacity %s, rounded up",
		mg.m.Dialect, num(n.AbsMax), num(n.AbsCap))
}

func (mg *migration) emitState(n *node) {
	k := key(n, "state")
	if n.Src == nil || !n.isLeaf() && mg.m.Dialect == xmlconf.H1Dialect021 {
		mg.add(k, "RUNNING", "parent queue: Hadoop 1 had no state for it")
		return
	}
	q := n.Src
	st, note := yarnState(q, mg.m.Dialect)
	if note != "" {
		mg.finding(RuleState, xmlconf.SeverityWarning, q.State.Pos(), q.FullName, "state", note, "")
	}
	if q.State.Prop == nil {
		mg.add(k, st, "state unset: running in Hadoop 1")
		return
	}
	mg.use(q.State.Prop, Mapped, k, "")
	mg.add(k, st, "from "+source(q.State.Prop))
}

// yarnState maps a Hadoop 1 state text; note is set when the mapping had
// to interpret text the JobTracker did not accept as is.
func yarnState(q *xmlconf.H1Queue, d xmlconf.H1Dialect) (string, string) {
	t := q.State.V
	switch {
	case d == xmlconf.H1Dialect021 && t == "running", d != xmlconf.H1Dialect021 && t == "RUNNING":
		return "RUNNING", ""
	case d == xmlconf.H1Dialect021 && t == "stopped", d != xmlconf.H1Dialect021 && t == "STOPPED":
		return "STOPPED", ""
	case strings.EqualFold(strings.TrimSpace(t), "running") && d != xmlconf.H1Dialect021:
		return "RUNNING", fmt.Sprintf("state %q of %q read as RUNNING (Hadoop 1 would not have started with it)", t, q.FullName)
	case strings.EqualFold(strings.TrimSpace(t), "stopped") && d != xmlconf.H1Dialect021:
		return "STOPPED", fmt.Sprintf("state %q of %q read as STOPPED (Hadoop 1 would not have started with it)", t, q.FullName)
	case d == xmlconf.H1Dialect021:
		return "STOPPED", fmt.Sprintf("state %q of %q was UNDEFINED in 0.21 (no job accepted); emitted as STOPPED", t, q.FullName)
	}
	return "RUNNING", fmt.Sprintf("state %q of %q is not a queue state; RUNNING assumed (Hadoop 1 would not have started)", t, q.FullName)
}
