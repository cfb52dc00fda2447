package sim

import (
	"bytes"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/engine/internal/cputime"
	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
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

// modelFrom builds xml as the one configuration of the ResourceManager and
// its scheduler, as Hadoop's tests hand MockRM one configuration: the
// settings Hadoop reads from the ResourceManager's configuration alone
// (xmlconf.RMOnlySettings, the scheduling monitor's) are read from it too.
func modelFrom(t testing.TB, xml []byte) *xmlconf.Model {
	t.Helper()
	doc, err := xmlconf.ReadBytes("cs.xml", xml, xmlconf.ReadOptions{})
	require.NoError(t, err)
	return xmlconf.Build(xmlconf.NewConf(doc), xmlconf.BuildOptions{})
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

// scaleSize is one row of TestScaleTable: nodes, leaf queues and apps
// (a contended day's target utilization decides its apps instead).
type scaleSize struct{ nodes, leaves, apps int }

// scaleDay is one of TestScaleTable's tables.
type scaleDay struct {
	sizes []scaleSize
	// contended days are sim.ContendedDay at each size's nodes (the
	// documented `capq gen workload` day), preemption on.
	contended bool
}

// scaleDays are TestScaleTable's tables by CAPQ_SCALE_DAY.
var scaleDays = map[string]scaleDay{
	// How time grows on an idle cluster (the command's defaults with
	// --apps, so bursts but no target).
	"": {sizes: []scaleSize{
		{1000, 100, 10000}, {3000, 100, 10000}, {10000, 100, 10000},
		{1000, 300, 10000}, {1000, 1000, 10000},
		{1000, 100, 30000}, {1000, 100, 100000},
		{300, 100, 10000},
	}},
	"1":   {sizes: []scaleSize{{10000, 1000, 100000}}},  // the README's generated day
	"10k": {sizes: []scaleSize{{10000, 10000, 100000}}}, // #19's wide tree
	// Clusters about 5 to 20 times too small for the idle rows' apps, so
	// limits bind and apps wait.
	"busy": {sizes: []scaleSize{{25, 100, 10000}, {100, 100, 30000}, {100, 1000, 10000}, {250, 1000, 30000}}},
	"wide": {sizes: []scaleSize{{1000, 1000, 10000}, {100, 1000, 10000}}}, // idle and busy
	// #19's contended day over 1,000 and 10,000 leaves.
	"contended":    {sizes: []scaleSize{{10000, 1000, 0}}, contended: true},
	"contended10k": {sizes: []scaleSize{{10000, 10000, 0}}, contended: true},
	// How time grows on busy clusters: the contended day (apps in
	// proportion to nodes) at 3% and 10% of its nodes, over 100 and 1,000
	// leaves; minutes of CPU in all (BENCHMARKS.md).
	"busygrowth":     {sizes: []scaleSize{{300, 100, 0}, {1000, 100, 0}, {1000, 1000, 0}}, contended: true},
	"contendedtenth": {sizes: []scaleSize{{1000, 100, 0}}, contended: true},  // a tenth of the day, in a minute
	"busygrowth3k":   {sizes: []scaleSize{{3000, 1000, 0}}, contended: true}, // 30%: too slow to finish yet (BENCHMARKS.md)
}

// TestScaleTable prints how run time grows with nodes, queues and apps
// (CAPQ_SCALE=1 go test -run TestScaleTable -v ./engine/sim/), one
// table per CAPQ_SCALE_DAY (scaleDays). CAPQ_SCALE_UNTIL (e.g. 24h)
// stops the simulated clock there: use% is then the average over that
// span, e.g. over the generated day's 24 hours.
func TestScaleTable(t *testing.T) {
	if os.Getenv("CAPQ_SCALE") == "" {
		t.Skip("set CAPQ_SCALE=1 to measure")
	}
	day, ok := scaleDays[os.Getenv("CAPQ_SCALE_DAY")]
	if !ok {
		t.Fatalf("CAPQ_SCALE_DAY=%q: want one of the keys of scaleDays", os.Getenv("CAPQ_SCALE_DAY"))
	}
	var until int64
	if u := os.Getenv("CAPQ_SCALE_UNTIL"); u != "" {
		d, err := time.ParseDuration(u)
		require.NoError(t, err)
		until = d.Milliseconds()
	}
	t.Log("| nodes | leaves | apps | containers | heartbeats | CPU s | wall s | simulated | use% | reservations | preempted | rejected | last app submitted |")
	for _, s := range day.sizes {
		scaleRow(t, s, day.contended, until)
	}
}

// scaleDayInputs builds a TestScaleTable row's configuration and workload.
func scaleDayInputs(t *testing.T, s scaleSize, contended bool) (*xmlconf.Model, *Workload) {
	xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(s.leaves), FanOut: 10, Seed: 1})
	o := ContendedDay(s.nodes)
	if contended {
		xml = withPreemption(t, xml)
	} else {
		// capq gen workload --apps A --nodes N --seed 1: bursts on, no
		// target (--apps turns it off).
		o = CommandGenOptions()
		o.Apps, o.Nodes, o.TargetUtilization = s.apps, s.nodes, 0
	}
	m := modelFrom(t, xml)
	require.Equal(t, contended, m.Global.Preemption.Enabled.V, "preemption on in the contended days only")
	w, err := Generate(m, o)
	require.NoError(t, err)
	return m, w
}

