package sim

import (
	"math"

	"github.com/capq/capq/engine"
)

// sweep is the heartbeat queue when nodes beat on their own (not the
// exhaustive reference, not asynchronous scheduling): every node due to
// beat has a bit at its rank in heartbeat-phase order (parkSet's order:
// phase, then index), and a cursor walks the ranks cycle by cycle. A
// node's next beat is the first slot of its rank at or after the cursor,
// so one bit per node says when it beats, and the slots come out in
// (time, phase, index) order: the order in which every node beating every
// interval (the exhaustive reference) takes them, ties included.
//
// On a full cluster nearly every node beats every interval and nearly
// every beat is futile (#19's contended day: 30 M an hour); a queued
// event per beat, and the node's room read through the engine (a cache
// miss), were most of the run. Here a futile beat is a bit scan and a
// look at room kept beside the bits in rank order (fastBeat).
type sweep struct {
	on    bool
	due   bitmap
	count int
	// The cursor: the next slot is rank pos of the cycle starting at
	// base (a multiple of the interval); slot time is base + phase.
	base int64
	pos  int
	// room mirrors each node's free room, class (total and partition),
	// liveness and reservation by rank, read again when stale (its
	// reservation changed, or a workload event changed nodes); a
	// container's start or end moves the free room (book).
	room []nodeRoom
	// classes numbers the nodes' totals and partitions (classOf), for
	// the mirror and the futile record; kept across rebuilds, since the
	// record names one.
	classes  []nodeClass
	classIdx map[nodeClass]int32
	// elig has the ranks whose mirror is fresh and showed a live node
	// without a reservation, with room for the minimum allocation, of the
	// class's total and partition: the beats fastBulk may answer
	// together. A rank joins when fastRun answered its beat one by one,
	// and leaves whenever its mirror goes stale.
	elig bitmap
	// elClass is the class of the nodes elig may hold (that of the
	// first node to join it, once elSet).
	elClass int32
	elSet   bool
	// endMemo is endBefore's last answer.
	endMemo struct {
		ok         bool
		base, stop int64
		end        int
	}
}

// nodeClass is a node's total and partition: the futile record covers
// only nodes of its own.
type nodeClass struct {
	total engine.Resource
	part  string
}

// nodeRoom is what a futile answer reads of a node. It is 32 bytes, so
// that an entry never straddles two cache lines (the slice of 10,000 is
// page-aligned), with the class numbered rather than the total and the
// partition kept (56 bytes): on #19's contended day the one-by-one
// answers read entries far apart, a cache miss or two each, 9% of the
// first-level data misses of its first 3 hours.
type nodeRoom struct {
	free            engine.Resource
	class           int32 // in sweep.classes
	alive, reserved bool
	stale           bool
	_               [9]byte
}

// classOf is the number of the class of a node of that total and
// partition, numbering a new one; hint, the node's class before, is
// checked first (a node's total and partition rarely change).
func (s *sweep) classOf(total engine.Resource, part string, hint int32) int32 {
	c := nodeClass{total: total, part: part}
	if int(hint) < len(s.classes) && s.classes[hint] == c {
		return hint
	}
	if k, ok := s.classIdx[c]; ok {
		return k
	}
	if s.classIdx == nil {
		s.classIdx = map[nodeClass]int32{}
	}
	k := int32(len(s.classes))
	s.classes = append(s.classes, c)
	s.classIdx[c] = k
	return k
}

// checkRoom makes every fastBeat compare the mirror with the engine
// (tests turn it on): a release or start the mirror missed would
// otherwise answer a beat from stale room.
var checkRoom = false

// rebuild sizes the sweep to p's ranks (after nodes were added, which
// reorders them), keeping which nodes are due (scheduled), with the
// cursor at the first slot at or after at (no heartbeat at or after at
// has run).
func (s *sweep) rebuild(p *parkSet, f nodeFlags, hb, at int64) {
	n := len(p.rank)
	s.due = newBitmap(n)
	s.elig = newBitmap(n)
	s.endMemo.ok = false // the phases change with the nodes
	s.count = 0
	s.room = make([]nodeRoom, n)
	for i := range int32(n) {
		s.room[p.rank[i]].stale = true
		if f.has(i, flagScheduled) {
			s.add(p, i)
		}
	}
	s.base, s.pos = 0, 0
	s.seek(p, hb, at)
}

// cursorTime is the time of the cursor's slot.
func (s *sweep) cursorTime(p *parkSet) int64 {
	if s.pos < len(p.phases) {
		return s.base + p.phases[s.pos]
	}
	return s.base
}

func (s *sweep) add(p *parkSet, i int32) { s.addRank(int(p.rank[i])) }

func (s *sweep) addRank(r int) {
	s.due.set(r)
	s.count++
}

