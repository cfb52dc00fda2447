package tree

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// Options choose what tree shows.
type Options struct {
	// Partition is the node label whose capacities are shown ("" = the
	// default partition, the plain tree). With a label, the model's
	// Cluster is read as that partition's resource.
	Partition string
}

// Write writes the tree as text, or as JSON when json is set.
func Write(w io.Writer, m *xmlconf.Model, o Options, json bool) error {
	if err := CheckPartition(m, o.Partition); err != nil {
		return err
	}
	if json {
		// Every queue lists its capacities in every label.
		if err := xmlconf.CheckLabelPairs(len(m.Queues), len(Partitions(m))); err != nil {
			return fmt.Errorf("tree --format json: %w", err)
		}
		return writeJSON(w, m, o)
	}
	if o.Partition == "" {
		return WriteText(w, m)
	}
	return writePartitionText(w, m, o.Partition)
}

// writePartitionText is `capq tree --partition L`: the hierarchy with each
// queue's capacities in partition L (accessible-node-labels.L.*), whether
// it can access L, and its AM share there, as the scheduler page shows a
// partition's tab.
func writePartitionText(w io.Writer, m *xmlconf.Model, label string) error {
	shares := xmlconf.LabelShares(m, label, m.Cluster)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	withCluster := !m.Cluster.IsZero()
	header := "QUEUE\tSTATE\tACCESSIBLE\tCAPACITY\tMAX\tABS CAP\tABS MAX\tAM %"
	header += clusterColumns(m)
	fmt.Fprintln(tw, header)
	for i, q := range m.Queues {
		safeio.Fprintln(tw, partitionRow(m, q, shares[q], label, treePrefix(m.Queues, i)))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%d queues (%d leaves), Hadoop %s profile, partition %q", len(m.Queues), countLeaves(m), m.Version, label)
	if withCluster {
		fmt.Fprintf(w, " of %s", formatMB(m.Cluster.MemoryMB))
		if m.Cluster.VCores > 0 {
			fmt.Fprintf(w, ", %d vcores", m.Cluster.VCores)
		}
	}
	fmt.Fprintln(w)
	for _, n := range partitionNotes(m, shares, label) {
		safeio.Fprintf(w, "\nnote: %s\n", n)
	}
	return nil
}

func partitionRow(m *xmlconf.Model, q *xmlconf.Queue, s xmlconf.LabelShare, label, prefix string) string {
	absCap, absMax := fmtPct(s.Abs), fmtPct(s.AbsMax)
	if s.Unknown {
		absCap, absMax = "?", "?"
	}
	acc := "no"
	if s.Accessible {
		acc = "yes"
	}
	c, mx := q.LabelCapacities(label)
	cols := []string{prefix + displayName(q), string(q.State.V), acc, labelCapacity(q, c, s), labelMax(q, label, mx, s), absCap, absMax, "-"}
	if q.IsLeaf() {
		cols[7] = shortFloat(float32(s.AMPercent*100)) + "%"
	}
	if !m.Cluster.IsZero() {
		lo, hi := s.Resources(m.Cluster)
		cols = append(cols, formatMB(lo.MemoryMB), formatMB(hi.MemoryMB))
		if m.Cluster.VCores > 0 {
			cols = append(cols, fmt.Sprint(lo.VCores), fmt.Sprint(hi.VCores))
		}
	}
	return strings.Join(cols, "\t")
}

// labelCapacity renders accessible-node-labels.<l>.capacity as written;
// root is 100% in every label from 3.4 on.
func labelCapacity(q *xmlconf.Queue, c xmlconf.Capacity, s xmlconf.LabelShare) string {
	switch {
	case q.IsRoot():
		return fmtPct(s.Capacity)
	case c.Mode == xmlconf.ModeUnset:
		return "unset"
	case c.Mode == xmlconf.ModeWeight:
		return fmt.Sprintf("%sw=%s", xmlconf.FormatJavaFloat(c.Weight), fmtPct(s.Capacity))
	}
	return configuredCapacity(&xmlconf.Queue{Capacity: c, Parent: q.Parent})
}

// labelMax renders accessible-node-labels.<l>.maximum-capacity as
// written (root's as in force, like labelCapacity); a queue with no key for the label has none (its QueueCapacities
// lack the label, so the maximum is 0, not the unset 100%).
func labelMax(q *xmlconf.Queue, label string, mx xmlconf.Capacity, s xmlconf.LabelShare) string {
	switch {
	case q.IsRoot():
		return fmtPct(s.Maximum)
	case q.LabelSettings(label) == nil:
		return "unset"
	}
	return configuredMax(&xmlconf.Queue{MaxCapacity: mx, Parent: q.Parent})
}

// partitionNotes say what a partition view needs read with it: queues
// given capacity in a label they cannot access (the scheduler refuses
// to start, CS lint says which), and absolute resources without a size.
func partitionNotes(m *xmlconf.Model, shares map[*xmlconf.Queue]xmlconf.LabelShare, label string) []string {
	var notes []string
	var blind []string
	unknown := false
	for _, q := range m.Queues {
		s := shares[q]
		unknown = unknown || s.Unknown
		if c, _ := q.LabelCapacities(label); !q.IsRoot() && !s.Accessible && c.Mode != xmlconf.ModeUnset && s.Capacity > 0 {
			blind = append(blind, q.Path)
		}
	}
	if len(blind) > 0 {
		notes = append(notes, fmt.Sprintf("%s set a capacity in %q but cannot access it (accessible-node-labels); the ResourceManager refuses such a configuration (capq lint says why)", strings.Join(blind, ", "), label))
	}
	if unknown {
		notes = append(notes, fmt.Sprintf("some queues use absolute resources in %q; their share (shown as ?) depends on the partition's size: give it with --cluster memory=...,vcores=...", label))
	}
	return notes
}

// partitionsNote points the plain tree at the partitions it does not show.
func partitionsNote(m *xmlconf.Model) []string {
	ps := Partitions(m)
	if len(ps) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("the configuration names node label(s) %s; capacities above are the default partition's, capq tree --partition LABEL shows a label's", strings.Join(quoteAll(ps), ", "))}
}
