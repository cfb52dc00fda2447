package engine

import (
	"fmt"
	"slices"
)

// checkInvariants verifies the bookkeeping the scheduler relies on: usage
// equals the sum of live containers and reservations at every level,
// nodes are never over their size, and pending counters match the asks.
func checkInvariants(e *Engine) error {
	nodeAlloc := map[*node]Resource{}
	// Usage by queue and partition (the partition of the node).
	type qp struct {
		q  *queue
		pi int
	}
	queueUsed := map[qp]Resource{}
	queueRes := map[qp]Resource{}
	seen := map[int64]bool{}
	var clusterUsed Resource
	for _, a := range e.apps {
		var alloc, resv Resource
		allocIn, resvIn := make([]Resource, len(e.parts)), make([]Resource, len(e.parts))
		n := 0
		for _, c := range a.live {
			if c == nil {
				continue
			}
			n++
			if c.liveIdx < 0 || int(c.liveIdx) >= len(a.live) || a.live[c.liveIdx] != c {
				return fmt.Errorf("container %d has a stale slot", c.id)
			}
			if seen[c.id] {
				return fmt.Errorf("container %d listed twice", c.id)
			}
			seen[c.id] = true
			if c.node.removed {
				return fmt.Errorf("container %d runs on removed node %s", c.id, c.node.id)
			}
			if e.container(c.id) != c {
				return fmt.Errorf("container %d missing from the index", c.id)
			}
			alloc = alloc.Add(c.res)
			allocIn[c.node.pi] = allocIn[c.node.pi].Add(c.res)
			nodeAlloc[c.node] = nodeAlloc[c.node].Add(c.res)
		}
		if n != a.nLive {
			return fmt.Errorf("app %s counts %d live containers, holds %d", a.id, a.nLive, n)
		}
		if n > 0 && !slices.Contains(a.q.active, a) && !a.noAttempt && !slices.Contains(a.q.waiting, a) {
			// runningByNode lists containers from the leaves' active apps;
			// only an app between attempts, or a new attempt that took
			// over what the last one kept, holds any elsewhere.
			return fmt.Errorf("app %s holds %d containers but is not active in %s", a.id, n, a.q.path)
		}
		for _, c := range a.resv {
			if c.node.reserved != c {
				return fmt.Errorf("reservation %d of %s is not on node %s", c.id, a.id, c.node.id)
			}
			resv = resv.Add(c.res)
			resvIn[c.node.pi] = resvIn[c.node.pi].Add(c.res)
		}
		if alloc != a.allocated || resv != a.reserved {
			return fmt.Errorf("app %s books %v/%v but holds %v/%v", a.id, a.allocated, a.reserved, alloc, resv)
		}
		pending := make([]int64, len(e.parts))
		for _, k := range a.keys {
			if k.any < 0 {
				return fmt.Errorf("app %s priority %d has negative outstanding %d", a.id, k.priority, k.any)
			}
			pending[k.pi] += int64(k.any)
		}
		for pi := range e.parts {
			if pending[pi] != a.pendingIn(pi) {
				return fmt.Errorf("app %s pending %d in partition %d, asks sum to %d", a.id, a.pendingIn(pi), pi, pending[pi])
			}
			if allocIn[pi] != a.allocatedIn(pi) {
				return fmt.Errorf("app %s books %v in partition %d, holds %v", a.id, a.allocatedIn(pi), pi, allocIn[pi])
			}
			for q := a.q; q != nil; q = q.parent {
				queueUsed[qp{q, pi}] = queueUsed[qp{q, pi}].Add(allocIn[pi]).Add(resvIn[pi])
				queueRes[qp{q, pi}] = queueRes[qp{q, pi}].Add(resvIn[pi])
			}
		}
		clusterUsed = clusterUsed.Add(alloc).Add(resv)
	}
	indexed := 0
	e.containers.Each(func(id int64, c **container) {
		if *c != nil && (*c).id == id {
			indexed++
		}
	})
	if len(seen) != indexed || e.containers.Len() != indexed {
		return fmt.Errorf("index holds %d containers, apps %d", indexed, len(seen))
	}
	for _, n := range e.nodes {
		if n.removed {
			continue
		}
		if nodeAlloc[n] != n.allocated {
			return fmt.Errorf("node %s books %v, containers sum to %v", n.id, n.allocated, nodeAlloc[n])
		}
		// Under the default calculator only memory is a limit (vcores may
		// be overcommitted, as in Hadoop).
		if !e.g.rc.fitsIn(n.allocated, n.total) {
			return fmt.Errorf("node %s over capacity: %v > %v", n.id, n.allocated, n.total)
		}
		if n.reserved != nil && n.reserved.a.state == StateFinished {
			return fmt.Errorf("node %s reserved for finished app %s", n.id, n.reserved.a.id)
		}
	}
	if err := checkReservedCount(e); err != nil {
		return err
	}
	if err := checkAppCounts(e); err != nil {
		return err
	}
	if err := checkAskers(e); err != nil {
		return err
	}
	if err := checkRunnableCounts(e); err != nil {
		return err
	}
	for _, q := range e.queues {
		for pi := range e.parts {
			k := qp{q, pi}
			if q.usedIn(pi) != queueUsed[k] || q.reservedIn(pi) != queueRes[k] {
				return fmt.Errorf("queue %s books used %v reserved %v in partition %d, apps hold %v/%v", q.path, q.usedIn(pi), q.reservedIn(pi), pi, queueUsed[k], queueRes[k])
			}
			var pending int64
			q.walk(func(x *queue) {
				for _, a := range x.active {
					pending += a.pendingIn(pi)
				}
			})
			if pending != q.pendingIn(pi) {
				return fmt.Errorf("queue %s pending %d in partition %d, active apps want %d", q.path, q.pendingIn(pi), pi, pending)
			}
		}
		if q.leaf {
			if err := checkUsers(e, q); err != nil {
				return err
			}
		}
	}
	if clusterUsed != e.root.used.Add(sumLabelled(e, e.root)) {
		return fmt.Errorf("root used %v, containers sum to %v", e.root.used, clusterUsed)
	}
	return nil
}

