package engine

// leafOrderCache keeps the policy's leaf order (leafOrder) between
// rounds. The order is a function of the tree alone (which queues, their
// paths, which children each parent has, in which order), not of usage,
// yet hashing and sorting every path at every level was a tenth of #19's
// contended day. Each round still walks the fresh snapshot to compare
// its shape with the cached one, so a refresh, a queue created or removed
// on the fly, or any other change of the tree recomputes the order.
type leafOrderCache struct {
	shape []shapeNode
	perm  []int // the order, as indices into the snapshot's leaves in tree order
	dfs   []*tq // scratch: this round's leaves in tree order
}

// shapeNode is one queue of the tree in preorder.
type shapeNode struct {
	q    *queue
	path string
	kids int
}

// leafOrder is leafOrder(t) through the cache.
func (e *Engine) leafOrder(t *tq) []*tq {
	c := &e.leafOrders
	c.dfs = c.dfs[:0]
	same, n := c.matchShape(t, 0)
	if !same || n != len(c.shape) {
		return c.rebuild(t)
	}
	out := make([]*tq, len(c.perm))
	for i, k := range c.perm {
		out[i] = c.dfs[k]
	}
	return out
}

// matchShape walks t in preorder from shape position i, collecting the
// leaves, and reports whether every queue matches the cached shape and
// the position after t.
func (c *leafOrderCache) matchShape(t *tq, i int) (bool, int) {
	if i >= len(c.shape) {
		return false, i
	}
	s := c.shape[i]
	if s.q != t.q || s.path != t.q.path || s.kids != len(t.children) {
		return false, i
	}
	i++
	if len(t.children) == 0 {
		c.dfs = append(c.dfs, t)
		return true, i
	}
	for _, ch := range t.children {
		ok, next := c.matchShape(ch, i)
		if !ok {
			return false, next
		}
		i = next
	}
	return true, i
}

// rebuild computes the order and records the tree's shape and the order
// as a permutation of its leaves.
func (c *leafOrderCache) rebuild(t *tq) []*tq {
	c.shape, c.dfs = c.shape[:0], c.dfs[:0]
	c.record(t)
	out := leafOrder(t)
	at := make(map[*tq]int, len(c.dfs))
	for i, l := range c.dfs {
		at[l] = i
	}
	c.perm = c.perm[:0]
	for _, l := range out {
		c.perm = append(c.perm, at[l])
	}
	return out
}

func (c *leafOrderCache) record(t *tq) {
	c.shape = append(c.shape, shapeNode{q: t.q, path: t.q.path, kids: len(t.children)})
	if len(t.children) == 0 {
		c.dfs = append(c.dfs, t)
	}
	for _, ch := range t.children {
		c.record(ch)
	}
}
