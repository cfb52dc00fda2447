package engine

import "sort"

// nodeForPreemption is ReservedContainerCandidatesSelector.NodeForPreemption:
// a node with a reservation and what preempting on it would cost.
type nodeForPreemption struct {
	n    *node
	cost float32
}

// selectOnReserved is ReservedContainerCandidatesSelector.selectCandidates
// (select_based_on_reserved_containers): for every node holding a
// reservation, the non-AM containers (in descending ContainerId order,
// runningByNode) of leaves that must give back
// in the node's partition (getResToObtainByPartitionForLeafQueue: resToObtain
// without the natural termination factor, per queue and partition) are
// counted until the reserved container would fit; nodes are taken
// cheapest first (the selected resource over the reserved one), and on
// each the containers are chosen for real, using up the leaves' quotas and
// the round's allowance. Nodes are visited in the engine's node order
// where Hadoop walks its node map.
func (e *Engine) selectOnReserved(parts [][]*tq, allowed *Resource, earlier []*container) []*container {
	already := map[*container]bool{}
	for _, c := range earlier {
		already[c] = true
	}
	quota := make([]map[*queue]*Resource, len(parts))
	for pi, leaves := range parts {
		quota[pi] = map[*queue]*Resource{}
		for _, t := range leaves {
			if !t.disabled && e.g.rc.positive(t.toObtain) {
				r := t.toObtain
				quota[pi][t.q] = &r
			}
		}
	}
	running := e.runningByNode()
	var nodes []nodeForPreemption
	for _, n := range e.nodes {
		if n.removed || n.reserved == nil || n.pi >= len(quota) {
			continue
		}
		if cost, _, ok := e.onNode(n, running[n], quota[n.pi], allowed, true, already); ok {
			nodes = append(nodes, nodeForPreemption{n: n, cost: cost})
		}
	}
	sort.SliceStable(nodes, func(i, j int) bool { return nodes[i].cost < nodes[j].cost })
	var out []*container
	for _, nf := range nodes {
		if nf.n.reserved == nil {
			continue
		}
		if _, sel, ok := e.onNode(nf.n, running[nf.n], quota[nf.n.pi], allowed, false, already); ok {
			out = append(out, sel...)
		}
	}
	return out
}

// runningByNode lists each node's running containers in descending
// ContainerId order (containerIDAfter): the selector means to prefer
// recently launched containers, but sorts by id.
// getPreemptionCandidatesOnNode walks the node's running containers
// (getCopiedListOfRunningContainers), whoever holds them: an app waiting
// for activation or held back by max-parallel-apps that holds containers
// (a new attempt that took over the last one's, a moved app), and an app
// between attempts whose last attempt kept its containers
// (keepContainersAcrossApplicationAttempts: they stay on the node until
// the next attempt takes them over), offer theirs as an active app does.
func (e *Engine) runningByNode() map[*node][]*container {
	out := map[*node][]*container{}
	add := func(a *app) {
		for _, c := range a.live {
			if c != nil && !c.reserved && c.node != nil {
				out[c.node] = append(out[c.node], c)
			}
		}
	}
	// The leaves' lists (an app holds containers only while it has an
	// attempt, or kept them between two), not the engine's table by id,
	// which holds a slot for every container ever started, nor every app
	// ever submitted, unless some app is between attempts; each node's
	// list is sorted below, so the apps' order does not matter.
	for _, q := range e.queues {
		for _, list := range [][]*app{q.active, q.waiting, q.nonRunnable} {
			for _, a := range list {
				add(a)
			}
		}
	}
	if e.betweenAttempts > 0 {
		for _, a := range e.apps {
			if a.noAttempt && !a.ended() {
				add(a)
			}
		}
	}
	for _, cs := range out {
		sort.Slice(cs, func(i, j int) bool { return containerIDAfter(cs[i], cs[j]) })
	}
	return out
}

// containerIDAfter is x.getContainerId().compareTo(y.getContainerId()) > 0,
// the descending order getPreemptionCandidatesOnNode sorts a node's
// containers in. ContainerId.compareTo compares the application attempt
// first (ApplicationAttemptId.compareTo: the ApplicationId, by cluster
// timestamp then id, then the attempt id), the container number only
// within one attempt: every container of a later-submitted app comes
// first, however old. capq's apps share one cluster timestamp and take
// ids in submission order (seq); within an app the engine's global ids
// order the containers as (attempt id, container number) do, since a
// later attempt's containers are all started after the earlier one's.
func containerIDAfter(x, y *container) bool {
	if x.a != y.a {
		return x.a.seq > y.a.seq
	}
	return x.id > y.id
}

// onNode is getPreemptionCandidatesOnNode: nothing when the reservation
// already fits in the node's free resource; otherwise non-AM containers
// whose leaf quota and the round's allowance cover them are added until it
// fits, those an earlier selector chose counting towards the room but not
// chosen again nor priced. readOnly only prices the node; otherwise quotas
// and the allowance are used up, the newly chosen containers' quota given
// back when the node cannot be freed enough.
func (e *Engine) onNode(n *node, running []*container, quota map[*queue]*Resource, allowed *Resource, readOnly bool, already map[*container]bool) (float32, []*container, bool) {
	rc := &e.g.rc
	want := n.reserved.res
	cur := n.free()
	if rc.fitsIn(want, cur) {
		return 0, nil, false
	}
	var total Resource
	var sel []*container
	fits := false
	for _, c := range running {
		if c.priority == AMPriority {
			continue // never an AM here
		}
		q := quota[c.a.q]
		if q == nil || !rc.fitsIn(c.res, *q) || !rc.fitsIn(c.res, *allowed) {
			continue
		}
		if !readOnly {
			*q = q.Sub(c.res)
			*allowed = allowed.Sub(c.res)
		}
		// A container an earlier selector chose (isContainerAlreadySelected)
		// still frees the node and, once the node is taken, uses up its
		// leaf's quota and the allowance, as tryToPreemptFromQueue charged
		// them above; it is neither chosen again nor priced.
		if !already[c] {
			if !readOnly {
				sel = append(sel, c)
			}
			total = total.Add(c.res)
		}
		cur = cur.Add(c.res)
		if rc.fitsIn(want, cur) {
			fits = true
			break
		}
	}
	if !fits {
		// Only the newly chosen give their quota back: an earlier
		// selector's containers keep theirs charged, and the allowance
		// is never given back (the revert loop walks selectedContainers).
		for _, c := range sel {
			*quota[c.a.q] = quota[c.a.q].Add(c.res)
		}
		return 0, nil, false
	}
	return rc.ratio(total, want), sel, true
}
