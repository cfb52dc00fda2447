package engine

import "fmt"

// A pass over a parent in which no request reaches
// RegularContainerAllocator's node checks places, reserves and changes
// nothing; it returns only whether a child hit its queue limit and the
// headroom so blocked. It reads:
//   - the subtree's state, every change of which bumps the queue's
//     changes (usage, reservations, asks, apps starting and finishing,
//     users' limits);
//   - the limit handed down, through the parent's limit for children and
//     its current headroom;
//   - settings and the cluster, whose changes bump the engine's memoEpoch
//     (shapeChanged; every such change known bumps the leaves' changes
//     too, the epoch is there so that none needs to);
//   - the re-reservation counts, read before the node checks when
//     continue-looking is off: a re-reservation that moves a request's
//     shouldAllocOrReserveNewContainer answer bumps memoEpoch.
// The same pass with all of these the same returns the same, so the
// parent remembers it and the next pass returns it without walking the
// subtree.
//
// On #19's contended day a parent whose room is smaller than its
// children's requests is walked by every pass until a container of its
// subtree ends: one pass a second or more for each of dozens of parents,
// with about 140 leaves looked at per container placed.

// passMemo is a parent's remembered pass.
type passMemo struct {
	at    uint64 // the queue's changes+1 when remembered; 0: nothing
	epoch uint64
	pl    Resource // the limit for children
	// headroom is the current limit less usage: it follows from pl and
	// the subtree's state except at ties of the dominant calculator's
	// min, and is kept so that no tie needs an argument.
	headroom Resource
	queueLim bool
	blocked  Resource
}

// memoOn reports whether passes may be remembered and recalled: a
// single-node pass in the default partition's own mode, not explained,
// not the every-leaf reference.
func (e *Engine) memoOn(n *node, lim *limits) bool {
	return n != nil && lim.respectDefault() && e.why == nil && !e.opts.WalkEveryLeaf && !e.checking
}

// recall returns q's remembered pass if it holds for this one.
func (e *Engine) recall(q *queue, pl, headroom Resource) (result, Resource, bool) {
	m := &q.memo
	if m.at != q.changes+1 || m.epoch != e.memoEpoch || m.pl != pl || m.headroom != headroom {
		return result{}, Resource{}, false
	}
	var r result
	if m.queueLim {
		r.flags = flagQueueLim
	}
	return r, m.blocked, true
}

// recallChild is recall made by the parent before it calls the child: a
// pass's limit for the child's children and its headroom follow from the
// limit the parent hands down and the child's own state (canAssignToQueue
// and getResourceLimitsOfChild in the default partition's own mode, the
// only one memo allows), so a remembered pass is found without entering
// the child. On #19's contended day about 70 M of 102 M parent passes are
// recalled, and entering the child cost more than the recall. A
// remembered pass passed the child's own checks (accessible, pending,
// its queue limit) with the same state, and the node's were made at the
// root of this pass, so none needs repeating. The headroom's limit is
// currentLimit written out, as in canAssignToQueue, so that it inlines.
func (e *Engine) recallChild(memo bool, c *queue, n *node, cl *limits) (result, Resource, bool) {
	if !memo || c.memo.at != c.changes+1 {
		return result{}, Resource{}, false
	}
	pl := e.g.rc.min(cl.limit, c.maxResIn(0))
	headroom := e.g.rc.min(c.maxDown, cl.limit).Sub(c.usedIn(0))
	r, b, ok := e.recall(c, pl, headroom)
	if ok && shortcutChecks {
		e.checkRecall(c, n, *cl, r, b)
	}
	return r, b, ok
}

// remember keeps q's pass that assigned nothing, if it reached no node
// (touches is e.nodeTouches before it).
func (e *Engine) remember(q *queue, touches uint64, pl, headroom Resource, out result, blocked Resource) {
	if e.nodeTouches != touches {
		return
	}
	q.memo = passMemo{at: q.changes + 1, epoch: e.memoEpoch, pl: pl, headroom: headroom, queueLim: out.queueLim(), blocked: blocked}
}

// checkRecall runs the pass a recalled one stands for, remembering and
// recalling nothing, and panics if it returns otherwise or reaches a node.
func (e *Engine) checkRecall(q *queue, n *node, lim limits, r result, blocked Resource) {
	e.checking = true
	touches := e.nodeTouches
	got, gotBlocked := e.assignParent(q, n, limits{limit: lim.limit, pi: lim.pi, ignore: lim.ignore})
	e.checking = false
	if got != r || gotBlocked != blocked || e.nodeTouches != touches {
		panic(fmt.Sprintf("engine: the pass remembered for %s no longer holds: %+v %v, the pass %+v %v", q.path, r, blocked, got, gotBlocked))
	}
}
