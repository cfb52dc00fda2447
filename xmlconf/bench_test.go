package xmlconf

import (
	"bytes"
	"encoding/xml"
	"io"
	"sync"
	"testing"
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