// next is the first due slot from the cursor: its rank and time.
func (s *sweep) next(p *parkSet, hb int64) (int, int64, bool) {
	if s.count == 0 {
		return 0, 0, false
	}
	if r := s.due.first(s.pos, len(p.byPhase)); r >= 0 {
		return r, s.base + p.phases[r], true
	}
	r := s.due.first(0, s.pos)
	return r, s.base + hb + p.phases[r], true
}

// take moves the cursor past rank r's slot at time t and clears its bit:
// the node beats now, and beats again only if it is added back, in the
// next cycle.
func (s *sweep) take(p *parkSet, hb int64, r int, t int64) {
	s.due.clear(r)
	s.count--
	s.pass(p, hb, r, t)
}

// pass moves the cursor past rank r's slot at time t, leaving r due: the
// node beats again next cycle.
func (s *sweep) pass(p *parkSet, hb int64, r int, t int64) {
	s.base, s.pos = t-p.phases[r], r+1
	if s.pos == len(p.byPhase) {
		s.base, s.pos = s.base+hb, 0
	}
}

// seek moves the cursor forward to the first slot at or after t (an
// event other than a heartbeat happens at t, before the heartbeats of
// that millisecond). No due slot lies before t.
func (s *sweep) seek(p *parkSet, hb int64, t int64) {
	if t <= s.cursorTime(p) {
		return
	}
	s.base = t - t%hb
	s.pos = p.firstAtOrAfter(t - s.base)
	if s.pos == len(p.byPhase) {
		s.base, s.pos = s.base+hb, 0
	}
}

// roomOf is rank r's room, read from the engine if stale.
func (s *sweep) roomOf(e *engine.Engine, r int, i int32, f nodeFlags) *nodeRoom {
	m := &s.room[r]
	if m.stale || checkRoom {
		fresh := nodeRoom{free: e.NodeFree(int(i)), class: s.classOf(e.NodeTotal(int(i)), e.NodePartition(int(i)), m.class),
			alive: f.has(i, flagAlive), reserved: f.has(i, flagReserved)}
		if checkRoom && !m.stale && *m != fresh {
			panic("sim: the sweep's room of a node went stale without being marked")
		}
		*m = fresh
	}
	return m
}

// stale marks node i's room for reading again.
func (s *sweep) stale(p *parkSet, i int32) {
	if s.on && int(i) < len(p.rank) {
		s.room[p.rank[i]].stale = true
		s.elig.clear(int(p.rank[i]))
	}
}

// book follows a change of node i's allocated resource by mem and vcores
// (a container started or ended): the engine's free room (its total less
// its running containers, Engine.book) moved by as much, and the entry
// moves with it, exactly, so roomOf need not read the node again: that
// read was two cache lines of the engine's node (the free room, and the
// total and partition for the class) where the entry's own line, written
// here anyway, is one. A stale entry is read whole later, whatever it
// holds. The rank leaves elig, as at stale. checkRoom compares every
// fresh entry roomOf returns with the engine. rk is the node's rank
// (run.rankOf), -1 when it has none yet.
func (s *sweep) book(i, rk int32, mem, vcores int64) {
	if s.on && rk >= 0 {
		m := &s.room[rk]
		m.free.MemoryMB -= mem
		m.free.VCores -= vcores
		s.elig.clear(int(rk))
	}
}

// allStale marks every node's room for reading again.
func (s *sweep) allStale() {
	for k := range s.room {
		s.room[k].stale = true
	}
	clear(s.elig.words)
	clear(s.elig.sum)
}

// fastBeat answers the heartbeat of node i at rank rk without touching
// the node's own state when futile covers it: heartbeat and settle for a
// live node without a reservation that futile says assigns nothing,
// reading only the sweep's mirror. It reports whether it answered; the
// caller then skips the event's other work, which a beat that changes
// nothing does not need (the samples before the next event read the same
// state). TestFastBeatCountsAsHeartbeat compares it with the slow path.
func (r *run) fastBeat(i int32, rk int) bool {
	if !r.fastOn() {
		return false
	}
	m, ok := r.fastCovered(i, rk)
	if ok && r.fastAnswer(i, rk, m) {
		r.sweep.addRank(rk) // taken for this beat: due again next cycle
	}
	return ok
}

// fastOn reports whether futile answers are possible at all now; nothing
// it reads changes while beats are answered.
func (r *run) fastOn() bool {
	f := &r.futile
	return !r.multi && !r.opts.slowFutile && f.seen == f.epoch && f.epoch != 0 && !r.opts.beatFutile &&
		r.localApps == 0 && (r.parts == nil || !r.parts.lends)
}

