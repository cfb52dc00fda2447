package engine

import "slices"

// tq is one queue as the preemption policy sees it in a round in one
// partition (TempQueuePerPartition): a snapshot of usage and demand plus
// the ideal assignment computed from them.
//
// The fields are grouped by the walks that read them, a cache line each
// (TestTQLayout: the struct is 320 bytes, five lines, and Go's allocator
// starts 320-byte objects, and an array of them as large as a kept
// tree's leaves or a slab chunk, on a line). A round reads a few hundred
// nodes, the children of every queue whose subtree changed, in two
// walks (refreshKept, then the ideal assignment): on #19's contended day
// those reads were most of the round's cache misses, a node's fields
// spread over all five of its lines.
type tq struct {
	// Line 0, every walk: which queue, its children, and a kept tree's
	// bookkeeping (preempt_tree.go): the queue's changes when its fields
	// were read; whether memoIdeal and memoAllowed hold its last
	// distribution, since it was last read (a re-read clears it).
	q                *queue
	children         []*tq
	changes          uint64
	pi               int // the partition (TempQueuePerPartition.partition)
	memoOK, disabled bool
	// ord is a leaf's position in the round's leaf order (leafCands).
	ord int32
	_   [8]byte // free

	// Line 1, refreshKept: what a parent sums from its children.
	// pending is getTotalPendingResourcesConsideringUserLimit, pendingDR
	// the same with each app's reservations deducted; used includes
	// reservations (queue usage does in Hadoop).
	used, pending, pendingDR, preemptable Resource

	// Lines 2 and 3, the ideal assignment.
	guaranteed, max, ideal, untouchable Resource
	toBePreempted, toObtain             Resource
	// norm is normalizedGuarantee per resource type: Hadoop's double[]
	// holds (float) n / d, so a float32 keeps it exactly (normBy).
	norm [2]float32
	pct  float64 // ideal / guaranteed when last sorted (sortByNeed)
	// seen is the kept tree's round that last looked at the node and
	// keptLeaf says it is one of a kept tree's leaves (packLeaves), so
	// it has no children: on the line the distribution reads and writes
	// (norm, toBePreempted), so that the ideal walk's and keptObtain's
	// tests of a kept leaf read nothing on line 0, which only refreshKept
	// reads then (a fresh snapshot's leaves leave it false).
	seen uint64
	// relPriority is the queue's priority when its parent orders children
	// by priority-utilization, 0 otherwise (PCPP.cloneQueues).
	relPriority int32
	keptLeaf    bool

	// Line 4, read less often (killable only with lazy preemption).
	memoIdeal, memoAllowed Resource
	reserved               Resource
	// killable is the queue's killable resource in the partition (lazy
	// preemption, lazy.go; TempQueuePerPartition.killable), zero
	// without; it fills what was padding to 320 bytes, five whole lines.
	killable Resource
}

// keptDistribution reports whether t's children still hold the
// distribution of t's ideal that Hadoop's arithmetic gives this round:
// t's subtree is unchanged (a kept tree's: refreshKept clears memoOK on
// every queue it re-reads, and a fresh snapshot's is never set) and t
// was given the same ideal under the same allowance as when it last
// distributed.
func (t *tq) keptDistribution(allowed Resource) bool {
	return t.memoOK && t.ideal == t.memoIdeal && allowed == t.memoAllowed
}

// snapshotQueuesIn clones the live tree into tq nodes for partition pi
// (ProportionalCapacityPreemptionPolicy.cloneQueues(root,
// partitionResource, partition)): usage and reservations booked on the
// partition's nodes (ignore-exclusivity containers included, as
// ResourceUsage counts them by node partition), the guarantee and
// maximum there (TempQueuePerPartition.getGuaranteed/getMax: the
// effective resources, else the absolute capacities times the
// partition's resource, the maximum 100% in a non-exclusive partition).
// A parent's pending is the sum of its children's
// (TempQueuePerPartition.addChild).
func (e *Engine) snapshotQueuesIn(q *queue, pi int) *tq {
	t := e.pre.tqs.get()
	e.cloneQueue(t, q, pi)
	if q.leaf {
		return t
	}
	for _, c := range q.children {
		ct := e.snapshotQueuesIn(c, pi)
		t.addChild(ct, c, q)
	}
	return t
}

