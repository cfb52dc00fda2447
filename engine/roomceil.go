package engine

// A pass reads the node's free room only through two tests: the minimum
// allocation fits (CapacityScheduler.allocateContainersToNode,
// ParentQueue.assignContainers' canAssign) and a request fits
// (RegularContainerAllocator.assignContainer's availableContainers > 0).
// Under the default resource calculator both compare memory alone, and
// each holds for every room at or above a threshold. So a pass that
// assigned nothing on a node with free memory f would have taken the same
// course, test for test, on a node of the same total and partition with
// any free memory from f up to (not including) the smallest memory a test
// failed on: every test that held still holds and every one that failed
// still fails. The simulator's futile record uses it (PassRoomCeiling).

// roomFits is the minimum-allocation test of the node's free room.
func (e *Engine) roomFits(x Resource, n *node) bool {
	if e.g.rc.fitsIn(x, n.free()) {
		return true
	}
	e.roomShort(x)
	return false
}

// roomShort records that x did not fit in the node's free room.
func (e *Engine) roomShort(x Resource) {
	if x.MemoryMB < e.roomCeil {
		e.roomCeil = x.MemoryMB
	}
}

// PassRoomCeiling is, for the last pass, the free memory below which a
// node of the same total and partition, with at least this node's free
// memory, takes the pass's course again (math.MaxInt64 when no room test
// failed). ok is false under the dominant resource calculator, where the
// tests compare every resource and one threshold does not say it.
func (e *Engine) PassRoomCeiling() (mem int64, ok bool) {
	if e.g.rc.drf {
		return 0, false
	}
	return e.roomCeil, true
}
