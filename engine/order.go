package engine

// sortChildren orders q's children into q.order with
// PriorityUtilizationQueueOrderingPolicy's comparator: a stable insertion
// sort from configuration order (children lists are short; nothing is
// allocated).
func (e *Engine) sortChildren(q *queue) {
	copy(q.order, q.children)
	for i := 1; i < len(q.order); i++ {
		for j := i; j > 0 && e.queueLess(q, q.order[j], q.order[j-1]); j-- {
			q.order[j], q.order[j-1] = q.order[j-1], q.order[j]
		}
	}
}

func (e *Engine) usedCapacity(q *queue) float32 {
	g := e.g.rc.max(q.guarantee, e.g.minAlloc)
	return e.g.rc.divide(q.used, g)
}

func (e *Engine) absUsedCapacity(q *queue) float32 {
	if e.cluster.IsZero() {
		return 0
	}
	return e.g.rc.divide(q.used, e.cluster)
}

// queueLess reports whether a goes before b under parent p.
func (e *Engine) queueLess(p, a, b *queue) bool { return e.queueCompare(p, a, b) < 0 }

func (e *Engine) queueCompare(p, a, b *queue) int {
	aAbs, bAbs := a.absCap, b.absCap
	switch {
	case aAbs > 0 && bAbs == 0:
		return -1
	case bAbs > 0 && aAbs == 0:
		return 1
	case aAbs == 0 && bAbs == 0:
		return e.compareUsage(p, a, b, e.absUsedCapacity(a), e.absUsedCapacity(b))
	}
	return e.compareUsage(p, a, b, e.usedCapacity(a), e.usedCapacity(b))
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
