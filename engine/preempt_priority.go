package engine

import "sort"

// underConf holds the priority-utilization underutilized-preemption
// settings of the QueuePriorityContainerCandidateSelector.
type underConf struct {
	enabled bool
	// delayMS is reserved-container-delay-ms: a reservation younger than
	// this is left alone.
	delayMS int64
}

// prioritySelection is one QueuePriorityContainerCandidateSelector pass.
type prioritySelection struct {
	e *Engine
	// higher[a][b]: leaf a has a higher priority than leaf b (the
	// selector's priorityDigraph), so a may preempt b.
	higher map[*queue]map[*queue]bool
	// byQ holds each partition's snapshot leaves (getQueueByPartition).
	byQ     []map[*queue]*tq
	allowed *Resource
	already map[*container]bool
	out     []*container
	touched map[*node]bool
	// marked is toPreemptedFromOtherQueues: what each demanding leaf has
	// been promised this round, per partition.
	marked map[qpKey]Resource
}

// qpKey is a (leaf, partition) cell of toPreemptedFromOtherQueues.
type qpKey struct {
	q  *queue
	pi int
}

// selectQueuePriority is QueuePriorityContainerCandidateSelector.selectCandidates
// (underutilized-preemption.enabled, the first selector of a round): a
// reservation of a leaf with a higher priority than another, older than
// reserved-container-delay-ms, whose leaf is under its guarantee (used less
// reserved plus what this round already promised it), gets the node's
// containers of lower-priority leaves (never AMs, oldest first, within
// the round's allowance) when they free enough for it; each node is
// used once a round. Reservations on every partition's nodes count, each
// against its leaf's guarantee and usage in that partition
// (isQueueSatisfied(queue, partition)); the priority digraph is the
// default partition's (initializePriorityDigraph reads NO_LABEL). Under
// lazy preemption killable containers are running containers here, as in
// Hadoop: they may be selected again (lazy.go). Moving
// reservations to better nodes (allow-move-reservation) is not modelled;
// Engine.Unmodelled says so.
func (e *Engine) selectQueuePriority(allowed *Resource, nowMS int64) []*container {
	s := &prioritySelection{e: e, byQ: make([]map[*queue]*tq, len(e.parts)), allowed: allowed, already: map[*container]bool{},
		touched: map[*node]bool{}, marked: map[qpKey]Resource{}}
	var leaves []*tq
	var paths map[*tq][]*tq
	for pi := range e.parts {
		s.byQ[pi] = map[*queue]*tq{}
		if pi > 0 && e.parts[pi].res.IsZero() {
			continue
		}
		ls, ps := leafPaths(e.snapshotQueuesIn(e.root, pi))
		for _, t := range ls {
			s.byQ[pi][t.q] = t
		}
		if pi == 0 {
			leaves, paths = ls, ps
		}
	}
	s.higher = priorityDigraph(leaves, paths)
	if len(s.higher) == 0 {
		return nil
	}
	resv := s.reservations(nowMS)
	running := e.runningByNode()
	for _, c := range resv {
		if nowMS-e.pre.resvMade[c.id] < e.g.preempt.under.delayMS {
			continue
		}
		q, pi := c.a.q, c.node.pi
		if s.satisfied(q, pi) {
			continue
		}
		sel, ok := s.canPreempt(c.res, q, c.node, running[c.node])
		if !ok {
			continue
		}
		s.touched[c.node] = true
		s.marked[qpKey{q, pi}] = s.marked[qpKey{q, pi}].Add(c.res)
		for _, v := range sel {
			s.already[v] = true
			s.out = append(s.out, v)
			*s.allowed = s.allowed.Sub(v.res)
		}
	}
	return s.out
}

// leafPaths lists the leaves of the snapshot with each one's path to the
// root (leaf first), as getPathToRoot walks TempQueuePerPartition.parent.
func leafPaths(root *tq) ([]*tq, map[*tq][]*tq) {
	paths := map[*tq][]*tq{}
	var leaves []*tq
	var walk func(t *tq, up []*tq)
	walk = func(t *tq, up []*tq) {
		path := append([]*tq{t}, up...)
		if len(t.children) == 0 {
			leaves = append(leaves, t)
			paths[t] = path
			return
		}
		for _, c := range t.children {
			walk(c, path)
		}
	}
	walk(root, nil)
	return leaves, paths
}

