package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// WaitReason is why an application with demand left got nothing at a
// moment of the run: the first limit that holds it back, in the order
// the scheduler checks them (LeafQueue.activateApplications for apps not
// yet started; then ParentQueue/AbstractCSQueue.canAssignToThisQueue,
// AbstractLeafQueue.canAssignToUser, the node and locality checks of
// RegularContainerAllocator for running ones).
type WaitReason string

// Wait reasons, as reports name them.
const (
	WaitAMLimit     WaitReason = "am_limit"      // queue's AM resource limit (maximum-am-resource-percent)
	WaitUserAMLimit WaitReason = "user_am_limit" // the user's share of the AM limit
	WaitActivation  WaitReason = "activation"    // accepted, not yet activated, for no AM-limit reason
	WaitParallel    WaitReason = "max_parallel"  // not runnable: max-parallel-apps of its queue, a parent or its user (CSMaxRunningAppsEnforcer)
	WaitQueueMax    WaitReason = "queue_max"     // the queue or an ancestor is at its maximum capacity
	WaitUserLimit   WaitReason = "user_limit"    // the user is at its user limit
	WaitGuarantee   WaitReason = "queue_guarantee"
	WaitClusterFull WaitReason = "cluster_full" // below guarantee, the cluster is used by others
	WaitReserved    WaitReason = "reservation"  // holds a reservation on a node, waiting for it to free up
	WaitLocality    WaitReason = "locality"     // delay scheduling: waiting for a local node
	WaitNoNodeFits  WaitReason = "no_node_fits" // no node has room for the request
)

// WaitReasons lists every reason in the order reports show them.
var WaitReasons = []WaitReason{WaitQueueMax, WaitGuarantee, WaitClusterFull, WaitUserLimit, WaitAMLimit,
	WaitUserAMLimit, WaitParallel, WaitActivation, WaitReserved, WaitLocality, WaitNoNodeFits}

// Describe is a reason in words for people.
func (r WaitReason) Describe() string {
	return map[WaitReason]string{
		WaitAMLimit: "AM limit", WaitUserAMLimit: "user AM limit", WaitActivation: "awaiting activation", WaitParallel: "max-parallel-apps",
		WaitQueueMax: "queue at maximum", WaitUserLimit: "user limit", WaitGuarantee: "queue at guarantee, cluster busy",
		WaitClusterFull: "cluster full (others over guarantee)", WaitReserved: "reservation elsewhere",
		WaitLocality: "locality delay", WaitNoNodeFits: "no node fits",
	}[r]
}

// Waiting calls f for every unfinished application with demand left,
// with the reason it waits now and whether its user is starved: below the
// user limit (so the wait is not the user's own limit at work), or with
// the app not started at all; an app that
// nothing holds back (a node with room will serve it at its next
// heartbeat) is not reported. It reads the
// scheduler's state as the next allocation pass would see it; it is a
// classification of the moment, not a replay of each pass's decision.
// Leaves come in the order of the tree; within a leaf the apps held back
// by max-parallel-apps, then those waiting to activate, in their lists'
// order, then the active ones in no order. The Waiter is reused from
// call to call.
func (e *Engine) Waiting(f func(w *Waiter)) {
	free := e.cluster.Sub(e.allocatedSum) // a read of every node at every sample, until book kept the sum
	if shortcutChecks {
		e.checkAllocatedSum()
	}
	clusterFull := !e.g.rc.fitsIn(e.g.minAlloc, free)
	// Apps share a few request sizes: whether one fits a node is asked
	// once per size, not once per app and node.
	fitsCache := map[Resource]bool{}
	fits := func(c Resource) bool {
		ok, seen := fitsCache[c]
		if !seen {
			for _, n := range e.nodes {
				if e.g.rc.fitsIn(c, n.free()) {
					ok = true
					break
				}
			}
			fitsCache[c] = ok
		}
		return ok
	}
	w := &Waiter{}
	if shortcutChecks {
		e.checkWaitScan()
	}
	e.eachWaitScan(func(q *queue) bool {
		if !reportsWaits(q) {
			if shortcutChecks && q.leaf {
				checkNonePending(q)
			}
			return false
		}
		for _, a := range q.nonRunnable {
			f(w.set(a, WaitParallel, true))
		}
		for _, a := range q.waiting {
			f(w.set(a, waitingReason(a), true))
		}
		if !q.anyPending() {
			if shortcutChecks {
				checkNonePending(q)
			}
			return true // no active app asks: reading each was a cache miss
		}
		if shortcutChecks {
			checkWaitAskers(q)
		}
		atMax := e.atQueueMax(q) // the same for every app of the leaf
		// The leaf's askers (q.askers), not its active apps: on #19's
		// contended day a quarter of the active apps ask nothing, and
		// the set spares the read of each one's asking flag, a line of
		// the app of its own. An app waiting to activate may ask (its AM
		// container) and was reported above: activated tells it apart,
		// read only when the leaf has such apps. The set has no order,
		// so a leaf's apps are reported in no order.
		skipWaiting := len(q.waiting) > 0
		for _, a := range q.askers {
			if skipWaiting && !a.activated {
				continue
			}
			ul := e.userLimit(a.u)
			if e.g.ul27 {
				ul = e.waitLimit27(a)
			}
			if why := e.activeReason(a, atMax, ul, clusterFull, fits); why != "" {
				f(w.set(a, why, why != WaitUserLimit && e.g.rc.greater(ul, a.u.used)))
			}
		}
		return true
	})
}

