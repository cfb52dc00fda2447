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

// evHeap is a binary min-heap of events by (time, kind, insertion order),
// so runs are deterministic. It is hand-rolled to avoid interface calls
// on the hottest path of the simulator.
type evHeap struct {
	h   []event
	seq uint64
}

func (q *evHeap) len() int { return len(q.h) }

func (q *evHeap) push(e event) {
	q.seq++
	e.seq = q.seq
	q.h = append(q.h, e)
	i := len(q.h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !q.h[i].less(&q.h[p]) {
			break
		}
		q.h[i], q.h[p] = q.h[p], q.h[i]
		i = p
	}
}

func (q *evHeap) pop() event {
	top := q.h[0]
	n := len(q.h) - 1
	q.h[0] = q.h[n]
	q.h = q.h[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && q.h[r].less(&q.h[l]) {
			m = r
		}
		if !q.h[m].less(&q.h[i]) {
			break
		}
		q.h[i], q.h[m] = q.h[m], q.h[i]
		i = m
	}
	return top
}