// priorityDigraph is initializePriorityDigraph: for two leaves, the
// children of their lowest common ancestor on each one's path compare
// their relative priorities (0 unless that ancestor orders its children
// by priority-utilization); the higher one may preempt the other.
func priorityDigraph(leaves []*tq, paths map[*tq][]*tq) map[*queue]map[*queue]bool {
	g := map[*queue]map[*queue]bool{}
	add := func(a, b *queue) {
		if g[a] == nil {
			g[a] = map[*queue]bool{}
		}
		g[a][b] = true
	}
	for i, t1 := range leaves {
		for _, t2 := range leaves[i+1:] {
			p1, p2 := paths[t1], paths[t2]
			x, y := len(p1)-1, len(p2)-1
			for x > 0 && y > 0 && p1[x] == p2[y] {
				x--
				y--
			}
			switch a, b := p1[x].relPriority, p2[y].relPriority; {
			case a < b:
				add(t2.q, t1.q)
			case b < a:
				add(t1.q, t2.q)
			}
		}
	}
	return g
}

// allowedTo is preemptionAllowed: demanding may preempt victim.
func (s *prioritySelection) allowedTo(demanding, victim *queue) bool {
	return s.higher[demanding][victim]
}

// byCreation is CONTAINER_CREATION_TIME_COMPARATOR: a container of a
// leaf that may preempt the other's first, then the older (engine
// container ids grow with time).
func (s *prioritySelection) byCreation(cs []*container) {
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if s.allowedTo(a.a.q, b.a.q) {
			return true
		}
		if s.allowedTo(b.a.q, a.a.q) {
			return false
		}
		return a.id < b.id
	})
}

// reservations are the nodes' reservations of leaves that may preempt
// some other leaf, in byCreation order. Their age is from when they were
// made (stampReservation); one made before the selector ran (a refresh
// turned it on) counts from the first round that sees it.
func (s *prioritySelection) reservations(nowMS int64) []*container {
	pre := &s.e.pre
	var out []*container
	live := map[int64]bool{}
	for _, n := range s.e.nodes {
		c := n.reserved
		if n.removed || c == nil {
			continue
		}
		live[c.id] = true
		if _, ok := pre.resvMade[c.id]; !ok {
			s.e.stampAt(c, nowMS)
		}
		if len(s.higher[c.a.q]) > 0 {
			out = append(out, c)
		}
	}
	for id := range pre.resvMade {
		if !live[id] {
			delete(pre.resvMade, id)
		}
	}
	s.byCreation(out)
	return out
}

// satisfied is isQueueSatisfied in partition pi: used less reserved plus
// what the round already promised the leaf there reaches its guarantee.
func (s *prioritySelection) satisfied(q *queue, pi int) bool {
	if pi >= len(s.byQ) {
		return false
	}
	t := s.byQ[pi][q]
	if t == nil {
		return false
	}
	have := t.used.Sub(t.reserved).Add(s.marked[qpKey{q, pi}])
	return s.e.g.rc.greaterEq(have, t.guaranteed)
}

// canPreempt is canPreemptEnoughResourceForAsked on the reservation's own
// node: what the node lacks for the ask, less containers already chosen,
// is covered by lower-priority leaves' non-AM containers (oldest first)
// that fit in a copy of the round's allowance.
func (s *prioritySelection) canPreempt(ask Resource, demanding *queue, n *node, running []*container) ([]*container, bool) {
	if s.touched[n] {
		return nil, false
	}
	rc := &s.e.g.rc
	lacking := ask.Sub(n.free())
	cs := append([]*container(nil), running...)
	s.byCreation(cs)
	for _, c := range cs {
		if s.already[c] {
			lacking = lacking.Sub(c.res)
		}
	}
	if rc.fitsIn(lacking, Resource{}) {
		return nil, true
	}
	allowed := *s.allowed
	var sel []*container
	for _, c := range cs {
		if s.already[c] || !s.allowedTo(demanding, c.a.q) || c.priority == AMPriority {
			continue
		}
		if rc.greaterEq(allowed, c.res) {
			allowed = allowed.Sub(c.res)
			lacking = lacking.Sub(c.res)
			sel = append(sel, c)
		}
		if rc.fitsIn(lacking, Resource{}) {
			return sel, true
		}
	}
	return nil, false
}

// stampReservation records when c was reserved, the engine's clock
// (RMContainer.getCreationTime, which
// QueuePriorityContainerCandidateSelector.selectCandidates compares with
// reserved-container-delay-ms).
func (e *Engine) stampReservation(c *container) { e.stampAt(c, e.nowMS) }

func (e *Engine) stampAt(c *container, ms int64) {
	if e.pre.resvMade == nil {
		e.pre.resvMade = map[int64]int64{}
	}
	e.pre.resvMade[c.id] = ms
}