// addChild is TempQueuePerPartition.addChild: ct, the snapshot of child
// c of q, joins t, which sums its pending.
func (t *tq) addChild(ct *tq, c, q *queue) {
	if q.respectPriority {
		ct.relPriority = c.priority
	}
	t.children = append(t.children, ct)
	t.pending = t.pending.Add(ct.pending)
	t.pendingDR = t.pendingDR.Add(ct.pendingDR)
}

// policyGuarantee is TempQueuePerPartition.getGuaranteed: q's effective
// minimum in partition pi, or without one the partition's resource times
// q's absolute capacity there, truncated (Resources.multiply).
func (e *Engine) policyGuarantee(q *queue, pi int) Resource {
	if g := q.guaranteeIn(pi); !g.IsZero() {
		return g
	}
	absCap, _ := q.absCapsIn(pi)
	return multiplyTrunc(e.parts[pi].res, float64(absCap))
}

// cloneQueue reads q's own fields in partition pi into t (cloneQueues'
// per-queue part); a parent's pending is left zero for its children to
// add to.
func (e *Engine) cloneQueue(t *tq, q *queue, pi int) {
	partRes := e.parts[pi].res
	t.q, t.pi, t.used, t.reserved, t.disabled = q, pi, q.usedIn(pi), q.reservedIn(pi), q.disablePreemption
	t.guaranteed, t.max = e.policyGuarantee(q, pi), q.maxResIn(pi)
	_, absMax := q.absCapsIn(pi)
	if t.max.IsZero() {
		if !e.parts[pi].exclusive {
			absMax = 1
		}
		t.max = multiplyTrunc(partRes, float64(absMax))
	}
	t.pending, t.pendingDR = Resource{}, Resource{}
	if q.leaf {
		t.pending, t.pendingDR = e.leafPending(q, pi)
	}
	if e.lazy != nil {
		t.killable = e.killableUnder(q, pi)
	}
}

// pendingForPreemption is LeafQueue.getTotalPendingResourcesConsideringUserLimit
// for partition pi, without and with deductReservedFromPending: each
// active app's pending asks for that partition, within what its user may
// still get there (RESPECT_PARTITION_EXCLUSIVITY); the second total takes
// the app's reservations in that partition off its pending first
// (floored at zero). Both walks are done at once, each user's
// remaining room kept on the user (stamped per call) rather than in two
// maps: this ran for every leaf in every preemption round, a quarter of
// #19's contended day. An app with nothing pending in the partition adds
// nothing and takes no room, so it is passed over.
func (e *Engine) pendingForPreemption(q *queue, pi int) (total, totalDR Resource) {
	if q.pendingIn(pi) <= 0 && preemptCacheMode != cacheOff {
		// The leaf's counter is the sum of its active apps' (none
		// negative), so none asks there: every app would be passed over.
		// On #19's contended day 27% of the walks found so, reading
		// every active app for nothing.
		if preemptCacheMode == cacheCheck {
			checkNoneAsks(q, pi)
		}
		return Resource{}, Resource{}
	}
	if preemptCacheMode == cacheOff {
		return e.pendingOver(q.active, pi)
	}
	total, totalDR = e.pendingOver(q.askers, pi)
	if preemptCacheMode == cacheCheck {
		if p, dr := e.pendingOver(q.active, pi); p != total || dr != totalDR {
			panic("engine: a leaf's askers give other pending totals than its active apps: " + q.path)
		}
	}
	return total, totalDR
}

