package sim

import (
	"math/bits"

	"github.com/capq/capq/engine"
)

// nextBeat is the node's first heartbeat at or after t (its offset plus a
// whole number of intervals, none before beatsFrom), never twice at the
// same time.
func (r *run) nextBeat(n *nodeState, t int64) int64 {
	t = max(t, r.beatsFrom)
	next := t + ((n.phase-t)%r.hb+r.hb)%r.hb
	if next <= n.lastHB {
		next = n.lastHB + r.hb
	}
	return next
}

// hasRoom reports whether a heartbeat could change anything on the
// node: it has room for the minimum allocation or holds a reservation
// (CapacityScheduler.allocateContainersToNode returns at once otherwise).
// i is the node's index, rk its rank (parkSet's).
func (r *run) hasRoom(i, rk int32) bool {
	f := r.flags
	if !f.has(i, flagAlive) {
		return false
	}
	if f.has(i, flagReserved) || r.multi {
		// With multi-node placement a heartbeat's pass places on any node
		// of the partition, so a full node's heartbeat still counts.
		return true
	}
	if r.sweep.on {
		// The mirror: read in rank order when a change wakes the parked.
		m := r.sweep.roomOf(r.e, int(rk), i, f)
		room := r.fits(m.free)
		r.sweep.join(int(rk), m, room) // live, no reservation: covered alike
		return room
	}
	return r.fits(r.e.NodeFree(int(i)))
}

// fits reports whether free room takes the minimum allocation.
func (r *run) fits(free engine.Resource) bool {
	return free.MemoryMB >= r.minMem && (!r.drf || free.VCores >= r.minVC)
}

// schedule queues the node's next heartbeat if it has room and something
// is asked for; a node with room but nothing to do is parked until a
// change wakes it. A node without room waits for a release on it.
func (r *run) schedule(i int32) {
	if r.async.on {
		r.scheduleAsync()
		return
	}
	f := r.flags
	if r.opts.exhaustive {
		if !f.has(i, flagScheduled) && f.has(i, flagAlive) && r.done < len(r.apps) {
			f.set(i, flagScheduled)
			r.q.push(event{t: r.nextBeat(&r.nodes[i], r.now), kind: evHeartbeat, ref: i})
		}
		return
	}
	if f.has(i, flagScheduled) || !r.hasRoom(i, r.park.rank[i]) {
		return
	}
	r.queueBeat(i, r.park.rank[i])
}

// queueBeat queues the next heartbeat of node i at rank rk, which has
// room and none queued, or parks it while nothing is asked for or the
// cluster is quiet.
func (r *run) queueBeat(i, rk int32) {
	f := r.flags
	if !f.has(i, flagReserved) && (r.quiet || r.outstanding <= 0) {
		r.parkNode(rk)
		return
	}
	if r.park.has(rk) {
		// It wakes.
		r.park.clear(rk)
	}
	f.set(i, flagScheduled)
	r.awake++
	if r.sweep.on {
		r.sweep.addRank(int(rk))
		return
	}
	r.q.push(event{t: r.nextBeat(&r.nodes[i], r.now), kind: evHeartbeat, ref: i})
}

// parkNode parks the node at rank rk.
func (r *run) parkNode(rk int32) {
	if !r.park.has(rk) {
		r.park.set(rk)
	}
}

// simple reports whether a heartbeat that achieves nothing shows that
// the other parked nodes' would achieve nothing too until the next
// change, so only one parked node (the next in heartbeat order, the one
// that would have beaten first) needs to beat after a change: no
// locality asks (their delay counters grow with every pass), all nodes
// the same size (a request too big for one is too big for all) and no
// reservation: with one, a parked node with more room than the probe
// could take a container the probe could not by giving up the app's
// reservation elsewhere (continue-looking), so every parked node beats
// after a change, as without simple.
//
// TestShortcutsKeepTheEventLog compares the event log with beating every
// node every interval, on busy days with thousands of reservations.
func (r *run) simple() bool {
	return r.localApps == 0 && r.uniform && r.reservedNodes == 0
}

