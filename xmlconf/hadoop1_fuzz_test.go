package xmlconf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func h1Seed(f *testing.F, rel string) []byte {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "hadoop1", rel))
	if err != nil {
		f.Fatal(err)
	}
	return data
}

// FuzzHadoop1QueuesXML feeds arbitrary bytes to the 0.21 mapred-queues.xml
// reader (QueueConfigurationParser) and the tree builder: never a panic,
// and every queue of the model has a name Hadoop accepts.
func FuzzHadoop1QueuesXML(f *testing.F) {
	f.Add(h1Seed(f, "05-hierarchical-0.21/mapred-queues.xml"))
	f.Add(h1Seed(f, "11-hierarchical-quirks/mapred-queues.xml"))
	f.Add([]byte(`<queues><queue><name>a</name><queue><name>b</name></queue></queue></queues>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ReadMapredQueues("mapred-queues.xml", data, ReadOptions{MaxBytes: 1 << 20})
		if err != nil {
			return
		}
		m := ParseHadoop1(H1Files{MapredSite: &Document{File: "mapred-site.xml"}, MapredQueues: d})
		for _, q := range m.Queues {
			if JavaTrim(q.Name) == "" {
				t.Fatalf("queue with a blank name %q survived", q.Name)
			}
			if q.AbsCapacity < 0 || q.AbsCapacity != q.AbsCapacity {
				t.Fatalf("queue %q has absolute capacity %v", q.FullName, q.AbsCapacity)
			}
		}
	})
}

// FuzzHadoop1Flat feeds an arbitrary queue list and capacity-scheduler
// properties ("name=value" lines, "!" before the name marks it final) to
// the flat (0.20/1.x) parser: never a panic, findings sorted, limits
// computable. Documents are built directly so the fuzzer exercises the
// Hadoop 1 code rather than the XML reader (which has its own fuzzers).
func FuzzHadoop1Flat(f *testing.F) {
	f.Add("default,etl,adhoc", "mapred.capacity-scheduler.queue.default.capacity=50\nmapred.capacity-scheduler.queue.etl.capacity=30\nmapred.capacity-scheduler.queue.adhoc.capacity=20\nmapred.capacity-scheduler.maximum-system-jobs=3000")
	f.Add("batch, b", "mapred.capacity-scheduler.queue.batch.capacity=100.5\nmapred.capacity-scheduler.queue. b.maximum-capacity=none\nmapred.capacity-scheduler.queue.batch.minimum-user-limit-percent=0x32")
	f.Add("default,,x.y", "!mapred.capacity-scheduler.default-init-accept-jobs-factor=-0x1\nmapred.capacity-scheduler.queue.default.user-limit-factor=NaN\nmapred.capacity-scheduler.queue.x.y.capacity=1e2")
	f.Add("default", "mapred.capacity-scheduler.queue.default.maximum-initialized-jobs-per-user=3\nmapred.capacity-scheduler.queue.default.capacity=")
	f.Fuzz(func(t *testing.T, names string, lines string) {
		cs := &Document{File: "capacity-scheduler.xml"}
		for i, line := range strings.Split(lines, "\n") {
			name, value, _ := strings.Cut(line, "=")
			final := strings.HasPrefix(name, "!")
			name = JavaTrim(strings.TrimPrefix(name, "!"))
			pos := Pos{File: cs.File, Line: i + 1, Col: 1}
			cs.Props = append(cs.Props, &Property{Name: name, Value: value, Unset: value == "", Final: final, Pos: pos, NamePos: pos, ValuePos: pos})
		}
		site := &Document{File: "mapred-site.xml", Props: []*Property{
			{Name: H1KeyQueueNames, Value: names, Unset: names == "", Pos: Pos{File: "mapred-site.xml", Line: 1}},
			{Name: H1KeyScheduler, Value: H1CapacityTaskSchd, Pos: Pos{File: "mapred-site.xml", Line: 2}},
		}}
		m := ParseHadoop1(H1Files{MapredSite: site, CapacityScheduler: cs})
		for i := 1; i < len(m.Findings); i++ {
			if lessFinding(m.Findings[i], m.Findings[i-1]) {
				t.Fatalf("findings not sorted: %v before %v", m.Findings[i-1], m.Findings[i])
			}
		}
		for _, q := range m.Queues {
			if l, ok := m.JobLimits(q); ok && (l.Init < 0 || l.InitPerUser < 0) {
				t.Fatalf("negative job limits %+v for %q", l, q.Name)
			}
		}
	})
}