// pendingOver is pendingForPreemption's walk over apps, the leaf's active
// apps or a set holding every one of them that asks (q.askers, whose
// apps not yet activated are passed over).
func (e *Engine) pendingOver(apps []*app, pi int) (total, totalDR Resource) {
	e.preemptStamp++
	for _, a := range apps {
		if a.pendingIn(pi) <= 0 || !a.activated {
			// No outstanding container there, or not active. pending
			// first: activated is on another line of the app, which
			// only an app with something pending is read on (a.u).
			continue
		}
		p := a.pendingResourceIn(pi)
		u := a.u
		if u.preemptStamp != e.preemptStamp {
			u.preemptStamp = e.preemptStamp
			u.preemptRoom = subNonNeg(e.userLimitIn(u, pi, false), u.usedIn(pi))
			u.preemptRoomDR = u.preemptRoom
		}
		m := componentwiseMin(u.preemptRoom, p)
		total = total.Add(m)
		u.preemptRoom = u.preemptRoom.Sub(m)
		m = componentwiseMin(u.preemptRoomDR, subNonNeg(p, e.reservedIn(a, pi)))
		totalDR = totalDR.Add(m)
		u.preemptRoomDR = u.preemptRoomDR.Sub(m)
	}
	return total, totalDR
}

// checkNoneAsks panics if an active app of q asks for a container in
// partition pi though q's counter says none does (preemptCacheMode
// cacheCheck).
func checkNoneAsks(q *queue, pi int) {
	for _, a := range q.active {
		if a.pendingIn(pi) > 0 {
			panic("engine: a leaf's pending counter misses an active app's requests: " + q.path)
		}
	}
}

// updatePreemptableExtras is PreemptableResourceCalculator's post-order
// walk with TempQueuePerPartition.updatePreemptableExtras: a leaf's usage
// above its guarantee is preemptable unless the leaf disables preemption;
// a parent's extra beyond what its children may give up is untouchable,
// so a non-preemptable child's excess is charged to its own parent and
// its siblings do not pay for it. It runs on a fresh snapshot or a kept
// tree just built; refreshKept keeps a kept tree's up to date.
func (c *calc) updatePreemptableExtras(t *tq) {
	var kids Resource
	for _, ch := range t.children {
		c.updatePreemptableExtras(ch)
		kids = kids.Add(ch.preemptable)
	}
	c.setExtras(t, kids)
}

// setExtras is updatePreemptableExtras' step for t, whose children's
// preemptable extras sum to kids (a leaf: none).
func (c *calc) setExtras(t *tq, kids Resource) {
	t.untouchable, t.preemptable = Resource{}, Resource{}
	extra := t.used.Sub(t.guaranteed)
	if c.less(extra, Resource{}) {
		extra = Resource{}
	}
	if len(t.children) == 0 {
		if t.disabled {
			t.untouchable = extra
		} else {
			t.preemptable = extra
		}
		return
	}
	if !c.greaterEq(kids, extra) {
		t.untouchable = extra.Sub(kids)
	}
	t.preemptable = c.min(kids, extra)
}

// updatePreemptableExtrasIn runs updatePreemptableExtras on partition pi's
// tree with that partition's resource as the calculator's cluster:
// TempQueuePerPartition.updatePreemptableExtras compares in its
// totalPartitionResource, not the whole cluster (under DRF with labelled
// nodes of another shape, whether the children's preemptable extra covers
// the parent's differs).
func (e *Engine) updatePreemptableExtrasIn(root *tq, pi int) {
	pc := e.calcIn(pi)
	pc.updatePreemptableExtras(root)
}

// idealAssignment is PreemptableResourceCalculator.recursivelyComputeIdealAssignment:
// each parent's ideal is split among its children, level by level.
// idealMode says which selector's calculator runs: the
// ReservedContainerCandidatesSelector's offers count the whole pending
// demand, reservations included (onReserved); the queue-balance FIFO
// selector lets leaves grow past max(used, guaranteed) (balance,
// allowQueuesBalanceAfterAllQueuesSatisfied).
type idealMode struct {
	onReserved, balance bool
	// under, when set, collects the queues left under-served
	// (addPartitionToUnderServedQueues) for the intra-queue selector.
	under *underServed
	// buf holds distribute's and fixpoint's scratch lists.
	buf *idealBuf
	// distributed, when set, is called with each parent right after it
	// distributed its ideal among its children (a kept tree's,
	// preempt_tree.go).
	distributed func(*tq)
	// lazy says lazy preemption is on, so a queue's killable resource
	// is deducted from its usage (assignPreemption).
	lazy bool
}

