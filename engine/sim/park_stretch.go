package sim

import "math/bits"

// parkStretch is fastBulk while the cluster is quiet or simple holds: it
// parks, in one step, the due nodes from the sweep's cursor up to the
// first that fastRun could not answer the same way without looking at the
// node.
//
// Once the cluster turns quiet (a round of the awake nodes' beats made no
// progress and reservations keep simple from holding), each due node's
// next beat is futile and parks it (fastAnswer's quiet branch: counted,
// idle grows, the node leaves the sweep for the parked set), until a
// change wakes them; one by one that was a bit scan, a read of the
// node's mirror entry (a cache miss) and a park each, for up to every
// node of the cluster after each quiet spell starts. An eligible rank
// (bulkOn, sweep.elig: live, no reservation, the record's class, room
// for the minimum allocation, mirror fresh since) is covered whatever its
// room, so its beat takes that branch: a stretch of them is answered by
// moving their bits from the due set to the parked set a word at a time.
//
// What a stretch skips, it does as the one-by-one answers would: the
// heartbeat and event counts, idle and awake, each node's scheduled flag,
// the budget, the clock and the cursor. Nothing a one-by-one answer does
// while quiet is read by the next one's (quiet stays set and nothing else
// it reads changes), so their order does not matter. It stops before stop
// (fastStop) and before the beat that reports progress, and a stretch
// that would run the budget out is left to fastRun's one-by-one path
// whole, as fastBulk does. Under checkRoom every parked node's mirror is
// compared with the engine. It reports whether it answered any.
// TestParkStretchesKeepTheEventLog compares it with answering the same
// beats one by one (Options.noParkStretch).
//
// Where simple holds, an eligible rank's beat parks its node too, in
// settle rather than fastAnswer's quiet branch, so without idle growing;
// nothing such an answer does is read by the next one's either. Those
// beats were the largest group of one-by-one answers left on #19's
// contended day (2.7 M in its first 3 hours, about 110 in a row): the
// nodes a spell with reservations kept due, parking one by one once
// simple holds again. TestSimpleStretchesKeepTheEventLog compares it with
// answering them one by one (Options.noSimpleStretch).
func (r *run) parkStretch(stop int64) bool {
	s, p := &r.sweep, &r.park
	simple := r.simple()
	if simple && r.opts.noSimpleStretch || !simple && r.opts.noParkStretch || s.count == 0 {
		return false
	}
	max := len(p.byPhase)
	if r.opts.Progress != nil {
		max = min(max, 0xffff-int(r.evCount&0xffff))
	}
	if max <= 0 {
		return false
	}
	from := s.pos
	k, last := s.eligibleRun(from, s.endBefore(p, r.hb, stop), max)
	if k == 0 {
		return false
	}
	if r.budgeted && !r.budgetFor(k) {
		return false
	}
	if checkRoom {
		r.checkBulk(from, last)
	}
	for w := from / 64; w <= last/64; w++ {
		x := s.due.words[w]
		if w == from/64 {
			x &^= 1<<(from%64) - 1
		}
		if w == last/64 {
			x &= 2<<(last%64) - 1 // ranks up to last (last%64 == 63: all)
		}
		if x == 0 {
			continue
		}
		for y := x; y != 0; y &= y - 1 {
			r.flags.clear(p.byPhase[w*64+bits.TrailingZeros64(y)], flagScheduled)
		}
		if s.due.words[w] &^= x; s.due.words[w] == 0 {
			s.due.sum[w/64] &^= 1 << (w % 64)
		}
		p.count += bits.OnesCount64(x &^ p.bits.words[w])
		p.bits.words[w] |= x
		p.bits.sum[w/64] |= 1 << (w % 64)
	}
	s.count -= k
	r.awake -= k
	if simple {
		r.res.simpleStretchAnswers += k
	} else {
		r.idle += k // fastAnswer's quiet branch
		r.res.parkStretchAnswers += k
	}
	r.res.Summary.Heartbeats += int64(k)
	r.res.futileAnswers += k
	r.evCount += uint64(k)
	t := s.base + p.phases[last]
	r.now = t
	s.pass(p, r.hb, last, t)
	return true
}
