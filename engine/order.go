package engine

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"strings"
)

// sortChildren orders q's children into q.order with
// PriorityUtilizationQueueOrderingPolicy's comparator. Hadoop sorts the
// configuration-ordered list stably on every pass; ties fall back to
// configuration order here explicitly, which makes the order total, so
// the previous order stays valid and only children whose usage changed
// since (marked dirty by addUsed) are moved: O(log n) compares and one
// shift per changed child instead of a sort, nothing allocated. With
// priority-utilization (not a plain key order) everything is re-sorted.
func (e *Engine) sortChildren(q *queue) {
	if len(q.children) == 0 {
		return
	}
	if !q.sortValid || q.respectPriority {
		e.fullSort(q)
		return
	}
	for _, c := range q.dirtyKids {
		c.dirty = false
		c.sortUsed = e.sortKey(c)
		if q.byRank {
			q.placeByKey(c)
		} else {
			e.reposition(q, c)
		}
	}
	q.dirtyKids = q.dirtyKids[:0]
	if shortcutChecks {
		e.checkOrder(q)
	}
}

func (e *Engine) fullSort(q *queue) {
	q.order = append(q.order[:0], q.children...)
	for _, c := range q.order {
		c.sortUsed = e.sortKey(c)
		c.dirty = false
	}
	q.dirtyKids = q.dirtyKids[:0]
	sort.SliceStable(q.order, func(i, j int) bool { return e.queueLess(q, q.order[i], q.order[j]) })
	q.sortValid = true
	q.byRank = !q.respectPriority && sortKeysOK(q.children)
	if q.byRank {
		rankChildren(q.children, e.g.order27)
	}
	q.askOK, q.askBits = len(q.order) <= 64, 0
	for k, c := range q.order {
		c.ordIdx = uint8(k)
		if q.askOK && c.pending > 0 {
			q.askBits |= 1 << k
		}
	}
}

// reposition moves c to its place in the otherwise sorted q.order.
func (e *Engine) reposition(q *queue, c *queue) {
	o := q.order
	i := orderIndex(o, c)
	copy(o[i:], o[i+1:])
	o = o[:len(o)-1]
	j := sort.Search(len(o), func(k int) bool { return e.queueLess(q, c, o[k]) })
	o = append(o, nil)
	copy(o[j+1:], o[j:])
	o[j] = c
	q.order = o
	q.askBits = moveBit(q.askBits, i, j)
	reindex(o, min(i, j), max(i, j))
}

// orderIndex returns c's place in o, its parent's default order: its
// ordIdx when that names it, else found by a scan. On #19's contended
// day the scan was most of placeByKey's cost (a child found about five
// places in, 95% of the changed children then staying put).
func orderIndex(o []*queue, c *queue) int {
	if i := int(c.ordIdx); i < len(o) && o[i] == c {
		return i
	}
	i := 0
	for o[i] != c {
		i++
	}
	return i
}

// reindex gives o[lo..hi] their places as ordIdx, after a move among them.
func reindex(o []*queue, lo, hi int) {
	for k := lo; k <= hi; k++ {
		o[k].ordIdx = uint8(k)
	}
}

// sortKeysOK says queueCompare, for a parent without priorities, orders
// these children as their keys do: a positive absolute capacity first,
// then less usage, then the static tie-breaks (configured minimum
// resource, larger first, for any pair with one; else absolute capacity,
// larger first; then configuration order), which are a lexicographic
// order, hence a rank, as long as no capacity is negative or NaN and no
// configured minimum negative.
func sortKeysOK(children []*queue) bool {
	for _, c := range children {
		if !(c.absCap >= 0) || c.configuredMin.MemoryMB < 0 || c.configuredMin.VCores < 0 {
			return false
		}
	}
	return true
}

// rankChildren gives each child its sort keys that do not change
// between refreshes: its absolute capacity's sign and its rank by the
// static tie-breaks; with order27, one sign for all and the rank of the
// queue's path (compare27).
func rankChildren(children []*queue, order27 bool) {
	byTies := slices.Clone(children)
	slices.SortFunc(byTies, func(a, b *queue) int {
		if order27 {
			return strings.Compare(a.path, b.path)
		}
		if c := staticCompare(a, b); c != 0 {
			return c
		}
		return cmp64(int64(a.pos), int64(b.pos))
	})
	for i, c := range byTies {
		c.sortAbove, c.sortRank = order27 || c.absCap > 0, int32(i)
	}
}