// idealBuf is the scratch of one level's distribution, reused at every
// parent of every round (distribute ends before idealAssignment goes down
// a level, so one set serves the whole walk): a list per parent was a
// tenth of #19's 10,000-leaf round.
type idealBuf struct {
	nonZero, zero, need, spare []*tq
}

// withBuf gives m scratch lists of its own when the caller set none.
func (m idealMode) withBuf() idealMode {
	if m.buf == nil {
		m.buf = &idealBuf{}
	}
	return m
}

// underServed is the policy's partitionToUnderServedQueues: per
// partition, a LinkedHashSet of the queues computeFixpointAllocation
// handed out (getMostUnderservedQueues adds each queue it takes and the
// one it peeks at) and those still wanting at the end, in that order.
type underServed struct {
	seen  []map[*queue]bool
	order [][]*queue
}

// newUnderServed makes the sets for n partitions.
func newUnderServed(n int) *underServed {
	u := &underServed{seen: make([]map[*queue]bool, n), order: make([][]*queue, n)}
	for i := range u.seen {
		u.seen[i] = map[*queue]bool{}
	}
	return u
}

func (u *underServed) add(qs []*tq) {
	if u == nil {
		return
	}
	for _, t := range qs {
		if !u.seen[t.pi][t.q] {
			u.seen[t.pi][t.q] = true
			u.order[t.pi] = append(u.order[t.pi], t.q)
		}
	}
}

func (c *calc) idealAssignment(t *tq, allowed Resource, m idealMode) {
	if len(t.children) == 0 || t.keptDistribution(allowed) {
		return
	}
	c.distribute(t.children, allowed, t.ideal, m)
	t.memoOK, t.memoIdeal, t.memoAllowed = true, t.ideal, allowed
	if m.distributed != nil {
		m.distributed(t)
	}
	for _, ch := range t.children {
		// A kept leaf has no children: its line 0 is not read for that.
		if !ch.keptLeaf {
			c.idealAssignment(ch, allowed, m)
		}
	}
}

// distribute is PreemptableResourceCalculator.computeIdealResourceDistribution:
// queues with a guarantee share by guarantee, then queues without one
// share what is left evenly; each queue's toBePreempted is its usage above
// max(ideal, min(used+pending, guaranteed)), scaled down so the level
// asks for at most the round's allowance.
func (c *calc) distribute(qs []*tq, allowed, total Resource, m idealMode) {
	// Every comparison at this level is made against tot_guarant, the
	// parent's ideal, not the cluster: it matters under DRF, where shares
	// depend on the denominator.
	c = c.over(total)
	unassigned := total
	m = m.withBuf()
	nonZero, zero := m.buf.nonZero[:0], m.buf.zero[:0]
	for _, q := range qs {
		// A fresh TempQueuePerPartition starts with idealAssigned zero; a
		// kept tree's node (preempt_tree.go) holds last round's, which a
		// zero-guarantee queue left without offers would keep.
		q.ideal, q.norm = Resource{}, [2]float32{}
		if c.greater(q.guaranteed, Resource{}) {
			nonZero = append(nonZero, q)
		} else {
			zero = append(zero, q)
		}
	}
	m.buf.nonZero, m.buf.zero = nonZero, zero
	unassigned = c.fixpoint(nonZero, unassigned, false, m)
	if len(zero) > 0 && c.positive(unassigned) {
		c.fixpoint(zero, unassigned, true, m)
	}
	var needed Resource
	for _, q := range qs {
		if c.greater(q.used, q.ideal) {
			needed = needed.Add(q.used.Sub(q.ideal))
		}
	}
	scaling := float32(1)
	if c.greater(needed, allowed) {
		scaling = c.divide(allowed, needed)
	}
	for _, q := range qs {
		c.assignPreemption(q, scaling, m.lazy)
	}
}

// over is the calculator with total as its cluster resource, as
// computeIdealResourceDistribution passes tot_guarant to every
// ResourceCalculator call of one level.
func (c *calc) over(total Resource) *calc {
	lc := *c
	lc.cluster = total
	return &lc
}

