package engine

import "fmt"

// The preemption round's snapshots kept between rounds. Hadoop clones
// every queue (ProportionalCapacityPreemptionPolicy.cloneQueues) and
// recomputes every level's ideal assignment
// (PreemptableResourceCalculator.recursivelyComputeIdealAssignment) each
// monitoring interval; at 10,000 leaves that was half of #19's contended
// day, although between two rounds only a few hundred leaves change. Here
// each calculator (the FIFO selector's, the reserved-container
// selector's, the queue-balance selector's) keeps its own tree of tq
// nodes per partition, and a round
//
//   - re-reads only the queues whose subtree changed (queue.changes, bumped
//     on the queue and every ancestor by whatever the snapshot reads:
//     usage, reservations, asks, apps, users; preempt_cache.go), the rest
//     of the tree keeping what it read before;
//   - recomputes updatePreemptableExtras only in changed subtrees (it is a
//     function of the subtree's usage, guarantees and flags), in the same
//     walk;
//   - distributes a parent's ideal among its children
//     (computeIdealResourceDistribution) unless its subtree is unchanged
//     and it was given the same ideal under the same round allowance as
//     when it last distributed: the same inputs in the same order give
//     the same floating-point results, so the children's ideals and
//     toBePreempted kept from then are what Hadoop's arithmetic gives now.
//
// A changed cluster, partition, configuration or tree (preemptEpoch)
// rebuilds a tree from scratch. With the intra-queue selector on, the
// under-served queues are collected as the levels are distributed, so
// the kept trees are not used. SetPreemptCacheForTests("off") computes
// every round from fresh snapshots, the reference the tests compare with.

// keptTree is one calculator's tree in one partition.
type keptTree struct {
	root  *tq
	epoch uint64
	// leaves is the policy's leaf order (a function of the tree's
	// shape), handed to the selectors as it is: they only read it.
	leaves []*tq
	// hot are the leaves last left with something to be preempted,
	// next this round's (keptObtain).
	hot, next, spare []*tq
	round            uint64
}

// treeKind numbers the calculators that keep a tree.
func treeKind(m idealMode) int {
	switch {
	case m.onReserved:
		return 1
	case m.balance:
		return 2
	}
	return 0
}

// keptIdeal is computeIdeal's work for partition pi on the kept tree.
func (e *Engine) keptIdeal(allowed Resource, m idealMode, pi int) []*tq {
	k := treeKind(m)
	for len(e.pre.kept[k]) <= pi {
		e.pre.kept[k] = append(e.pre.kept[k], keptTree{})
	}
	kt := &e.pre.kept[k][pi]
	pc := e.calcIn(pi)
	if kt.root == nil || kt.epoch != e.preemptEpoch {
		kt.root, kt.epoch = e.cloneKept(e.root, pi), e.preemptEpoch
		kt.root, kt.leaves = packLeaves(kt.root, e.leafOrder(kt.root))
		kt.hot = kt.hot[:0]
		pc.updatePreemptableExtras(kt.root)
	} else {
		e.refreshKept(kt.root, pi, &pc)
	}
	rc := &e.g.rc
	kt.root.ideal = kt.root.guaranteed
	kt.round++
	kt.next = kt.spare[:0]
	m.distributed = func(p *tq) {
		for _, c := range p.children {
			e.keptObtain(kt, c, m.onReserved)
		}
	}
	rc.idealAssignment(kt.root, allowed, m)
	for _, t := range kt.hot {
		e.keptObtain(kt, t, m.onReserved)
	}
	kt.hot, kt.spare = kt.next, kt.hot[:0]
	for _, t := range kt.hot {
		e.pre.cands.add(t)
	}
	// No copy: at 1,000 leaves one was 16 KB of reads and writes a
	// round, every round, whatever changed.
	return kt.leaves
}

// keptObtain is resToObtain for a leaf whose toBePreempted may be
// non-zero: one of last round's (hot) or a child of a parent that
// distributed this round (only a parent's distribution sets it), right
// after that distribution, while its fields are in the cache. Every
// other leaf had and keeps nothing to be preempted, so nothing to obtain
// (the selectors only lower a positive need), without a look at it. It
// collects in kt.next the leaves left with something to be preempted.
func (e *Engine) keptObtain(kt *keptTree, t *tq, onReserved bool) {
	if !t.keptLeaf || t.seen == kt.round {
		return
	}
	t.seen = kt.round
	e.resToObtain(t, onReserved)
	if !t.toBePreempted.IsZero() {
		kt.next = append(kt.next, t)
	}
}

