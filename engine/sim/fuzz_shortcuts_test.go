package sim

import (
	"bytes"
	"testing"

	"github.com/capq/capq/xmlconf"
)

// FuzzShortcutsKeepTheEventLog runs small fuzzed workloads (node events,
// partitions, locality, phases) with every shortcut and with the
// exhaustive reference, and fails on any difference in the event log: the
// sweep, the futile answers and the skipped leaves may save work, never
// change a decision.
func FuzzShortcutsKeepTheEventLog(f *testing.F) {
	for _, seed := range fuzzRunSeeds {
		f.Add([]byte(seed))
	}
	models := []*xmlconf.Model{loadModel(f, "seeds-example"), loadModel(f, "workloads/labels"), loadModel(f, "workloads/seeds-preemption")}
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := ReadNative("f.json", data)
		if err != nil || len(w.Apps) > 12 || w.Cluster.count() > 24 || w.NMHeartbeatMS > 0 && w.NMHeartbeatMS < 50 {
			return
		}
		for _, a := range w.Apps {
			if a.Containers() > 200 {
				return
			}
		}
		for k, m := range models {
			run := func(o Options) ([]byte, error) {
				var log bytes.Buffer
				o.Seed, o.Events, o.Until, o.RejectUnknownQueues = 4, &log, 6*3600*1000, true
				_, err := Run(m, w, o)
				return log.Bytes(), err
			}
			want, err := run(Options{exhaustive: true, walkEveryLeaf: true, beatFutile: true})
			if err != nil {
				continue
			}
			got, err := run(Options{})
			if err != nil {
				t.Fatalf("model %d: the shortcuts fail where the reference does not: %v", k, err)
			}
			if !bytes.Equal(want, got) {
				t.Fatalf("model %d: the shortcuts change the event log:\n%s", k, firstDiff(want, got))
			}
		}
	})
}

// firstDiff shows the first line where two logs part.
func firstDiff(a, b []byte) string {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := 0; i < len(la) && i < len(lb); i++ {
		if !bytes.Equal(la[i], lb[i]) {
			return "reference: " + string(la[i]) + "\nshortcuts: " + string(lb[i])
		}
	}
	return "one log is a prefix of the other"
}
