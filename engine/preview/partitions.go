package preview

import (
	"fmt"
	"strings"

	"github.com/capq/capq/safeio"
)

// PartitionRun is one partition of a run (sim.PartitionResult): its
// nodes at the start and each queue's guarantee and usage in it.
type PartitionRun struct {
	Name      string
	Exclusive bool
	Nodes     int
	MemoryMB  int64
	Queues    []PartitionQueueRun
}

// PartitionQueueRun is a queue in one partition of one run. AvgUsedMB is
// averaged over the run's own length (EndMS).
type PartitionQueueRun struct {
	Path                string
	Accessible          bool
	GuaranteedMB, MaxMB int64
	AvgUsedMB           int64
	PeakUsedMB          int64
}

// PartitionCompare is a partition in both runs: the workload's nodes are
// the same, each queue's guarantee and usage may differ.
type PartitionCompare struct {
	// Partition is the node label; "" is the default partition.
	Partition string                  `json:"partition"`
	Exclusive bool                    `json:"exclusive"`
	Nodes     int                     `json:"nodes"`
	MemoryMB  int64                   `json:"memory_mb"`
	Queues    []PartitionQueueCompare `json:"queues"`
}

// PartitionQueueCompare is a queue in a partition, old and new (null
// where the queue is not in that run's configuration).
type PartitionQueueCompare struct {
	Path string              `json:"path"`
	Old  *PartitionQueueSide `json:"old"`
	New  *PartitionQueueSide `json:"new"`
}

// PartitionQueueSide is one side's figures; avg_used_mb is averaged over
// the common window, like every average of the report.
type PartitionQueueSide struct {
	Accessible   bool  `json:"accessible"`
	GuaranteedMB int64 `json:"guaranteed_mb"`
	MaxMB        int64 `json:"max_mb"`
	AvgUsedMB    int64 `json:"avg_used_mb"`
	PeakUsedMB   int64 `json:"peak_used_mb"`
}

// comparePartitions pairs the runs' partitions by name (old order, then
// partitions only the new run has) and their queues by path; nil when
// neither run has partitions, so reports without labels are unchanged.
func comparePartitions(old, new *Run, windowMS int64) []PartitionCompare {
	if len(old.Partitions) == 0 && len(new.Partitions) == 0 {
		return nil
	}
	var out []PartitionCompare
	seen := map[string]bool{}
	for _, runs := range [][]PartitionRun{old.Partitions, new.Partitions} {
		for _, p := range runs {
			if seen[p.Name] {
				continue
			}
			seen[p.Name] = true
			out = append(out, pairPartition(p, findPartition(old, p.Name), findPartition(new, p.Name), old.EndMS, new.EndMS, windowMS))
		}
	}
	return out
}

func findPartition(r *Run, name string) *PartitionRun {
	for i := range r.Partitions {
		if r.Partitions[i].Name == name {
			return &r.Partitions[i]
		}
	}
	return nil
}

func pairPartition(p PartitionRun, o, n *PartitionRun, oldEnd, newEnd, windowMS int64) PartitionCompare {
	pc := PartitionCompare{Partition: p.Name, Exclusive: p.Exclusive, Nodes: p.Nodes, MemoryMB: p.MemoryMB, Queues: []PartitionQueueCompare{}}
	idx := map[string]int{}
	add := func(side *PartitionRun, end int64, set func(*PartitionQueueCompare, *PartitionQueueSide)) {
		if side == nil {
			return
		}
		for _, q := range side.Queues {
			k, ok := idx[q.Path]
			if !ok {
				k = len(pc.Queues)
				idx[q.Path] = k
				pc.Queues = append(pc.Queues, PartitionQueueCompare{Path: q.Path})
			}
			s := &PartitionQueueSide{Accessible: q.Accessible, GuaranteedMB: q.GuaranteedMB, MaxMB: q.MaxMB, PeakUsedMB: q.PeakUsedMB, AvgUsedMB: q.AvgUsedMB}
			if windowMS > 0 {
				// A run counts as idle after its end (CommonWindow).
				s.AvgUsedMB = int64(float64(q.AvgUsedMB) * float64(end) / float64(windowMS))
			}
			set(&pc.Queues[k], s)
		}
	}
	add(o, oldEnd, func(c *PartitionQueueCompare, s *PartitionQueueSide) { c.Old = s })
	add(n, newEnd, func(c *PartitionQueueCompare, s *PartitionQueueSide) { c.New = s })
	return pc
}

