package preview

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/capq/capq/safeio"
)

// textColumns are the metrics of the text tables, grouped so each table
// fits a terminal: use against guarantee, then time, then trouble.
var textColumns = [][]string{
	{"guarantee", "max", "usage.avg", "usage.peak"},
	{"first_container.p95", "wait.p50", "wait.p95", "wait.max", "completion.p50", "completion.p95", "completion.max"},
	{"apps.finished", "apps.rejected", "containers.preempted", "starvation", "starvation.max", "held"},
}

// userColumns are the metrics of the users' tables: waits and the time
// held back, per user, so a user waiting inside a busy queue shows.
var userColumns = []string{"wait.p50", "wait.p95", "wait.max", "completion.p95", "apps.finished", "apps.rejected", "starvation", "starvation.max", "held"}

var tableTitles = []string{"Use against guarantee", "Time to first container, wait and completion", "Finished, rejected, preempted, starved, held back"}

// WriteText writes the report for people: regressions and improvements
// first, then the gates, the refresh verdict with the change set, and the
// per-queue and per-user tables with old → new where a value changed.
func WriteText(w io.Writer, r *Report) error {
	ew := &errWriter{w: w}
	ew.printf("capq preview: %s → %s\n", r.Old.Config, r.New.Config)
	ew.printf("workload %s, seed %d: old %s; new %s\n", r.Workload, r.Seed, sideLine(r.Old), sideLine(r.New))
	for _, w := range r.Old.Warnings {
		ew.printf("warning (old): %s\n", w)
	}
	for _, w := range r.New.Warnings {
		ew.printf("warning (new): %s\n", w)
	}
	ew.printf("\n")
	ew.printf("averages over the common window 0 to %s (the longer run; a run counts as idle after its end)\n\n", formatDuration(r.WindowMS))
	writeTeams(ew, r.Teams)
	writeCallouts(ew, "Regressions", r.Regressions())
	writeCallouts(ew, "Improvements", r.Improvements())
	if len(r.Gates) > 0 {
		ew.printf("Gates\n")
		var b strings.Builder
		if err := WriteGates(&b, r.Gates); err != nil && ew.err == nil {
			ew.err = err
		}
		for _, l := range strings.SplitAfter(b.String(), "\n") {
			if l != "" {
				ew.printf("  %s\n", strings.TrimSuffix(l, "\n"))
			}
		}
		ew.printf("\n")
	}
	writePlacement(ew, r.Placement)
	writeRefresh(ew, refreshOf(r))
	ew.printf("In the tables: old → new; ! worse, + better, = intended (the change lowered that queue's ceiling or guarantee)\n\n")
	for i, cols := range textColumns {
		ew.printf("Queues: %s\n", strings.ToLower(tableTitles[i][:1])+tableTitles[i][1:])
		writeTable(ew, "QUEUE", r.Queues, cols)
		ew.printf("\n")
	}
	writePartitions(ew, r.Partitions)
	if len(r.Users) > 0 {
		ew.printf("Users\n")
		writeTable(ew, "USER", r.Users, userColumns)
	}
	if len(r.Notes) > 0 {
		ew.printf("\nNotes: what differs between the two schedulers\n")
		for _, n := range r.Notes {
			ew.printf("  - %s\n", n)
		}
	}
	return ew.err
}

func sideLine(s Side) string {
	return fmt.Sprintf("%d apps, %d finished, %d rejected, %d containers in %s",
		s.AppsSubmitted, s.AppsFinished, s.AppsRejected, s.ContainersAllocated, formatDuration(s.SimulatedMS))
}

func writeRefresh(ew *errWriter, rf *refreshView) {
	if rf == nil {
		return
	}
	if rf.Accepted {
		ew.printf("Refresh: accepted by refreshQueues (Hadoop %s)\n", rf.HadoopVersion)
		for _, c := range rf.Caveats {
			ew.printf("  but %s\n", c)
		}
	} else {
		ew.printf("Refresh: REFUSED (Hadoop %s): %s\n", rf.HadoopVersion, rf.HadoopError)
	}
	if rf.Context != "" {
		ew.printf("  (%s)\n", rf.Context)
	}
	for _, f := range rf.Findings {
		loc := f.File
		if f.Line > 0 {
			loc = fmt.Sprintf("%s:%d", f.File, f.Line)
		}
		ew.printf("  %s %s %s: %s\n", f.Severity, f.Rule, loc, f.Message)
	}
	for _, q := range rf.Queues {
		ew.printf("  %s: %s (%s)\n", q.Path, q.Change, q.Action)
		for _, p := range q.Properties {
			ew.printf("      %s: %s → %s\n", p.Name, orUnset(p.Old), orUnset(p.New))
		}
	}
	ew.printf("\n")
}

