package engine

import (
	"sort"

	"github.com/capq/capq/xmlconf"
)

// preemptConf holds ProportionalCapacityPreemptionPolicy settings.
type preemptConf struct {
	enabled            bool
	observeOnly        bool
	intervalMS         int64
	maxWaitMS          int64
	perRound           float32
	maxIgnoredOver     float32
	naturalTermination float32
}

// preemptState remembers when each container was first selected, so it
// is killed only after max-wait-before-kill (the policy's
// preemptionCandidates map).
type preemptState struct {
	marked map[int64]int64
}

func compilePreempt(p xmlconf.Preemption) preemptConf {
	return preemptConf{
		enabled: p.Enabled.V, observeOnly: p.ObserveOnly.V,
		intervalMS: p.MonitoringIntervalMS.V, maxWaitMS: p.MaxWaitBeforeKillMS.V,
		perRound: p.TotalPreemptionPerRound.V, maxIgnoredOver: p.MaxIgnoredOverCapacity.V,
		naturalTermination: p.NaturalTerminationFactor.V,
	}
}

// PreemptionResult reports one monitoring round.
type PreemptionResult struct {
	// Selected are the containers chosen this round (waiting for
	// max-wait-before-kill); Killed those preempted now.
	Selected, Killed []int64
	// ToObtain is how much each over-served leaf should give back.
	ToObtain map[string]Resource
}

// PreemptionEnabled reports whether the configuration turns the
// ProportionalCapacityPreemptionPolicy on.
func (e *Engine) PreemptionEnabled() bool { return e.g.preempt.enabled }

// PreemptionInterval returns monitoring_interval in milliseconds.
func (e *Engine) PreemptionInterval() int64 { return e.g.preempt.intervalMS }

// Preempt runs one round of the ProportionalCapacityPreemptionPolicy at
// simulated time nowMS (call it every monitoring interval). Resources are
// divided top-down in proportion to guarantees among queues that want
// them (used + pending within user limits, capped by maximum capacity);
// queues with disable_preemption keep what they use. A leaf above its
// ideal share by more than max_ignored_over_capacity gives back the excess
// times natural_termination_factor, all leaves together at most
// total_preemption_per_round of the cluster. Its reservations go first,
// then containers of its last apps, newest first; a container still
// selected after max_wait_before_kill is killed (EvPreempted). It is a
// basic rendering of the policy: no intra-queue or reserved-container
// preemption, no AM-container protection (the engine has no AM
// containers).
func (e *Engine) Preempt(nowMS int64) PreemptionResult {
	res := PreemptionResult{ToObtain: map[string]Resource{}}
	pc := e.g.preempt
	if !pc.enabled || e.cluster.IsZero() {
		return res
	}
	ideal := make([]Resource, len(e.queues))
	ideal[e.root.idx] = e.cluster
	e.distribute(e.root, ideal)
	obtain := e.toObtain(ideal, res.ToObtain)
	if e.pre.marked == nil {
		e.pre.marked = map[int64]int64{}
	}
	selected := map[int64]bool{}
	for _, q := range e.queues {
		need, ok := obtain[q]
		if !ok {
			continue
		}
		for _, c := range e.candidates(q, need) {
			selected[c.id] = true
			if _, seen := e.pre.marked[c.id]; !seen {
				e.pre.marked[c.id] = nowMS
			}
			res.Selected = append(res.Selected, c.id)
		}
	}
	ids := make([]int64, 0, len(e.pre.marked))
	for id := range e.pre.marked {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		c := e.containers[id]
		if c == nil || !selected[id] {
			delete(e.pre.marked, id)
			continue
		}
		if !pc.observeOnly && nowMS-e.pre.marked[id] >= pc.maxWaitMS {
			delete(e.pre.marked, id)
			e.release(c, EvPreempted)
			res.Killed = append(res.Killed, id)
		}
	}
	return res
}

// distribute computes ideal assignments of p's children from p's ideal
// (computeIdealResourceDistribution, memory under the default calculator).
func (e *Engine) distribute(p *queue, ideal []Resource) {
	if p.leaf {
		return
	}
	unassigned := ideal[p.idx]
	wanted := make([]Resource, len(p.children))
	var active []*queue
	for i, c := range p.children {
		demand := c.used.Add(e.pendingOf(c))
		wanted[i] = componentwiseMin(demand, c.maxRes)
		ideal[c.idx] = Resource{}
		if c.disablePreemption {
			// Untouchable queues keep what they use.
			ideal[c.idx] = componentwiseMin(c.used, unassigned)
			unassigned = subNonNeg(unassigned, ideal[c.idx])
		}
		if !e.g.rc.lessEq(wanted[i], ideal[c.idx]) {
			active = append(active, c)
		}
	}
	for len(active) > 0 && e.g.rc.positive(unassigned) {
		var totalGuar float64
		for _, c := range active {
			totalGuar += float64(max(c.absCap, 1e-9))
		}
		var given Resource
		next := active[:0]
		for _, c := range active {
			share := multiplyTrunc(unassigned, float64(max(c.absCap, 1e-9))/totalGuar)
			i := childIndex(p, c)
			room := subNonNeg(wanted[i], ideal[c.idx])
			take := componentwiseMin(share, room)
			ideal[c.idx] = ideal[c.idx].Add(take)
			given = given.Add(take)
			if e.g.rc.greater(room, take) {
				next = append(next, c)
			}
		}
		unassigned = subNonNeg(unassigned, given)
		if !e.g.rc.positive(given) {
			break
		}
		active = next
	}
	for _, c := range p.children {
		e.distribute(c, ideal)
	}
}

