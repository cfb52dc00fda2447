package tree

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// WriteText writes the queue hierarchy for people: one row per queue
// with configured and absolute capacities, state and user limits, then the
// notes.
func WriteText(w io.Writer, m *xmlconf.Model) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	withCluster := !m.Cluster.IsZero()
	header := "QUEUE\tSTATE\tCAPACITY\tMAX\tABS CAP\tABS MAX\tUSER LIMIT\tULF"
	header += clusterColumns(m)
	fmt.Fprintln(tw, header)
	for i, q := range m.Queues {
		safeio.Fprintln(tw, treeRow(m, q, treePrefix(m.Queues, i), withCluster)) // names as written, tabs kept
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%d queues (%d leaves), Hadoop %s profile", len(m.Queues), countLeaves(m), m.Version)
	if withCluster {
		fmt.Fprintf(w, ", cluster %s", formatMB(m.Cluster.MemoryMB))
		if m.Cluster.VCores > 0 {
			fmt.Fprintf(w, ", %d vcores", m.Cluster.VCores)
		}
	}
	fmt.Fprintln(w)
	for _, n := range append(append(absoluteNote(m), maxCapacityNotes(m)...), partitionsNote(m)...) {
		safeio.Fprintf(w, "\nnote: %s\n", n)
	}
	return nil
}

func treeRow(m *xmlconf.Model, q *xmlconf.Queue, prefix string, withCluster bool) string {
	absCap, absMax := fmtPct(q.AbsCapacity), fmtPct(q.AbsMaxCapacity)
	if m.Cluster.IsZero() {
		if needsCluster(q, func(x *xmlconf.Queue) xmlconf.CapacityMode { return x.Capacity.Mode }) {
			absCap = "?"
		}
		if needsCluster(q, func(x *xmlconf.Queue) xmlconf.CapacityMode { return x.MaxCapacity.Mode }) {
			absMax = "?"
		}
	}
	cols := []string{
		prefix + displayName(q), string(q.State.V), configuredCapacity(q), configuredMax(q),
		absCap, absMax, "-", "-",
	}
	if q.IsLeaf() {
		cols[6] = shortFloat(q.MinUserLimitPercent.V) + "%"
		cols[7] = shortFloat(q.UserLimitFactor.V)
	}
	if withCluster {
		min, max := q.DefaultResources(m.Cluster)
		cols = append(cols, formatMB(min.MemoryMB), formatMB(max.MemoryMB))
		if m.Cluster.VCores > 0 {
			cols = append(cols, fmt.Sprint(min.VCores), fmt.Sprint(max.VCores))
		}
	}
	return strings.Join(cols, "\t")
}

func displayName(q *xmlconf.Queue) string {
	if q.Name == "" {
		return `""`
	}
	return q.Name
}

// treePrefix draws the branch lines for queue i of the depth-first list.
func treePrefix(qs []*xmlconf.Queue, i int) string {
	q := qs[i]
	if q.Parent == nil {
		return ""
	}
	var parts []string
	for a := q; a.Parent != nil; a = a.Parent {
		last := isLastChild(a)
		switch {
		case a == q && last:
			parts = append(parts, "└─ ")
		case a == q:
			parts = append(parts, "├─ ")
		case last:
			parts = append(parts, "   ")
		default:
			parts = append(parts, "│  ")
		}
	}
	var b strings.Builder
	for j := len(parts) - 1; j >= 0; j-- {
		b.WriteString(parts[j])
	}
	return b.String()
}

func isLastChild(q *xmlconf.Queue) bool {
	sib := q.Parent.Children
	return sib[len(sib)-1] == q
}

func configuredCapacity(q *xmlconf.Queue) string {
	switch {
	case q.IsRoot():
		return "100%"
	case q.Capacity.Mode == xmlconf.ModeUnset:
		return "unset"
	case q.Capacity.Mode == xmlconf.ModePercent:
		return shortFloat(q.Capacity.Percent) + "%"
	case q.Capacity.Mode == xmlconf.ModeWeight:
		return fmt.Sprintf("%sw=%s", xmlconf.FormatJavaFloat(q.Capacity.Weight), fmtPct(q.NormalizedCapacity))
	case q.Capacity.Mode == xmlconf.ModeInvalid:
		return "invalid " + fmt.Sprintf("%q", q.Capacity.Raw)
	}
	return q.Capacity.Raw
}

func configuredMax(q *xmlconf.Queue) string {
	switch q.MaxCapacity.Mode {
	case xmlconf.ModeUnset:
		return "100%"
	case xmlconf.ModePercent:
		if q.MaxCapacity.Percent == -1 {
			return "100%"
		}
		return shortFloat(q.MaxCapacity.Percent) + "%"
	case xmlconf.ModeInvalid:
		return "invalid " + fmt.Sprintf("%q", q.MaxCapacity.Raw)
	}
	return q.MaxCapacity.Raw
}