func orUnset(s string) string {
	if s == "" {
		return "(unset)"
	}
	return fmt.Sprintf("%q", s)
}

func writeCallouts(ew *errWriter, title string, cs []Callout) {
	if len(cs) == 0 {
		ew.printf("%s: none\n\n", title)
		return
	}
	ew.printf("%s (%d)\n", title, len(cs))
	tw := newTable(ew)
	for _, c := range cs {
		rel := ""
		if c.Relative != nil && relative(*c.Relative) != "" {
			rel = "(" + relative(*c.Relative) + ")"
		}
		safeio.Fprintf(tw, "  %s\t%s\t%s → %s\t%s\n", c.Subject, c.Metric,
			FormatValue(c.kind, deref(c.Old), c.Old != nil), FormatValue(c.kind, deref(c.New), c.New != nil), rel)
	}
	tw.flush()
	ew.printf("\n")
}

// relative renders a change as +25% or, past ten-fold, as a factor up to
// ×100; beyond that (18 ms → 36 m) a ratio says nothing the values do not.
func relative(r float64) string {
	switch {
	case r >= 99:
		return ""
	case r >= 9:
		return fmt.Sprintf("×%.0f", r+1)
	}
	return fmt.Sprintf("%+.0f%%", r*100)
}

func writeTable(ew *errWriter, head string, es []Entity, cols []string) {
	tw := newTable(ew)
	safeio.Fprintf(tw, "%s", head)
	for _, c := range cols {
		safeio.Fprintf(tw, "\t%s", strings.ToUpper(c))
	}
	fmt.Fprintln(tw)
	for _, e := range es {
		name := e.Name
		switch {
		case !e.InNew:
			name += " (removed)"
		case !e.InOld:
			name += " (added)"
		}
		safeio.Fprintf(tw, "%s", name)
		for _, c := range cols {
			safeio.Fprintf(tw, "\t%s", cell(e, c))
		}
		fmt.Fprintln(tw)
	}
	tw.flush()
}

// cell renders one metric as "old → new", or one value when unchanged.
func cell(e Entity, metric string) string {
	for _, d := range e.Metrics {
		if d.Metric != metric {
			continue
		}
		o := FormatValue(d.kind, deref(d.Old), d.Old != nil)
		n := FormatValue(d.kind, deref(d.New), d.New != nil)
		mark := map[Verdict]string{Regression: " !", Improvement: " +", Intended: " =", Same: ""}[d.Verdict]
		if o == n {
			return o
		}
		return o + " → " + n + mark
	}
	return ""
}

func deref(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// errWriter keeps the first write error so rendering code stays linear.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = safeio.Fprintf(e.w, format, args...)
	}
}

// table is a tabwriter whose lines lose their trailing padding (an
// empty last column would leave spaces at the end of each line).
type table struct {
	*tabwriter.Writer
	buf strings.Builder
	ew  *errWriter
}

func newTable(ew *errWriter) *table {
	t := &table{ew: ew}
	t.Writer = tabwriter.NewWriter(&t.buf, 0, 0, 2, ' ', 0)
	return t
}

func (t *table) flush() {
	if err := t.Flush(); err != nil && t.ew.err == nil {
		t.ew.err = err
	}
	for _, l := range strings.SplitAfter(t.buf.String(), "\n") {
		if l != "" {
			t.ew.printf("%s\n", strings.TrimRight(l, " \n"))
		}
	}
}

// writePlacement lists apps the new configuration puts elsewhere.
func writePlacement(ew *errWriter, ps []PlacementChange) {
	if len(ps) == 0 {
		return
	}
	n := 0
	for _, p := range ps {
		n += len(p.Apps)
	}
	ew.printf("Placement (%d apps placed differently: another queue, or rejected)\n", n)
	for _, p := range ps {
		apps := strings.Join(p.Apps, ", ")
		if len(p.Apps) > 5 {
			apps = strings.Join(p.Apps[:5], ", ") + fmt.Sprintf(", ... %d more", len(p.Apps)-5)
		}
		if p.Rejected {
			ew.printf("  %s: %d rejected: %s\n    %s\n", p.OldQueue, len(p.Apps), p.Reason, apps)
			continue
		}
		ew.printf("  %s → %s: %d moved\n    %s\n", p.OldQueue, p.NewQueue, len(p.Apps), apps)
	}
	ew.printf("\n")
}
