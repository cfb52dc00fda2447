package sim

// evKind orders events that fall on the same millisecond: workload
// changes first, then completions (a container's end is seen before the
// node's heartbeat that reports it), submissions, AM requests and last
// the heartbeats that act on all of them. An SLS AM's steps (evAMReady,
// evAMSeen, evAMReask, evDelayedAsk) come before the node heartbeats of their
// millisecond, so a step never sees what those heartbeats allocate or
// report (slsams.go).
type evKind uint8

const (
	evWorkload evKind = iota
	evDone
	evAMFinish
	evPreempt
	evExpire
	evLifetime
	evSubmit
	evAMReady
	evAMSeen
	evAMReask
	evStreamEnd
	evDelayedAsk
	evHeartbeat
	evAsync
)

// event is one entry of the time-ordered queue. ref is an app, node or
// workload-event index; c a container id.
type event struct {
	t    int64
	seq  uint64
	kind evKind
	ref  int32
	c    int64
}

func (a *event) less(b *event) bool {
	if a.t != b.t {
		return a.t < b.t
	}
	if a.kind != b.kind {
		return a.kind < b.kind
	}
	return a.seq < b.seq
}

// evHeap is the time-ordered event queue: (time, kind, insertion order),
// so runs are deterministic. Heartbeats normally do not come here: the
// sweep (sweep.go) holds them, and the loop takes the earlier of its next
// slot and this queue's head. The exhaustive reference (tests) still
// queues every beat: those live apart from everything else, most of them
// in a FIFO (a node that beats schedules its next beat one interval
// later, after every heartbeat already queued, so those pushes arrive in
// (time, insertion) order and need no heap); one queued earlier than the
// FIFO's last goes to a small heap. Completions (a million on #19's
// contended day) and the rest are in a calendar queue (calQueue). pop
// takes the smallest of the three heads; one insertion counter serves all, so the
// order is the single heap's. Hand-rolled to avoid interface calls on a
// hot path of the simulator.
type evHeap struct {
	other  calQueue
	beats  binHeap
	steady ring
	seq    uint64
}

func (q *evHeap) len() int { return q.other.size() + len(q.beats.h) + q.steady.n }

func (q *evHeap) push(e event) {
	q.seq++
	e.seq = q.seq
	switch {
	case e.kind != evHeartbeat:
		q.other.push(e)
	case q.steady.n == 0 || e.t >= q.steady.last().t:
		// Not before the FIFO's last, and inserted after it.
		q.steady.push(e)
	default:
		q.beats.push(e)
	}
}

// head is the smallest of the three heads: 1 ring, 2 beats heap, 3
// other queue, 0 when empty.
func (q *evHeap) head() (*event, int) {
	var best *event
	from := 0
	if q.steady.n > 0 {
		best, from = q.steady.first(), 1
	}
	if len(q.beats.h) > 0 && (best == nil || q.beats.h[0].less(best)) {
		best, from = &q.beats.h[0], 2
	}
	if o := q.other.top(); o != nil && (best == nil || o.less(best)) {
		best, from = o, 3
	}
	return best, from
}

// peek is the next event pop would return, nil when empty.
func (q *evHeap) peek() *event {
	e, _ := q.head()
	return e
}

func (q *evHeap) pop() event {
	if q.steady.n == 0 && len(q.beats.h) == 0 {
		// With the sweep on (sweep.go) no heartbeat is queued: no
		// need to compare heads.
		return q.other.pop()
	}
	_, from := q.head()
	switch from {
	case 1:
		return q.steady.pop()
	case 2:
		return q.beats.pop()
	}
	return q.other.pop()
}

// ring is a growable FIFO of events.
type ring struct {
	buf  []event
	head int
	n    int
}

func (r *ring) first() *event { return &r.buf[r.head] }

func (r *ring) last() *event { return &r.buf[(r.head+r.n-1)%len(r.buf)] }

func (r *ring) push(e event) {
	if r.n == len(r.buf) {
		grown := make([]event, max(2*len(r.buf), 64))
		for k := 0; k < r.n; k++ {
			grown[k] = r.buf[(r.head+k)%len(r.buf)]
		}
		r.buf, r.head = grown, 0
	}
	r.buf[(r.head+r.n)%len(r.buf)] = e
	r.n++
}

func (r *ring) pop() event {
	e := r.buf[r.head]
	r.head++
	if r.head == len(r.buf) {
		r.head = 0
	}
	r.n--
	return e
}

// binHeap is a 4-ary min-heap of events: half the levels of a binary
// one, so fewer cache misses per pop on the big heap; (time, kind,
// insertion order) is a total order, so the pop order is the same as any
// heap's.
type binHeap struct{ h []event }

func (q *binHeap) push(e event) {
	q.h = append(q.h, e)
	i := len(q.h) - 1
	for i > 0 {
		p := (i - 1) / 4
		if !q.h[i].less(&q.h[p]) {
			break
		}
		q.h[i], q.h[p] = q.h[p], q.h[i]
		i = p
	}
}

func (q *binHeap) pop() event {
	top := q.h[0]
	n := len(q.h) - 1
	q.h[0] = q.h[n]
	q.h = q.h[:n]
	i := 0
	for {
		l := 4*i + 1
		if l >= n {
			break
		}
		m := l
		for c := l + 1; c < min(l+4, n); c++ {
			if q.h[c].less(&q.h[m]) {
				m = c
			}
		}
		if !q.h[m].less(&q.h[i]) {
			break
		}
		q.h[i], q.h[m] = q.h[m], q.h[i]
		i = m
	}
	return top
}
