package validate

import (
	"sync"
	"testing"

	"github.com/capq/capq/xmlconf"
)

// benchDiffQueues is the target: two 10,000-queue configurations.
const benchDiffQueues = 10000

// benchPair is OLD and NEW: NEW is OLD with two top-level queues trading
// capacity (every absolute capacity below them moves) and a global AM
// share doubled (an effective change on every leaf): a large review.
var benchPair = sync.OnceValues(func() ([]byte, []byte) {
	old := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: benchDiffQueues, Seed: 1})
	edited, err := xmlconf.EditGenerated(old)
	if err != nil {
		panic(err) // xmlconf.TestEditGeneratedApplies says which
	}
	return old, edited
})

func loadBench(b *testing.B, name string, data []byte) *xmlconf.Model {
	l, err := xmlconf.Load(xmlconf.LoadOptions{CapacityScheduler: []xmlconf.Source{{Name: name, Data: data}}})
	if err != nil {
		b.Fatal(err)
	}
	return l.Model
}

// BenchmarkDiff10k is `capq diff` without output: read and build both
// files, then Refresh (NEW's lint included).
func BenchmarkDiff10k(b *testing.B) {
	oldData, newData := benchPair()
	b.ReportAllocs()
	for b.Loop() {
		// Load side by side, as capq diff does.
		var o *xmlconf.Model
		done := make(chan struct{})
		go func() { o = loadBench(b, "old.xml", oldData); close(done) }()
		n := loadBench(b, "new.xml", newData)
		<-done
		r := Refresh(o, n, RefreshOptions{})
		if len(r.Queues) < benchDiffQueues || !r.Accepted {
			b.Fatalf("%d queues in the change set, accepted %v: %v", len(r.Queues), r.Accepted, r.Findings)
		}
	}
}

// BenchmarkRefresh10k is Refresh alone on two built models.
func BenchmarkRefresh10k(b *testing.B) {
	oldData, newData := benchPair()
	o, n := loadBench(b, "old.xml", oldData), loadBench(b, "new.xml", newData)
	b.ReportAllocs()
	for b.Loop() {
		Refresh(o, n, RefreshOptions{})
	}
}
