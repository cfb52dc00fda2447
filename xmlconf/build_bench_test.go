package xmlconf

import "testing"

// BenchmarkBuild is the model builder alone over the 10,000-queue
// benchmark configuration (already read and merged).
func BenchmarkBuild(b *testing.B) {
	doc, err := ReadBytes("capacity-scheduler.xml", benchData(), ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	c := NewConf(doc)
	b.ReportAllocs()
	for b.Loop() {
		Build(c, BuildOptions{})
	}
}
