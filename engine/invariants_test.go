package engine

import "fmt"

// checkInvariants verifies the bookkeeping the scheduler relies on: usage
// equals the sum of live containers and reservations at every level,
// nodes are never over their size, and pending counters match the asks.
func checkInvariants(e *Engine) error {
	nodeAlloc := map[*node]Resource{}
	queueUsed := map[*queue]Resource{}
	queueRes := map[*queue]Resource{}
	seen := map[int64]bool{}
	var clusterUsed Resource
	for _, a := range e.apps {
		var alloc, resv Resource
		n := 0
		for _, c := range a.live {
			if c == nil {
				continue
			}
			n++
			if c.liveIdx < 0 || c.liveIdx >= len(a.live) || a.live[c.liveIdx] != c {
				return fmt.Errorf("container %d has a stale slot", c.id)
			}
			if seen[c.id] {
				return fmt.Errorf("container %d listed twice", c.id)
			}
			seen[c.id] = true
			if c.node.removed {
				return fmt.Errorf("container %d runs on removed node %s", c.id, c.node.id)
			}
			if e.containers[c.id] != c {
				return fmt.Errorf("container %d missing from the index", c.id)
			}
			alloc = alloc.Add(c.res)
			nodeAlloc[c.node] = nodeAlloc[c.node].Add(c.res)
		}
		if n != a.nLive {
			return fmt.Errorf("app %s counts %d live containers, holds %d", a.id, a.nLive, n)
		}
		for _, c := range a.resv {
			if c.node.reserved != c {
				return fmt.Errorf("reservation %d of %s is not on node %s", c.id, a.id, c.node.id)
			}
			resv = resv.Add(c.res)
		}
		if alloc != a.allocated || resv != a.reserved {
			return fmt.Errorf("app %s books %v/%v but holds %v/%v", a.id, a.allocated, a.reserved, alloc, resv)
		}
		var pending int64
		for _, k := range a.keys {
			if k.any < 0 {
				return fmt.Errorf("app %s priority %d has negative outstanding %d", a.id, k.priority, k.any)
			}
			pending += int64(k.any)
		}
		if pending != a.pending {
			return fmt.Errorf("app %s pending %d, asks sum to %d", a.id, a.pending, pending)
		}
		for q := a.q; q != nil; q = q.parent {
			queueUsed[q] = queueUsed[q].Add(alloc).Add(resv)
			queueRes[q] = queueRes[q].Add(resv)
		}
		clusterUsed = clusterUsed.Add(alloc).Add(resv)
	}
	if len(seen) != len(e.containers) {
		return fmt.Errorf("index holds %d containers, apps %d", len(e.containers), len(seen))
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
	for _, q := range e.queues {
		if q.used != queueUsed[q] || q.reserved != queueRes[q] {
			return fmt.Errorf("queue %s books used %v reserved %v, apps hold %v/%v", q.path, q.used, q.reserved, queueUsed[q], queueRes[q])
		}
		var pending int64
		q.walk(func(x *queue) {
			for _, a := range x.active {
				pending += a.pending
			}
		})
		if pending != q.pending {
			return fmt.Errorf("queue %s pending %d, active apps want %d", q.path, q.pending, pending)
		}
		if q.leaf {
			if err := checkUsers(q); err != nil {
				return err
			}
		}
	}
	if clusterUsed != e.root.used {
		return fmt.Errorf("root used %v, containers sum to %v", e.root.used, clusterUsed)
	}
	return nil
}

func checkUsers(q *queue) error {
	var activeUsed Resource
	for _, u := range q.users {
		var used Resource
		act, pend, asks := 0, 0, 0
		for _, a := range append(append([]*app{}, q.active...), q.waiting...) {
			if a.u != u {
				continue
			}
			used = used.Add(a.allocated).Add(a.reserved)
			if a.activated {
				act++
			} else {
				pend++
			}
			if a.pending > 0 {
				asks++
			}
		}
		if used != u.used || act != u.activeApps || pend != u.pendingApps || asks != u.withAsks {
			return fmt.Errorf("user %s in %s books %v %d/%d/%d, apps give %v %d/%d/%d", u.name, q.path, u.used, u.activeApps, u.pendingApps, u.withAsks, used, act, pend, asks)
		}
		if u.isActive != (asks > 0) {
			return fmt.Errorf("user %s in %s active=%v with %d apps asking", u.name, q.path, u.isActive, asks)
		}
		if u.isActive {
			activeUsed = activeUsed.Add(used)
		}
	}
	if activeUsed != q.ul.activeUsed {
		return fmt.Errorf("queue %s active users' usage %v, books %v", q.path, activeUsed, q.ul.activeUsed)
	}
	return nil
}
