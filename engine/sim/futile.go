package sim

import "github.com/capq/capq/engine"

// futile remembers the most free room a heartbeat was seen to assign
// nothing with since the last change, so that a heartbeat of a like node
// with no more room can be known to assign nothing without walking the
// queue tree. On a full cluster most heartbeats are such (#19's contended
// day: 97% of 37 M in its first 4 hours), and the walk was most of the
// run's time.
//
// Why it is exact: a pass over the tree (CapacityScheduler.
// allocateContainersToNode without a reservation on the node, then
// ParentQueue and LeafQueue.assignContainers) reads the node only through
// its free room (RegularContainerAllocator.assignContainer's
// availableContainers, allocate or reserve), its total (a request larger
// than the node is skipped), its partition and its host and rack
// (locality). Every other check (queue, user and AM limits, headroom,
// shouldAllocOrReserveNewContainer, continue-looking's unreserve) looks
// at queue and app state alone. With no locality asks, the same total
// and partition and no more free room in any dimension, every app the
// first pass reached sees at most the containers available that it saw:
// none where it reserved nothing (a pass that reserves is progress), and
// where it had room but was skipped (continue-looking found nothing to
// unreserve) it is skipped again, or finds no room and does not reserve
// for the same reason. So the pass ends the same way, with nothing.
//
// State a pass leaves behind (sort orders, cached user limits, the
// blocked-queue stamps, diagnostics) is the same after either pass. The
// missed-opportunity counters differ, which delay scheduling of locality
// asks reads, hence no locality asks, and which decide when a
// default-partition ask may borrow a non-exclusive node
// (RegularContainerAllocator in IGNORE_PARTITION_EXCLUSIVITY mode waits
// for as many misses as the cluster has nodes), hence no lending
// partition. Any event other than a heartbeat, and any heartbeat that
// assigned, reserved, unreserved, re-reserved with effect (see after) or
// raised an engine event, starts a new epoch and forgets the room.
// TestShortcutsKeepTheEventLog runs busy days with and without it.
//
// A futile pass also says how much more room would have changed its
// course (engine.PassRoomCeiling: the smallest memory a room test failed
// on), so below is the free memory under which a like node is covered
// even with more room than free in some dimension; it is 0 under the
// dominant resource calculator, where no single threshold says it.
type futile struct {
	epoch     uint64 // bumped by every change (see run.dispatch)
	seen      uint64 // the epoch free was recorded in
	free      engine.Resource
	below     int64
	total     engine.Resource
	partition string
	class     int32 // total and partition in the sweep's numbering (classOf)
	// stamp is the engine's PassStamp when the record was made, under
	// checkRoom only: every answer checks that nothing a pass reads of
	// the queue tree changed since without a new epoch (checkStamp).
	stamp engine.PassStamp
}

// checkStamp panics if the queue tree changed since the record was made
// while the epoch went on: some change does not start an epoch, and the
// record's answers may be wrong (checkRoom only).
func (f *futile) checkStamp(r *run) {
	if f.seen == f.epoch && f.epoch != 0 && r.e.PassStamp() != f.stamp {
		panic("sim: the queue tree changed within a futile epoch")
	}
}

// covers reports whether node i's heartbeat would certainly assign
// nothing: a heartbeat of a node like it with at least its room assigned
// nothing in this epoch. It returns the node's free room too, which the
// caller needs next (reading it is a cache miss per heartbeat).
func (f *futile) covers(r *run, i int32) (engine.Resource, bool) {
	if f.seen != f.epoch || f.epoch == 0 || r.opts.beatFutile || r.localApps > 0 || (r.parts != nil && r.parts.lends) || r.flags.has(i, flagReserved) {
		return engine.Resource{}, false
	}
	if checkRoom {
		f.checkStamp(r)
	}
	if r.sweep.on {
		// The sweep's mirror, in rank order: no cache miss per beat.
		m := r.sweep.roomOf(r.e, int(r.park.rank[i]), i, r.flags)
		return m.free, f.holdsClass(m.free, m.class)
	}
	free := r.e.NodeFree(int(i))
	return free, f.holds(free, r.e.NodeTotal(int(i)), r.e.NodePartition(int(i)))
}

// holds reports whether a node of that room, total and partition is like
// the recorded futile one and has no more room than it, or less free
// memory than below.
func (f *futile) holds(free, total engine.Resource, part string) bool {
	return f.roomHolds(free) && total == f.total && part == f.partition
}

// holdsClass is holds for a node of that class (sweep.classOf).
func (f *futile) holdsClass(free engine.Resource, class int32) bool {
	return class == f.class && f.roomHolds(free)
}

// roomHolds reports whether free is no more room than the record's, or
// less free memory than below.
func (f *futile) roomHolds(free engine.Resource) bool {
	return free.MemoryMB <= f.free.MemoryMB && free.VCores <= f.free.VCores || free.MemoryMB < f.below
}

// after records node i's heartbeat: one that changed anything starts a
// new epoch; one that assigned nothing on a node without a reservation
// raises the room known to be futile. A re-reservation (a reserved node
// whose reservation still does not fit) changes only the request's
// re-reservation count, which only the starvation term of
// shouldAllocOrReserveNewContainer reads; unless the engine says it moved
// that method's answer (StarvationMoved), the epoch goes on. On #19's
// contended day reservations pile up and their nodes beat every second:
// each of those beats ended the epoch, and walks grew from 0.3 M in the
// first simulated hour to 4.5 M in the seventh.
func (f *futile) after(r *run, i int32, as []engine.Assignment, seenEvs uint64) {
	changed := r.engineEvs != seenEvs || progressed(as)
	if changed {
		f.epoch++
		return
	}
	if r.flags.has(i, flagReserved) {
		return
	}
	free, total, part := r.e.NodeFree(int(i)), r.e.NodeTotal(int(i)), r.e.NodePartition(int(i))
	below, ok := r.e.PassRoomCeiling()
	if !ok {
		below = 0
	}
	if f.seen != f.epoch || total != f.total || part != f.partition {
		f.seen, f.free, f.below, f.total, f.partition = f.epoch, free, below, total, part
		if checkRoom {
			f.stamp = r.e.PassStamp()
		}
		f.class = r.sweep.classOf(total, part, f.class)
		return
	}
	f.below = max(f.below, below)
	if free.MemoryMB < f.free.MemoryMB || free.VCores < f.free.VCores {
		// Not more room in every dimension: keep the larger-memory
		// record (any one record is exact; this is a choice of
		// which helps more).
		if free.MemoryMB <= f.free.MemoryMB {
			return
		}
	}
	f.free = free
}

// progressed reports whether a pass's assignments changed anything
// another pass reads: any assignment but a re-reservation, and a
// re-reservation only when it moved its request's
// shouldAllocOrReserveNewContainer answer (StarvationMoved).
func progressed(as []engine.Assignment) bool {
	for k := range as {
		switch as[k].Kind {
		case engine.AssignNone:
		case engine.AssignReReserved:
			if as[k].StarvationMoved {
				return true
			}
		default:
			return true
		}
	}
	return false
}
