package sim

// tickPreemption queues the next ProportionalCapacityPreemptionPolicy
// round (every monitoring_interval, 3000 ms by default) when the
// configuration enables preemption and none is queued.
func (r *run) tickPreemption() {
	if r.preemptOn || r.e == nil || !r.e.PreemptionEnabled() || r.done >= len(r.apps) {
		return
	}
	iv := r.e.PreemptionInterval()
	if iv <= 0 {
		iv = 3000
	}
	r.preemptOn = true
	r.q.push(event{t: (r.now/iv + 1) * iv, kind: evPreempt})
}

// preemptRound runs one policy round; killed containers arrive through
// the engine's events (their tasks are asked for again). Rounds stop
// while nothing is selected and nothing changed since the last one, and
// resume with the next change.
func (r *run) preemptRound() {
	r.preemptOn = false
	seen := r.engineEvs
	selected, killed := r.e.PreemptCounts(r.now)
	if r.engineEvs != seen {
		// A round that marked, killed or unreserved nothing changed
		// nothing a heartbeat's pass reads (the marks and the round's
		// caches are the policy's own), so the futile record stands.
		r.futile.epoch++
	}
	r.afterEngine()
	active := selected > 0 || killed > 0
	switch {
	case killed > 0:
		r.touch()
		r.wakeAll()
	case r.engineEvs != seen:
		// The round cancelled a reservation: the app's reservation count
		// fell, so a parked node may now reserve or allocate where it
		// could not (TestShortcutsKeepTheEventLog found this).
		r.wakeAll()
	}
	if active || r.lastChange >= r.lastRound {
		r.lastRound = r.now
		r.tickPreemption()
	}
}
