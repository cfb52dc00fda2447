package sim

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/capq/capq/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// failAfter accepts n bytes, then fails as a full disk does.
type failAfter struct{ n, calls int }

func (f *failAfter) Write(p []byte) (int, error) {
	f.calls++
	if f.n <= 0 {
		return 0, errors.New("no space left on device")
	}
	f.n -= len(p)
	return len(p), nil
}

// A failed event-log write is an error (issue 12: a full disk once left a
// truncated log and exit 0), and the run stops soon after it.
func TestRunStopsOnEventWriteError(t *testing.T) {
	w := &failAfter{n: 1 << 16}
	_, err := Run(loadModel(t, "seeds-example"), loadWorkload(t, "seeds-example.json"), Options{Seed: 1, Events: w})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no space left on device")
	assert.LessOrEqual(t, w.calls, 3, "the run went on writing after the first failure")
}

// Hostile workload numbers are refused before anything is expanded
// (issue 12: a 472-byte workload with "phase": 2147483648 crashed capq).
func TestWorkloadBounds(t *testing.T) {
	base := func() *Workload {
		return &Workload{
			Cluster: Cluster{Nodes: []NodeGroup{{Count: 2, MemoryMB: 8192, VCores: 8}}},
			Apps: []App{{ID: "a", Queue: "q", User: "u", AM: engine.Resource{MemoryMB: 1024, VCores: 1},
				Tasks: []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 1, Priority: 20}}}},
		}
	}
	cases := []struct {
		name   string
		change func(w *Workload)
		want   string
	}{
		{"phase past the bound", func(w *Workload) { w.Apps[0].Tasks[0].Phase = 1 << 30 }, "phase 1073741824 is out of range"},
		{"negative AM heartbeat", func(w *Workload) { w.AMHeartbeatMS = -1 }, "am_heartbeat_ms -1 is out of range"},
		{"NM heartbeat past a day", func(w *Workload) { w.NMHeartbeatMS = MaxHeartbeatMS + 1 }, "nm_heartbeat_ms"},
		{"racks past the bound", func(w *Workload) { w.Cluster.Nodes[0].Racks = MaxNodes + 1 }, "racks"},
		{"nodes added by events", func(w *Workload) {
			for i := 0; i < 2; i++ {
				w.Events = append(w.Events, Event{Kind: EventAddNodes, Nodes: []NodeGroup{{Count: MaxNodes, MemoryMB: 1, VCores: 1}}})
			}
		}, "add_nodes"},
		{"task groups past the bound", func(w *Workload) {
			w.Apps[0].Tasks = make([]TaskGroup, MaxTaskGroups+1)
		}, "task groups"},
		// A node of 2^63-1 MB made the cluster's total overflow to -2M.
		{"node memory past the bound", func(w *Workload) { w.Cluster.Nodes[0].MemoryMB = math.MaxInt64 }, "is too large (9223372036854775807 MB"},
		{"node vcores past the bound", func(w *Workload) { w.Cluster.Nodes[0].VCores = MaxNodeVCores + 1 }, "is too large"},
		{"added node past the bound", func(w *Workload) {
			w.Events = append(w.Events, Event{Kind: EventAddNodes, Nodes: []NodeGroup{{Count: 1, MemoryMB: MaxNodeMB + 1, VCores: 1}}})
		}, "is too large"},
		// A 50 MB prefix on 100 nodes crashed capq out of memory.
		{"generated node names past the bound", func(w *Workload) {
			w.Cluster.Nodes[0].Prefix = strings.Repeat("p", MaxNameBytes/2)
		}, "bytes of node and rack names"},
		{"generated rack names past the bound", func(w *Workload) {
			w.Cluster.Nodes[0].Racks, w.Cluster.Nodes[0].RackPrefix = 3, strings.Repeat("r", MaxNameBytes/3)
		}, "bytes of node and rack names"},
		{"added node names past the bound", func(w *Workload) {
			w.Events = append(w.Events, Event{Kind: EventAddNodes, Nodes: []NodeGroup{{Count: 2, Prefix: strings.Repeat("p", MaxNameBytes/2), MemoryMB: 1, VCores: 1}}})
		}, "bytes of node and rack names"},
		// 100,000 priorities of one container each hung a run: every
		// pass over the app walked them all.
		{"priorities past the bound", func(w *Workload) {
			w.Apps[0].Tasks = priorityGroups(MaxAppPriorities + 1)
		}, "asks at 1001 distinct priorities; at most 1000"},
		{"many groups at few priorities", func(w *Workload) {
			w.Apps[0].Tasks = append(priorityGroups(MaxAppPriorities), priorityGroups(MaxAppPriorities)...)
		}, ""},
		{"fine", func(*Workload) {}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := base()
			c.change(w)
			err := w.Validate()
			if c.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, c.want)
		})
	}
}

// priorityGroups is n task groups of one container, at priorities 1..n.
func priorityGroups(n int) []TaskGroup {
	groups := make([]TaskGroup, n)
	for i := range groups {
		groups[i] = TaskGroup{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 1, Priority: int32(i + 1)}
	}
	return groups
}

// The container cap is checked before the run, with the flag to raise it.
func TestContainerCap(t *testing.T) {
	w := loadWorkload(t, "seeds-example.json")
	_, err := Run(loadModel(t, "seeds-example"), w, Options{Seed: 1, MaxContainers: 10})
	assert.ErrorContains(t, err, "--max-containers")
	_, err = Run(loadModel(t, "seeds-example"), w, Options{Seed: 1})
	assert.NoError(t, err)
}

// A workload's node labels count against the queues × labels bound: Run
// refuses before building a partition per label for every queue.
func TestNodeLabelsPastTheBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>")
	for i := 0; i < 999; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "q%d", i)
	}
	b.WriteString("</value></property></configuration>")
	m := modelFrom(t, []byte(b.String()))
	w := &Workload{Name: "labels", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}}}
	for i := 0; i < 251; i++ {
		w.Cluster.NodeLabels = append(w.Cluster.NodeLabels, NodeLabel{Name: fmt.Sprintf("l%d", i)})
	}
	_, err := Run(m, w, Options{Seed: 1, Until: 1000})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cluster.node_labels: engine: configuration too large: 251 node labels for 1,000 queues")
	w.Cluster.NodeLabels = w.Cluster.NodeLabels[:250]
	_, err = Run(m, w, Options{Seed: 1, Until: 1000})
	require.NoError(t, err)
}
