package engine

// tqSlab hands out the tq nodes of the preemption round's fresh
// snapshots (TempQueuePerPartition, cloned from the live tree every
// monitoring interval: the queue-priority selector's, the calculators'
// with the intra-queue selector or the cache switched off; the kept trees
// of preempt_tree.go have nodes of their own). Allocating them one by one
// was most of #19's 10,000-leaf contended day: 11,110 queues every 3
// simulated seconds, and the garbage collector's work on them. The
// round's fresh snapshots are dropped when Preempt returns (nothing keeps
// a slab tq across rounds), so Preempt resets the slab and the next
// round reuses the nodes, each with its children slice's room. Chunks
// never move, so the pointers handed out stay valid through the round.
type tqSlab struct {
	chunks [][]tq
	next   int // slots handed out since the last reset
}

const tqChunk = 1024

// reset makes every slot free again; the previous round's tq pointers
// must not be used after it.
func (s *tqSlab) reset() { s.next = 0 }

// get returns a zeroed tq.
func (s *tqSlab) get() *tq {
	c, k := s.next/tqChunk, s.next%tqChunk
	if c == len(s.chunks) {
		s.chunks = append(s.chunks, make([]tq, tqChunk))
	}
	s.next++
	t := &s.chunks[c][k]
	*t = tq{children: t.children[:0]}
	return t
}
