package engine

import (
	"cmp"
	"slices"
	"sort"

	"github.com/capq/capq/xmlconf"
)

// leafOrder lists the leaves in the order the policy visits them: its
// leafQueueNames is a java.util.HashSet of queue paths
// (ProportionalCapacityPreemptionPolicy.getLeafQueueNames), so the order
// is the hash-bucket order, which decides who pays when the per-round cap
// runs out. Each parent's set is rebuilt from its children's sets.
func leafOrder(t *tq) []*tq {
	if len(t.children) == 0 {
		return []*tq{t}
	}
	var all []*tq
	for _, c := range t.children {
		all = append(all, leafOrder(c)...)
	}
	return javaHashSetOrder(all)
}

// javaHashSetOrder orders elements, inserted in the given order, as a
// java.util.HashSet<String> (default capacity 16, load factor 0.75)
// iterates them: by bucket (hash ^ hash>>>16) & (capacity-1), then by
// insertion within a bucket (resizes keep that relative order).
func javaHashSetOrder(ts []*tq) []*tq {
	capacity := 16
	for len(ts) > capacity*3/4 {
		capacity *= 2
	}
	// Each path is hashed once per call, not in every comparison (the
	// hashes were a tenth of #19's contended day); a stable sort on the
	// bucket keeps insertion order within a bucket, as before.
	type keyed struct {
		bucket uint32
		t      *tq
	}
	ks := make([]keyed, len(ts))
	for i, t := range ts {
		h := xmlconf.JavaStringHash(t.q.path)
		ks[i] = keyed{(h ^ (h >> 16)) & uint32(capacity-1), t}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int { return cmp.Compare(a.bucket, b.bucket) })
	out := make([]*tq, len(ts))
	for i, k := range ks {
		out[i] = k.t
	}
	return out
}

// selection is one FifoCandidatesSelector pass's running state.
type selection struct {
	e       *Engine
	allowed Resource // totalPreemptionAllowed, deducted as containers are chosen
	out     []*container
	kill    bool // send KILL_RESERVED_CONTAINER (not observe_only)
	already map[*container]bool
	// conservative is the selector's conservative-DRF mode (try).
	conservative bool
	liveBuf      []*container // preemptFrom's scratch
}

// preemptOrder is sortContainers' order: lowest priority (largest
// number) first, then newest.
func preemptOrder(x, y *container) int {
	if c := cmp.Compare(y.priority, x.priority); c != 0 {
		return c
	}
	return cmp.Compare(y.id, x.id)
}

// selectFifo is FifoCandidatesSelector.selectCandidates: for each leaf
// (in the default partition's leaf order) that has something to give
// back in some partition (getResToObtainByPartitionForLeafQueue), first
// its ignore-exclusivity containers on those partitions' nodes, newest
// first (getIgnoreExclusivityRMContainers), then its apps in the
// ordering policy's preemption order (last first): their reservations,
// then their running containers from the lowest request priority and
// newest; AM containers are skipped and taken last, only while the
// skipped AMs exceed the queue's AM share (preemptAMContainers). A
// container counts against the need of its node's partition only
// (tryPreemptContainerAndDeductResToObtain).
//
// Containers an earlier selector chose are skipped, and their resources
// come off their leaf's need in their node's partition first
// (deductPreemptableResourcesBasedSelectedCandidates).
func (e *Engine) selectFifo(parts [][]*tq, allowed *Resource, earlier []*container, kill bool) []*container {
	s := &selection{e: e, allowed: *allowed, kill: kill, already: e.pre.fifoSet(),
		conservative: e.g.preempt.crossConservative}
	defer func() { *allowed = s.allowed }()
	for _, c := range earlier {
		s.already[c] = true
		if c.node.pi >= len(parts) {
			continue
		}
		// TempQueuePerPartition.deductActuallyToBePreempted: only a
		// larger need shrinks; a smaller one is left as it is.
		for _, t := range parts[c.node.pi] {
			if t.q == c.a.q && e.g.rc.greater(t.toObtain, c.res) {
				t.toObtain = t.toObtain.Sub(c.res)
			}
		}
	}
	e.lazyAlready(s.already)
	for _, k := range e.leafCandidates(parts) {
		t := parts[0][k]
		need := s.needsOf(parts, k)
		if need == nil {
			continue
		}
		var skipped []*container
		var skippedSize Resource
		q := t.q
		s.preemptIgnoreExclusivity(q, need)
		// getPreemptionIterator reorders the entities whose usage changed
		// before walking them in reverse (AbstractComparatorOrderingPolicy).
		e.currentOrder(q)
		for i := len(q.active) - 1; i >= 0 && wantsAny(s, need); i-- {
			skipped, skippedSize = s.preemptFrom(q.active[i], need, skipped, skippedSize)
		}
		maxAM := multiplyTrunc(multiplyTrunc(e.all, float64(q.absCap)), float64(q.amPercent))
		for _, c := range skipped {
			if !wantsAny(s, need) || e.g.rc.lessEq(skippedSize, maxAM) {
				break
			}
			if s.tryIn(c, need) {
				skippedSize = skippedSize.Sub(c.res)
			}
		}
	}
	return s.out
}

