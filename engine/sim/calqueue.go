package sim

// calQueue is the queue of the events other than heartbeats: a calendar
// of buckets a little over a second wide. Only the events of the current
// bucket are in a heap (near); later ones wait unsorted in their bucket
// of a ring spanning about two and a half hours, and later ones still
// unsorted in a list (far). On #19's contended day the queue holds about
// half a million completions, and a pop from one heap of them was a
// cache miss per level (4% of the day); here a pop is from a heap of the
// current second's few dozen events, and each event is moved once, when
// its bucket comes. The order is the single heap's: buckets split events
// by time only, and near orders them by (time, kind, insertion order).
//
// far was a heap: the day's hundred thousand submissions, queued at the
// start, and the completions of containers that run for hours made it
// about 150,000 events deep, and each of its pops sifted through eight
// levels of it (binHeap.pop was 2.9% of an 8-hour run). A list scanned
// when the calendar has moved half the ring's span since the last scan
// reads each event a few times, sequentially, and moves it once.
//
// Invariant: near holds every event of bucket at most cur, the ring
// those of buckets in (cur, cur+calBuckets) but those still in far, far
// the others, all of a bucket at least farMin > cur; cur moves only
// forward, to the next bucket that holds events.
type calQueue struct {
	near   binHeap
	ring   [][]event
	inRing int
	cur    int64
	far    []event
	farMin int64
}

const (
	calShift   = 10 // bucket width: 1,024 ms
	calBuckets = 1 << 13
)

func calBucket(t int64) int64 { return t >> calShift }

func (q *calQueue) size() int { return len(q.near.h) + q.inRing + len(q.far) }

func (q *calQueue) push(e event) {
	b := calBucket(e.t)
	switch {
	case b <= q.cur:
		q.near.push(e)
	case b < q.cur+calBuckets:
		q.toRing(b, e)
	default:
		if len(q.far) == 0 || b < q.farMin {
			q.farMin = b
		}
		q.far = append(q.far, e)
	}
}

func (q *calQueue) toRing(b int64, e event) {
	if q.ring == nil {
		q.ring = make([][]event, calBuckets)
	}
	k := b & (calBuckets - 1)
	q.ring[k] = append(q.ring[k], e)
	q.inRing++
}

// top is the smallest event, nil when empty; it may move the next
// bucket's events into near first.
func (q *calQueue) top() *event {
	for len(q.near.h) == 0 {
		if q.inRing == 0 && len(q.far) == 0 {
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
	if len(q.far) > 0 && (next < 0 || q.farMin < next) {
		next = q.farMin
	}
	q.cur = next
	if len(q.far) > 0 && q.farMin < next+calBuckets/2 {
		q.scanFar()
	}
	if q.inRing > 0 {
		k := next & (calBuckets - 1)
		for _, e := range q.ring[k] {
			q.near.push(e)
		}
		q.inRing -= len(q.ring[k])
		// Events hold no pointers: truncating is enough.
		q.ring[k] = q.ring[k][:0]
	}
}

// scanFar moves far's events of buckets before cur+calBuckets into the
// ring (those of cur's into its slot, which advance then empties into
// near), keeping the others in their order. After it farMin is at least
// cur+calBuckets, so the next scan comes when cur has moved half the
// ring's span on (or jumped to far's first bucket with the ring empty).
func (q *calQueue) scanFar() {
	kept := q.far[:0]
	lo := int64(-1)
	for _, e := range q.far {
		b := calBucket(e.t)
		if b < q.cur+calBuckets {
			q.toRing(b, e)
			continue
		}
		if lo < 0 || b < lo {
			lo = b
		}
		kept = append(kept, e)
	}
	q.far, q.farMin = kept, lo
}
