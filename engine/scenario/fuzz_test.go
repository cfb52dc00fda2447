package scenario

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/capq/capq/golden"
)

// FuzzScenarioFile feeds arbitrary bytes to the scenario parser and runs
// whatever parses: nothing may panic, and the JSON output must encode.
func FuzzScenarioFile(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(golden.RepoRoot(), "testdata", "scenarios", "*-01.json"))
	for i, p := range files {
		if i%6 != 0 {
			continue
		}
		if data, err := os.ReadFile(p); err == nil && len(data) < 20000 {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"cluster":{"nodes":[{"id":"n","memory_mb":1}]},"config":{"yarn.scheduler.capacity.root.queues":"a","yarn.scheduler.capacity.root.a.capacity":"100"},"steps":[{"op":"heartbeat","node":"n"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := Parse("fuzz.json", data)
		if err != nil {
			return
		}
		if len(sc.Steps) > 200 || len(sc.Cluster.NodeGroups) > 0 {
			return // keep runs short
		}
		for _, st := range sc.Steps {
			if st.Repeat > 100 || len(st.NodeGroups) > 0 {
				return
			}
		}
		out := Run(sc, Options{Explain: true})
		if err := WriteJSON(io.Discard, out); err != nil {
			t.Fatalf("output does not encode: %v", err)
		}
		if err := WriteText(io.Discard, sc, out); err != nil {
			t.Fatalf("text report: %v", err)
		}
	})
}