// wakeAll ends a quiet spell after a change (an app, a release, a node):
// the next parked node in heartbeat order beats, or every parked node
// when simple does not hold.
//
// A woken rank in the sweep's elig set has room (its mirror is fresh and
// showed a live node without a reservation with room for the minimum
// allocation): the wake reads that bit rather than the node's mirror
// entry (70% of the woken nodes in #19's contended day's first 3 hours).
// Comments inside stay put: the profile-guided build keys its inlining
// on the line offsets of the calls below.
func (r *run) wakeAll() {
	r.idle = 0
	r.quiet = false
	r.tickPreemption()
	if r.async.on {
		r.scheduleAsync()
		return
	}
	if r.opts.exhaustive {
		for i := range r.nodes {
			r.schedule(int32(i))
		}
		return
	}
	if r.outstanding <= 0 || r.park.count == 0 {
		return
	}
	if r.simple() {
		r.probe()
		return
	}
	// One pass in rank order, each node unparked and scheduled at once
	// (as schedule would, the sweep being on here): scheduling a node
	// reads and writes only its own state, the sweep's due set and the
	// counts, and cannot park it again (the cluster is not quiet and
	// something is asked for), so this is the same as unparking them all
	// first. A pass per step read every woken node's state again: on
	// #19's contended day a wake reaches thousands of parked nodes. The
	// pass takes a word of the parked set at a time, in a loop: as a
	// callback, its copy inlined into heartbeat called the flag test.
	p := &r.park
	for w := range p.bits.words {
		for x := p.takeWord(w); x != 0; x &= x - 1 {
			rk := int32(w*64 + bits.TrailingZeros64(x))
			i := p.byPhase[rk]
			if !r.flags.has(i, flagScheduled) && (r.sweep.elig.has(int(rk)) || r.hasRoom(i, rk)) {
				r.queueBeat(i, rk)
			}
			if checkRoom && r.sweep.elig.has(int(rk)) && !r.hasRoom(i, rk) {
				panic("sim: a wake took an eligible rank for a node without room")
			}
		}
	}
}

// probe wakes the parked node that beats next.
func (r *run) probe() {
	if r.park.count == 0 || r.outstanding <= 0 {
		return
	}
	if rk := r.nextParked(); rk >= 0 {
		r.park.clear(rk)
		r.scheduleAt(r.park.byPhase[rk], rk)
	}
}

// nextParked is the rank of the parked node that beats next: with the
// sweep, the first from the cursor (a node whose slot at this millisecond
// has passed beats next interval, as in the exhaustive reference);
// otherwise the first whose phase is at or after now's.
func (r *run) nextParked() int32 {
	if r.sweep.on {
		return r.park.nextFrom(r.sweep.pos)
	}
	return r.park.next(max(r.now, r.beatsFrom) % r.hb)
}

// scheduleAt is schedule for node i at rank rk, which the caller knows:
// the probe finds the node by its rank, and the lookup of the rank by
// the node's index (parkSet.rank, 40 KB read at random) was 0.9% of the
// first-level misses of #19's contended day's first 3 hours.
func (r *run) scheduleAt(i, rk int32) {
	if r.async.on || r.opts.exhaustive {
		r.schedule(i)
		return
	}
	if r.flags.has(i, flagScheduled) || !r.hasRoom(i, rk) {
		return
	}
	r.queueBeat(i, rk)
}

