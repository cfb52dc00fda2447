package sim

// calQueue is the queue of the events other than heartbeats: a calendar
// of buckets a little over a second wide. Only the events of the current
// bucket are in a heap (near); later ones wait unsorted in their bucket
// of a ring spanning about two and a half hours, and later ones still in
// a heap of their own (far). On #19's contended day the queue holds about
// half a million completions, and a pop from one heap of them was a
// cache miss per level (4% of the day); here a pop is from a heap of the
// current second's few dozen events, and each event is moved once, when
// its bucket comes. The order is the single heap's: buckets split events
// by time only, and near orders them by (time, kind, insertion order).
//
// Invariant: near holds every event of bucket at most cur, the ring
// those of buckets in (cur, cur+calBuckets), far the later ones; cur
// moves only forward, to the next bucket that holds events.
type calQueue struct {
	near, far binHeap
	ring      [][]event
	inRing    int
	cur       int64
}

const (
	calShift   = 10 // bucket width: 1,024 ms
	calBuckets = 1 << 13
)

func calBucket(t int64) int64 { return t >> calShift }

func (q *calQueue) size() int { return len(q.near.h) + q.inRing + len(q.far.h) }

func (q *calQueue) push(e event) {
	b := calBucket(e.t)
	switch {
	case b <= q.cur:
		q.near.push(e)
	case b < q.cur+calBuckets:
		if q.ring == nil {
			q.ring = make([][]event, calBuckets)
		}
		k := b & (calBuckets - 1)
		q.ring[k] = append(q.ring[k], e)
		q.inRing++
	default:
		q.far.push(e)
	}
}

// top is the smallest event, nil when empty; it may move the next
// bucket's events into near first.
func (q *calQueue) top() *event {
	for len(q.near.h) == 0 {
		if q.inRing == 0 && len(q.far.h) == 0 {
			return nil
		}
		q.advance()
	}
	return &q.near.h[0]
}

func (q *calQueue) pop() event {
	q.top()
	return q.near.pop()
}

// advance moves cur to the next bucket holding events, in the ring or
// far, and moves that bucket's events into near.
func (q *calQueue) advance() {
	next := int64(-1)
	if q.inRing > 0 {
		for b := q.cur + 1; ; b++ {
			if len(q.ring[b&(calBuckets-1)]) > 0 {
				next = b
				break
			}
		}
	}
	if len(q.far.h) > 0 {
		if fb := calBucket(q.far.h[0].t); next < 0 || fb < next {
			next = fb
		}
	}
	q.cur = next
	if q.inRing > 0 {
		k := next & (calBuckets - 1)
		for _, e := range q.ring[k] {
			q.near.push(e)
		}
		q.inRing -= len(q.ring[k])
		clear(q.ring[k])
		q.ring[k] = q.ring[k][:0]
	}
	for len(q.far.h) > 0 && calBucket(q.far.h[0].t) <= q.cur {
		q.near.push(q.far.pop())
	}
}
