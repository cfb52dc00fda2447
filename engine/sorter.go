package engine

import (
	"cmp"
	"slices"
	"strings"
)

// sorter is MultiNodeSorter with its ResourceUsageMultiNodeLookupPolicy:
// the nodes of each partition as they were sorted at the last refresh.
// The order is frozen between refreshes (a ConcurrentSkipListSet filled
// at sort time), and a node added since is not offered until the next.
type sorter struct {
	name, class string
	// intervalMS: the sorter thread re-sorts at 0, interval, 2 x interval,
	// ... (scheduleAtFixedRate); 0 means no thread, and every lookup sorts
	// (getMultiNodeSortIterator: "If sorter thread is not running, refresh
	// node set").
	intervalMS int64
	// period is the index of the last interval sorted (-1: never).
	period int64
	// badInterval is a sorting-interval.ms value that is not a
	// non-negative number (Hadoop refuses to start, CS057); capq uses the
	// default and Unmodelled says so.
	badInterval string

	// snap holds the nodes (index order) with their allocated resource
	// and partition at the last run of the thread; due says sorted must
	// be rebuilt from it at the next lookup. Copying at each run and
	// sorting only when a pass looks keeps idle intervals cheap and the
	// order exactly the one of the run's moment.
	snap   []snapNode
	due    bool
	sorted map[string][]*node
	// used: a queue's pass has looked the policy up. Only those run
	// their thread, so a configuration naming thousands of policies costs
	// nothing per event; a policy's first lookup sorts the nodes as they
	// are then, where Hadoop's thread would have sorted them at the start
	// of that interval.
	used bool
	// layered: the class is LayeredNodeUsageBinPackingPolicy (3.4
	// profile), which sorts by each node's score at the run, kept by
	// node index in scores (sorter_layered.go); the snapshot of the
	// other policy stays as small as it was.
	layered bool
	scores  []float32
}

type snapNode struct {
	n         *node
	allocated Resource
	partition string
}

// tick runs the sorter threads that fell due by nowMS. The caller sets
// the time at every event, before it changes anything, so a run sees the
// nodes as they were at its interval's start, as the thread would.
func (mn *multiNode) tick(e *Engine, nowMS int64) {
	for _, s := range mn.sorters {
		if s.used && s.intervalMS > 0 && nowMS/s.intervalMS > s.period {
			s.period = nowMS / s.intervalMS
			s.snapshot(e)
		}
	}
}

// lookup returns the partition's nodes in the policy's order, running
// the thread first if it never ran, or sorting afresh without a thread.
func (s *sorter) lookup(e *Engine, partition string) []*node {
	s.used = true
	if s.intervalMS == 0 || s.period < 0 {
		if s.intervalMS > 0 {
			s.period = e.nowMS / s.intervalMS
		}
		s.snapshot(e)
	}
	if s.due {
		s.sort(e.mn.ranks(e))
	}
	return s.sorted[partition]
}

// snapshot records the nodes as reSortClusterNodes reads them.
func (s *sorter) snapshot(e *Engine) {
	s.snap = s.snap[:0]
	for _, n := range e.nodes {
		if !n.removed {
			s.snap = append(s.snap, snapNode{n: n, allocated: n.allocated, partition: n.partition})
		}
	}
	if s.layered {
		s.scoreNodes(e.nodes)
	}
	s.due = true
}

// sort is reSortClusterNodes with ResourceUsageMultiNodeLookupPolicy's
// comparator: less allocated resource first (Resource.compareTo: memory,
// then vcores), ties by node id (NodeId.compareTo: host, then the rest);
// or with LayeredNodeUsageBinPackingPolicy's.
func (s *sorter) sort(rank []int32) {
	if s.layered {
		s.sortLayered(rank)
	} else {
		slices.SortFunc(s.snap, func(a, b snapNode) int {
			if c := cmp.Compare(a.allocated.MemoryMB, b.allocated.MemoryMB); c != 0 {
				return c
			}
			if c := cmp.Compare(a.allocated.VCores, b.allocated.VCores); c != 0 {
				return c
			}
			return cmp.Compare(rank[a.n.idx], rank[b.n.idx])
		})
	}
	for p, list := range s.sorted {
		s.sorted[p] = list[:0]
	}
	if s.sorted == nil {
		s.sorted = map[string][]*node{}
	}
	for _, sn := range s.snap {
		s.sorted[sn.partition] = append(s.sorted[sn.partition], sn.n)
	}
	s.due = false
}

// ranks returns each node's place in NodeId order, extended when nodes
// were added (a node's host and id never change).
func (mn *multiNode) ranks(e *Engine) []int32 {
	if len(mn.rank) == len(e.nodes) {
		return mn.rank
	}
	order := make([]*node, len(e.nodes))
	copy(order, e.nodes)
	slices.SortFunc(order, func(a, b *node) int {
		if c := strings.Compare(a.host, b.host); c != 0 {
			return c
		}
		return strings.Compare(a.id, b.id)
	})
	mn.rank = make([]int32, len(e.nodes))
	for i, n := range order {
		mn.rank[n.idx] = int32(i)
	}
	return mn.rank
}