// fifoSet is an empty set for selectFifo's chosen containers. The map is
// kept between passes (selectFifo reads it only while it runs), so a
// round does not grow a new one from nothing, twice on a balancing day:
// that growth was a third of what the contended day's preemption rounds
// allocated. A set grown past maxKeptSet is dropped rather than cleared,
// as clearing costs its capacity on every later pass.
func (p *preemptState) fifoSet() map[*container]bool {
	if p.chosen == nil || len(p.chosen) > maxKeptSet {
		p.chosen = map[*container]bool{}
	} else {
		clear(p.chosen)
	}
	return p.chosen
}

const maxKeptSet = 1024

// needsOf is the k-th leaf's resToObtainByPartition, indexed by
// partition (zero where it gives nothing), or nil when it gives nothing
// anywhere. Every partition's tree has the same leaves in the same order.
func (s *selection) needsOf(parts [][]*tq, k int) []Resource {
	var need []Resource
	for pi, pl := range parts {
		// Most leaves obtain nothing: IsZero first (positive of zero is
		// false under either calculator).
		if pl == nil || pl[k].toObtain.IsZero() || pl[k].disabled || !s.e.g.rc.positive(pl[k].toObtain) {
			continue
		}
		if need == nil {
			need = make([]Resource, len(parts))
		}
		need[pi] = pl[k].toObtain
	}
	return need
}

// wantsAny is "resToObtainByPartition is not empty".
func wantsAny(s *selection, need []Resource) bool {
	for _, r := range need {
		if s.wants(r) {
			return true
		}
	}
	return false
}

// tryIn is tryPreemptContainerAndDeductResToObtain with the need looked
// up by the partition of the container's node.
func (s *selection) tryIn(c *container, need []Resource) bool {
	if c.node.pi >= len(need) || !s.try(c, &need[c.node.pi]) {
		return false
	}
	s.already[c] = true // the ignore-exclusivity pass may have chosen it
	return true
}

// preemptIgnoreExclusivity tries the leaf's containers that a
// default-partition ask placed on a labelled (non-exclusive) node, on the
// partitions the leaf gives back in, newest first across its apps
// (LeafQueue's ignorePartitionExclusivityRMContainerMap, a TreeSet by
// container id walked descending).
func (s *selection) preemptIgnoreExclusivity(q *queue, need []Resource) {
	if len(need) < 2 || !wantsAny(s, need[1:]) {
		// No labelled partition to give back in: no container qualifies,
		// and the walk over every live container was 5% of #19's
		// contended day.
		return
	}
	var cs []*container
	for _, a := range q.active {
		for _, c := range a.live {
			if c != nil && c.askPi == 0 && c.node.pi != 0 && c.node.pi < len(need) && s.wants(need[c.node.pi]) {
				cs = append(cs, c)
			}
		}
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].id > cs[j].id })
	for _, c := range cs {
		if !s.already[c] {
			s.tryIn(c, need)
		}
	}
}

// wants is "resToObtainByPartition has the partition": the leaf still
// has a positive amount to obtain there.
func (s *selection) wants(need Resource) bool { return s.e.g.rc.positive(need) }

