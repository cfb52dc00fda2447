package sim

// Reserved nodes' heartbeats counted as re-reservations. A node holding
// a reservation that does not fit beats every second, and its pass only
// re-reserves (engine/standing.go says when the engine knows that). The
// heartbeat's own work for such a beat (heartbeat, then settle of a node
// that did not progress) is a count, idle, and the node due again: the
// node is never parked while reserved (queueBeat) and simple does not
// hold while any node is reserved. So the engine counts the
// re-reservation (engine.ReReserve) and the beat is answered here without
// leaving fastRun. TestReReservationsCounted compares the event log with
// the beatReserved option, which runs every such beat through the engine.

// standOn reports whether reserved nodes' beats may be counted now.
func (r *run) standOn() bool { return r.counting && !r.multi }

// fastOrStandBeat is fastBeat, or a counted re-reservation for a beat
// futile does not cover, for the loop's beat of node i at rank rk (taken
// from the sweep).
func (r *run) fastOrStandBeat(i int32, rk int) bool {
	if r.fastBeat(i, rk) {
		return true
	}
	if !r.standOn() || !r.e.ReReserve(int(i)) {
		return false
	}
	r.standAnswer()
	r.sweep.addRank(rk) // taken for this beat: due again next cycle
	return true
}

// standAnswer is heartbeat and settle for a reserved node whose beat the
// engine counted: counted, idle grows (the cluster may turn quiet, with
// the node's own beat not awake while quietAfter reads it), and the node
// stays due.
func (r *run) standAnswer() {
	r.res.Summary.Heartbeats++
	r.res.countedReReservations++
	r.awake--
	r.idle++
	if r.idle >= r.quietAfter() {
		r.quiet = true
	}
	r.awake++
}
