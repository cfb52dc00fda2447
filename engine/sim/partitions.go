package sim

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/safeio"
)

// PartitionResult is one partition's figures over the run: its nodes at
// the start, and each queue's guarantee and usage in it (the scheduler
// page's per-partition tab). Results carry them only when the cluster
// has node labels, so a run without labels renders as before.
type PartitionResult struct {
	// Partition is the node label; "" is the default partition.
	Partition string `json:"partition"`
	Exclusive bool   `json:"exclusive"`
	Nodes     int    `json:"nodes"`
	MemoryMB  int64  `json:"memory_mb"`
	// Queues are every queue of the start configuration in tree order.
	Queues []PartitionQueue `json:"queues"`
}

// PartitionQueue is a queue's guarantee and usage in one partition.
// GuaranteedMB and MaxMB are the engine's effective guaranteed and
// maximum memory in the partition at the start (absolute capacity and
// absolute maximum capacity in the label times the partition's memory).
// Usage counts the containers on the partition's nodes.
type PartitionQueue struct {
	Path               string  `json:"path"`
	Accessible         bool    `json:"accessible"`
	GuaranteedMB       int64   `json:"guaranteed_mb"`
	MaxMB              int64   `json:"max_mb"`
	PeakUsedMB         int64   `json:"peak_used_mb"`
	AvgUsedMB          int64   `json:"avg_used_mb"`
	AvgUsedOfGuarantee float64 `json:"avg_used_of_guarantee"`
}

// partStats follows usage per queue and partition from the containers'
// nodes. It is nil on a cluster without labels, so the hot path pays one
// nil check.
type partStats struct {
	names    []string                     // index 0 is the default partition
	exclusiv []bool                       // by partition
	nodePart map[int32]int                // engine node index → partition
	labelled bool                         // some node is in a labelled partition
	lends    bool                         // some node is in a non-exclusive partition
	byName   map[string]int               // partition index by name
	nodes    []int                        // nodes per partition at the start
	memMB    []int64                      // memory per partition at the start
	start    map[string]engine.QueueState // the engine's queues at the start
	used     [][]int64                    // [queue][partition]
	peak     [][]int64
	area     [][]float64
	lastT    [][]int64
}

// newPartStats returns nil unless the workload defines labels or puts
// nodes in one.
func newPartStats(w *Workload, specs []NodeSpec) *partStats {
	labelled := len(w.Cluster.NodeLabels) > 0
	for _, s := range specs {
		labelled = labelled || s.Partition != ""
	}
	if !labelled {
		return nil
	}
	set, _ := w.Cluster.labelSet()
	p := &partStats{names: []string{""}, exclusiv: []bool{true}, byName: map[string]int{"": 0}, nodePart: map[int32]int{}}
	for _, l := range labelKeys(set) {
		p.byName[l] = len(p.names)
		p.names = append(p.names, l)
		p.exclusiv = append(p.exclusiv, set[l])
	}
	p.nodes, p.memMB = make([]int, len(p.names)), make([]int64, len(p.names))
	for _, s := range specs {
		k := p.byName[s.Partition]
		p.nodes[k]++
		p.memMB[k] += s.MemoryMB
	}
	return p
}

// addNodes maps nodes (initial or added) to their partitions.
func (p *partStats) addNodes(r *run, specs []NodeSpec) {
	for _, s := range specs {
		if idx, ok := r.e.NodeIndex(s.ID); ok {
			p.nodePart[int32(idx)] = p.byName[s.Partition]
		}
		p.labelled = p.labelled || s.Partition != ""
		p.lends = p.lends || s.Partition != "" && !p.exclusiv[p.byName[s.Partition]]
	}
}

// readStart keeps the engine's per-partition guarantees at the start.
func (p *partStats) readStart(e *engine.Engine) {
	p.start = e.Snapshot().Queues
}

// add books mem MB on node for the leaf and its ancestors.
func (p *partStats) add(r *run, leaf, node int32, mem int64) {
	k := p.nodePart[node]
	for q := leaf; q >= 0; q = r.queues[q].parent {
		for len(p.used) <= int(q) {
			p.used = append(p.used, make([]int64, len(p.names)))
			p.peak = append(p.peak, make([]int64, len(p.names)))
			p.area = append(p.area, make([]float64, len(p.names)))
			p.lastT = append(p.lastT, make([]int64, len(p.names)))
		}
		p.area[q][k] += float64(p.used[q][k]) * float64(r.now-p.lastT[q][k])
		p.lastT[q][k] = r.now
		p.used[q][k] += mem
		p.peak[q][k] = max(p.peak[q][k], p.used[q][k])
	}
}

