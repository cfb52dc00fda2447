package validate

import (
	"sync"
	"testing"

	"github.com/capq/capq/xmlconf"
)

// benchDiffQueues is the target: two 10,000-queue configurations.
const benchDiffQueues = 10000

// benchPair is OLD and NEW generated with different seeds, so capacities
// differ almost everywhere (a worst case for the change set).
var benchPair = sync.OnceValues(func() ([]byte, []byte) {
	return xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: benchDiffQueues, Seed: 1}),
		xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: benchDiffQueues, Seed: 2})
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
		o, n := loadBench(b, "old.xml", oldData), loadBench(b, "new.xml", newData)
		r := Refresh(o, n, RefreshOptions{})
		if len(r.Queues) < benchDiffQueues {
			b.Fatalf("%d queues in the change set", len(r.Queues))
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