// writePartitions prints each partition's queues, old → new where a
// value changed.
func writePartitions(ew *errWriter, ps []PartitionCompare) {
	if len(ps) == 0 {
		return
	}
	ew.printf("Partitions: guarantee and use of each node label's nodes\n")
	for _, p := range ps {
		kind := "exclusive"
		switch {
		case p.Partition == "":
			kind = "default partition"
		case !p.Exclusive:
			kind = "non-exclusive"
		}
		ew.printf("partition %q (%s): %d nodes, %s\n", p.Partition, kind, p.Nodes, FormatValue(KindMemory, float64(p.MemoryMB), true))
		tw := newTable(ew)
		fmt.Fprintln(tw, "QUEUE\tACCESS\tGUARANTEE\tMAX\tUSAGE.AVG\tUSAGE.PEAK")
		for _, q := range p.Queues {
			safeio.Fprintf(tw, "%s\t%s\n", q.Path, strings.Join(q.Cells(), "\t"))
		}
		tw.flush()
		ew.printf("\n")
	}
}

// partCell renders a value as "old → new", or once when unchanged; "-"
// stands for a side without the queue.
func partCell(q PartitionQueueCompare, f func(*PartitionQueueSide) string) string {
	o, n := "-", "-"
	if q.Old != nil {
		o = f(q.Old)
	}
	if q.New != nil {
		n = f(q.New)
	}
	if o == n {
		return o
	}
	return o + " → " + n
}

func mem(mb int64) string { return FormatValue(KindMemory, float64(mb), true) }

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Cells are the row's cells, for the text and HTML reports: access,
// guarantee, max, average and peak use, each "old → new" where it
// changed.
func (q PartitionQueueCompare) Cells() []string {
	return []string{
		partCell(q, func(s *PartitionQueueSide) string { return yesNo(s.Accessible) }),
		partCell(q, func(s *PartitionQueueSide) string { return mem(s.GuaranteedMB) }),
		partCell(q, func(s *PartitionQueueSide) string { return mem(s.MaxMB) }),
		partCell(q, func(s *PartitionQueueSide) string { return mem(s.AvgUsedMB) }),
		partCell(q, func(s *PartitionQueueSide) string { return mem(s.PeakUsedMB) }),
	}
}

// Changed says whether any of the queue's figures differ between runs.
func (q PartitionQueueCompare) Changed() bool {
	return strings.Contains(strings.Join(q.Cells(), "|"), "→")
}

// partitionItems are a team's verdict phrases for its node labels: the
// guarantee and ceiling in each labelled partition where they changed
// ("gpu guarantee 16 → 12 GB"), neutral like the default partition's.
// Access gained or lost shows as a guarantee from or to 0.
func (r *Report) partitionItems(path string) []VerdictItem {
	var out []VerdictItem
	for _, p := range r.Partitions {
		if p.Partition == "" {
			continue // the queue's own guarantee and max
		}
		for _, q := range p.Queues {
			if q.Path != path || q.Old == nil || q.New == nil {
				continue
			}
			for _, m := range []struct {
				metric, label string
				o, n          int64
			}{{"max", "ceiling", q.Old.MaxMB, q.New.MaxMB}, {"guarantee", "guarantee", q.Old.GuaranteedMB, q.New.GuaranteedMB}} {
				if m.o == m.n {
					continue
				}
				o, n := float64(m.o), float64(m.n)
				out = append(out, VerdictItem{Metric: "partition." + p.Partition + "." + m.metric, Unit: "mb", Old: &o, New: &n, Verdict: Changed,
					Text: fmt.Sprintf("%s %s %s", p.Partition, m.label, fromTo(KindMemory, o, n))})
			}
		}
	}
	return out
}