// quietAfter is how many heartbeats in a row without progress make the
// cluster quiet when simple does not hold: one round of the awake nodes;
// with locality asks outstanding, enough further passes for every
// delay-scheduling threshold (at most the node count plus one) to be
// reached first; with a non-exclusive partition, as many rounds.
func (r *run) quietAfter() int {
	n := r.awake + 1
	if r.parts != nil && r.parts.lends {
		// A non-exclusive partition lends to a default-partition request
		// only after it missed as many opportunities as the cluster has
		// nodes (RegularContainerAllocator), and a round of heartbeats may
		// count one miss only (the labelled nodes'): as many rounds.
		return n * (len(r.nodes) + 2)
	}
	if r.localApps > 0 {
		n += len(r.nodes) + 2
	}
	return n
}

// heartbeat is one node update.
func (r *run) heartbeat(i, rk int32) {
	f := r.flags
	f.clear(i, flagScheduled)
	if !r.opts.exhaustive {
		r.awake--
	}
	if !f.has(i, flagAlive) {
		return
	}
	r.noteBeat(i)
	r.res.Summary.Heartbeats++
	// A multi-node pass walks the whole partition in an order that the
	// sorter changes with time: one node's futile pass says nothing about
	// another's, so the futile answer is for single-node scheduling only.
	if !r.multi {
		if free, ok := r.futile.covers(r, i); ok {
			r.res.futileAnswers++
			// covers holds only for a live node without a reservation
			// (single-node): hasRoom is fits.
			r.settle(i, rk, r.fits(free))
			return
		}
	}
	if !r.multi {
		// Multi-node passes place on other nodes: events name theirs.
		r.hbNode, r.hbRank = i, rk
	}
	seen := r.engineEvs
	// A reservation the pass makes is stamped with the engine's clock
	// (RMContainer's creation time, the priority selector's delay).
	r.e.SetTime(r.now)
	as := r.e.Heartbeat(int(i))
	r.hbNode = -1
	r.futile.after(r, i, as, seen)
	// A re-reservation changes state too: its count feeds the starvation
	// term that lets the app reserve more nodes
	// (shouldAllocOrReserveNewContainer), so it wakes the others when it
	// changed that method's answer (StarvationMoved).
	progress := progressed(as)
	r.afterEngine()
	switch {
	case progress && r.simple():
		r.touch()
		r.idle, r.quiet = 0, false
		r.probe()
	case progress:
		r.touch()
		r.wakeAll()
	default:
		r.noProgress(i, rk)
		return
	}
	r.scheduleAt(i, rk)
}

// noteBeat records node i's heartbeat time, which only nextBeat reads:
// with the sweep on a node's rank says when it beats, and the write was a
// cache miss per walk.
func (r *run) noteBeat(i int32) {
	if !r.sweep.on {
		r.nodes[i].lastHB = r.now
	}
}

// noProgress follows a heartbeat that changed nothing: the node is parked
// (simple) or counts towards the cluster going quiet, and beats again.
func (r *run) noProgress(i, rk int32) { r.settle(i, rk, r.hasRoom(i, rk)) }

// settle is noProgress for node i at rank rk with its hasRoom known.
func (r *run) settle(i, rk int32, room bool) {
	f := r.flags
	if r.simple() {
		if room && !f.has(i, flagReserved) && !r.opts.exhaustive {
			r.parkNode(rk)
			return
		}
	} else {
		r.idle++
		if r.idle >= r.quietAfter() {
			r.quiet = true
		}
	}
	if r.async.on || r.opts.exhaustive {
		r.schedule(i)
		return
	}
	if !f.has(i, flagScheduled) && room {
		r.queueBeat(i, rk)
	}
}

// nodeOf finds a node's index by id (reservations released outside a
// heartbeat).
func (r *run) nodeOf(id string) int32 {
	if i, ok := r.nodeIdx[id]; ok {
		return i
	}
	return -1
}

// eventNode is the event's node by its engine index, which is the run's
// (setup and add_nodes take it from NodeIndex); checkRoom compares it
// with the lookup by name. -1 when out of range.
func (r *run) eventNode(ev *engine.Event) int32 {
	i := int32(ev.NodeIndex)
	if ev.NodeIndex < 0 || ev.NodeIndex >= len(r.nodes) {
		i = -1
	}
	if checkRoom && i != r.nodeOf(ev.Node) {
		panic("sim: an event's node index is not the run's index of its node")
	}
	return i
}