// fastCovered reports whether futile covers node i (rank rk), a live
// node without a reservation, and returns its room.
func (r *run) fastCovered(i int32, rk int) (*nodeRoom, bool) {
	if r.eligCovered(i, rk) {
		return &eligRoom, true
	}
	m := r.sweep.roomOf(r.e, rk, i, r.flags)
	return m, m.alive && !m.reserved && r.futile.holdsClass(m.free, m.class)
}

// eligRoom stands for an elig rank's room in fastCovered's answer: its
// readers (fastAnswer's fits, join) need only that it fits; its class
// is none, so join leaves elig as it is (the rank is in it already).
var eligRoom = nodeRoom{free: engine.Resource{MemoryMB: math.MaxInt64, VCores: math.MaxInt64}, class: -1, alive: true}

// eligCovered reports whether rank rk is in the sweep's elig set while
// the futile record covers any room of the elig class: then futile
// covers node i and it has room, without a read of its mirror entry (a
// cache line of the 320 KB mirror a beat). Under checkRoom the entry is
// read and compared, and the answer counted (Result.eligAnswers).
// TestEligAnswersKeepTheEventLog compares it with reading the entry
// (Options.readMirror).
func (r *run) eligCovered(i int32, rk int) bool {
	s, f := &r.sweep, &r.futile
	if !s.elSet || f.class != s.elClass || f.below != math.MaxInt64 || !s.elig.has(rk) || r.opts.readMirror {
		return false
	}
	if checkRoom {
		f.checkStamp(r)
		m := s.roomOf(r.e, rk, i, r.flags)
		if !m.alive || m.reserved || !f.holdsClass(m.free, m.class) || !r.fits(m.free) {
			panic("sim: an elig rank's node is not covered or has no room")
		}
		r.res.eligAnswers++ // counted under the checks only (tests)
	}
	return true
}

// fastAnswer is heartbeat and settle for a covered node i at rank rk; it
// reports whether the node stays due (queueBeat would queue its next
// beat), which the caller books in the sweep.
func (r *run) fastAnswer(i int32, rk int, m *nodeRoom) bool {
	r.res.Summary.Heartbeats++
	r.res.futileAnswers++
	room := r.fits(m.free)
	r.awake-- // as heartbeat does, before quietAfter reads it
	if r.simple() || !room {
		// settle parks it (simple) or lets it go (no room): the node's
		// own flags change.
		r.flags.clear(i, flagScheduled)
		r.settle(i, int32(rk), room)
		return false
	}
	r.idle++
	if r.idle >= r.quietAfter() {
		r.quiet = true
	}
	if r.quiet || r.outstanding <= 0 {
		r.flags.clear(i, flagScheduled)
		r.parkNode(int32(rk))
		return false
	}
	r.awake++
	return true // beats again next interval, still scheduled
}

// fastRun answers the due heartbeats that follow while futile covers
// them or the engine counts them as re-reservations (standAnswer), before
// the queue's next event and Until, each charged to the budget as the
// loop would; it reports whether the budget ran out.
func (r *run) fastRun() bool {
	futileOn := r.fastOn()
	if !futileOn && !r.standOn() {
		return false
	}
	stop := r.fastStop()
	bulk := futileOn && r.bulkOn()
	for {
		if bulk && r.fastBulk(stop) {
			continue
		}
		rk, t, ok := r.sweep.next(&r.park, r.hb)
		if !ok || t >= stop {
			return false
		}
		i := r.park.byPhase[rk]
		var m *nodeRoom
		covered := false
		if futileOn {
			m, covered = r.fastCovered(i, rk)
		}
		// Standing asks without counting: the budget is charged first,
		// and a beat past it must be left as it was.
		if !covered && (!r.standOn() || !r.e.Standing(int(i))) {
			return false
		}
		if r.budgeted && r.overBudget() {
			return true
		}
		r.now = t
		if !covered {
			r.e.ReReserve(int(i)) // Standing said it counts
			r.standAnswer()
			r.sweep.pass(&r.park, r.hb, rk, t)
		} else if r.fastAnswer(i, rk, m) {
			r.sweep.pass(&r.park, r.hb, rk, t)
			r.sweep.join(rk, m, r.fits(m.free))
		} else {
			r.sweep.take(&r.park, r.hb, rk, t)
		}
		r.counted()
	}
}

// fastStop is the first slot time a fastRun may not answer: the queue's
// next event's (the heartbeats of its millisecond go first when their
// kind sorts first) or the one after Until.
// Nothing fastRun does queues an event, so it holds for the whole run.
func (r *run) fastStop() int64 {
	stop := int64(math.MaxInt64)
	if top := r.q.peek(); top != nil {
		stop = top.t
		if evHeartbeat <= top.kind {
			stop++
		}
	}
	if r.opts.Until > 0 {
		stop = min(stop, r.opts.Until+1)
	}
	return stop
}
