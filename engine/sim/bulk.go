package sim

import (
	"math"
	"math/bits"
)

// fastBulk answers, in one step, the due heartbeats from the sweep's
// cursor up to the first that fastRun could not answer the same way
// without looking at the node. On #19's contended day nearly every futile
// record reached no room test (the pass was refused by queue and user
// limits, so PassRoomCeiling is unbounded: 99.8% of the answered beats
// in its first 6 hours), and then futile covers any live node without a
// reservation of the record's total and partition, whatever its room.
// Such a node with room for the minimum allocation, still due, is
// answered by fastAnswer's last branch: counted, idle grows, and it stays
// due. Those nodes are the sweep's elig ranks, so a stretch of them is a
// popcount instead of a beat each (a beat each was 38 ns, 20% of the day).
//
// What a stretch skips, it does as the one-by-one answers would: the
// heartbeat and event counts, idle, the budget, the clock and the cursor.
// It stops before stop (fastStop) and before a beat that would turn the
// cluster quiet or report progress, leaving those to fastRun's own path;
// a stretch that would run the budget out is left to it whole.
// Under checkRoom every skipped node's mirror is compared with the
// engine, as a one-by-one answer does. It reports whether it answered any.
func (r *run) fastBulk(stop int64) bool {
	if r.quiet || r.simple() {
		return r.parkStretch(stop)
	}
	s, p := &r.sweep, &r.park
	if s.count == 0 || !s.eligAtCursor() {
		return false
	}
	// Each answer takes awake down by one before reading quietAfter and
	// puts it back after: the threshold is the same for every beat. The
	// beat that turns the cluster quiet, and the one that reports
	// progress, are left to fastRun's own path: the stretch stops before
	// them. (Refusing the whole stretch instead made fastRun scan it again
	// before each one-by-one answer up to that beat: 96% of eligibleRun's
	// work in #19's contended day's first 3 hours.)
	r.awake--
	max := r.quietAfter() - r.idle - 1
	r.awake++
	if r.opts.Progress != nil {
		max = min(max, 0xffff-int(r.evCount&0xffff))
	}
	if max <= 0 {
		return false
	}
	k, last := s.eligibleRun(s.pos, s.endBefore(p, r.hb, stop), max)
	if k == 0 {
		return false
	}
	if r.budgeted && !r.budgetFor(k) {
		return false
	}
	if checkRoom {
		r.checkBulk(s.pos, last)
	}
	r.res.Summary.Heartbeats += int64(k)
	r.res.futileAnswers += k
	r.res.stretchAnswers += k
	r.idle += k
	r.evCount += uint64(k)
	t := s.base + p.phases[last]
	r.now = t
	s.pass(p, r.hb, last, t)
	return true
}

// eligAtCursor is false when the first due rank from the cursor lies in
// the cursor's word and is not eligible: fastBulk would answer none. A
// stretch stops before such a rank, which fastRun answers one by one, and
// fastBulk was called there for nothing (3.3 M of its 5.2 M calls in
// #19's contended day's first 8 hours, each a call of eligibleRun). When
// the first due rank lies further on, eligibleRun finds it.
func (s *sweep) eligAtCursor() bool {
	x := s.due.words[s.pos/64] >> (s.pos % 64)
	return x == 0 || s.elig.has(s.pos+bits.TrailingZeros64(x))
}

// endBefore is the first rank of the cursor's cycle whose slot is at or
// after stop (the cycle's length if none), remembered for the cycle and
// stop it was found for: a fastRun asks it again after every stretch, and
// the search was 3% of #19's contended day.
func (s *sweep) endBefore(p *parkSet, hb, stop int64) int {
	if s.endMemo.ok && s.endMemo.base == s.base && s.endMemo.stop == stop {
		return s.endMemo.end
	}
	end := len(p.byPhase)
	if d := stop - s.base; d < hb {
		end = p.firstAtOrAfter(d)
	}
	s.endMemo.ok, s.endMemo.base, s.endMemo.stop, s.endMemo.end = true, s.base, stop, end
	return end
}

// eligibleRun counts the due ranks in [from, to) before the first due
// rank that is not eligible, at most max of them, and returns the last of
// them.
func (s *sweep) eligibleRun(from, to, max int) (k, last int) {
	last = -1
	for w := from / 64; w*64 < to; w++ {
		x := s.due.words[w]
		if w == from/64 {
			x &^= 1<<(from%64) - 1
		}
		if rest := to - w*64; rest < 64 {
			x &= 1<<rest - 1
		}
		bad := x &^ s.elig.words[w]
		if bad != 0 {
			x &= bad&-bad - 1
		}
		if n := bits.OnesCount64(x); k+n > max {
			for ; k < max; k++ { // the word's first max-k ranks
				last = w*64 + bits.TrailingZeros64(x)
				x &= x - 1
			}
			return k, last
		} else if n > 0 {
			k += n
			last = w*64 + 63 - bits.LeadingZeros64(x)
		}
		if bad != 0 {
			break
		}
	}
	return k, last
}

// join makes rank rk eligible for fastBulk after fastRun answered its beat
// one by one and it stayed due: covered (so live, without a reservation)
// with room for the minimum allocation (fits), of the class's total and
// partition (the first node to join sets the class).
func (s *sweep) join(rk int, m *nodeRoom, fits bool) {
	if !fits {
		return
	}
	if !s.elSet {
		s.elClass, s.elSet = m.class, true
	}
	if m.class == s.elClass {
		s.elig.set(rk)
	}
}

// bulkOn reports whether fastBulk's reading of an eligible rank holds for
// the whole of a fastRun: the futile record covers any room (no room test
// failed in its pass) on nodes of the class, and an answered beat either
// parks its node (simple: settle parks a node with room; parkStretch) or
// keeps it due (fastAnswer's last branch: something outstanding; quiet,
// which parks it too, is checked by each stretch). Nothing a beat's answer
// does changes simple or outstanding.
func (r *run) bulkOn() bool {
	f, s := &r.futile, &r.sweep
	return !r.opts.oneByOne && s.elSet && f.below == math.MaxInt64 && f.class == s.elClass &&
		(r.simple() || r.outstanding > 0)
}

// checkBulk compares the mirror of every due rank in [from, last] with the
// engine (roomOf panics on a stale one) and checks that each is covered
// and has room, as answering them one by one would have.
func (r *run) checkBulk(from, last int) {
	r.futile.checkStamp(r)
	s, p := &r.sweep, &r.park
	for rk := s.due.first(from, last+1); rk >= 0; rk = s.due.first(rk+1, last+1) {
		m, ok := r.fastCovered(p.byPhase[rk], rk)
		if !ok || !r.fits(m.free) {
			panic("sim: fastBulk answered a beat futile does not cover")
		}
	}
}