// sumLabelled is q's usage in every labelled partition.
func sumLabelled(e *Engine, q *queue) Resource {
	var r Resource
	for pi := 1; pi < len(e.parts); pi++ {
		r = r.Add(q.usedIn(pi))
	}
	return r
}

func checkUsers(e *Engine, q *queue) error {
	activeUsed := make([]Resource, len(e.parts))
	for _, u := range q.users {
		used := make([]Resource, len(e.parts))
		act, pend, asks := 0, 0, 0
		for _, a := range append(append([]*app{}, q.active...), q.waiting...) {
			if a.u != u {
				continue
			}
			for pi := range e.parts {
				used[pi] = used[pi].Add(a.allocatedIn(pi))
			}
			for _, c := range a.resv {
				used[c.node.pi] = used[c.node.pi].Add(c.res)
			}
			if a.activated {
				act++
			} else {
				pend++
			}
			if a.pending+a.lpendSum > 0 {
				asks++
			}
		}
		// An app between attempts is in no list; its kept containers
		// stay booked on its user.
		for _, a := range e.apps {
			if a.noAttempt && !a.ended() && a.q == q && a.u == u {
				for pi := range e.parts {
					used[pi] = used[pi].Add(a.allocatedIn(pi))
				}
			}
		}
		for pi := range e.parts {
			if used[pi] != u.usedIn(pi) {
				return fmt.Errorf("user %s in %s books %v in partition %d, apps give %v", u.name, q.path, u.usedIn(pi), pi, used[pi])
			}
			if u.isActive {
				activeUsed[pi] = activeUsed[pi].Add(used[pi])
			}
		}
		if act != u.activeApps || pend != u.pendingApps || asks != u.withAsks {
			return fmt.Errorf("user %s in %s books %d/%d/%d, apps give %d/%d/%d", u.name, q.path, u.activeApps, u.pendingApps, u.withAsks, act, pend, asks)
		}
		if u.isActive != (asks > 0) {
			return fmt.Errorf("user %s in %s active=%v with %d apps asking", u.name, q.path, u.isActive, asks)
		}
	}
	for pi := range e.parts {
		au := q.ul.activeUsed
		if pi > 0 {
			au = q.parts[pi].activeUsed
		}
		if activeUsed[pi] != au {
			return fmt.Errorf("queue %s active users' usage %v in partition %d, books %v", q.path, activeUsed[pi], pi, au)
		}
	}
	return nil
}