// cloneKept builds a kept tree: snapshotQueuesIn with nodes of their own
// (the slab's are reused every round) and nothing known to be unchanged.
func (e *Engine) cloneKept(q *queue, pi int) *tq {
	t := &tq{}
	e.cloneQueue(t, q, pi)
	t.changes = q.changes
	for _, c := range q.children {
		ct := e.cloneKept(c, pi)
		t.addChild(ct, c, q)
	}
	return t
}

// packLeaves moves a kept tree's leaves into one array in the policy's
// order, so that the scans every round makes of them (resToObtain, the
// FIFO selector's needs) read memory in sequence rather than chasing
// 10,000 scattered nodes. It returns the root (moved too when it is the
// only leaf) and the leaves in order.
func packLeaves(root *tq, order []*tq) (*tq, []*tq) {
	slots := make([]tq, len(order))
	at := make(map[*tq]*tq, len(order))
	leaves := make([]*tq, len(order))
	for i, t := range order {
		slots[i] = *t
		slots[i].ord, slots[i].keptLeaf = int32(i), true
		at[t], leaves[i] = &slots[i], &slots[i]
	}
	if n, ok := at[root]; ok {
		return n, leaves
	}
	repoint(root, at)
	return root, leaves
}

// repoint makes the parents below t point at their leaves' new nodes.
func repoint(t *tq, at map[*tq]*tq) {
	for i, ch := range t.children {
		if n, ok := at[ch]; ok {
			t.children[i] = n
			continue
		}
		repoint(ch, at)
	}
}

// refreshKept re-reads the queues whose subtree changed since the tree
// last read them, and recomputes their preemptable extras with pc (the
// partition's calculator), which updatePreemptableExtras would do next
// for those same queues: done in the same walk, a child's fields are
// read once a round instead of twice. A re-read clears memoOK, so the
// ideal walk distributes the queue's ideal again (keptDistribution). It
// returns how far t's change counter moved.
//
// A changed queue's children are looked at only until those that moved
// account for the whole move: queue.changed and bookUsed bump a queue
// and every ancestor by one, and nothing bumps a parent alone, so a
// parent's counter moves by exactly the sum of its children's moves and
// the children after the last one that moved did not (were a parent
// bumped alone, left would never reach zero and every child would be
// looked at). Their line 0 and live queue, two cache misses each and
// read for nothing else, are left alone: on #19's contended day a third
// of the children looked at over the first 8 hours. Their sums (line 1)
// are still read; the parent distributes next and reads that line anyway.
// (The hot calls keep their lines' offsets from the function's start,
// which the profile-guided build keys its inlining on.)
func (e *Engine) refreshKept(t *tq, pi int, pc *calc) uint64 {
	q, moved := t.q, t.q.changes-t.changes
	if moved == 0 {
		return 0
	}
	t.changes, t.memoOK = q.changes, false
	left := moved // the moves not yet found in a child
	e.cloneQueue(t, q, pi)
	var kids Resource
	for _, ct := range t.children {
		if left != 0 {
			left -= e.refreshKept(ct, pi, pc)
		}
		t.pending, t.pendingDR, kids = t.pending.Add(ct.pending), t.pendingDR.Add(ct.pendingDR), kids.Add(ct.preemptable)
	}
	pc.setExtras(t, kids)
	if preemptCacheMode == cacheCheck {
		checkChildrenRead(t)
	}
	return moved
}

// checkChildrenRead panics if a child of t, which refreshKept just
// re-read, moved since the tree last read it: one it did not look at
// (SetPreemptCacheForTests "check").
func checkChildrenRead(t *tq) {
	for _, ct := range t.children {
		if ct.changes != ct.q.changes {
			panic("engine: a queue's change counter moved more than its parent's: " + ct.q.path)
		}
	}
}

// checkKept panics when a kept tree's leaves differ from a fresh
// snapshot's in anything the selectors read (SetPreemptCacheForTests
// "check").
func (e *Engine) checkKept(kept, fresh []*tq) {
	if len(kept) != len(fresh) {
		panic("engine: the kept preemption tree has another number of leaves")
	}
	for i, k := range kept {
		f := fresh[i]
		same := k.q == f.q && k.used == f.used && k.reserved == f.reserved && k.pending == f.pending &&
			k.pendingDR == f.pendingDR && k.guaranteed == f.guaranteed && k.max == f.max &&
			k.disabled == f.disabled && k.ideal == f.ideal && k.untouchable == f.untouchable &&
			k.preemptable == f.preemptable && k.toBePreempted == f.toBePreempted && k.toObtain == f.toObtain
		if !same {
			panic(fmt.Sprintf("engine: the kept preemption tree is stale at %s (partition %d):\nkept  %+v\nfresh %+v", k.q.path, k.pi, *k, *f))
		}
	}
}
