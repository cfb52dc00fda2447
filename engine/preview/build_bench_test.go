package preview

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"
)

// largeRun is a synthetic day at the simulate issue's scale: 1,000 leaf
// queues under 10 parents, 4 users each, 100,000 apps, a sample a minute.
func largeRun(seed int64) *Run {
	rng := rand.New(rand.NewSource(seed))
	const parents, leavesPer, samples = 10, 100, 1440
	r := &Run{EndMS: samples * 60_000, Queues: []QueueRun{{Path: "root", GuaranteedMB: 1 << 30, MaxMB: 1 << 30}}}
	var leaves []string
	for p := 0; p < parents; p++ {
		pp := fmt.Sprintf("root.p%d", p)
		r.Queues = append(r.Queues, QueueRun{Path: pp, GuaranteedMB: 1 << 27, MaxMB: 1 << 30})
		for l := 0; l < leavesPer; l++ {
			q := QueueRun{Path: fmt.Sprintf("%s.q%d", pp, l), Leaf: true, GuaranteedMB: 1 << 20, MaxMB: 1 << 22}
			for s := 0; s < samples; s++ {
				q.Series = append(q.Series, Sample{T: int64(s) * 60_000, UsedMB: rng.Int63n(1 << 21), PendingMB: rng.Int63n(1 << 20)})
			}
			r.Queues = append(r.Queues, q)
			leaves = append(leaves, q.Path)
		}
	}
	for i := 0; i < 100_000; i++ {
		sub := rng.Int63n(r.EndMS)
		first := sub + rng.Int63n(600_000)
		r.Apps = append(r.Apps, AppRun{ID: fmt.Sprintf("app_%d", i), Queue: leaves[rng.Intn(len(leaves))],
			User: fmt.Sprintf("u%d", rng.Intn(4000)), SubmitMS: sub, FirstMS: first, WaitMS: first - sub, FinishMS: first + rng.Int63n(3_600_000)})
	}
	return r
}

// BenchmarkBuildLarge is the preview's own work on a day-sized pair of
// runs: statistics, comparison, gates and the JSON report.
func BenchmarkBuildLarge(b *testing.B) {
	old, new := largeRun(1), largeRun(2)
	g, err := ParseAssert("* wait.p95 <= old*1.2", 1)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, errs := Build(Input{Old: old, New: new, Gates: []Gate{g}})
		if len(errs) > 0 {
			b.Fatal(errs)
		}
		var buf bytes.Buffer
		if err := WriteJSON(&buf, rep); err != nil {
			b.Fatal(err)
		}
	}
}
