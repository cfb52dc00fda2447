package validate

import (
	"os"
	"sync"
	"testing"
	"time"

	"github.com/capq/capq/xmlconf"
)

// The budget: linting the generated 10,000-queue configuration
// takes at most 2x reading it alone, and under a second.
var bench10k = sync.OnceValue(func() []byte {
	return xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: 10000, Seed: 1})
})

// readModel is "reading it alone": parse, merge and build the model.
func readModel(tb testing.TB, data []byte) *xmlconf.Model {
	doc, err := xmlconf.ReadBytes("capacity-scheduler.xml", data, xmlconf.ReadOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	return xmlconf.Build(xmlconf.NewConf(doc), xmlconf.BuildOptions{})
}

// BenchmarkRead10k reads and builds the 10,000-queue configuration.
func BenchmarkRead10k(b *testing.B) {
	data := bench10k()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		readModel(b, data)
	}
}

// BenchmarkLint10k is what `capq lint` does: read, build and lint.
func BenchmarkLint10k(b *testing.B) {
	data := bench10k()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		Lint(readModel(b, data), Options{})
	}
}

// BenchmarkLintOnly10k is the rules alone on a built model.
func BenchmarkLintOnly10k(b *testing.B) {
	m := readModel(b, bench10k())
	for b.Loop() {
		Lint(m, Options{})
	}
}

// TestLintBudget checks the budget with the benchmarks above. Timing is
// noisy on shared CI machines, so it runs only with CAPQ_PERF=1.
func TestLintBudget(t *testing.T) {
	if os.Getenv("CAPQ_PERF") != "1" {
		t.Skip("set CAPQ_PERF=1 to check the lint time budget")
	}
	read := testing.Benchmark(BenchmarkRead10k)
	lint := testing.Benchmark(BenchmarkLint10k)
	r, l := time.Duration(read.NsPerOp()), time.Duration(lint.NsPerOp())
	t.Logf("read+build %v, read+build+lint %v, ratio %.2f", r, l, float64(l)/float64(r))
	if l > 2*r {
		t.Errorf("lint takes %v, more than 2x reading (%v)", l, r)
	}
	if l > time.Second {
		t.Errorf("lint takes %v, more than 1s", l)
	}
}
