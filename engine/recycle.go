package engine

// A container's record is reused once it is released or unreserved: a
// contended day books 5.3 M containers, each a fresh object full of
// pointers (80 bytes then, 64 now), which was a quarter of the bytes the
// simulation allocated and so of the collector's cycles. Nothing keeps a released container
// past the next allocation: the app's live list, its reservations, the
// node's reservation and the id index drop it first, and the callers
// that still read it (toAssignment after an unreservation, markOrKill's
// counts, fulfil's app and node) do so before the next newContainer.
// Under shortcutChecks nothing is reused: the next newContainer poisons
// every container released since, so a read past that point panics.

// maxSpareContainers bounds the records kept for reuse; a burst of
// releases beyond it (an app finishing) goes to the collector.
const maxSpareContainers = 4096

// freeContainer offers a released or unreserved container for reuse.
func (e *Engine) freeContainer(c *container) {
	if len(e.spareC) < maxSpareContainers {
		e.spareC = append(e.spareC, c)
	}
}

// takeContainer returns a record for a new container: a spare one, or a
// new one. The caller sets every field.
func (e *Engine) takeContainer() *container {
	k := len(e.spareC) - 1
	if k < 0 {
		return e.newRecord()
	}
	if shortcutChecks {
		for i, c := range e.spareC {
			*c = container{id: -1, liveIdx: -1}
			e.spareC[i] = nil
		}
		e.spareC = e.spareC[:0]
		return e.newRecord()
	}
	c := e.spareC[k]
	e.spareC[k] = nil
	e.spareC = e.spareC[:k]
	return c
}

// While the running containers grow in number (the first hours of a
// day) there is no spare, and each new record was an allocation of its
// own (250 k of the 2.4 M objects of the contended day's first 8 hours).
// newRecord cuts them eight at a time: 8 records are 512 bytes, the
// largest size class whose objects carry no malloc header, so every
// record still fills one cache line (TestContainerLayout). A slab stays
// alive while any of its records is referenced; records are reused, so
// that keeps little.
const containerSlab = 8

// newRecord returns a zeroed container record from the current slab.
func (e *Engine) newRecord() *container {
	if len(e.slab) == 0 {
		e.slab = new([containerSlab]container)[:]
	}
	c := &e.slab[0]
	e.slab = e.slab[1:]
	return c
}

// An app's running list grows by doubling from nothing (1, 2, 4, ... 64
// slots for an app with a few dozen containers at once): about six
// allocations an app, the largest steady allocation of the per-container
// path after the records themselves (216 k of the 2.4 M objects the
// contended day's first 8 hours allocated). A stopped attempt's list,
// empty once its containers are released, is handed to the next app
// without one that gets a container record (newContainer). Its slots are all nil: removeLive clears each slot it
// empties and compaction the tail it drops.

// maxSpareLive bounds the running lists kept for reuse.
const maxSpareLive = 256

// freeLive takes a stopped attempt's running list for reuse.
func (e *Engine) freeLive(a *app) {
	if a.nLive == 0 && cap(a.live) > 0 && len(e.spareLive) < maxSpareLive && !shortcutChecks {
		e.spareLive = append(e.spareLive, a.live[:0])
	}
	if a.nLive == 0 {
		a.live, a.liveHead = nil, 0
	}
}

// giveLive gives an app without a running list a spare one, if one is
// kept. newContainer calls it, out of line: addLive, inlined into book,
// has no room left in the inliner's budget for a call.
//
//go:noinline
func (e *Engine) giveLive(a *app) {
	if k := len(e.spareLive) - 1; k >= 0 {
		a.live = e.spareLive[k]
		e.spareLive[k] = nil
		e.spareLive = e.spareLive[:k]
	}
}