// checkAllocatedSum panics if the sum book keeps is not the sum of the
// nodes' allocated (shortcutChecks).
func (e *Engine) checkAllocatedSum() {
	var sum Resource
	for _, n := range e.nodes {
		sum = sum.Add(n.allocated)
	}
	if sum != e.allocatedSum {
		panic(fmt.Sprintf("engine: the kept sum of the nodes' allocated is %v, the nodes' %v", e.allocatedSum, sum))
	}
}

// checkNonePending panics if an active app of q asks for a container
// though q's pending counters say none does (shortcutChecks).
func checkNonePending(q *queue) {
	for _, a := range q.active {
		if a.pending+a.lpendSum > 0 {
			panic("engine: a leaf's pending counters miss an active app's requests")
		}
	}
}

// checkWaitAskers panics unless q.askers holds exactly the apps of q's
// active and waiting lists with asking set, each once (shortcutChecks):
// Waiting reports the active ones from the set.
func checkWaitAskers(q *queue) {
	n := 0
	for i, l := range [][]*app{q.active, q.waiting} {
		for _, a := range l {
			if a.activated != (i == 0) || a.asking != (a.runnable && a.pending+a.lpendSum > 0) {
				panic("engine: an app's activated or asking flag is out of step with its list or requests: " + a.id)
			}
			if !a.asking {
				continue
			}
			if int(a.askAt) >= len(q.askers) || q.askers[a.askAt] != a {
				panic("engine: an asking app is not in its leaf's askers: " + a.id)
			}
			n++
		}
	}
	if n != len(q.askers) {
		panic("engine: a leaf's askers hold an app outside its active and waiting lists: " + q.path)
	}
}

// Waiter is one application Waiting reports: its id, queue and user, its
// AppSpec.Ref, why it waits and whether its user is starved.
type Waiter struct {
	App, Queue, User string
	Ref              int32
	Why              WaitReason
	Starved          bool
}

func (w *Waiter) set(a *app, why WaitReason, starved bool) *Waiter {
	*w = Waiter{App: a.id, Queue: a.q.path, User: a.u.name, Ref: a.ref, Why: why, Starved: starved}
	return w
}

// waitingReason reads why activation left a waits from its diagnostics.
func waitingReason(a *app) WaitReason {
	switch {
	case strings.HasPrefix(a.diag, "Queue's AM"):
		return WaitAMLimit
	case strings.HasPrefix(a.diag, "User's AM"):
		return WaitUserAMLimit
	}
	return WaitActivation
}