// keyBefore is queueLess for a parent whose children are ordered by their
// keys (byRank): usage compares as utilCompare does without priorities.
func keyBefore(a, b *queue) bool {
	if a.sortAbove != b.sortAbove {
		return a.sortAbove
	}
	if a.sortUsed < b.sortUsed {
		return true
	}
	if a.sortUsed > b.sortUsed {
		return false
	}
	return a.sortRank < b.sortRank
}

// placeByKey moves c to its place in the otherwise sorted q.order,
// comparing keys only: a child whose neighbours still bracket it stays,
// else a binary search on the side it moves to finds its place.
func (q *queue) placeByKey(c *queue) {
	o := q.order
	i := orderIndex(o, c)
	switch {
	case i > 0 && keyBefore(c, o[i-1]):
		// The first of o[:i] that c goes before.
		lo, hi := 0, i-1
		for lo < hi {
			m := int(uint(lo+hi) >> 1)
			if keyBefore(c, o[m]) {
				hi = m
			} else {
				lo = m + 1
			}
		}
		copy(o[lo+1:i+1], o[lo:i])
		o[lo] = c
		q.askBits = moveBit(q.askBits, i, lo)
		reindex(o, lo, i)
	case i+1 < len(o) && keyBefore(o[i+1], c):
		// The last of o[i+1:] that goes before c.
		lo, hi := i+1, len(o)-1
		for lo < hi {
			m := int(uint(lo+hi+1) >> 1)
			if keyBefore(o[m], c) {
				lo = m
			} else {
				hi = m - 1
			}
		}
		copy(o[i:lo], o[i+1:lo+1])
		o[lo] = c
		q.askBits = moveBit(q.askBits, i, lo)
		reindex(o, i, lo)
	}
}

// moveBit moves bit i of x to j, shifting the bits between, as moving
// order[i] to j shifts the children between (bits 64 and up are zero).
func moveBit(x uint64, i, j int) uint64 {
	b := x >> uint(i) & 1
	x = x&(1<<uint(i)-1) | x>>uint(i+1)<<uint(i)
	return x&(1<<uint(j)-1) | x>>uint(j)<<uint(j+1) | b<<uint(j)
}

// noteAsking records in q's askBits that child c's pending count went
// from zero to positive or back. An order not yet sorted is left alone:
// the next sort counts afresh.
func (q *queue) noteAsking(c *queue) {
	if !q.askOK || !q.sortValid {
		return
	}
	k := int(c.ordIdx)
	if k >= len(q.order) || q.order[k] != c {
		if k = slices.Index(q.order, c); k < 0 {
			return
		}
	}
	q.askBits &^= 1 << uint(k)
	if c.pending > 0 {
		q.askBits |= 1 << uint(k)
	}
}

// nextAsking returns the index of the first child in order, from from
// on, with something pending in partition look, or len(order): with
// useBits (the default partition's own order, askOK) from q's askBits
// without reading the children, which on #19's contended day were a
// cache miss each (most of a parent's children ask for nothing).
func nextAsking(q *queue, order []*queue, from, look int, useBits bool) int {
	if useBits {
		k := len(order)
		if b := q.askBits >> uint(from); b != 0 {
			k = from + bits.TrailingZeros64(b)
		}
		if shortcutChecks {
			checkAsking(order, from, k, look)
		}
		return k
	}
	for from < len(order) && order[from].pendingIn(look) <= 0 {
		from++
	}
	return from
}

// checkAsking panics unless order[k] is the first child from from on
// with something pending (shortcutChecks: askBits kept in step).
func checkAsking(order []*queue, from, k, look int) {
	for i := from; i < len(order); i++ {
		if asks := order[i].pendingIn(look) > 0; asks || i == k {
			if !asks || i != k {
				panic(fmt.Sprintf("engine: askBits names child %d, %s is the first asking from %d", k, order[i].path, from))
			}
			return
		}
	}
	if k != len(order) {
		panic(fmt.Sprintf("engine: askBits names child %d, none asks from %d", k, from))
	}
}

// checkOrder panics unless q.order is sorted by queueCompare and each
// child's ordIdx names its place (shortcutChecks: the keys and places
// kept in step with the queues).
func (e *Engine) checkOrder(q *queue) {
	for i := 1; i < len(q.order); i++ {
		if e.queueCompare(q, q.order[i-1], q.order[i]) >= 0 {
			panic(fmt.Sprintf("engine: the children of %s are out of order: %s before %s", q.path, q.order[i-1].path, q.order[i].path))
		}
	}
	for i, c := range q.order {
		if c.ordIdx != uint8(i) {
			panic(fmt.Sprintf("engine: %s is child %d of %s's order, its ordIdx says %d", c.path, i, q.path, c.ordIdx))
		}
	}
}