// assignPreemption is TempQueuePerPartition.assignPreemption: what the
// queue uses beyond what it keeps, less its killable containers
// (usedDeductKillable) when lazy preemption is on, is to be preempted.
// Without it killable is zero and not read: it sits on the tq's last
// line, which a kept tree's round otherwise touches only for a queue it
// re-reads, so the read was a cache miss on nearly every child of every
// parent that distributed (on #19's contended day 2.07 M of the round's
// first-level misses in the first 8 hours).
func (c *calc) assignPreemption(q *tq, scaling float32, lazy bool) {
	keep := c.max(c.min(q.used.Add(q.pending), q.guaranteed), q.ideal)
	q.toBePreempted = Resource{}
	used := q.used
	if lazy {
		used = used.Sub(q.killable)
	}
	if c.greater(used, keep) {
		q.toBePreempted = multiplyTrunc(used.Sub(keep), float64(scaling))
	}
}

// maxFixpointRounds bounds computeFixpointAllocation's loop; every round
// gives at least one unit away, so real inputs end long before.
const maxFixpointRounds = 1 << 20

// fixpoint is AbstractPreemptableResourceCalculator.computeFixpointAllocation.
// A queue starts at its usage, or at guarantee plus untouchable extra when
// above its guarantee; then the most under-served queues (lowest ideal /
// guarantee, priority first under priority-utilization: TQComparator) are
// offered unassigned × their share of the active guarantees, rounded half
// up and capped by what is still unassigned, until demand or resources
// run out. It returns what is left. (Hadoop serves equally under-served
// queues in its PriorityQueue's order; capq in configuration order.)
func (c *calc) fixpoint(qs []*tq, unassigned Resource, even bool, m idealMode) Resource {
	m = m.withBuf()
	need, unassigned := c.startFixpoint(qs, unassigned, m.buf.need[:0])
	// ordered: need is in sortByNeed's order with current shares and norms
	// (nextNeed); alone: the last pass left need as it was (stillAlone).
	ordered, alone := false, false
	for round := 0; len(need) > 0 && c.positive(unassigned) && round < maxFixpointRounds; round++ {
		if !ordered {
			c.resetCapacity(need, even)
			c.sortByNeed(need)
		}
		n := 1
		for !alone && n < len(need) && compareNeed(need[0], need[n]) >= 0 {
			n++
		}
		m.under.add(need[:min(n+1, len(need))])
		round := unassigned // dupUnassignedForTheRound
		again := m.buf.spare[:0]
		for _, q := range need[:n] {
			if !c.anyMajorAboveZero(unassigned) {
				break
			}
			avail := componentwiseMin(c.multiplyNormUp(round, q.normBy()), unassigned)
			done := avail.Sub(c.offer(q, avail, m))
			if c.positive(done) {
				again = append(again, q)
			}
			unassigned = componentwiseMax(unassigned.Sub(done), Resource{})
		}
		// The next list, unless the pass left it as it was, in the spare.
		if alone, ordered = c.stillAlone(need, again, n, even), true; !alone {
			need, m.buf.spare, ordered = c.nextNeed(again, need[n:], n, even), need[:0], fixpointMode != cacheOff
		}
	}
	if !ordered {
		c.sortByNeed(need)
	}
	m.under.add(need)
	m.buf.need = need[:0]
	return unassigned
}

// startFixpoint starts each queue at its usage, or at guarantee plus
// untouchable extra when above its guarantee, takes that from
// unassigned, and appends to need the queues whose usage and demand are
// above it.
func (c *calc) startFixpoint(qs []*tq, unassigned Resource, need []*tq) ([]*tq, Resource) {
	for _, q := range qs {
		if c.greater(q.used, q.guaranteed) {
			q.ideal = componentwiseMin(q.guaranteed, q.used).Add(q.untouchable)
		} else {
			q.ideal = q.used
		}
		unassigned = unassigned.Sub(q.ideal)
		if c.less(q.ideal, q.used.Add(q.pending)) {
			need = append(need, q)
		}
	}
	return need, unassigned
}

