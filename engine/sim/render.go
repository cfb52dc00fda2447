package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/capq/capq/safeio"
)

// Render writes r as JSON when format is "json", else as text.
func Render(w io.Writer, format string, r *Result) error {
	if format == "json" {
		return RenderJSON(w, r)
	}
	return RenderText(w, r)
}

// RenderJSON writes the result as indented JSON (the schema is Result's
// json tags; FORMAT.md documents it).
func RenderJSON(w io.Writer, r *Result) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	_, err = safeio.JSONWriter(w).Write(b)
	return err
}

// RenderText writes the summary: run totals, a table per queue (tree
// indented), users, rejected apps and refreshes.
func RenderText(w io.Writer, r *Result) error {
	bw := &errWriter{w: w}
	s := r.Summary
	safeio.Fprintf(bw, "workload %s: %d nodes, %s, %d vcores; %s, seed %d\n",
		r.Workload, r.Cluster.Nodes, fmtMB(r.Cluster.MemoryMB), r.Cluster.VCores, loopText(r), r.Seed)
	until := ""
	if s.StoppedAtUntil {
		until = " (stopped at --until)"
	}
	failed := ""
	if s.AppsFailed > 0 {
		failed = fmt.Sprintf(", %d failed", s.AppsFailed)
	}
	if s.AppsKilled > 0 {
		failed += fmt.Sprintf(", %d killed at their lifetime", s.AppsKilled)
	}
	safeio.Fprintf(bw, "simulated %s%s: %d apps submitted, %d finished, %d rejected%s, %d unfinished; %d containers allocated (%d AMs), %d reservations, %d preempted\n",
		fmtMS(s.SimulatedMS), until, s.AppsSubmitted, s.AppsFinished, s.AppsRejected, failed, s.AppsUnfinished,
		s.ContainersAllocated, s.AMContainers, s.Reservations, s.Preempted)
	for _, w := range r.Warnings {
		safeio.Fprintf(bw, "warning: %s\n", w)
	}
	fmt.Fprintln(bw)
	queueTable(bw, r)
	partitionTables(bw, r)
	userTable(bw, r)
	heldTable(bw, r)
	if len(r.Rejected) > 0 {
		safeio.Fprintf(bw, "\nrejected applications (%d):\n", len(r.Rejected))
		for i, x := range r.Rejected {
			if i == 20 {
				safeio.Fprintf(bw, "  ... %d more (see --format json)\n", len(r.Rejected)-20)
				break
			}
			safeio.Fprintf(bw, "  %s at %s (queue %s, user %s): %s\n", x.App, fmtMS(x.AtMS), x.Queue, x.User, x.Reason)
		}
	}
	dynamicTable(bw, r)
	for _, x := range r.Refreshes {
		verdict := "accepted"
		if !x.Accepted {
			verdict = "refused: " + strings.Join(x.Errors, "; ")
		}
		safeio.Fprintf(bw, "\nrefresh %s at %s: %s\n", x.Config, fmtMS(x.AtMS), verdict)
	}
	return bw.err
}

func queueTable(w io.Writer, r *Result) {
	tw := newTable(w)
	names := make([]string, len(r.Queues))
	for i, q := range r.Queues {
		names[i] = strings.Repeat("  ", strings.Count(q.Path, ".")) + q.Path[strings.LastIndexByte(q.Path, '.')+1:]
	}
	// Numbers align right; names stay left (padded to one width).
	left := leftAligner(append([]string{"QUEUE"}, names...))
	safeio.Fprintln(tw, left("QUEUE")+"\tGUARANTEE\tMAX\tAVG USED\tPEAK USED\tWAIT P50\tWAIT P95\tSUBMITTED\tFINISHED\tREJECTED\t")
	for i, q := range r.Queues {
		safeio.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t\n", left(names[i]), fmtMB(q.GuaranteedMB), fmtMB(q.MaxMB),
			fmtMB(q.AvgUsedMB), fmtMB(q.PeakUsedMB), fmtMS(q.WaitP50MS), fmtMS(q.WaitP95MS),
			q.AppsSubmitted, q.AppsFinished, q.AppsRejected)
	}
	_ = tw.Flush()
}