// atQueueMax reports whether leaf q or a parent below root has no room
// for the minimum allocation under its maximum. Root at its maximum is the
// cluster being full, said apart (activeReason).
func (e *Engine) atQueueMax(leaf *queue) bool {
	for q := leaf; q.parent != nil; q = q.parent {
		if !e.g.rc.fitsIn(e.g.minAlloc.Add(q.used), q.maxRes) {
			return true
		}
	}
	return false
}

// activeReason is why active app a waits: atMax is atQueueMax of its leaf
// and userLimit its user's limit.
func (e *Engine) activeReason(a *app, atMax bool, userLimit Resource, clusterFull bool, fitsNode func(Resource) bool) WaitReason {
	rc := &e.g.rc
	if atMax {
		return WaitQueueMax
	}
	if rc.greater(a.u.used.Add(e.g.minAlloc), userLimit) {
		return WaitUserLimit
	}
	if clusterFull {
		if rc.lessEq(a.q.guarantee, a.q.used) {
			return WaitGuarantee
		}
		return WaitClusterFull
	}
	if !a.reserved.IsZero() {
		return WaitReserved
	}
	fits := false
	for _, k := range a.keys {
		if k.any <= 0 {
			continue
		}
		if k.missed > 0 && !e.offSwitchAllowed(k) {
			// Passed over, and delay scheduling holds it off other
			// nodes still (canAssign's OFF_SWITCH case). A request with
			// only an ANY ask misses opportunities too but is never
			// delayed: it waits for room, not for a local node.
			return WaitLocality
		}
		fits = fits || fitsNode(k.capability)
	}
	if fits {
		// Nothing holds it back: it is served at the next heartbeat of a
		// node with room, which is scheduling, not waiting.
		return ""
	}
	return WaitNoNodeFits
}

// resText names a resource for a why note as the calculator weighs it:
// memory alone under the DefaultResourceCalculator, memory and vcores
// under DRF, where a note showing memory alone misreads the decision.
func (c *calc) resText(r Resource) string {
	if !c.drf {
		return fmt.Sprintf("%d MB", r.MemoryMB)
	}
	return fmt.Sprintf("<memory:%d MB, vcores:%d>", r.MemoryMB, r.VCores)
}

// orderText says how the calculator ordered a and b in a note on a
// Resources.greaterThan (or kin) comparison that found "a op b": nothing
// under the DefaultResourceCalculator, whose comparison is the memory the
// note shows; under DRF the dominant shares of the cluster compared
// (DominantResourceCalculator.compare), the other share when those tie,
// or resource by resource when the cluster lacks one of them.
func (c *calc) orderText(a Resource, op string, b Resource) string {
	if !c.drf {
		return ""
	}
	if c.cluster.MemoryMB == 0 || c.cluster.VCores == 0 {
		return " (compared resource by resource: the cluster has " + c.resText(c.cluster) + ")"
	}
	a1, a2 := c.shares(a)
	b1, b2 := c.shares(b)
	if a1 != b1 || a2 == b2 {
		return fmt.Sprintf(" (by dominant share of the cluster's %s: %s %s %s)", c.resText(c.cluster), pct(a1), op, pct(b1))
	}
	return fmt.Sprintf(" (by share of the cluster's %s: dominant shares both %s, then %s %s %s)", c.resText(c.cluster), pct(a1), pct(a2), op, pct(b2))
}

// fitText says how fitsIn compared, for notes on a ResourceCalculator.
// fitsIn refusal: under DRF every resource must fit, not the dominant share.
func (c *calc) fitText() string {
	if !c.drf {
		return ""
	}
	return " (each resource must fit)"
}

func pct(f float64) string {
	return strconv.FormatFloat(f*100, 'g', 4, 64) + "%"
}

// overText explains a fitsIn refusal of used + more within limit:
// "used + more > limit" in memory under the DefaultResourceCalculator;
// under DRF both resources, as every one of them must fit.
func (c *calc) overText(used, more Resource, name string, limit Resource) string {
	if !c.drf {
		return fmt.Sprintf("%d MB + %d MB > %s %d MB", used.MemoryMB, more.MemoryMB, name, limit.MemoryMB)
	}
	return fmt.Sprintf("%s + %s does not fit the %s %s%s", c.resText(used), c.resText(more), name, c.resText(limit), c.fitText())
}
