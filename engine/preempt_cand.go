package engine

import "slices"

// The FIFO selector and the round's to-obtain totals look at the leaves
// with something to obtain, in the policy's leaf order; on a wide tree
// almost none has (#19's 10,000-leaf day: scanning every leaf for them,
// twice a round, was 5% of the day). Only a leaf with a non-zero
// toBePreempted can have a positive toObtain (resToObtain), and
// computeIdeal knows which those are as it computes them: the kept
// tree's hot leaves (keptObtain), or every leaf it looked at (a fresh
// snapshot). It records their positions in the leaf order for the
// partitions it returns, and leafCandidates hands them to the one who
// reads those partitions next; any other slice of partitions gets every
// position.

// leafCands are the positions computeIdeal found, for the partitions it
// returned last (of: the address of their first element).
type leafCands struct {
	of  *[]*tq
	pos []int
	all []int // every position, for partitions it did not compute
}

// begin starts the positions of a computeIdeal call returning out.
func (c *leafCands) begin(out [][]*tq) {
	c.of, c.pos = &out[0], c.pos[:0]
}

// add records leaf t, which may have something to obtain.
func (c *leafCands) add(t *tq) { c.pos = append(c.pos, int(t.ord)) }

// end sorts the positions (partitions add theirs apart) and drops
// repeats.
func (c *leafCands) end() {
	slices.Sort(c.pos)
	c.pos = slices.Compact(c.pos)
}

// leafCandidates is the positions in parts' leaf order that may have
// something to obtain, in order: those computeIdeal recorded for parts,
// or all of them.
func (e *Engine) leafCandidates(parts [][]*tq) []int {
	c := &e.pre.cands
	if len(parts) > 0 && &parts[0] == c.of {
		if shortcutChecks {
			checkCandidates(parts, c.pos)
		}
		return c.pos
	}
	c.all = c.all[:0]
	for k := range parts[0] {
		c.all = append(c.all, k)
	}
	return c.all
}

// checkCandidates panics if a leaf outside pos has something to be
// preempted in some partition (shortcutChecks).
func checkCandidates(parts [][]*tq, pos []int) {
	for _, pl := range parts {
		for k, t := range pl {
			if _, in := slices.BinarySearch(pos, k); !in && !t.toBePreempted.IsZero() {
				panic("engine: a leaf with something to be preempted is not a candidate: " + t.q.path)
			}
		}
	}
}