// scaleRow runs one row of TestScaleTable and logs it, with the CPU so
// far every simulated hour: a day too slow to finish on a loaded machine
// still leaves figures.
func scaleRow(t *testing.T, s scaleSize, contended bool, until int64) {
	m, w := scaleDayInputs(t, s, contended)
	start, cpu0 := time.Now(), cputime.Process()
	// With the series, 10,000 leaves over a day pass MaxSeriesPoints:
	// the table measures their cost, uncapped.
	ro := Options{Seed: 1, SkipSeries: os.Getenv("CAPQ_SCALE_SERIES") == "", MaxContainers: 10_000_000, MaxEvents: -1, Until: until, maxSeriesPoints: 1 << 62}
	nextHour := int64(3600 * 1000)
	ro.Progress = func(p Progress) {
		if p.NowMS >= nextHour {
			t.Logf("  at %s: %.1f s CPU, %.1f s wall, %d containers, %d of %d apps done",
				fmtMS(p.NowMS), (cputime.Process() - cpu0).Seconds(), time.Since(start).Seconds(), p.ContainersAllocated, p.AppsDone, p.AppsTotal)
			nextHour = (p.NowMS/3600/1000 + 1) * 3600 * 1000
		}
	}
	res, err := Run(m, w, ro)
	require.NoError(t, err)
	el, cpu := time.Since(start), cputime.Process()-cpu0
	t.Logf("| %6d | %5d | %7d | %9d | %9d | %7.1f | %7.1f | %s | %.1f | %d | %d | %d | %s |",
		s.nodes, s.leaves, len(w.Apps), res.Summary.ContainersAllocated, res.Summary.Heartbeats,
		cpu.Seconds(), el.Seconds(), fmtMS(res.Summary.SimulatedMS), usePercent(res),
		res.Summary.Reservations, len(res.Preemptions), res.Summary.AppsRejected, fmtMS(w.Apps[len(w.Apps)-1].SubmitMS))
}

// usePercent is the root queue's average used share of the cluster's
// memory over the simulated span.
func usePercent(res *Result) float64 {
	return 100 * float64(res.Queue("root").AvgUsedMB) / float64(res.Cluster.MemoryMB)
}

