package engine

import (
	"fmt"
	"testing"
	"time"

	"github.com/capq/capq/engine/internal/cputime"
	"github.com/capq/capq/xmlconf"
)

// benchModel is the YuniKorn-style benchmark configuration: two leaf
// queues, 10 MB minimum allocation so 10 MB containers are not rounded up.
func benchModel(tb testing.TB, offSwitch int) *xmlconf.Model {
	tb.Helper()
	c := xmlconf.FromMap(map[string]string{
		"yarn.scheduler.capacity.root.queues":                                      "a,b",
		"yarn.scheduler.capacity.root.a.capacity":                                  "50",
		"yarn.scheduler.capacity.root.b.capacity":                                  "50",
		"yarn.scheduler.capacity.root.a.user-limit-factor":                         "2",
		"yarn.scheduler.capacity.root.b.user-limit-factor":                         "2",
		"yarn.scheduler.minimum-allocation-mb":                                     "10",
		"yarn.scheduler.capacity.per-node-heartbeat.maximum-offswitch-assignments": fmt.Sprint(offSwitch),
	}, "bench")
	m := xmlconf.Build(c, xmlconf.BuildOptions{})
	if m.Root == nil {
		tb.Fatal("bench model has no root")
	}
	return m
}

func benchNodes(n int) []NodeSpec {
	nodes := make([]NodeSpec, n)
	for i := range nodes {
		nodes[i] = NodeSpec{ID: fmt.Sprintf("n%d", i), Rack: fmt.Sprintf("/r%d", i%20), MemoryMB: 64 * 1024, VCores: 64}
	}
	return nodes
}

// runBench allocates `containers` containers of 10 MB/1 vcore for two apps
// in two queues by heartbeating nodes round-robin; it returns the number
// of allocations made.
func runBench(tb testing.TB, m *xmlconf.Model, nodes, containers int) int {
	e, err := New(m, benchNodes(nodes), Options{})
	if err != nil {
		tb.Fatal(err)
	}
	for i, q := range []string{"root.a", "root.b"} {
		id := fmt.Sprintf("app%d", i)
		if err := e.SubmitApp(AppSpec{ID: id, Queue: q, User: "u" + id}); err != nil {
			tb.Fatal(err)
		}
		if err := e.UpdateAsks(id, []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{10, 1}, Count: containers / 2}}); err != nil {
			tb.Fatal(err)
		}
	}
	allocated := 0
	for round := 0; allocated < containers && round < containers; round++ {
		for n := 0; n < nodes && allocated < containers; n++ {
			for _, a := range e.Heartbeat(n) {
				if a.Kind == AssignAllocated {
					allocated++
				}
			}
		}
	}
	return allocated
}

// BenchmarkAllocation is the YuniKorn-style throughput benchmark: 2 leaf
// queues, 2 apps, 500 to 5,000 nodes, 10,000+ containers of 10 MB/1 vcore.
// It reports allocations per second, and the process's CPU time per
// iteration (cpu-ns/op, GC workers included): the machine is shared, and
// CPU time drifts less with the load than wall time.
func BenchmarkAllocation(b *testing.B) {
	for _, tc := range []struct{ nodes, containers, offSwitch int }{
		{500, 10000, 1}, {5000, 10000, 1}, {500, 50000, 100}, {5000, 50000, 100},
	} {
		name := fmt.Sprintf("nodes=%d/containers=%d/offswitch=%d", tc.nodes, tc.containers, tc.offSwitch)
		b.Run(name, func(b *testing.B) {
			m := benchModel(b, tc.offSwitch)
			var total int
			var elapsed time.Duration
			cpu0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				total += runBench(b, m, tc.nodes, tc.containers)
				elapsed += time.Since(start)
			}
			b.ReportMetric(float64(total)/elapsed.Seconds(), "allocs/s")
			b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}

func TestBenchShapeAllocatesEverything(t *testing.T) {
	m := benchModel(t, 1)
	if got := runBench(t, m, 500, 10000); got != 10000 {
		t.Fatalf("allocated %d containers, want 10000", got)
	}
}

// BenchmarkWideTree measures a pass over 1,000 leaves under one parent
// with an app in each (the 1,000-queue simulation shape): one container of
// 1 GB per pass on 10,000 nodes.
func BenchmarkWideTree(b *testing.B) {
	const queues = 1000
	kv := map[string]string{"yarn.scheduler.capacity.per-node-heartbeat.maximum-offswitch-assignments": "100"}
	names := ""
	for i := 0; i < queues; i++ {
		if i > 0 {
			names += ","
		}
		names += fmt.Sprintf("q%d", i)
		kv[fmt.Sprintf("yarn.scheduler.capacity.root.q%d.capacity", i)] = "0.1"
		kv[fmt.Sprintf("yarn.scheduler.capacity.root.q%d.user-limit-factor", i)] = "100"
	}
	kv["yarn.scheduler.capacity.root.queues"] = names
	m := xmlconf.Build(xmlconf.FromMap(kv, "wide"), xmlconf.BuildOptions{})
	e, err := New(m, benchNodes(10000), Options{})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < queues; i++ {
		id := fmt.Sprintf("app%d", i)
		if err := e.SubmitApp(AppSpec{ID: id, Queue: fmt.Sprintf("root.q%d", i), User: "u"}); err != nil {
			b.Fatal(err)
		}
		if err := e.UpdateAsks(id, []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{1024, 1}, Count: 1 << 20}}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		if e.AssignOnce(n).Kind != AssignAllocated {
			n++ // node full: move on
			if n == e.NumNodes() {
				b.Fatal("cluster full")
			}
		}
	}
}