// appOf is the event's app by the Ref the run submitted it with (its
// index); checkRoom compares it with the lookup by id. -1 when out of
// range.
func (r *run) appOf(ev *engine.Event) int32 {
	i := ev.AppRef
	if i < 0 || int(i) >= len(r.apps) {
		i = -1
	}
	if checkRoom {
		if j, ok := r.appIdx[ev.App]; !ok && i >= 0 || ok && j != i {
			panic("sim: an event's app ref is not the run's index of its app")
		}
	}
	return i
}

// eventHook is the engine's OnEvent: onEvent by pointer. The method value
// r.onEvent was a wrapper that copied the 112-byte Event into a second
// call's arguments (about 27 instructions an event, 85 M over #19's
// contended day's first 8 hours); the closure passes its own argument's
// address.
func (r *run) eventHook() func(engine.Event) {
	return func(ev engine.Event) { r.onEvent(&ev) }
}

// onEvent is the engine's event callback: it books usage and writes the
// event log. It calls back into the engine only to tag an allocated
// container with its duration (Engine.SetTag), which the scheduler
// never reads.
func (r *run) onEvent(ev *engine.Event) {
	r.engineEvs++
	switch ev.Kind {
	case engine.EvAllocated:
		node := r.hbNode
		if node < 0 {
			node = r.eventNode(ev)
		}
		r.allocated(ev, node)
	case engine.EvReleased:
		r.released(ev, false)
	case engine.EvPreempted:
		r.released(ev, true)
	case engine.EvKillable:
		// Its room may now be taken (lazy preemption): the node beats.
		if i := r.eventNode(ev); i >= 0 {
			r.sweep.stale(&r.park, i)
			r.schedule(i)
		}
	case engine.EvReserved, engine.EvUnreserved:
		if i := r.eventNode(ev); i >= 0 {
			was, now := r.flags.has(i, flagReserved), ev.Kind == engine.EvReserved
			r.flags.put(i, flagReserved, now)
			r.sweep.stale(&r.park, i)
			switch {
			case !was && now:
				r.reservedNodes++
			case was && !now:
				r.reservedNodes--
			}
			if ev.Kind == engine.EvUnreserved {
				r.schedule(i)
			}
		}
		if ev.Kind == engine.EvReserved {
			r.res.Summary.Reservations++
		}
	}
	if r.out != nil {
		r.logEvent(ev)
	}
}

// rankOf is node i's rank (parkSet's), -1 when it has none yet: the
// beating node's from the loop (hbRank) during its heartbeat, where its
// allocations are booked, else looked up. The lookup (parkSet.rank, 40
// KB read at random) was a first-level miss at nearly every allocation
// on #19's contended day.
func (r *run) rankOf(i int32) int32 {
	if i == r.hbNode {
		if checkRoom && r.hbRank != r.park.rank[i] {
			panic("sim: the beating node's rank is not its rank")
		}
		return r.hbRank
	}
	if int(i) >= len(r.park.rank) {
		return -1
	}
	return r.park.rank[i]
}

// use follows a change of mem MB and vcores on the node (the engine has booked it):
// a node a release freed may beat again, and the app's queues and user
// integrate their usage.
func (r *run) use(a *appState, node int32, mem, vcores int64, sign int) {
	if node >= 0 && int(node) < len(r.nodes) {
		r.sweep.book(node, r.rankOf(node), mem, vcores)
		if sign < 0 {
			r.schedule(node)
		}
	}
	qmem := mem
	if r.parts != nil && node >= 0 {
		if r.parts.nodePart[node] != 0 {
			qmem = 0
		}
		r.parts.add(r, a.leaf, node, mem)
	}
	r.addUsed(a.leaf, a.user, qmem, mem)
}
