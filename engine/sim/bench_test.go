package sim

import (
	"bytes"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/require"
)

// twoQueues is the configuration of YuniKorn's BenchmarkScheduling: two
// leaf queues under root.
const twoQueues = `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a,b</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>50</value></property>
<property><name>yarn.scheduler.capacity.root.b.capacity</name><value>50</value></property>
<property><name>yarn.scheduler.capacity.root.a.user-limit-factor</name><value>2</value></property>
<property><name>yarn.scheduler.capacity.root.b.user-limit-factor</name><value>2</value></property>
<property><name>yarn.scheduler.minimum-allocation-mb</name><value>10</value></property>
</configuration>`

func modelFrom(t testing.TB, xml []byte) *xmlconf.Model {
	t.Helper()
	l, err := xmlconf.Load(xmlconf.LoadOptions{CapacityScheduler: []xmlconf.Source{{Name: "cs.xml", Data: xml}}})
	require.NoError(t, err)
	return l.Model
}

// schedulingWorkload is BenchmarkScheduling's shape: two apps, one per
// queue, asking for containers of 10 MB and 1 vcore that outlive the run.
func schedulingWorkload(nodes, containers int) *Workload {
	w := &Workload{Name: "bench", Cluster: Cluster{Nodes: []NodeGroup{{Count: nodes, MemoryMB: 128 * 1024, VCores: 128}}}}
	for i, q := range []string{"a", "b"} {
		w.Apps = append(w.Apps, App{ID: fmt.Sprintf("app-%d", i), Queue: q, User: "u", AM: engine.Resource{MemoryMB: 10, VCores: 1},
			Tasks: []TaskGroup{{Count: containers / 2, MemoryMB: 10, VCores: 1, DurationMS: 1 << 40, Priority: 1}}})
	}
	return w
}

// BenchmarkScheduling reports container allocations per second of wall
// time for 2 queues, 2 apps and 10,000 or 100,000 containers of 10 MB on
// 500 to 5,000 nodes, through the whole simulator: engine construction,
// node registration, heartbeats and bookkeeping. The asks are off-switch,
// so with the default maximum-offswitch-assignments (1) each heartbeat
// places about one container: it measures heartbeat throughput on an
// idle cluster (no limit binds, nothing is reserved), the easy path;
// BenchmarkBusyVsIdle measures the contended one.
func BenchmarkScheduling(b *testing.B) {
	m := modelFrom(b, []byte(twoQueues))
	for _, nodes := range []int{500, 1000, 2000, 5000} {
		for _, containers := range []int{10000, 100000} {
			b.Run(fmt.Sprintf("nodes=%d/containers=%d", nodes, containers), func(b *testing.B) {
				w := schedulingWorkload(nodes, containers)
				var allocated int64
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					res, err := Run(m, w, Options{Until: 3600 * 1000})
					if err != nil {
						b.Fatal(err)
					}
					allocated += res.Summary.ContainersAllocated
				}
				b.ReportMetric(float64(allocated)/b.Elapsed().Seconds(), "allocs/s")
			})
		}
	}
}

// TestScaleTable prints how run time grows with nodes, queues and apps
// (CAPQ_SCALE=1 go test -run TestScaleTable -v ./engine/sim/).
func TestScaleTable(t *testing.T) {
	if os.Getenv("CAPQ_SCALE") == "" {
		t.Skip("set CAPQ_SCALE=1 to measure")
	}
	type size struct{ nodes, leaves, apps int }
	sizes := []size{
		{1000, 100, 10000}, {3000, 100, 10000}, {10000, 100, 10000},
		{1000, 300, 10000}, {1000, 1000, 10000},
		{1000, 100, 30000}, {1000, 100, 100000},
		{300, 100, 10000},
	}
	contended := false
	switch os.Getenv("CAPQ_SCALE_DAY") {
	case "":
	case "contended", "contended10k":
		// #19's contended day: tasks of 140 minutes on average instead of
		// 2, so 100,026 apps ask for 95% of the memory of 10,000 nodes
		// over the day (capq gen workload --task-duration 140m
		// --target-utilization 0.95), with preemption on.
		contended = true
		sizes = []size{{10000, 1000, 100026}}
		if os.Getenv("CAPQ_SCALE_DAY") == "contended10k" {
			sizes = []size{{10000, 10000, 100026}}
		}
	case "10k":
		sizes = []size{{10000, 10000, 100000}} // #19's wide tree
	case "busy":
		// Contended clusters: about 5 to 20 times too few nodes for the
		// idle rows' apps, so limits bind and apps wait.
		sizes = []size{{25, 100, 10000}, {100, 100, 30000}, {100, 1000, 10000}, {250, 1000, 30000}}
	case "wide":
		sizes = []size{{1000, 1000, 10000}, {100, 1000, 10000}} // idle and busy
	default:
		sizes = []size{{10000, 1000, 100000}}
	}
	t.Log("| nodes | leaves | apps | containers | heartbeats | CPU s | wall s | simulated | use% | reservations |")
	for _, s := range sizes {
		xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(s.leaves), FanOut: 10, Seed: 1})
		o := DefaultGenOptions()
		o.Apps, o.Nodes = s.apps, s.nodes
		if contended {
			xml = bytes.Replace(xml, []byte("</configuration>"), []byte(preemptionOn+"</configuration>"), 1)
			o.DurationMeanMS = 140 * 60 * 1000
		}
		m := modelFrom(t, xml)
		w, err := Generate(m, o)
		require.NoError(t, err)
		// CAPQ_SCALE_UNTIL (e.g. 4h) stops the simulated clock early, to
		// profile a day too slow to finish.
		var until int64
		if u := os.Getenv("CAPQ_SCALE_UNTIL"); u != "" {
			d, err := time.ParseDuration(u)
			require.NoError(t, err)
			until = d.Milliseconds()
		}
		start, cpu0 := time.Now(), cpuTime()
		ro := Options{Seed: 1, SkipSeries: os.Getenv("CAPQ_SCALE_SERIES") == "", MaxContainers: 10_000_000, MaxEvents: -1, Until: until}
		// Every simulated hour, the CPU so far: a day too slow to finish
		// on a loaded machine still leaves figures.
		nextHour := int64(3600 * 1000)
		ro.Progress = func(p Progress) {
			if p.NowMS >= nextHour {
				t.Logf("  at %s: %.1f s CPU, %.1f s wall, %d containers, %d of %d apps done",
					fmtMS(p.NowMS), (cpuTime() - cpu0).Seconds(), time.Since(start).Seconds(), p.ContainersAllocated, p.AppsDone, p.AppsTotal)
				nextHour = (p.NowMS/3600/1000 + 1) * 3600 * 1000
			}
		}
		res, err := Run(m, w, ro)
		require.NoError(t, err)
		el, cpu := time.Since(start), cpuTime()-cpu0
		t.Logf("| %6d | %5d | %7d | %9d | %9d | %7.1f | %7.1f | %s | %.1f | %d | %d preempted |",
			s.nodes, s.leaves, s.apps, res.Summary.ContainersAllocated, res.Summary.Heartbeats,
			cpu.Seconds(), el.Seconds(), fmtMS(res.Summary.SimulatedMS),
			100*float64(res.Queue("root").AvgUsedMB)/float64(res.Cluster.MemoryMB), res.Summary.Reservations, len(res.Preemptions))
	}
}

