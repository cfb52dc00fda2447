package preview

import (
	"bytes"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/capq/capq/engine/internal/cputime"
	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/xmlconf"
)

// benchSize is the generated day a preview benchmark runs. The default
// keeps `make bench` short; CAPQ_PREVIEW_BENCH=day runs the simulate
// issue's day (10,000 nodes, 1,000 leaf queues, 100,000 apps) and
// CAPQ_PREVIEW_BENCH=contended #19's contended day (sim.ContendedDay,
// preemption on; CAPQ_PREVIEW_UNTIL, e.g. 1h, stops both runs early),
// contendedtenth that day at a tenth of its size.
type benchSize struct {
	nodes, queues, apps int
	contended           bool
}

func previewBenchSize() benchSize {
	switch os.Getenv("CAPQ_PREVIEW_BENCH") {
	case "day":
		return benchSize{nodes: 10000, queues: 1000, apps: 100000}
	case "contended":
		return benchSize{nodes: 10000, queues: 1110, contended: true}
	case "contendedtenth":
		// The same day at a tenth of its nodes and leaves (100), whole
		// in about 20 s per simulation.
		return benchSize{nodes: 1000, queues: 110, contended: true}
	case "medium":
		return benchSize{nodes: 2000, queues: 200, apps: 20000}
	}
	return benchSize{nodes: 500, queues: 50, apps: 5000}
}

// benchInputs generates a config, a changed config (every top-level
// queue's maximum-capacity halved to 50) and a seeded day for it.
func benchInputs(b *testing.B, sz benchSize) (old, new *xmlconf.Model, w *sim.Workload) {
	b.Helper()
	data := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: sz.queues, Seed: 1})
	doc, err := xmlconf.ReadBytes("bench.xml", data, xmlconf.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	conf := xmlconf.NewConf(doc)
	if sz.contended {
		conf.Set("yarn.resourcemanager.scheduler.monitor.enable", "true")
	}
	old = xmlconf.Build(conf, xmlconf.BuildOptions{Version: xmlconf.DefaultVersion})
	if old.Global.Preemption.Enabled.V != sz.contended {
		b.Fatalf("preemption on: %v, want %v", old.Global.Preemption.Enabled.V, sz.contended)
	}
	changed := conf.Clone()
	for _, q := range old.Root.Children {
		changed.Set(q.Key("maximum-capacity"), "50")
	}
	new = xmlconf.Build(changed, xmlconf.BuildOptions{Version: xmlconf.DefaultVersion})
	w, err = sim.Generate(old, benchGenOptions(sz))
	if err != nil {
		b.Fatal(err)
	}
	return old, new, w
}

// benchGenOptions is the day `capq gen workload --apps A --nodes N --seed
// 1` generates: the command's defaults (a reduce phase for 30% of apps,
// bursts), not GenOptions' zero values (no reduce phase, no bursts); the
// contended size is sim.ContendedDay, the documented command's day.
func benchGenOptions(sz benchSize) sim.GenOptions {
	if sz.contended {
		return sim.ContendedDay(sz.nodes)
	}
	o := sim.CommandGenOptions()
	o.Seed, o.Apps, o.Nodes, o.TargetUtilization = 1, sz.apps, sz.nodes, 0
	return o
}

// benchUntil is CAPQ_PREVIEW_UNTIL in simulated milliseconds (0: whole
// days).
func benchUntil(b *testing.B) int64 {
	u := os.Getenv("CAPQ_PREVIEW_UNTIL")
	if u == "" {
		return 0
	}
	d, err := time.ParseDuration(u)
	if err != nil {
		b.Fatal(err)
	}
	return d.Milliseconds()
}

// BenchmarkPreview compares one simulation of a generated day with a
// whole preview of it (both simulations at once, statistics, comparison
// and the JSON report). On two cores the preview should take at most
// twice one simulation (the bar); "x-one-sim" is the ratio to
// the old configuration's simulation, "s/one-sim-new" shows the new one
// alone (a stricter cap can make it slower).
func BenchmarkPreview(b *testing.B) {
	sz := previewBenchSize()
	old, new, w := benchInputs(b, sz)
	opts := sim.Options{Seed: 1, Until: benchUntil(b)}
	if sz.contended {
		opts.MaxContainers, opts.MaxEvents = 10_000_000, -1
	}
	b.Run(fmt.Sprintf("nodes=%d/queues=%d/apps=%d", sz.nodes, sz.queues, len(w.Apps)), func(b *testing.B) {
		var one, oneNew, both, compare, oneCPU, newCPU, bothCPU time.Duration
		for i := 0; i < b.N; i++ {
			tn, cn := time.Now(), cputime.Process()
			if _, err := sim.Run(new, w, opts); err != nil {
				b.Fatal(err)
			}
			t0 := time.Now()
			oneNew += t0.Sub(tn)
			newCPU += cputime.Process() - cn
			c0 := cputime.Process()
			if _, err := sim.Run(old, w, opts); err != nil {
				b.Fatal(err)
			}
			t1, c1 := time.Now(), cputime.Process()
			oneCPU += c1 - c0
			or, nr, err := Simulate(Pair{Old: old, New: new, Workload: w, OldOpts: opts, NewOpts: opts})
			if err != nil {
				b.Fatal(err)
			}
			t2 := time.Now()
			rep, errs := Build(Input{Old: FromSim(or, old), New: FromSim(nr, new)})
			if len(errs) > 0 {
				b.Fatal(errs)
			}
			var buf bytes.Buffer
			if err := WriteJSON(&buf, rep); err != nil {
				b.Fatal(err)
			}
			bothCPU += cputime.Process() - c1
			one += t1.Sub(t0)
			both += time.Since(t1)
			compare += time.Since(t2)
		}
		b.ReportMetric(one.Seconds()/float64(b.N), "s/one-sim")
		b.ReportMetric(oneNew.Seconds()/float64(b.N), "s/one-sim-new")
		b.ReportMetric(both.Seconds()/float64(b.N), "s/preview")
		b.ReportMetric(compare.Seconds()/float64(b.N), "s/compare")
		b.ReportMetric(both.Seconds()/one.Seconds(), "x-one-sim")
		// CPU seconds: a preview does two simulations' work; on two idle
		// cores its wall time is about half its CPU time.
		b.ReportMetric(oneCPU.Seconds()/float64(b.N), "cpu-s/one-sim")
		b.ReportMetric(newCPU.Seconds()/float64(b.N), "cpu-s/one-sim-new")
		b.ReportMetric(bothCPU.Seconds()/float64(b.N), "cpu-s/preview")
	})
}