// resetCapacity gives each active queue its share of the active queues'
// guarantees, in Java float ((float) n / d), or an even share.
func (c *calc) resetCapacity(qs []*tq, even bool) {
	if even {
		for _, q := range qs {
			f := float32(1) / float32(len(qs))
			q.norm = [2]float32{f, f}
		}
		return
	}
	var active Resource
	for _, q := range qs {
		active = active.Add(q.guaranteed)
	}
	for _, q := range qs {
		if active.MemoryMB != 0 {
			q.norm[0] = float32(q.guaranteed.MemoryMB) / float32(active.MemoryMB)
		}
		if active.VCores != 0 {
			q.norm[1] = float32(q.guaranteed.VCores) / float32(active.VCores)
		}
	}
}

// sortByNeed orders queues as the policy's PriorityQueue with TQComparator
// would hand them out (ties keep their order).
func (c *calc) sortByNeed(qs []*tq) {
	// Each queue's share is computed once per sort, not once per
	// comparison (a division each time: the sorts were 3% of #19's
	// 10,000-leaf day); compareNeed reads it.
	for _, q := range qs {
		q.pct = c.pctOfGuaranteed(q)
	}
	// slices.SortStableFunc runs sort.SliceStable's algorithm (insertion
	// sort in blocks, then symMerge) with the same comparisons, without
	// its reflection-built swapper.
	slices.SortStableFunc(qs, compareNeed)
}

// compareNeed is TQComparator.compare: ideal as a fraction of guarantee
// (a queue without guarantee counts as Integer.MAX_VALUE), through
// PriorityUtilizationQueueOrderingPolicy.compare with relative priorities.
// It reads the shares sortByNeed computed for the ideals they hold now.
func compareNeed(a, b *tq) int {
	return utilCompare(a.pct, b.pct, a.relPriority, b.relPriority)
}

func (c *calc) pctOfGuaranteed(q *tq) float64 {
	if !c.greater(q.guaranteed, Resource{}) {
		return float64(1<<31 - 1)
	}
	return float64(c.divide(q.ideal, q.guaranteed))
}

// offer is TempQueuePerPartition.offer: for the FIFO selector reserved
// resource is deducted from pending (considersReservedResource false); a queue accepts at most its room under
// maximum capacity and its unmet demand, and a leaf at most up to
// max(used, guaranteed) (filterByMaxDeductAssigned). It returns what it
// does not take.
func (c *calc) offer(q *tq, avail Resource, m idealMode) Resource {
	room := Resource{max(q.max.MemoryMB-q.ideal.MemoryMB, 0), max(q.max.VCores-q.ideal.VCores, 0)}
	pending := q.pendingDR
	if m.onReserved {
		pending = q.pending
	}
	demand := q.used.Add(pending).Sub(q.ideal)
	accepted := componentwiseMin(room, c.min(avail, demand))
	if (q.keptLeaf || len(q.children) == 0) && !m.balance { // keptLeaf: on norm's line
		cap := c.max(c.max(q.used, q.guaranteed).Sub(q.ideal), Resource{})
		accepted = c.min(accepted, cap)
	}
	// never below zero, never more than offered
	accepted = componentwiseMin(componentwiseMax(accepted, Resource{}), avail)
	q.ideal = q.ideal.Add(accepted)
	return avail.Sub(accepted)
}

// normBy is q's normalizedGuarantee as Hadoop's double[] holds it.
func (q *tq) normBy() [2]float64 { return [2]float64{float64(q.norm[0]), float64(q.norm[1])} }

// multiplyNormUp is Resources.multiplyAndNormalizeUp(rc, r, double[] by,
// step 1): per resource type under DRF, memory only (rounded half up)
// under the default calculator.
func (c *calc) multiplyNormUp(r Resource, by [2]float64) Resource {
	m := c.multiplyAndNormalizeUp(r, by[0], Resource{1, 1})
	if !c.drf {
		return m
	}
	return Resource{m.MemoryMB, c.multiplyAndNormalizeUp(r, by[1], Resource{1, 1}).VCores}
}

// reservedIn is the app's reserved resource on partition pi's nodes
// (AppAttemptResourceUsage.getReserved(partition)).
func (e *Engine) reservedIn(a *app, pi int) Resource {
	if !e.labelsOn {
		return a.reserved
	}
	var r Resource
	for _, c := range a.resv {
		if c.node.pi == pi {
			r = r.Add(c.res)
		}
	}
	return r
}