// preemptionOn turns ProportionalCapacityPreemptionPolicy on (Hadoop's
// default policy list; yarn.resourcemanager.scheduler.monitor.enable).
const preemptionOn = `<property><name>yarn.resourcemanager.scheduler.monitor.enable</name><value>true</value></property>`

// queuesFor is the GenerateConfig queue count whose tree (fan-out 10) has
// about n leaves: 10 + 100 + ... levels, leaves on the last.
func queuesFor(leaves int) int {
	total, level := 0, 1
	for level*10 <= leaves {
		level *= 10
		total += level
	}
	if rest := leaves - level; rest > 0 {
		// Partially fill the next level: each new child turns a leaf into
		// a parent, so the leaf count grows by (fan-out - 1) per parent.
		total += rest + rest/9
	}
	return total
}

// cpuTime is the process's user and system CPU time so far: the machine
// is shared, so CPU time says more than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// busyIdleDay is the workload of BenchmarkBusyVsIdle: DefaultGenOptions
// with 2,000 apps (about 100,000 containers) over 100 leaf queues; only
// the node count differs between the two runs.
func busyIdleDay(b *testing.B, nodes int) (*xmlconf.Model, *Workload) {
	m := modelFrom(b, xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1}))
	o := DefaultGenOptions()
	o.Apps, o.Nodes = 2000, nodes
	w, err := Generate(m, o)
	require.NoError(b, err)
	return m, w
}

// BenchmarkBusyVsIdle times whole Run calls (engine construction,
// heartbeats and bookkeeping; not generating the workload) of the same
// apps on a cluster too big to contend (idle: 2,000 nodes) and on one
// that is short of memory all day (busy: 4 nodes, about half the memory
// in use on average under queue maximums and user limits: reservations,
// user and queue limits binding, apps waiting). Both place every
// container. ns/container is the figure #19 compares (busy at most 2x
// idle); cpu-ns/container is the same in process CPU time (GC workers
// included), steadier on a shared machine; use% is the root queue's average used share of the cluster and
// resv/op the reservations made, to show which path ran.
func BenchmarkBusyVsIdle(b *testing.B) {
	for _, c := range []struct {
		name  string
		nodes int
	}{{"idle", 2000}, {"busy", 4}} {
		b.Run(c.name, func(b *testing.B) {
			m, w := busyIdleDay(b, c.nodes)
			var res *Result
			cpu0 := cpuTime()
			for b.Loop() {
				var err error
				if res, err = Run(m, w, Options{Seed: 1, SkipSeries: true}); err != nil {
					b.Fatal(err)
				}
			}
			if res.Summary.AppsFinished != len(w.Apps) {
				b.Fatalf("%d of %d apps finished", res.Summary.AppsFinished, len(w.Apps))
			}
			per := float64(b.N) * float64(res.Summary.ContainersAllocated)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/container")
			b.ReportMetric(float64((cpuTime()-cpu0).Nanoseconds())/per, "cpu-ns/container")
			b.ReportMetric(100*float64(res.Queue("root").AvgUsedMB)/float64(res.Cluster.MemoryMB), "use%")
			b.ReportMetric(float64(res.Summary.Reservations), "resv/op")
		})
	}
}