// shortFloat prints a float32 in its shortest decimal form ("12.5", "60").
func shortFloat(f float32) string { return strconv.FormatFloat(float64(f), 'g', -1, 32) }

// percentValue is a percentage to write into a configuration: at most four
// decimals, so float noise (60.000004 from 0.6 in float32) never reaches a
// value we tell the admin to set.
func percentValue(f float64) string {
	return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(f, 'f', 4, 64), "0"), ".")
}

func fmtPct(f float64) string {
	s := fmt.Sprintf("%.2f", pct(f))
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s + "%"
}

// formatMB prints memory in GB (1024 MB) with one decimal, as admins read it.
func formatMB(mb int64) string {
	if mb >= 1024 {
		return fmt.Sprintf("%.1f GB", float64(mb)/1024)
	}
	return fmt.Sprintf("%d MB", mb)
}

func countLeaves(m *xmlconf.Model) int {
	n := 0
	for _, q := range m.Queues {
		if q.IsLeaf() {
			n++
		}
	}
	return n
}

// needsCluster reports whether q's share of the cluster depends on an
// absolute resource (its own or an ancestor's), which cannot be turned
// into a share without the cluster's size.
func needsCluster(q *xmlconf.Queue, mode func(*xmlconf.Queue) xmlconf.CapacityMode) bool {
	for a := q; a != nil; a = a.Parent {
		if m := mode(a); m == xmlconf.ModeAbsolute || m == xmlconf.ModeVector {
			return true
		}
	}
	return false
}

// absoluteNote says why absolute shares are missing without --cluster.
func absoluteNote(m *xmlconf.Model) []string {
	if !m.Cluster.IsZero() {
		return nil
	}
	for _, q := range m.Queues {
		if needsCluster(q, func(x *xmlconf.Queue) xmlconf.CapacityMode { return x.Capacity.Mode }) ||
			needsCluster(q, func(x *xmlconf.Queue) xmlconf.CapacityMode { return x.MaxCapacity.Mode }) {
			return []string{"some queues use absolute resources ([memory=...]); their share of the cluster (shown as ? in text, 0 in JSON) depends on its size: give it with --cluster memory=...,vcores=..."}
		}
	}
	return nil
}

// maxCapacityNotes explains, for each queue whose maximum-capacity is set
// below 100 under a parent whose absolute maximum differs from its absolute
// capacity, that Hadoop applies the maximum to the parent's absolute
// maximum (CSQueueUtils.computeAbsoluteMaximumCapacity) and not to the
// parent's capacity as the HDP and book examples describe.
func maxCapacityNotes(m *xmlconf.Model) []string {
	var notes []string
	for _, q := range m.Queues {
		if _, _, ok := xmlconf.MaxCapacityReadings(q); !ok {
			continue // xmlconf decides when the note is due, for lint's CS107 too
		}
		p := q.Parent
		docReading := float64(q.MaxCapacity.Fraction()) * p.AbsCapacity
		grow, doc := fmtPct(q.AbsMaxCapacity), fmtPct(docReading)
		if !m.Cluster.IsZero() {
			grow += " (" + formatMB(xmlconf.Share(m.Cluster.MemoryMB, q.AbsMaxCapacity)) + ")"
			doc += " (" + formatMB(xmlconf.Share(m.Cluster.MemoryMB, docReading)) + ")"
		}
		n := fmt.Sprintf("%s may grow to %s of the cluster: Hadoop applies maximum-capacity %s to the parent's absolute maximum (%s for %s, CSQueueUtils.computeAbsoluteMaximumCapacity), not to its capacity (%s) as some guides describe, which would give %s; to cap it there, also set %s.maximum-capacity to %s",
			q.Path, grow, shortFloat(q.MaxCapacity.Percent)+"%", fmtPct(p.AbsMaxCapacity), p.Path, fmtPct(p.AbsCapacity), doc, p.Path, percentValue(p.NormalizedCapacity*100))
		notes = append(notes, n)
	}
	return notes
}

// clusterColumns are the header's resource columns when the tree is sized
// to a cluster (vcores only when the cluster has them).
func clusterColumns(m *xmlconf.Model) string {
	switch {
	case m.Cluster.IsZero():
		return ""
	case m.Cluster.VCores > 0:
		return "\tMEMORY\tMAX MEMORY\tVCORES\tMAX VCORES"
	}
	return "\tMEMORY\tMAX MEMORY"
}