func userTable(w io.Writer, r *Result) {
	if len(r.Users) == 0 {
		return
	}
	fmt.Fprintln(w)
	tw := newTable(w)
	shown := r.Users[:min(len(r.Users), 50)]
	qs, us := []string{"QUEUE"}, []string{"USER"}
	for _, u := range shown {
		qs, us = append(qs, u.Queue), append(us, u.User)
	}
	lq, lu := leftAligner(qs), leftAligner(us)
	safeio.Fprintln(tw, lq("QUEUE")+"\t"+lu("USER")+"\tAPPS\tAVG USED\tPEAK USED\tSHARE\t")
	for _, u := range shown {
		safeio.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%.1f%%\t\n", lq(u.Queue), lu(u.User), u.Apps, fmtMB(u.AvgUsedMB), fmtMB(u.PeakUsedMB), u.Share*100)
	}
	if len(r.Users) > len(shown) {
		safeio.Fprintf(tw, "%s\t\t\t\t\t\t\n", lq(fmt.Sprintf("... %d more users", len(r.Users)-len(shown))))
	}
	_ = tw.Flush()
}

// fmtMB renders memory: whole GB as "600G", else one decimal, MB below 1 GB.
func fmtMB(mb int64) string {
	switch {
	case mb >= 1024 && mb%1024 == 0:
		return fmt.Sprintf("%dG", mb/1024)
	case mb >= 1024:
		return fmt.Sprintf("%.1fG", float64(mb)/1024)
	}
	return fmt.Sprintf("%dM", mb)
}

// fmtMS renders a duration: "850ms", "12.5s", "3m05s", "2h03m".
func fmtMS(ms int64) string {
	switch {
	case ms < 1000:
		return fmt.Sprintf("%dms", ms)
	case ms < 60000:
		return strings.TrimSuffix(strings.TrimSuffix(fmt.Sprintf("%.1f", float64(ms)/1000), "0"), ".") + "s"
	case ms < 3600000:
		return fmt.Sprintf("%dm%02ds", ms/60000, ms/1000%60)
	}
	return fmt.Sprintf("%dh%02dm", ms/3600000, ms/60000%60)
}

// errWriter keeps the first write error so rendering code stays linear.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	n, err := e.w.Write(p)
	if err != nil {
		e.err = err
	}
	return n, nil
}

// leftAligner pads strings to the widest of cells, so a right-aligning
// tabwriter leaves them left-aligned.
func leftAligner(cells []string) func(string) string {
	width := 0
	for _, c := range cells {
		width = max(width, len(c))
	}
	return func(s string) string { return fmt.Sprintf("%-*s", width, s) }
}

// table is a right-aligning tabwriter without the padding it puts before
// the first column.
type table struct {
	*tabwriter.Writer
	buf bytes.Buffer
	out io.Writer
}

func newTable(w io.Writer) *table {
	t := &table{out: w}
	t.Writer = tabwriter.NewWriter(&t.buf, 0, 0, 2, ' ', tabwriter.AlignRight)
	return t
}

// Flush writes the table with the two leading pad columns removed.
func (t *table) Flush() error {
	if err := t.Writer.Flush(); err != nil {
		return err
	}
	for _, line := range strings.SplitAfter(t.buf.String(), "\n") {
		if _, err := io.WriteString(t.out, strings.TrimPrefix(line, "  ")); err != nil {
			return err
		}
	}
	t.buf.Reset()
	return nil
}

// dynamicTable lists the queues auto-created during the run.
func dynamicTable(w io.Writer, r *Result) {
	if len(r.DynamicQueues) == 0 {
		return
	}
	expired := 0
	for _, d := range r.DynamicQueues {
		if d.RemovedMS >= 0 {
			expired++
		}
	}
	safeio.Fprintf(w, "\ndynamic queues: %d created, %d expired\n", len(r.DynamicQueues), expired)
	tw := newTable(w)
	left := leftAligner(append([]string{"QUEUE"}, dynPaths(r)...))
	safeio.Fprintln(tw, left("QUEUE")+"\tCREATED\tWEIGHT\tABS CAP AT CREATION\tEXPIRED\t")
	for _, d := range r.DynamicQueues {
		removed := "-"
		if d.RemovedMS >= 0 {
			removed = fmtMS(d.RemovedMS)
		}
		safeio.Fprintf(tw, "%s\t%s\t%g\t%.2f%%\t%s\t\n", left(d.Path), fmtMS(d.CreatedMS), d.Weight, d.AbsoluteCapacity*100, removed)
	}
	_ = tw.Flush()
}

func dynPaths(r *Result) []string {
	out := make([]string, len(r.DynamicQueues))
	for i, d := range r.DynamicQueues {
		out[i] = d.Path
	}
	return out
}

// loopText names the loop that schedules: node heartbeats, or
// asynchronous passes, and multi-node placement.
func loopText(r *Result) string {
	s := "heartbeat " + fmtMS(r.HeartbeatMS)
	if r.AsyncIntervalMS > 0 {
		s = "asynchronous scheduling every " + fmtMS(r.AsyncIntervalMS)
	}
	if r.MultiNode {
		s += ", multi-node placement"
	}
	return s
}