// preemptFrom is FifoCandidatesSelector.preemptFrom for one app.
func (s *selection) preemptFrom(a *app, need []Resource, skipped []*container, size Resource) ([]*container, Resource) {
	for _, c := range append([]*container(nil), a.resv...) {
		if s.already[c] {
			continue
		}
		if !wantsAny(s, need) {
			return skipped, size
		}
		s.tryIn(c, need)
		if s.kill {
			s.e.unreserve(c)
		}
	}
	// sortContainers: lowest priority (largest number) first, then newest.
	// a.live is oldest first, so read backwards it is in that order
	// unless liveMixed; only then is it copied and sorted.
	if a.liveMixed {
		live := s.liveBuf[:0]
		for i := len(a.live) - 1; i >= 0; i-- {
			if c := a.live[i]; c != nil {
				live = append(live, c)
			}
		}
		slices.SortFunc(live, preemptOrder) // ids are unique: a total order
		s.liveBuf = live
		for _, c := range live {
			var done bool
			if skipped, size, done = s.offerLive(c, need, skipped, size); done {
				break
			}
		}
		return skipped, size
	}
	if shortcutChecks {
		checkLiveOrder(a)
	}
	// Choosing marks containers and kills none: live does not change.
	for i := len(a.live) - 1; i >= 0; i-- {
		if c := a.live[i]; c != nil {
			var done bool
			if skipped, size, done = s.offerLive(c, need, skipped, size); done {
				break
			}
		}
	}
	return skipped, size
}

// checkLiveOrder panics if a.live, read newest first, is out of
// preemptOrder while liveMixed says it is not (shortcutChecks).
func checkLiveOrder(a *app) {
	var prev *container
	for i := len(a.live) - 1; i >= 0; i-- {
		if c := a.live[i]; c != nil {
			if prev != nil && preemptOrder(prev, c) > 0 {
				panic("engine: an app's running containers are out of preemption order without liveMixed")
			}
			prev = c
		}
	}
}

// offerLive is preemptFrom's step for one running container, in order:
// done once nothing is left to obtain; an AM container is skipped (and
// counted) for preemptAMContainers; any other is tried.
func (s *selection) offerLive(c *container, need []Resource, skipped []*container, size Resource) ([]*container, Resource, bool) {
	if !wantsAny(s, need) {
		return skipped, size, true
	}
	if s.already[c] {
		return skipped, size, false
	}
	if c.priority == AMPriority {
		return append(skipped, c), size.Add(c.res), false
	}
	s.tryIn(c, need)
	return skipped, size, false
}

// try is CapacitySchedulerPreemptionUtils.tryPreemptContainerAndDeductResToObtain
// (YARN-8292, Hadoop 3.2+): a zero component of the need becomes -1 (it
// stays so); a container is chosen while some major resource of the need
// is above zero and the container fits in what the round may still
// preempt, and then only if the selector's DRF mode agrees: conservative
// (intra-queue-preemption.conservative-drf, true by default; or
// conservative-drf for the cross-queue selectors, false by default) asks
// that no major resource of the need be zero or negative; relaxed asks
// that the container lower the need's positive part (lessThan under the
// calculator). The last one chosen may overshoot the need.
func (s *selection) try(c *container, need *Resource) bool {
	rc := &s.e.g.rc
	if !rc.positive(*need) {
		return false // removed from resToObtainByPartition
	}
	if need.MemoryMB == 0 {
		need.MemoryMB = -1
	}
	if need.VCores == 0 {
		need.VCores = -1
	}
	if !rc.anyMajorAboveZero(*need) || !rc.fitsIn(c.res, s.allowed) {
		return false
	}
	if !s.doPreempt(c, *need) {
		return false
	}
	*need = need.Sub(c.res)
	s.allowed = s.allowed.Sub(c.res)
	s.out = append(s.out, c)
	return true
}

// doPreempt is tryPreemptContainerAndDeductResToObtain's DRF choice.
func (s *selection) doPreempt(c *container, need Resource) bool {
	rc := &s.e.g.rc
	if s.conservative {
		return !anyMajorZeroOrNeg(rc, need)
	}
	after := componentwiseMax(need.Sub(c.res), Resource{})
	return rc.less(after, componentwiseMax(need, Resource{}))
}
