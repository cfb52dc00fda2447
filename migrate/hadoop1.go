package migrate

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// migration is the state of one Hadoop1 run.
type migration struct {
	m    *xmlconf.H1Model
	opts Options
	// judged are the Hadoop 1 findings as validate's H1 rules judge them.
	judged   []xmlconf.Finding
	root     *node
	findings []xmlconf.Finding
	usage    map[*xmlconf.Property]*PropertyReport
	out      []xmlconf.WriteProperty
	yarnSite []Setting
	// limits says whether job limits become maximum-applications.
	limits bool
}

// ErrNotCapacityScheduler is returned when the JobTracker did not run the
// CapacityTaskScheduler, so capacity-scheduler.xml was never in effect.
var ErrNotCapacityScheduler = errors.New("the JobTracker did not run the CapacityTaskScheduler")

// Hadoop1 converts a parsed Hadoop 1 file set. It fails only when there is
// nothing faithful to produce (no queue, a non-capacity scheduler unless
// overridden, bad groups); everything else is a finding in the report.
func Hadoop1(m *xmlconf.H1Model, opts Options) (*Result, error) {
	if opts.Target == (xmlconf.Version{}) {
		opts.Target = xmlconf.DefaultVersion
	}
	if m.Scheduler.V != xmlconf.H1CapacityTaskSchd && !opts.IgnoreScheduler {
		return nil, fmt.Errorf("migrate: %w (it ran %q); pass --ignore-scheduler to convert the capacity settings anyway", ErrNotCapacityScheduler, m.Scheduler.V)
	}
	if opts.MaxParallelApps && !opts.Target.AtLeast(xmlconf.V3_3) {
		return nil, fmt.Errorf("migrate: max-parallel-apps needs YARN 3.3 or later, the target is %s", opts.Target)
	}
	if len(m.Queues) == 0 {
		return nil, errors.New("migrate: the Hadoop 1 configuration defines no queue")
	}
	mg := &migration{m: m, opts: opts, usage: map[*xmlconf.Property]*PropertyReport{}, judged: validate.JudgeHadoop1(m)}
	mg.buildTree()
	mg.fixSums(mg.root)
	computeAbsCap(mg.root)
	if err := mg.applyGroups(opts.Groups); err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	computeAbsCap(mg.root)
	mg.setMaxima(mg.root)
	mg.warnDuplicateLeaves()
	mg.emit()
	mg.notes()
	res := &Result{CapacityScheduler: mg.out}
	for _, s := range mg.yarnSite {
		res.YarnSite = append(res.YarnSite, xmlconf.WriteProperty{Name: s.Key, Value: s.Value, Comment: s.Reason})
	}
	res.Report = Report{
		Dialect: m.Dialect, DialectReason: m.DialectReason, Target: opts.Target,
		Queues: mg.queueReports(), Properties: mg.inventory(), YarnSite: mg.yarnSite,
		Findings: xmlconf.SortFindings(append(append([]xmlconf.Finding(nil), mg.judged...), validate.JudgeMigration(mg.findings, nil)...)),
	}
	return res, nil
}

// finding records a fact of migration rule rule for validate to judge
// (JudgeMigration): sev SeverityInfo marks a note (the harmless variant);
// any other severity defers to the rule's, declared once in validate.
func (mg *migration) finding(rule string, sev xmlconf.Severity, pos xmlconf.Pos, queue, prop, msg, hint string) {
	mg.findings = append(mg.findings, xmlconf.Finding{Rule: rule, Severity: sev, Pos: pos, Queue: queue,
		Property: prop, Message: msg, Hint: hint})
}

// use records that prop fed target (or was dropped for reason).
func (mg *migration) use(p *xmlconf.Property, st Status, target, reason string) {
	if p == nil {
		return
	}
	r := mg.usage[p]
	if r == nil {
		r = &PropertyReport{Status: st, Reason: reason}
		mg.usage[p] = r
	}
	if rank(st) > rank(r.Status) {
		r.Status = st
	}
	if r.Reason == "" {
		r.Reason = reason
	}
	if target != "" {
		for _, t := range r.Targets {
			if t == target {
				return
			}
		}
		r.Targets = append(r.Targets, target)
	}
}

func rank(s Status) int {
	switch s {
	case Mapped:
		return 3
	case Approximated:
		return 2
	}
	return 1
}

// source renders a property as a comment fragment naming where it came
// from: key = "value" (file:line). Files are named by base name so the
// output does not depend on the working directory.
func source(p *xmlconf.Property) string {
	if p == nil {
		return ""
	}
	where := filepath.Base(p.Pos.File)
	if p.ValuePos.Line > 0 {
		where = fmt.Sprintf("%s:%d", where, p.ValuePos.Line)
	}
	return fmt.Sprintf("%s = %q (%s)", p.Name, p.Value, where)
}

// add appends one output property with its comment.
func (mg *migration) add(key, value string, comment ...string) {
	var parts []string
	for _, c := range comment {
		if c != "" {
			parts = append(parts, c)
		}
	}
	mg.out = append(mg.out, xmlconf.WriteProperty{Name: key, Value: value, Comment: strings.Join(parts, "; ")})
}

func key(n *node, suffix string) string { return xmlconf.Prefix + n.Path() + "." + suffix }
