package sim

// Asynchronous scheduling in the simulator: with
// schedule-asynchronously.enable the engine's passes
// (engine.AsyncPass, one CapacityScheduler.schedule(cs) each) run at
// every multiple of scheduling-interval-ms of simulated time, and node
// heartbeats schedule nothing, so wait times come from that loop. As with
// heartbeats, time jumps over spells in which a pass could change
// nothing: passes stop after a quiet spell and resume at the next
// interval boundary after a change.

// asyncState is the async loop's state in a run.
type asyncState struct {
	on         bool
	intervalMS int64
	queued     bool
	last       int64 // time of the last pass (-1: none)
}

// scheduleAsync queues the next pass, at the first interval boundary
// at or after now that has not had one, when work is outstanding.
func (r *run) scheduleAsync() {
	a := &r.async
	if a.queued || r.done >= len(r.apps) && r.reservedNodes == 0 {
		return
	}
	// exhaustive (tests): a pass every interval until the apps are done.
	if !r.opts.exhaustive && r.reservedNodes == 0 && (r.quiet || r.outstanding <= 0) {
		return
	}
	iv := a.intervalMS
	next := (r.now + iv - 1) / iv * iv
	if next <= a.last {
		next = a.last + iv
	}
	a.queued = true
	r.q.push(event{t: next, kind: evAsync})
}

// asyncPass runs one pass and decides whether the loop goes on.
func (r *run) asyncPass() {
	a := &r.async
	a.queued, a.last = false, r.now
	as := r.e.AsyncPass(r.now / a.intervalMS)
	r.res.Summary.Heartbeats++
	progress := progressed(as)
	r.afterEngine()
	if progress {
		r.touch()
		r.idle, r.quiet = 0, false
		r.tickPreemption()
	} else {
		r.idle++
		// Delay-scheduling counters grow with every pass: keep passing
		// until each threshold (at most the node count plus one) could be
		// reached, then go quiet until a change.
		if r.localApps == 0 || r.idle >= len(r.nodes)+2 {
			r.quiet = true
		}
	}
	r.scheduleAsync()
}

// doneAt is when the RM learns that a container on node i that ends at t
// has completed: at once with heartbeat-driven single-node scheduling
// (only that node's own heartbeat could use the room, and it comes after
// the release), else at the node's next heartbeat at or after t, which
// reports it (NodeManager status, CapacityScheduler.nodeUpdate) - an
// asynchronous pass or another node's multi-node pass must not place on
// room the RM does not know about yet.
func (r *run) doneAt(i int32, t int64) int64 {
	if !r.async.on && !r.multi || i < 0 || int(i) >= len(r.nodes) {
		return t
	}
	ph := r.nodes[i].phase
	t = max(t, r.beatsFrom)
	return t + ((ph-t)%r.hb+r.hb)%r.hb
}
