package sim

import (
	"math"
	"sort"
	"testing"
	"unsafe"

	"github.com/capq/capq/engine"
	"github.com/stretchr/testify/assert"
)

// TestSweepOrder: slots come out in (time, phase, index) order, cycle by
// cycle; a node added back after its beat beats next cycle, one added
// before its slot beats in this one, and seek moves to an event's time.
func TestSweepOrder(t *testing.T) {
	nodes := []nodeState{{phase: 5}, {phase: 5}, {phase: 0}, {phase: 9}}
	var flags nodeFlags
	flags.grow(len(nodes))
	for _, i := range []int32{0, 1, 2} {
		flags.set(i, flagScheduled)
	}
	var p parkSet
	p.rebuild(nodes)
	s := sweep{on: true}
	s.rebuild(&p, flags, 10, 0)
	type slot struct {
		node int32
		t    int64
	}
	pop := func() slot {
		rk, at, ok := s.next(&p, 10)
		if !ok {
			return slot{-1, -1}
		}
		s.take(&p, 10, rk, at)
		return slot{p.byPhase[rk], at}
	}
	assert.Equal(t, slot{2, 0}, pop())
	s.add(&p, 2) // beat at 0: next at 10
	s.add(&p, 3) // not yet beaten this cycle: at 9
	assert.Equal(t, slot{0, 5}, pop())
	assert.Equal(t, slot{1, 5}, pop())
	s.add(&p, 0) // its slot at 5 has passed, as has node 1's
	assert.Equal(t, slot{3, 9}, pop())
	assert.Equal(t, slot{2, 10}, pop())
	assert.Equal(t, slot{0, 15}, pop())
	assert.Equal(t, slot{-1, -1}, pop())

	// An event at 31 moves the cursor: node 1 beats at 35, node 2 at 40.
	s.seek(&p, 10, 31)
	s.add(&p, 2)
	s.add(&p, 1)
	assert.Equal(t, slot{1, 35}, pop())
	assert.Equal(t, slot{2, 40}, pop())
}

// TestFastStop: a fastRun answers beats up to the queue's next event
// (the heartbeats of that millisecond too when the event's kind sorts
// after theirs) and up to Until itself, not the millisecond after: the
// loop stops at the first event after Until.
func TestFastStop(t *testing.T) {
	for _, c := range []struct {
		name  string
		until int64
		next  *event
		want  int64
	}{
		{"nothing queued, no Until", 0, nil, math.MaxInt64},
		{"a beat at Until runs, one after it does not", 5000, nil, 5001},
		{"a completion goes before the beats of its millisecond", 0, &event{t: 300, kind: evDone}, 300},
		{"an asynchronous pass goes after them", 0, &event{t: 300, kind: evAsync}, 301},
		{"Until before the next event", 100, &event{t: 300, kind: evDone}, 101},
	} {
		r := &run{opts: Options{Until: c.until}}
		if c.next != nil {
			r.q.push(*c.next)
		}
		assert.Equal(t, c.want, r.fastStop(), c.name)
	}
}

// TestNodeRoomIsHalfALine keeps the sweep's mirror entry at 32 bytes, so
// that an entry of the page-aligned mirror never straddles two cache
// lines (a one-by-one futile answer reads one entry).
func TestNodeRoomIsHalfALine(t *testing.T) {
	assert.Equal(t, uintptr(32), unsafe.Sizeof(nodeRoom{}))
}

// TestClassOfNumbersEachClassOnce checks the mirror's class numbers: the
// same total and partition get the same number, whatever the hint.
func TestClassOfNumbersEachClassOnce(t *testing.T) {
	var s sweep
	a := s.classOf(engine.Resource{MemoryMB: 8192, VCores: 8}, "", 0)
	b := s.classOf(engine.Resource{MemoryMB: 8192, VCores: 8}, "gpu", a)
	assert.NotEqual(t, a, b)
	assert.Equal(t, a, s.classOf(engine.Resource{MemoryMB: 8192, VCores: 8}, "", b))
	assert.Equal(t, b, s.classOf(engine.Resource{MemoryMB: 8192, VCores: 8}, "gpu", 7))
	assert.Len(t, s.classes, 2)
}

// TestFirstAtOrAfterMatchesASearchOfEveryPhase: the bucketed search
// answers as a binary search over every position would, for any phase
// (repeated phases, empty buckets, phases past the last and below zero).
func TestFirstAtOrAfterMatchesASearchOfEveryPhase(t *testing.T) {
	rng := newJavaRandom(7)
	for _, n := range []int{0, 1, 2, 3, 5, 17, 64, 1000} {
		for _, hb := range []int64{1, 3, 1000, 86_400_000} {
			nodes := make([]nodeState, n)
			for i := range nodes {
				nodes[i].phase = rng.nextLong() & math.MaxInt64 % hb
			}
			var p parkSet
			p.rebuild(nodes)
			probes := []int64{math.MinInt64, math.MaxInt64}
			for phase := int64(-2); phase <= hb+2; phase += max(1, hb/5000) {
				probes = append(probes, phase)
			}
			for _, ph := range p.phases {
				probes = append(probes, ph-1, ph, ph+1)
			}
			for _, phase := range probes {
				want := sort.Search(len(p.phases), func(k int) bool { return p.phases[k] >= phase })
				if got := p.firstAtOrAfter(phase); got != want {
					t.Fatalf("n %d, hb %d, phase %d: %d, want %d", n, hb, phase, got, want)
				}
			}
		}
	}
}