// withPreemption turns the preemption monitor on in a generated
// configuration. It fails rather than return the bytes unchanged: a
// benchmark whose edit no longer applies would measure another day.
func withPreemption(t testing.TB, xml []byte) []byte {
	t.Helper()
	end := []byte("</configuration>")
	if bytes.Count(xml, end) != 1 {
		t.Fatalf("withPreemption: want one %s in the configuration, found %d", end, bytes.Count(xml, end))
	}
	return bytes.Replace(xml, end, []byte(preemptionOn+string(end)), 1)
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

// busyIdleDay is the workload of BenchmarkBusyVsIdle: DefaultGenOptions
// with 2,000 apps (about 100,000 containers) over 100 leaf queues; only
// the node count differs between the two runs.
func busyIdleDay(b testing.TB, nodes int) (*xmlconf.Model, *Workload) {
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
			cpu0 := cputime.Process()
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
			b.ReportMetric(float64((cputime.Process()-cpu0).Nanoseconds())/per, "cpu-ns/container")
			b.ReportMetric(100*float64(res.Queue("root").AvgUsedMB)/float64(res.Cluster.MemoryMB), "use%")
			b.ReportMetric(float64(res.Summary.Reservations), "resv/op")
		})
	}
}

// fatalRecorder is a testing.TB whose Fatalf records the message instead
// of stopping the test, to check a guard fails.
type fatalRecorder struct {
	testing.TB
	failed string
}

func (f *fatalRecorder) Helper() {}

func (f *fatalRecorder) Fatalf(format string, args ...any) { f.failed = fmt.Sprintf(format, args...) }

// TestWithPreemptionFailsWhenItCannotApply: the contended days' edit
// fails when the configuration has no single closing tag, and turns the
// monitor on when it has.
func TestWithPreemptionFailsWhenItCannotApply(t *testing.T) {
	for _, xml := range []string{"<configuration/>", "<configuration></configuration></configuration>"} {
		r := &fatalRecorder{TB: t}
		withPreemption(r, []byte(xml))
		assert.Contains(t, r.failed, "want one </configuration>", xml)
	}
	r := &fatalRecorder{TB: t}
	m := modelFrom(t, withPreemption(r, []byte(twoQueues)))
	assert.Empty(t, r.failed)
	assert.True(t, m.Global.Preemption.Enabled.V)
}

// TestSchedulingPlacesOnePerHeartbeat pins what BenchmarkScheduling's doc
// says it measures: with the default maximum-offswitch-assignments (1)
// a heartbeat places at most one container, and every beat but at most
// one per node (the one that finds the asks met) places one.
func TestSchedulingPlacesOnePerHeartbeat(t *testing.T) {
	m := modelFrom(t, []byte(twoQueues))
	for _, nodes := range []int{500, 5000} {
		res, err := Run(m, schedulingWorkload(nodes, 10000), Options{Until: 3600 * 1000})
		require.NoError(t, err)
		assert.Equal(t, int64(10002), res.Summary.ContainersAllocated, "10,000 tasks and 2 AMs")
		hb := res.Summary.Heartbeats
		assert.True(t, res.Summary.ContainersAllocated <= hb && hb <= res.Summary.ContainersAllocated+int64(nodes),
			"%d nodes: %d heartbeats for %d containers", nodes, hb, res.Summary.ContainersAllocated)
	}
}

// TestBusyVsIdleDiffersOnlyInNodes: BenchmarkBusyVsIdle's pair has the
// same apps (arrivals, queues, users, tasks) and the same node size; only
// the node count differs.
func TestBusyVsIdleDiffersOnlyInNodes(t *testing.T) {
	_, idle := busyIdleDay(t, 2000)
	_, busy := busyIdleDay(t, 4)
	assert.Equal(t, idle.Apps, busy.Apps)
	require.Len(t, idle.Cluster.Nodes, 1)
	require.Len(t, busy.Cluster.Nodes, 1)
	in, bn := idle.Cluster.Nodes[0], busy.Cluster.Nodes[0]
	assert.Equal(t, []int{2000, 4}, []int{in.Count, bn.Count})
	in.Count, in.Racks, bn.Count, bn.Racks = 0, 0, 0, 0
	assert.Equal(t, in, bn, "the same nodes apart from their count (and so their racks)")
}
