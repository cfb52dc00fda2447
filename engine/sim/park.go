package sim

import (
	"math"
	"math/bits"
	"sort"
)

// parkSet holds the nodes that have room but were put to sleep, as bits
// in heartbeat-phase order so the next one to beat after any time is
// found by scanning a few words.
type parkSet struct {
	byPhase []int32 // node indices sorted by phase (then index)
	phases  []int64 // their phases
	rank    []int32 // node index -> position in byPhase
	bits    bitmap  // parked positions
	count   int
	// bucket narrows firstAtOrAfter's search: bucket[b] is the first
	// position whose phase*(len(bucket)-1)/span is at least b, span being
	// one past the largest phase.
	bucket []int32
	span   int64
}

// rebuild orders the nodes by phase (after nodes are added, which come
// unparked), keeping which nodes are parked.
func (p *parkSet) rebuild(nodes []nodeState) {
	parked := make([]bool, len(nodes))
	for i, rk := range p.rank {
		parked[i] = p.has(rk)
	}
	p.byPhase = p.byPhase[:0]
	for i := range nodes {
		p.byPhase = append(p.byPhase, int32(i))
	}
	sort.SliceStable(p.byPhase, func(a, b int) bool {
		return nodes[p.byPhase[a]].phase < nodes[p.byPhase[b]].phase
	})
	p.phases = make([]int64, len(nodes))
	p.rank = make([]int32, len(nodes))
	for pos, i := range p.byPhase {
		p.phases[pos] = nodes[i].phase
		p.rank[i] = int32(pos)
	}
	p.index()
	p.bits = newBitmap(len(nodes))
	p.count = 0
	for i := range nodes {
		if parked[i] {
			p.set(p.rank[i])
		}
	}
}

// has reports whether the node at rank rk is parked.
func (p *parkSet) has(rk int32) bool { return p.bits.has(int(rk)) }

// set parks the node at rank rk.
func (p *parkSet) set(rk int32) {
	p.bits.set(int(rk))
	p.count++
}

// clear unparks the node at rank rk.
func (p *parkSet) clear(rk int32) {
	p.bits.clear(int(rk))
	p.count--
}

// next returns the rank of the first parked node whose phase is at or
// after phase, wrapping around, or -1.
func (p *parkSet) next(phase int64) int32 { return p.nextFrom(p.firstAtOrAfter(phase)) }

// scan finds the first parked position in [from, to), or -1.
func (p *parkSet) scan(from, to int) int { return p.bits.first(from, to) }

// index builds bucket, a bucket for every four positions.
func (p *parkSet) index() {
	n := len(p.phases)
	p.span, p.bucket = 0, nil
	if n == 0 {
		return
	}
	p.span = p.phases[n-1] + 1
	k := int64(max(1, n/4))
	if p.span > math.MaxInt64/k {
		return // phase*k would overflow (phases are below a day's ms)
	}
	p.bucket = make([]int32, k+1)
	pos := 0
	for b := range k + 1 {
		for pos < n && p.phases[pos]*k/p.span < b {
			pos++
		}
		p.bucket[b] = int32(pos)
	}
}

// firstAtOrAfter is the first position whose phase is at or after phase
// (len when none is). The positions of phase's bucket bound the answer
// (a phase in an earlier bucket is smaller, in a later one larger): a
// binary search over every phase read about ten of their cache lines,
// for each event that moves the sweep's cursor (seek) or each new stop
// (endBefore), 0.9% of the first-level misses of #19's contended day.
func (p *parkSet) firstAtOrAfter(phase int64) int {
	lo, hi := 0, len(p.phases)
	switch {
	case phase >= p.span:
		return hi
	case phase >= 0 && p.bucket != nil:
		b := phase * int64(len(p.bucket)-1) / p.span
		lo, hi = int(p.bucket[b]), int(p.bucket[b+1])
	}
	return lo + sort.Search(hi-lo, func(k int) bool { return p.phases[lo+k] >= phase })
}

// nextFrom returns the rank of the first parked node at or after rank pos,
// wrapping around, or -1.
func (p *parkSet) nextFrom(pos int) int32 {
	if p.count == 0 {
		return -1
	}
	if k := p.scan(pos, len(p.byPhase)); k >= 0 {
		return int32(k)
	}
	if k := p.scan(0, pos); k >= 0 {
		return int32(k)
	}
	return -1
}

// takeWord empties word w of the set and returns it: bit k stands for
// the node at rank w*64+k.
func (p *parkSet) takeWord(w int) uint64 {
	b := &p.bits
	x := b.words[w]
	if x != 0 {
		b.words[w] = 0
		b.sum[w/64] &^= 1 << (w % 64)
		p.count -= bits.OnesCount64(x)
	}
	return x
}
