package engine

import "math/bits"

// The simulator calls Waiting (why.go) at every held-time sample, once a
// simulated minute, and Waiting used to read every queue of the tree to
// find the leaves with something to report: on #19's 10,000-leaf day
// that read of eleven thousand queues, a few cache lines each, was most
// of the samples' cost. waitScan marks, by queue index, the leaves it may
// have to read: a leaf is marked when a submitted app joins its
// nonRunnable or waiting list and when its pending count grows, and
// Waiting clears the mark of a leaf it finds with none of the three. An
// app moving on inside its leaf (made runnable, activated) does not mark
// it again: the list it leaves kept the leaf marked. So a leaf left
// unmarked has nothing to report, and Waiting visits the marked ones in
// the order of e.queues, as before.

// resetWaitScan marks every queue, after the tree was built again (queue
// indexes change).
func (e *Engine) resetWaitScan() {
	n := len(e.queues)
	e.waitScan = make([]uint64, (n+63)/64)
	for i := range e.waitScan {
		e.waitScan[i] = ^uint64(0)
	}
	if r := n % 64; r != 0 {
		e.waitScan[len(e.waitScan)-1] = 1<<r - 1
	}
}

// markWaitScan marks leaf q for Waiting's next scan.
func (e *Engine) markWaitScan(q *queue) {
	e.waitScan[q.idx>>6] |= 1 << (q.idx & 63)
}

// eachWaitScan calls f for every marked queue in index order; f says
// whether to keep the mark.
func (e *Engine) eachWaitScan(f func(q *queue) bool) {
	for wi, word := range e.waitScan {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			word &= word - 1
			if !f(e.queues[wi<<6|b]) {
				e.waitScan[wi] &^= 1 << b
			}
		}
	}
}

// reportsWaits says whether Waiting has anything to read in q: a leaf
// with an app held back by max-parallel-apps, one waiting to activate, or
// an active app that asks.
func reportsWaits(q *queue) bool {
	return q.leaf && (len(q.nonRunnable) > 0 || len(q.waiting) > 0 || q.anyPending())
}

// checkWaitScan panics if a leaf Waiting would skip has something to
// report (shortcutChecks).
func (e *Engine) checkWaitScan() {
	for i, q := range e.queues {
		if e.waitScan[i>>6]&(1<<(i&63)) == 0 && reportsWaits(q) {
			panic("engine: Waiting would skip a leaf with apps to report: " + q.path)
		}
	}
}
