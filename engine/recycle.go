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
		return new(container)
	}
	if shortcutChecks {
		for i, c := range e.spareC {
			*c = container{id: -1, liveIdx: -1}
			e.spareC[i] = nil
		}
		e.spareC = e.spareC[:0]
		return new(container)
	}
	c := e.spareC[k]
	e.spareC[k] = nil
	e.spareC = e.spareC[:k]
	return c
}
