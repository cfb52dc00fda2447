package engine

import (
	"cmp"
	"slices"
)

// LayeredPolicy is trunk's LayeredNodeUsageBinPackingPolicy (the 3.4
// profile follows trunk): bin packing without hot spots. A node's usage
// is the larger of its memory and vcores shares; nodes under the busy
// threshold (0.6) come first, fuller first, then busy nodes, emptier
// first, then nodes with nothing allocated.
const LayeredPolicy = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.LayeredNodeUsageBinPackingPolicy"

// The scorer's constants (LayeredNodeUsageBinPackingPolicy's fields).
const (
	layeredNormalMin   float32 = 2000
	layeredNormalSlope float32 = 3
	layeredBusyMax     float32 = 1000
	layeredBusySlope   float32 = -3
	layeredBusyAt      float32 = 0.6
)

// layeredScore is LayeredNodeUsageBinPackingPolicy.scorer: 2000 + 3 x
// usage% in the normal layer (0 < usage < threshold), 1000 - 3 x usage% in
// the busy layer. Hadoop gives a free node (usage 0, or no usage at all: a
// node without resources) a random score in [0, 100) at every sort; capq
// gives it 0, one of those draws, so free nodes come after every other
// node with a score of at least 0 and among themselves in node id order,
// one of the orders Hadoop's draws can give (Unmodelled says so). The
// explicit conversions round each step to float32 as Java's float
// arithmetic does, where Go could otherwise fuse the multiply and add.
func layeredScore(usage, threshold float32) float32 {
	switch {
	case usage < threshold && usage > 0:
		return layeredNormalMin + float32(layeredNormalSlope*usage*100)
	case usage >= threshold:
		return layeredBusyMax + float32(layeredBusySlope*usage*100)
	}
	return 0
}

// layeredUsage is getNodeResourceUsage: the larger of the memory and
// vcores shares of the node's total, in float (a NaN memory share yields
// the vcores share, as Java's comparison does).
func layeredUsage(allocated, total Resource) float32 {
	mem := float32(allocated.MemoryMB) / float32(total.MemoryMB)
	cpu := float32(allocated.VCores) / float32(total.VCores)
	if mem > cpu {
		return mem
	}
	return cpu
}

// scoreNodes records each live node's score as the run sees it
// (calculateScore: usage of the allocated resource against the total).
func (s *sorter) scoreNodes(nodes []*node) {
	s.scores = slices.Grow(s.scores[:0], len(nodes))[:len(nodes)]
	for _, n := range nodes {
		if !n.removed {
			s.scores[n.idx] = layeredScore(layeredUsage(n.allocated, n.total), layeredBusyAt)
		}
	}
}

// sortLayered orders the snapshot by the policy's comparator: higher
// score first (the sign of score2 - score1 in float), ties by node id.
func (s *sorter) sortLayered(rank []int32) {
	slices.SortFunc(s.snap, func(a, b snapNode) int {
		diff := s.scores[b.n.idx] - s.scores[a.n.idx]
		if diff == 0 {
			return cmp.Compare(rank[a.n.idx], rank[b.n.idx])
		}
		if diff > 0 {
			return 1
		}
		return -1
	})
}
