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
	// Node labels: partitions, label steps and labelled asks.
	f.Add([]byte(`{"cluster":{"node_labels":[{"name":"x"}],"nodes":[{"id":"n","memory_mb":4096,"partition":"x"},{"id":"m","memory_mb":4096}]},"config":{"yarn.scheduler.capacity.root.queues":"a","yarn.scheduler.capacity.root.a.capacity":"100"},"steps":[{"op":"submit_app","app":"p","queue":"root.a","user":"u"},{"op":"update_asks","app":"p","asks":[{"priority":1,"resource_name":"*","memory_mb":1024,"count":2,"node_label_expression":"x"}]},{"op":"update_node_labels","nodes":{"n":""}},{"op":"define_node_labels","add":[{"name":"y","exclusive":false}],"remove":["x"]},{"op":"heartbeat","node":"n"}]}`))
	// Multi-node placement with asynchronous passes, a reservation and a
	// node removed after the sort.
	f.Add([]byte(`{"cluster":{"nodes":[{"id":"n","memory_mb":4096},{"id":"m","memory_mb":2048}]},"config":{"yarn.scheduler.capacity.root.queues":"a","yarn.scheduler.capacity.root.a.capacity":"100","yarn.scheduler.capacity.multi-node-placement-enabled":"true","yarn.scheduler.capacity.multi-node-sorting.policy.names":"r","yarn.scheduler.capacity.multi-node-sorting.policy":"r","yarn.scheduler.capacity.multi-node-sorting.policy.r.class":"org.apache.hadoop.yarn.server.resourcemanager.scheduler.placement.ResourceUsageMultiNodeLookupPolicy","yarn.scheduler.capacity.schedule-asynchronously.enable":"true"},"steps":[{"op":"submit_app","app":"p","queue":"root.a","user":"u","now_ms":1500},{"op":"update_asks","app":"p","asks":[{"priority":1,"resource_name":"*","memory_mb":3072,"count":3}]},{"op":"async_schedule","repeat":3},{"op":"remove_nodes","nodes":["m"]},{"op":"heartbeat","node":"n"},{"op":"assign_once","node":"n"}]}`))
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
