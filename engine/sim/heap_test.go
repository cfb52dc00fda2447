package sim

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEvHeapOrder: whatever the mix of heartbeats and other events, and
// of pushes between pops, every pop returns the smallest pending event by
// (time, kind, insertion order), as a linear scan finds it.
func TestEvHeapOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var q evHeap
	var ref []event
	seq := uint64(0)
	pops := 0
	for round := 0; round < 5000; round++ {
		for k := rng.Intn(4); k > 0; k-- {
			e := event{t: int64(round/10 + rng.Intn(30)), kind: evKind(rng.Intn(int(evHeartbeat) + 1)), ref: int32(round)}
			q.push(e)
			seq++
			e.seq = seq
			ref = append(ref, e)
		}
		for q.len() > 0 && rng.Intn(3) > 0 {
			popLikeScan(t, &q, &ref, pops)
			pops++
		}
		require.Equal(t, len(ref), q.len())
	}
	require.Greater(t, pops, 5000)
}

// TestEvHeapSteadyBeats: heartbeats rescheduled one interval on (the
// FIFO), woken early (the small heap) and other events at the same
// milliseconds all pop in (time, kind, insertion order), as a linear scan
// finds it, and the FIFO takes the steady beats.
func TestEvHeapSteadyBeats(t *testing.T) {
	const hb = 50
	rng := rand.New(rand.NewSource(2))
	var q evHeap
	var ref []event
	seq := uint64(0)
	push := func(e event) {
		q.push(e)
		seq++
		e.seq = seq
		ref = append(ref, e)
	}
	for n := 0; n < 40; n++ {
		push(event{t: int64(rng.Intn(hb)), kind: evHeartbeat, ref: int32(n)})
	}
	steady, woken := 0, 0
	for pops := 0; pops < 20000; pops++ {
		got := popLikeScan(t, &q, &ref, pops)
		now := got.t
		if got.kind == evHeartbeat {
			if rng.Intn(10) == 0 {
				// Parked, then woken by a change some time later.
				push(event{t: now + 1 + int64(rng.Intn(hb)), kind: evHeartbeat, ref: got.ref})
				woken++
			} else {
				push(event{t: now + hb, kind: evHeartbeat, ref: got.ref})
				steady++
			}
		}
		if rng.Intn(4) == 0 {
			push(event{t: now + int64(rng.Intn(3)), kind: evKind(rng.Intn(int(evHeartbeat))), ref: -1})
		}
		require.Equal(t, len(ref), q.len())
	}
	require.Greater(t, woken, 1000)
	require.Greater(t, q.steady.n, 0, "the FIFO holds steady beats")
	require.Less(t, len(q.beats.h), 40)
	require.Greater(t, steady, 10000)
}

// TestCalQueueOrder: events spread over milliseconds, over buckets and
// past the ring's span (far) pop in (time, kind,
// insertion order), as a linear scan finds it, with pushes between pops
// at and after the time last popped, as the simulator makes them.
func TestCalQueueOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var q evHeap
	var ref []event
	seq := uint64(0)
	now := int64(0)
	spans := []int64{3, 1 << calShift, 5 << calShift, calBuckets << calShift, 3 * calBuckets << calShift}
	pops, far := 0, 0
	for round := 0; round < 20000; round++ {
		for k := rng.Intn(4); k > 0; k-- {
			e := event{t: now + rng.Int63n(spans[rng.Intn(len(spans))]), kind: evKind(rng.Intn(int(evHeartbeat))), ref: int32(round)}
			if calBucket(e.t) >= q.other.cur+calBuckets {
				far++
			}
			q.push(e)
			seq++
			e.seq = seq
			ref = append(ref, e)
		}
		for q.len() > 0 && rng.Intn(3) > 0 {
			now = popLikeScan(t, &q, &ref, pops).t
			pops++
		}
		require.Equal(t, len(ref), q.len())
	}
	require.Greater(t, pops, 20000)
	require.Positive(t, far, "no event went past the ring")
}

// popLikeScan pops q and requires the event a linear scan of ref finds
// smallest by (time, kind, insertion order), which it removes from ref.
func popLikeScan(t *testing.T, q *evHeap, ref *[]event, pops int) event {
	t.Helper()
	r := *ref
	m := 0
	for i := range r {
		if r[i].less(&r[m]) {
			m = i
		}
	}
	got := q.pop()
	require.Equal(t, r[m], got, "pop %d", pops)
	*ref = append(r[:m], r[m+1:]...)
	return got
}

// TestCalQueueFarBoundaries: events queued about a ring's span ahead,
// one and a half and two spans ahead, give or take a bucket or two (where
// the far list hands its events to the ring), pop in (time, kind,
// insertion order) as a linear scan finds it (events moved from far
// before those queued into the ring later at the same time and kind),
// with the calendar both
// stepping bucket by bucket and jumping over empty stretches.
func TestCalQueueFarBoundaries(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	var q evHeap
	var ref []event
	seq := uint64(0)
	now := int64(0)
	aheads := []int64{0, 1, calBuckets / 2, calBuckets - 1, calBuckets, calBuckets + 1, 3 * calBuckets / 2, 2 * calBuckets}
	pops, scans := 0, 0
	for round := 0; round < 20000; round++ {
		for k := rng.Intn(4); k > 0; k-- {
			b := calBucket(now) + aheads[rng.Intn(len(aheads))] + int64(rng.Intn(5)) - 2
			// Few times and kinds a bucket, so events moved from far
			// tie with those pushed into the ring later.
			kinds := []evKind{evDone, evSubmit}
			e := event{t: max(now, b<<calShift+512*rng.Int63n(2)), kind: kinds[rng.Intn(2)], ref: int32(round)}
			q.push(e)
			seq++
			e.seq = seq
			ref = append(ref, e)
		}
		for q.len() > 0 && rng.Intn(3) > 0 {
			before := len(q.other.far)
			now = popLikeScan(t, &q, &ref, pops).t
			if len(q.other.far) < before {
				scans++
			}
			pops++
		}
		require.Equal(t, len(ref), q.len())
	}
	require.Greater(t, pops, 20000)
	require.Greater(t, scans, 100, "the far list handed events to the ring")
}
