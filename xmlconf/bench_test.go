package xmlconf

import (
	"bytes"
	"encoding/xml"
	"io"
	"runtime"
	"sync"
	"testing"
	"time"
)

// benchQueues is the size of the benchmark configuration: 10,000 queues,
// about 100,000 properties (the foundation issue's target).
const benchQueues = 10000

var benchData = sync.OnceValue(func() []byte {
	return GenerateConfig(GenOptions{Queues: benchQueues, Seed: 1})
})

// BenchmarkTokenLoop is the yardstick: a bare encoding/xml Token loop over
// the same bytes. ReadAndBuild must stay within 1.5x of it.
func BenchmarkTokenLoop(b *testing.B) {
	data := benchData()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		d := xml.NewDecoder(bytes.NewReader(data))
		for {
			if _, err := d.Token(); err != nil {
				if err != io.EOF {
					b.Fatal(err)
				}
				break
			}
		}
	}
}

// BenchmarkRead is the reader and the merge alone (ReadBytes + NewConf).
func BenchmarkRead(b *testing.B) {
	data := benchData()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		doc, err := ReadBytes("capacity-scheduler.xml", data, ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		_ = NewConf(doc)
	}
}

// BenchmarkReadAndBuild is the whole load: read, merge, build the model.
func BenchmarkReadAndBuild(b *testing.B) {
	data := benchData()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		doc, err := ReadBytes("capacity-scheduler.xml", data, ReadOptions{})
		if err != nil {
			b.Fatal(err)
		}
		_ = Build(NewConf(doc), BuildOptions{})
	}
}

// BenchmarkRatio runs the token loop, the reader and the full load in
// turn within each iteration and reports their ratios (the acceptance
// figure is readbuild/token <= 1.5). Wall-clock ratios ("wall") swing
// when other processes share the machine, so ratios of the process's CPU
// time ("cpu", GC threads included) are reported too.
//
// Each phase pays for the garbage it makes, as it would in its own
// benchmark: it starts after a collection (so none pays for the garbage
// of the one before), runs ratioReps times back to back with the
// collector pacing itself, and its time includes a final collection of
// whatever it left behind.
func BenchmarkRatio(b *testing.B) {
	data := benchData()
	var token, read, build [2]float64 // wall, cpu seconds
	for b.Loop() {
		t := phase(func() {
			d := xml.NewDecoder(bytes.NewReader(data))
			for {
				if _, err := d.Token(); err != nil {
					break
				}
			}
		})
		var c *Conf
		r := phase(func() {
			doc, err := ReadBytes("capacity-scheduler.xml", data, ReadOptions{})
			if err != nil {
				b.Fatal(err)
			}
			c = NewConf(doc)
		})
		m := phase(func() { _ = Build(c, BuildOptions{}) })
		for i := range 2 {
			token[i] += t[i]
			read[i] += r[i]
			build[i] += r[i] + m[i]
		}
	}
	b.ReportMetric(read[0]/token[0], "read/token-wall")
	b.ReportMetric(build[0]/token[0], "readbuild/token-wall")
	b.ReportMetric(read[1]/token[1], "read/token-cpu")
	b.ReportMetric(build[1]/token[1], "readbuild/token-cpu")
}

// ratioReps is how many times BenchmarkRatio runs each phase in a row, so
// the collections the phase causes are paid at their natural pace and the
// final forced one is a small share.
const ratioReps = 4

// phase returns the wall and CPU seconds f takes per run, garbage
// collection of what it allocated included.
func phase(f func()) [2]float64 {
	runtime.GC()
	c0, t0 := cpuSeconds(), time.Now()
	for range ratioReps {
		f()
	}
	runtime.GC()
	return [2]float64{time.Since(t0).Seconds() / ratioReps, (cpuSeconds() - c0) / ratioReps}
}