// checkReservedCount: Engine.nodesReserved (which lets a multi-node pass
// skip its fulfilment loop) counts the nodes holding a reservation.
func checkReservedCount(e *Engine) error {
	n := 0
	for _, nd := range e.nodes {
		if nd.reserved != nil {
			n++
		}
	}
	if n != e.nodesReserved {
		return fmt.Errorf("%d nodes hold a reservation, nodesReserved says %d", n, e.nodesReserved)
	}
	return nil
}

// checkAppCounts: a leaf counts its attempts (pending, active,
// non-runnable: AbstractLeafQueue.getNumApplications), a parent every
// app below it, those between attempts too (ParentQueue.numApplications).
func checkAppCounts(e *Engine) error {
	stopped := map[*queue]int{}
	n := 0
	for _, a := range e.apps {
		if a.noAttempt && !a.ended() {
			stopped[a.q]++
			n++
		}
	}
	if n != e.betweenAttempts {
		return fmt.Errorf("%d apps between attempts, betweenAttempts says %d", n, e.betweenAttempts)
	}
	for _, q := range e.queues {
		want := 0
		if q.leaf {
			want = len(q.active) + len(q.waiting) + len(q.nonRunnable)
		} else {
			q.walk(func(l *queue) {
				if l.leaf {
					want += len(l.active) + len(l.waiting) + len(l.nonRunnable) + stopped[l]
				}
			})
		}
		if q.apps != want {
			return fmt.Errorf("queue %s counts %d apps, holds %d", q.path, q.apps, want)
		}
	}
	return nil
}

// checkAskers: every leaf's askers (what pendingForPreemption walks) are
// exactly its live apps that are runnable, have an attempt and ask for
// something, each once and at its askAt; an app ended, between attempts,
// moved away or in a removed queue is in none.
func checkAskers(e *Engine) error {
	want := map[*queue]int{}
	for _, a := range e.apps {
		asks := !a.ended() && !a.noAttempt && a.runnable && a.pending+a.lpendSum > 0
		if a.asking != asks {
			return fmt.Errorf("app %s (state %s, between attempts %v, runnable %v, pending %d+%d) has asking %v",
				a.id, a.state, a.noAttempt, a.runnable, a.pending, a.lpendSum, a.asking)
		}
		if asks {
			if e.byPath[a.q.path] != a.q {
				return fmt.Errorf("app %s asks in %s, a queue no longer in the tree", a.id, a.q.path)
			}
			want[a.q]++
		}
	}
	for _, q := range e.queues {
		if len(q.askers) != want[q] {
			return fmt.Errorf("%s lists %d askers, %d of its apps ask", q.path, len(q.askers), want[q])
		}
		for i, a := range q.askers {
			if int(a.askAt) != i || a.q != q || !a.asking {
				return fmt.Errorf("%s's asker %d is %s (askAt %d, in %s, asking %v)", q.path, i, a.id, a.askAt, a.q.path, a.asking)
			}
		}
	}
	return nil
}

// checkRunnableCounts: a queue's numRunnable and a user's userRunnable
// count the runnable attempts below it or of that user (the
// max-parallel-apps enforcer's trackApp and untrackApp).
func checkRunnableCounts(e *Engine) error {
	perQueue, perUser := map[*queue]int{}, map[string]int{}
	for _, a := range e.apps {
		if a.ended() || a.noAttempt || !a.runnable {
			continue
		}
		perUser[a.user]++
		for p := a.q; p != nil; p = p.parent {
			perQueue[p]++
		}
	}
	for _, q := range e.queues {
		if q.numRunnable != perQueue[q] {
			return fmt.Errorf("queue %s counts %d runnable apps, holds %d", q.path, q.numRunnable, perQueue[q])
		}
	}
	for u, n := range e.userRunnable {
		if n != perUser[u] {
			return fmt.Errorf("user %s counts %d runnable apps, has %d", u, n, perUser[u])
		}
	}
	return nil
}