// invalidateOrder forces full sorts (cluster or configuration changed).
func (e *Engine) invalidateOrder() {
	for _, q := range e.queues {
		q.sortValid = false
	}
}

// usedCapacity and absUsedCapacity are CSQueueUtils.updateUsedCapacity for
// the default partition: divisions over the partition's resource.
func (e *Engine) usedCapacity(q *queue) float32 {
	pc := e.calcIn(0)
	g := pc.max(q.guarantee, e.g.minAlloc)
	return pc.divide(q.used, g)
}

func (e *Engine) absUsedCapacity(q *queue) float32 {
	if e.cluster.IsZero() {
		return 0
	}
	pc := e.calcIn(0)
	return pc.divide(q.used, e.cluster)
}

// queueLess reports whether a goes before b under parent p.
func (e *Engine) queueLess(p, a, b *queue) bool { return e.queueCompare(p, a, b) < 0 }

// sortKey is the usage a queue is ordered by: used capacity, or absolute
// used capacity for a queue without guarantee. Under the default
// calculator, where max and divide compare and divide memory,
// usedCapacity and absUsedCapacity are written out: on #19's contended
// day the calculator's copy and divide's call (its DRF branch keeps it
// out of line) were most of sortKey's cost, paid for every child whose
// usage changed.
func (e *Engine) sortKey(c *queue) float32 {
	switch {
	case e.g.order27:
		return e.usedCapacity27(c)
	case e.g.rc.drf && c.absCap == 0:
		return e.absUsedCapacity(c)
	case e.g.rc.drf:
		return e.usedCapacity(c)
	case c.absCap != 0:
		return divF(c.used.MemoryMB, max(c.guarantee.MemoryMB, e.g.minAlloc.MemoryMB))
	case e.cluster.IsZero():
		return 0
	}
	return divF(c.used.MemoryMB, e.cluster.MemoryMB)
}

func (e *Engine) queueCompare(p, a, b *queue) int {
	if e.g.order27 {
		return compare27(a, b)
	}
	aAbs, bAbs := a.absCap, b.absCap
	switch {
	case aAbs > 0 && bAbs == 0:
		return -1
	case bAbs > 0 && aAbs == 0:
		return 1
	}
	if c := e.compareUsage(p, a, b, a.sortUsed, b.sortUsed); c != 0 {
		return c
	}
	return cmp64(int64(a.pos), int64(b.pos))
}

func (e *Engine) compareUsage(p, a, b *queue, ua, ub float32) int {
	var pa, pb int32
	if p.respectPriority {
		pa, pb = a.priority, b.priority
	}
	rc := utilCompare(float64(ua), float64(ub), pa, pb)
	if rc != 0 {
		return rc
	}
	return staticCompare(a, b)
}

// staticCompare is the comparator's tie-break after usage: the
// configured minimum resource, larger first, when either has one, else
// the absolute capacity, larger first.
func staticCompare(a, b *queue) int {
	return tieBreak(a.configuredMin, b.configuredMin, a.absCap, b.absCap)
}

// tieBreak is PriorityQueueComparator's tie-break after usage in one
// partition, given each queue's configured minimum resource there
// (QueueResourceQuotas.getConfiguredMinResource(partition)) and its
// absolute capacity there.
func tieBreak(aMin, bMin Resource, aAbs, bAbs float32) int {
	if !aMin.IsZero() || !bMin.IsZero() {
		// Resource.compareTo: memory, then vcores; larger first.
		if c := cmp64(bMin.MemoryMB, aMin.MemoryMB); c != 0 {
			return c
		}
		return cmp64(bMin.VCores, aMin.VCores)
	}
	switch {
	case bAbs < aAbs:
		return -1
	case bAbs > aAbs:
		return 1
	}
	return 0
}

// utilCompare is PriorityUtilizationQueueOrderingPolicy.compare.
func utilCompare(u1, u2 float64, p1, p2 int32) int {
	if p1 == p2 || !((u1 < 1 && u2 < 1) || (u1 >= 1 && u2 >= 1)) {
		switch {
		case u1 < u2:
			return -1
		case u1 > u2:
			return 1
		}
		return 0
	}
	return -int(cmp64(int64(p1), int64(p2)))
}