func childIndex(p, c *queue) int {
	for i, x := range p.children {
		if x == c {
			return i
		}
	}
	return 0
}

// pendingOf is a subtree's pending demand within user limits.
func (e *Engine) pendingOf(q *queue) Resource {
	if q.leaf {
		return e.pendingConsideringUserLimit(q)
	}
	var r Resource
	for _, c := range q.children {
		r = r.Add(e.pendingOf(c))
	}
	return r
}

// toObtain is what each leaf gives back this round.
func (e *Engine) toObtain(ideal []Resource, report map[string]Resource) map[*queue]Resource {
	pc := e.g.preempt
	out := map[*queue]Resource{}
	var total Resource
	for _, q := range e.queues {
		if !q.leaf || q.disablePreemption {
			continue
		}
		id := ideal[q.idx]
		threshold := multiplyTrunc(id, 1+float64(pc.maxIgnoredOver))
		if !e.g.rc.greater(q.used, threshold) {
			continue
		}
		need := multiplyTrunc(q.used.Sub(id), float64(pc.naturalTermination))
		if e.g.rc.positive(need) {
			out[q] = need
			total = total.Add(need)
		}
	}
	limit := multiplyTrunc(e.cluster, float64(pc.perRound))
	if e.g.rc.greater(total, limit) && total.MemoryMB > 0 {
		f := float64(limit.MemoryMB) / float64(total.MemoryMB)
		for q, r := range out {
			out[q] = multiplyTrunc(r, f)
		}
	}
	for q, r := range out {
		report[q.path] = r
	}
	return out
}

// AMPriority is the request priority of an ApplicationMaster container
// (RMAppAttemptImpl.AM_CONTAINER_PRIORITY). Containers allocated at it are
// the apps' AMs, which preemption spares as long as it can; a driver that
// requests AM containers (the simulator) asks at this priority.
const AMPriority = 0

// candidates selects reservations, then containers of the last apps in
// the queue's order, newest first, until need is covered (the last one
// may overshoot), as FifoCandidatesSelector does: AM containers are
// skipped, and taken afterwards only while the skipped AMs exceed the
// queue's AM capacity (cluster × absolute capacity × max AM percent),
// killing an AM costs the whole attempt's work.
func (e *Engine) candidates(q *queue, need Resource) []*container {
	var out []*container
	for i := len(q.active) - 1; i >= 0 && e.g.rc.positive(need); i-- {
		a := q.active[i]
		for len(a.resv) > 0 && e.g.rc.positive(need) {
			c := a.resv[len(a.resv)-1]
			need = need.Sub(c.res)
			e.unreserve(c)
		}
	}
	var skippedAMs []*container
	var skippedAMSize Resource
	for i := len(q.active) - 1; i >= 0 && e.g.rc.positive(need); i-- {
		a := q.active[i]
		for j := len(a.live) - 1; j >= 0 && e.g.rc.positive(need); j-- {
			c := a.live[j]
			if c == nil {
				continue
			}
			if c.priority == AMPriority {
				skippedAMs = append(skippedAMs, c)
				skippedAMSize = skippedAMSize.Add(c.res)
				continue
			}
			out = append(out, c)
			need = need.Sub(c.res)
		}
	}
	return append(out, e.preemptAMs(q, need, skippedAMs, skippedAMSize)...)
}

// preemptAMs is FifoCandidatesSelector.preemptAMContainers: AMs go only
// while more is needed and the skipped AMs still exceed what the queue
// may spend on AMs.
func (e *Engine) preemptAMs(q *queue, need Resource, ams []*container, size Resource) []*container {
	maxAM := multiplyTrunc(multiplyTrunc(e.cluster, float64(q.absCap)), float64(q.amPercent))
	var out []*container
	for _, c := range ams {
		if !e.g.rc.positive(need) || !e.g.rc.greater(size, maxAM) {
			break
		}
		out = append(out, c)
		need = need.Sub(c.res)
		size = size.Sub(c.res)
	}
	return out
}