// results builds the per-partition figures at end.
func (p *partStats) results(r *run, end int64) []PartitionResult {
	m := r.model
	out := make([]PartitionResult, len(p.names))
	for k, name := range p.names {
		pr := PartitionResult{Partition: name, Exclusive: p.exclusiv[k], Nodes: p.nodes[k], MemoryMB: p.memMB[k], Queues: []PartitionQueue{}}
		for _, mq := range m.Queues {
			qi := r.qIdx[mq.Path]
			qs := p.start[mq.Path]
			ps := qs.Partitions[name]
			pq := PartitionQueue{Path: mq.Path, Accessible: name == "" || slices.Contains(qs.AccessibleNodeLabels, name) || slices.Contains(qs.AccessibleNodeLabels, "*"),
				GuaranteedMB: ps.EffectiveMinMB, MaxMB: ps.EffectiveMaxMB}
			if name == "" {
				pq.GuaranteedMB, pq.MaxMB = r.queues[qi].guarantee0, r.queues[qi].max0
			}
			if int(qi) < len(p.used) {
				pq.PeakUsedMB = p.peak[qi][k]
				area := p.area[qi][k] + float64(p.used[qi][k])*float64(end-p.lastT[qi][k])
				if end > 0 {
					pq.AvgUsedMB = int64(area / float64(end))
				}
			}
			if pq.GuaranteedMB > 0 {
				pq.AvgUsedOfGuarantee = round3(float64(pq.AvgUsedMB) / float64(pq.GuaranteedMB))
			}
			pr.Queues = append(pr.Queues, pq)
		}
		out[k] = pr
	}
	return out
}

// Partition returns the named partition's result, or nil.
func (r *Result) Partition(name string) *PartitionResult {
	i := slices.IndexFunc(r.Partitions, func(p PartitionResult) bool { return p.Partition == name })
	if i < 0 {
		return nil
	}
	return &r.Partitions[i]
}

// partitionTables renders each partition's queues: access, guarantee and
// maximum in the partition, and the usage of the partition's nodes.
func partitionTables(w io.Writer, r *Result) {
	if len(r.Partitions) > 0 {
		safeio.Fprintf(w, "\nthe queue figures above are the default partition's (Hadoop's QueueMetrics); each partition's follow\n")
	}
	for _, p := range r.Partitions {
		name, kind := fmt.Sprintf("%q", p.Partition), "exclusive"
		if p.Partition == "" {
			name, kind = `"" (default)`, "default"
		} else if !p.Exclusive {
			kind = "non-exclusive"
		}
		safeio.Fprintf(w, "\npartition %s, %s: %d nodes, %s\n", name, kind, p.Nodes, fmtMB(p.MemoryMB))
		tw := newTable(w)
		names := make([]string, len(p.Queues))
		for i, q := range p.Queues {
			names[i] = strings.Repeat("  ", strings.Count(q.Path, ".")) + q.Path[strings.LastIndexByte(q.Path, '.')+1:]
		}
		left := leftAligner(append([]string{"QUEUE"}, names...))
		safeio.Fprintln(tw, left("QUEUE")+"\tACCESS\tGUARANTEE\tMAX\tAVG USED\tPEAK USED\tAVG/GUARANTEE\t")
		for i, q := range p.Queues {
			access := "yes"
			if !q.Accessible {
				access = "no"
			}
			ratio := "-"
			if q.GuaranteedMB > 0 {
				ratio = fmt.Sprintf("%.1f%%", q.AvgUsedOfGuarantee*100)
			}
			safeio.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", left(names[i]), access, fmtMB(q.GuaranteedMB), fmtMB(q.MaxMB), fmtMB(q.AvgUsedMB), fmtMB(q.PeakUsedMB), ratio)
		}
		_ = tw.Flush()
	}
}

// updateNodeLabels is an update_node_labels event: the engine moves the
// nodes and their containers' usage to the new partitions
// (replaceLabelsOnNode, CapacityScheduler.updateLabelsOnNode), and so do
// the per-partition figures. A node the engine does not know (never
// added, or removed) is reported like a failed add_nodes, and nothing
// moves.
func (r *run) updateNodeLabels(ev *Event) {
	moves := make(map[string]string, len(ev.Partitions))
	for id, l := range ev.Partitions {
		moves[id] = strings.TrimSpace(l)
	}
	// The queues' default-partition figures change without a container
	// starting or ending: close their integrals at the old values first.
	for q := range r.queues {
		s := &r.queues[q]
		s.area += float64(r.usedMB(s)) * float64(r.now-s.lastT)
		s.lastT = r.now
	}
	if err := r.e.SetNodePartitions(moves); err != nil {
		r.res.Refreshes = append(r.res.Refreshes, RefreshResult{AtMS: r.now, Config: "update_node_labels", Errors: []string{err.Error()}})
		return
	}
	if r.parts == nil {
		return // only moves to the default partition, which change nothing
	}
	for _, id := range labelKeys(moves) {
		idx, ok := r.e.NodeIndex(id)
		if !ok {
			continue
		}
		r.parts.move(r, int32(idx), r.parts.byName[moves[id]])
	}
	r.parts.labelled, r.parts.lends = false, false
	for _, k := range r.parts.nodePart {
		r.parts.labelled = r.parts.labelled || k != 0
		r.parts.lends = r.parts.lends || k != 0 && !r.parts.exclusiv[k]
	}
	if r.parts.labelled {
		r.uniform = false
	}
	r.afterEngine()
}

// move re-books the node's running containers from its partition to
// partition to.
func (p *partStats) move(r *run, node int32, to int) {
	from := p.nodePart[node]
	if from == to {
		return
	}
	r.e.EachRunning(func(ev engine.Event) {
		i := r.appOf(&ev)
		if i < 0 || r.eventNode(&ev) != node {
			return
		}
		a := &r.apps[i]
		mem := ev.Resource.MemoryMB
		p.nodePart[node] = from
		p.add(r, a.leaf, node, -mem)
		p.nodePart[node] = to
		p.add(r, a.leaf, node, mem)
	})
	p.nodePart[node] = to
}
