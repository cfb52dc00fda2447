package engine

import "sort"

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
		e.reposition(q, c)
	}
	q.dirtyKids = q.dirtyKids[:0]
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
}

// reposition moves c to its place in the otherwise sorted q.order.
func (e *Engine) reposition(q *queue, c *queue) {
	o := q.order
	i := 0
	for o[i] != c {
		i++
	}
	copy(o[i:], o[i+1:])
	o = o[:len(o)-1]
	j := sort.Search(len(o), func(k int) bool { return e.queueLess(q, c, o[k]) })
	o = append(o, nil)
	copy(o[j+1:], o[j:])
	o[j] = c
	q.order = o
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
// used capacity for a queue without guarantee.
func (e *Engine) sortKey(c *queue) float32 {
	if c.absCap == 0 {
		return e.absUsedCapacity(c)
	}
	return e.usedCapacity(c)
}

func (e *Engine) queueCompare(p, a, b *queue) int {
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
	if !a.configuredMin.IsZero() || !b.configuredMin.IsZero() {
		// Resource.compareTo: memory, then vcores; larger first.
		if c := cmp64(b.configuredMin.MemoryMB, a.configuredMin.MemoryMB); c != 0 {
			return c
		}
		return cmp64(b.configuredMin.VCores, a.configuredMin.VCores)
	}
	switch {
	case b.absCap < a.absCap:
		return -1
	case b.absCap > a.absCap:
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
