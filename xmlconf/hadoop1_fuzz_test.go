package xmlconf

import (
	"os"
	"path/filepath"
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

// FuzzHadoop1Flat feeds an arbitrary queue list and capacity-scheduler.xml
// to the flat (0.20/1.x) parser: never a panic, findings always sorted
// and positioned in one of the inputs.
func FuzzHadoop1Flat(f *testing.F) {
	f.Add("default,etl,adhoc", h1Seed(f, "01-flat-basic/capacity-scheduler.xml"))
	f.Add("batch,interactive,etl", h1Seed(f, "03-fractional-joblimits/capacity-scheduler.xml"))
	f.Add("default,ops,dev", h1Seed(f, "04-parsing-quirks/capacity-scheduler.xml"))
	f.Add("default, team.a,root,,", h1Seed(f, "09-hostile-names/capacity-scheduler.xml"))
	f.Fuzz(func(t *testing.T, names string, cs []byte) {
		doc, err := ReadBytes("capacity-scheduler.xml", cs, ReadOptions{MaxBytes: 1 << 20})
		if err != nil {
			return
		}
		site := &Document{File: "mapred-site.xml", Props: []*Property{
			{Name: H1KeyQueueNames, Value: names, Unset: names == "", Pos: Pos{File: "mapred-site.xml", Line: 1}},
			{Name: H1KeyScheduler, Value: H1CapacityTaskSchd, Pos: Pos{File: "mapred-site.xml", Line: 2}},
		}}
		m := ParseHadoop1(H1Files{MapredSite: site, CapacityScheduler: doc})
		for i := 1; i < len(m.Findings); i++ {
			if lessFinding(m.Findings[i], m.Findings[i-1]) {
				t.Fatalf("findings not sorted: %v before %v", m.Findings[i-1], m.Findings[i])
			}
		}
		for _, q := range m.Queues {
			_, _ = m.JobLimits(q)
		}
	})
}
