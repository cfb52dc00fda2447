package sim

import "slices"

// calQueue is the queue of the events other than heartbeats: a calendar
// of buckets a little over a second wide. Only the current bucket's
// events are in order; later ones wait unsorted in their bucket of a ring
// spanning about two and a half hours, and later ones still unsorted in
// a list (far). On #19's contended day the queue holds about half a
// million completions, and a pop from one heap of them was a cache miss
// per level (4% of the day); here each event is moved once, when its
// bucket comes, and the current bucket's few dozen events are sorted
// once (run) rather than pushed into and popped from a heap: that heap's
// sift-down was 2.9% of an 8-hour run; a sort of packed integer keys
// (sortKey) costs a fraction of it.
// Events queued for the current bucket after its sort go to a small heap
// (near), and pop takes the smaller of the two heads. The order is the
// single heap's: buckets split events by time only, and within one the
// sort and near order them by (time, kind, insertion order).
//
// far was a heap: the day's hundred thousand submissions, queued at the
// start, and the completions of containers that run for hours made it
// about 150,000 events deep. A list scanned when the calendar has moved
// half the ring's span since the last scan reads each of them a few
// times, sequentially, and moves it once.
//
// Invariant: run and near hold every event of bucket at most cur, the
// ring those of buckets in (cur, cur+calBuckets) but those still in far,
// far the others, all of a bucket at least farMin > cur; cur moves only
// forward, to the next bucket that holds events.
type calQueue struct {
	ring   []calSlot
	inRing int
	cur    int64
	// The current bucket's events sorted (sortKey), run[at:] still
	// queued; order is the sort's scratch.
	run    []event
	at     int
	order  []uint64
	near   binHeap
	far    []event
	farMin int64
}

// calSlot is a bucket of the ring. Its events from far were all queued
// before those pushed straight into the ring (far takes only buckets at
// least a span past cur, and cur only moves forward), so moved then
// pushed is insertion order.
type calSlot struct{ moved, pushed []event }

const (
	calShift   = 10 // bucket width: 1,024 ms
	calBuckets = 1 << 13
)

// The sort key packs the kind in 4 bits.
const _ = uint(15 - evAsync)

func calBucket(t int64) int64 { return t >> calShift }

func (q *calQueue) size() int { return len(q.run) - q.at + len(q.near.h) + q.inRing + len(q.far) }

func (q *calQueue) push(e event) {
	b := calBucket(e.t)
	switch {
	case b <= q.cur:
		q.near.push(e)
	case b < q.cur+calBuckets:
		s := q.slot(b)
		s.pushed = append(s.pushed, e)
		q.inRing++
	default:
		if len(q.far) == 0 || b < q.farMin {
			q.farMin = b
		}
		q.far = append(q.far, e)
	}
}

func (q *calQueue) slot(b int64) *calSlot {
	if q.ring == nil {
		q.ring = make([]calSlot, calBuckets)
	}
	return &q.ring[b&(calBuckets-1)]
}

// top is the smallest event, nil when empty; it may sort the next
// bucket's events first.
func (q *calQueue) top() *event {
	for {
		if q.at < len(q.run) {
			e := &q.run[q.at]
			if len(q.near.h) > 0 && q.near.h[0].less(e) {
				return &q.near.h[0]
			}
			return e
		}
		if len(q.near.h) > 0 {
			return &q.near.h[0]
		}
		if q.inRing == 0 && len(q.far) == 0 {
			return nil
		}
		q.advance()
	}
}

func (q *calQueue) pop() event {
	e := q.top()
	if q.at < len(q.run) && e == &q.run[q.at] {
		q.at++
		return *e
	}
	return q.near.pop()
}

// sortKey orders a bucket's events by (time, kind, position), position
// being insertion order (calSlot); a bucket's times are within its 1,024
// ms. Positions take 32 bits: a bucket of 4 G events would be 128 GB.
func sortKey(e *event, base int64, pos int) uint64 {
	return uint64(e.t-base)<<36 | uint64(e.kind)<<32 | uint64(pos)
}

// advance moves cur to the next bucket holding events, in the ring or
// far, and sorts that bucket's events into run. The bucket's arrays are
// truncated for its next lap (events hold no pointers).
func (q *calQueue) advance() {
	next := int64(-1)
	if q.inRing > 0 {
		for b := q.cur + 1; ; b++ {
			if s := &q.ring[b&(calBuckets-1)]; len(s.pushed) > 0 || len(s.moved) > 0 {
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
	s := q.slot(next)
	q.inRing -= len(s.moved) + len(s.pushed)
	base := next << calShift
	q.order = q.order[:0]
	for i := range s.moved {
		q.order = append(q.order, sortKey(&s.moved[i], base, i))
	}
	for i := range s.pushed {
		q.order = append(q.order, sortKey(&s.pushed[i], base, len(s.moved)+i))
	}
	slices.Sort(q.order)
	// Gathered into one array that stays in cache: the current event is
	// read at every peek.
	q.run, q.at = q.run[:0], 0
	for _, k := range q.order {
		if p := int(uint32(k)); p < len(s.moved) {
			q.run = append(q.run, s.moved[p])
		} else {
			q.run = append(q.run, s.pushed[p-len(s.moved)])
		}
	}
	s.moved, s.pushed = s.moved[:0], s.pushed[:0]
}

// scanFar moves far's events of buckets before cur+calBuckets into the
// ring (those of cur's into its slot, which advance then sorts), keeping
// the others in their order. After it farMin is at least cur+calBuckets,
// so the next scan comes when cur has moved half the ring's span on (or
// jumped to far's first bucket with the ring empty).
func (q *calQueue) scanFar() {
	kept := q.far[:0]
	lo := int64(-1)
	for _, e := range q.far {
		b := calBucket(e.t)
		if b < q.cur+calBuckets {
			s := q.slot(b)
			s.moved = append(s.moved, e)
			q.inRing++
			continue
		}
		if lo < 0 || b < lo {
			lo = b
		}
		kept = append(kept, e)
	}
	q.far, q.farMin = kept, lo
}
