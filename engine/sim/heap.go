package sim

// evKind orders events that fall on the same millisecond: workload
// changes first, then completions (a container's end is seen before the
// node's heartbeat that reports it), submissions, AM requests and last
// the heartbeats that act on all of them.
type evKind uint8

const (
	evWorkload evKind = iota
	evDone
	evPreempt
	evExpire
	evLifetime
	evSubmit
	evAMReady
	evDelayedAsk
	evHeartbeat
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
// so runs are deterministic. Heartbeats live in a heap of their own (at
// most one per node, so small and cache-resident) and everything else in
// another (a running container's completion each: a million on #19's
// contended day); pop takes the smaller head. One insertion counter
// serves both, so the order is the single heap's. Hand-rolled to avoid
// interface calls on the hottest path of the simulator.
type evHeap struct {
	other, beats binHeap
	seq          uint64
}

func (q *evHeap) len() int { return len(q.other.h) + len(q.beats.h) }

func (q *evHeap) push(e event) {
	q.seq++
	e.seq = q.seq
	if e.kind == evHeartbeat {
		q.beats.push(e)
	} else {
		q.other.push(e)
	}
}

func (q *evHeap) pop() event {
	switch {
	case len(q.beats.h) == 0:
		return q.other.pop()
	case len(q.other.h) == 0 || q.beats.h[0].less(&q.other.h[0]):
		return q.beats.pop()
	}
	return q.other.pop()
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
