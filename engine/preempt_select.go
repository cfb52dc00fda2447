package engine

import (
	"cmp"
	"slices"
	"sort"
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
		h := javaStringHash(t.q.path)
		ks[i] = keyed{(h ^ (h >> 16)) & uint32(capacity-1), t}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int { return cmp.Compare(a.bucket, b.bucket) })
	out := make([]*tq, len(ts))
	for i, k := range ks {
		out[i] = k.t
	}
	return out
}

// javaStringHash is String.hashCode over UTF-16 code units.
func javaStringHash(s string) uint32 {
	var h uint32
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			h = 31*h + uint32(0xD800+(r>>10))
			h = 31*h + uint32(0xDC00+(r&0x3FF))
			continue
		}
		h = 31*h + uint32(r)
	}
	return h
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
}

// selectFifo is FifoCandidatesSelector.selectCandidates: for each leaf
// that has something to give back, its apps in the ordering policy's
// preemption order (last first): their reservations, then their running
// containers from the lowest request priority and newest; AM containers
// are skipped and taken last, only while the skipped AMs exceed the
// queue's AM share (preemptAMContainers).
//
// Containers an earlier selector chose are skipped, and their resources
// come off their leaf's need first
// (deductPreemptableResourcesBasedSelectedCandidates).
func (e *Engine) selectFifo(leaves []*tq, allowed *Resource, earlier []*container, kill bool) []*container {
	s := &selection{e: e, allowed: *allowed, kill: kill, already: map[*container]bool{},
		conservative: e.g.preempt.crossConservative}
	defer func() { *allowed = s.allowed }()
	for _, c := range earlier {
		s.already[c] = true
		// TempQueuePerPartition.deductActuallyToBePreempted: only a
		// larger need shrinks; a smaller one is left as it is.
		for _, t := range leaves {
			if t.q == c.a.q && e.g.rc.greater(t.toObtain, c.res) {
				t.toObtain = t.toObtain.Sub(c.res)
			}
		}
	}
	for _, t := range leaves {
		if t.disabled || !e.g.rc.positive(t.toObtain) {
			continue
		}
		need := t.toObtain
		var skipped []*container
		var skippedSize Resource
		q := t.q
		for i := len(q.active) - 1; i >= 0 && s.wants(need); i-- {
			skipped, skippedSize = s.preemptFrom(q.active[i], &need, skipped, skippedSize)
		}
		maxAM := multiplyTrunc(multiplyTrunc(e.cluster, float64(q.absCap)), float64(q.amPercent))
		for _, c := range skipped {
			if !s.wants(need) || e.g.rc.lessEq(skippedSize, maxAM) {
				break
			}
			if s.try(c, &need) {
				skippedSize = skippedSize.Sub(c.res)
			}
		}
	}
	return s.out
}

// wants is "resToObtainByPartition is not empty": the leaf still has a
// positive amount to obtain.
func (s *selection) wants(need Resource) bool { return s.e.g.rc.positive(need) }

// preemptFrom is FifoCandidatesSelector.preemptFrom for one app.
func (s *selection) preemptFrom(a *app, need *Resource, skipped []*container, size Resource) ([]*container, Resource) {
	for _, c := range append([]*container(nil), a.resv...) {
		if s.already[c] {
			continue
		}
		if !s.wants(*need) {
			return skipped, size
		}
		s.try(c, need)
		if s.kill {
			s.e.unreserve(c)
		}
	}
	live := make([]*container, 0, a.nLive)
	for _, c := range a.live {
		if c != nil && c.node.pi == 0 { // default-partition candidates only
			live = append(live, c)
		}
	}
	// sortContainers: lowest priority (largest number) first, then newest.
	sort.Slice(live, func(i, j int) bool {
		if live[i].priority != live[j].priority {
			return live[i].priority > live[j].priority
		}
		return live[i].id > live[j].id
	})
	for _, c := range live {
		if !s.wants(*need) {
			return skipped, size
		}
		if s.already[c] {
			continue
		}
		if c.priority == AMPriority {
			skipped = append(skipped, c)
			size = size.Add(c.res)
			continue
		}
		s.try(c, need)
	}
	return skipped, size
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
