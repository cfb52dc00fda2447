package migrate

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/capq/capq/safeio"
)

// WriteReport renders the report as JSON when format is "json", else as
// text.
func WriteReport(w io.Writer, format string, r *Report) error {
	if format == "json" {
		return WriteJSON(w, r)
	}
	return WriteText(w, r)
}

// WriteJSON renders the report as indented JSON.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(safeio.JSONWriter(w))
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("migrate: write report: %w", err)
	}
	return nil
}

// WriteText renders the report for people: queues before and after,
// yarn-site.xml settings, every property's fate, then the findings.
func WriteText(w io.Writer, r *Report) error {
	bw := bufio.NewWriter(w)
	safeio.Fprintf(bw, "Hadoop %s → YARN %s (dialect: %s)\n", r.Dialect, r.Target, r.DialectReason)
	safeio.Fprintf(bw, "\nQueues, absolute %% of the cluster (capacity / maximum-capacity), before → after:\n")
	for _, q := range r.Queues {
		mark := "ok"
		if !q.Match {
			mark = "CHANGED"
		}
		safeio.Fprintf(bw, "  %-8s %-30s %s / %s → %s / %s", mark, q.Source+" → "+q.Path,
			num(q.AbsCapacityBefore), num(q.AbsMaxBefore), num(q.AbsCapacityAfter), num(q.AbsMaxAfter))
		if q.Note != "" {
			safeio.Fprintf(bw, "  (%s)", q.Note)
		}
		fmt.Fprintln(bw)
	}
	safeio.Fprintf(bw, "\nyarn-site.xml settings:\n")
	for _, s := range r.YarnSite {
		safeio.Fprintf(bw, "  %s = %s  # %s\n", s.Key, strconv.Quote(s.Value), s.Reason)
	}
	counts := map[Status]int{}
	for _, p := range r.Properties {
		counts[p.Status]++
	}
	safeio.Fprintf(bw, "\nHadoop 1 properties: %d mapped, %d approximated, %d dropped\n", counts[Mapped], counts[Approximated], counts[Dropped])
	for _, p := range r.Properties {
		where := p.File
		if p.Line > 0 {
			where = fmt.Sprintf("%s:%d", p.File, p.Line)
		}
		safeio.Fprintf(bw, "  %-12s %s %s = %s", p.Status, where, p.Key, strconv.Quote(p.Value))
		if len(p.Targets) > 0 {
			safeio.Fprintf(bw, " → %s", strings.Join(p.Targets, ", "))
		}
		if p.Reason != "" {
			safeio.Fprintf(bw, " (%s)", p.Reason)
		}
		fmt.Fprintln(bw)
	}
	safeio.Fprintf(bw, "\nFindings:\n")
	for _, f := range r.Findings {
		safeio.Fprintf(bw, "  %s\n", f)
		if f.Hint != "" {
			safeio.Fprintf(bw, "      hint: %s\n", f.Hint)
		}
	}
	if len(r.Findings) == 0 {
		fmt.Fprintln(bw, "  none")
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("migrate: write report: %w", err)
	}
	return nil
}
