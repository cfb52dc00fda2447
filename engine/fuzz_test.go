package engine

import (
	"fmt"
	"testing"

	"github.com/capq/capq/xmlconf"
)

// fuzzConfs are the configurations a fuzz input chooses from: nested
// queues, user limits, tight AM limits, DRF, continue-looking on and off.
var fuzzConfs = []map[string]string{
	{"root.queues": "a,b", "root.a.capacity": "30", "root.b.capacity": "70", "root.a.minimum-user-limit-percent": "50", "root.a.user-limit-factor": "2"},
	{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90", "root.b.queues": "b1,b2", "root.b.b1.capacity": "40", "root.b.b2.capacity": "60",
		"root.b.b1.maximum-capacity": "50", "reservations-continue-look-all-nodes": "false", "root.a.user-limit-factor": "-1"},
	{"root.queues": "x,y", "root.x.capacity": "50", "root.y.capacity": "50", "resource-calculator": "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator",
		"root.x.maximum-am-resource-percent": "0.05", "root.y.ordering-policy": "fair", "root.y.minimum-user-limit-percent": "25"},
	// Node labels: n2 is in x (exclusive or not by the input), b's asks
	// default to x.
	{"root.queues": "a,b", "root.accessible-node-labels.x.capacity": "100", "root.a.capacity": "40", "root.b.capacity": "60",
		"root.a.accessible-node-labels": "x", "root.a.accessible-node-labels.x.capacity": "70", "root.a.accessible-node-labels.x.maximum-capacity": "80",
		"root.b.accessible-node-labels": "x", "root.b.accessible-node-labels.x.capacity": "30", "root.b.default-node-label-expression": "x",
		"root.a.accessible-node-labels.x.maximum-am-resource-percent": "0.3"},
	// Multi-node placement: b's policy sorts on every lookup, a's every
	// second (the fuzz clock moves with preemption rounds).
	{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50", "multi-node-placement-enabled": "true",
		"multi-node-sorting.policy.names": "fast,slow", "multi-node-sorting.policy": "slow", "root.b.multi-node-sorting.policy": "fast",
		"multi-node-sorting.policy.fast.class": ResourceUsagePolicy, "multi-node-sorting.policy.fast.sorting-interval.ms": "0",
		"multi-node-sorting.policy.slow.class": ResourceUsagePolicy},
}

// fuzzLabelled says the input's configuration has node labels.
func fuzzLabelled(i int) bool { return i%len(fuzzConfs) == 3 }

func fuzzModel(i int) *xmlconf.Model {
	m := map[string]string{"yarn.scheduler.maximum-allocation-mb": "8192", "yarn.scheduler.maximum-allocation-vcores": "8",
		// Preemption rounds (op 9) with every modelled selector somewhere.
		"yarn.resourcemanager.scheduler.monitor.enable":                                                        "true",
		"yarn.resourcemanager.monitor.capacity.preemption.total_preemption_per_round":                          "0.5",
		"yarn.resourcemanager.monitor.capacity.preemption.max_wait_before_kill":                                "2000",
		"yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers":                 fmt.Sprint(i%2 == 1),
		"yarn.resourcemanager.monitor.capacity.preemption.preemption-to-balance-queue-after-satisfied.enabled": fmt.Sprint(i%3 == 2),
	}
	for k, v := range fuzzConfs[i%len(fuzzConfs)] {
		m[xmlconf.Prefix+k] = v
	}
	return xmlconf.Build(xmlconf.FromMap(m, "fuzz"), xmlconf.BuildOptions{})
}

// fuzzRun interprets data as a scenario and checks the invariants after
// every step; it also checks that no allocation put a user more than one
// container above the limit it had before the pass.
func fuzzRun(t *testing.T, data []byte) {
	if len(data) == 0 {
		return
	}
	// The invariant checks are quadratic; long inputs add nothing new.
	if len(data) > 1+3*200 {
		data = data[:1+3*200]
	}
	m := fuzzModel(int(data[0]))
	var leaves []string
	for _, q := range m.Queues {
		if q.IsLeaf() {
			leaves = append(leaves, q.Path)
		}
	}
	labelled := fuzzLabelled(int(data[0]))
	nodes := []NodeSpec{}
	for i := 0; i < 3; i++ {
		nodes = append(nodes, NodeSpec{ID: fmt.Sprintf("n%d", i), Rack: fmt.Sprintf("/r%d", i%2), MemoryMB: 8192, VCores: 8})
	}
	if labelled {
		nodes[2].Partition = "x"
	}
	e, err := New(m, nodes, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if labelled {
		e.DefineLabels(map[string]bool{"x": data[0]%2 == 0})
	}
	labels := []string{"x", ""}
	apps := 0
	nextNode := 3
	var now int64
	for i := 1; i+2 < len(data); i += 3 {
		op, x, y := data[i]%10, int(data[i+1]), int(data[i+2])
		before := map[*user][2]Resource{}
		reserved := map[*app]Resource{}
		for _, q := range e.queues {
			for _, u := range q.users {
				before[u] = [2]Resource{u.used, e.userLimit(u)}
			}
			for _, a := range q.active {
				reserved[a] = a.reserved
			}
		}
		switch op {
		case 0:
			id := fmt.Sprintf("app%d", apps)
			apps++
			_ = e.SubmitApp(AppSpec{ID: id, Queue: leaves[x%len(leaves)], User: fmt.Sprintf("u%d", y%4), AM: Resource{int64(y%3) * 1024, 1}})
		case 1, 2:
			if apps > 0 {
				name := AnyResource
				switch y % 4 {
				case 1:
					name = fmt.Sprintf("n%d", x%nextNode)
				case 2:
					name = fmt.Sprintf("/r%d", x%2)
				}
				mem := int64(1+x%8) * 512
				anyAsk := Ask{Priority: int32(x % 3), ResourceName: AnyResource, Resource: Resource{mem, int64(1 + y%3)}, Count: 1 + x%6}
				if labelled && y%5 >= 3 {
					anyAsk.NodeLabel = &labels[y%5-3]
				}
				_ = e.UpdateAsks(fmt.Sprintf("app%d", y%apps), []Ask{{Priority: int32(x % 3), ResourceName: name, Resource: Resource{mem, int64(1 + y%3)}, Count: x % 6}, anyAsk})
			}
		case 3, 4:
			// A heartbeat runs several passes; the limit is re-read by each,
			// so the one-container slack is checked on single passes only.
			e.Heartbeat(x % len(e.nodes))
		case 5:
			a := e.AssignOnce(x % len(e.nodes))
			checkUserSlack(t, e, a, before, reserved)
		case 6:
			if apps > 0 {
				id := fmt.Sprintf("app%d", y%apps)
				if live := e.LiveContainers(id); x%2 == 1 && len(live) > 0 {
					_ = e.ReleaseContainer(live[(x/2)%len(live)])
				} else {
					_, _ = e.CompleteContainers(id, x%4)
				}
			}
		case 7:
			// Mostly finishes; else a kill, an attempt ending (keeping its
			// containers or not), the next attempt, or a move.
			if apps > 0 {
				id := fmt.Sprintf("app%d", y%apps)
				switch x % 8 {
				case 4:
					_ = e.KillApp(id)
				case 5:
					_ = e.RemoveAttempt(id, (x/8)%2 == 0)
				case 6:
					_ = e.AddAttempt(id)
				case 7:
					_, _ = e.MoveApp(id, leaves[(x/8)%len(leaves)])
				default:
					_ = e.FinishApp(id)
				}
			}
		case 8:
			if labelled && x%4 == 3 {
				_ = e.SetNodePartitions(map[string]string{fmt.Sprintf("n%d", y%nextNode): labels[y%2]})
			} else if x%2 == 0 {
				_ = e.AddNodes(NodeSpec{ID: fmt.Sprintf("n%d", nextNode), Rack: "/r9", MemoryMB: int64(1+y%4) * 4096, VCores: 8})
				nextNode++
			} else {
				_ = e.RemoveNodes(fmt.Sprintf("n%d", y%nextNode))
			}
		case 9:
			now += int64(x) * 100
			e.SetTime(now) // also runs the multi-node sorters that fell due
			e.Preempt(now)
		}
		if err := checkInvariants(e); err != nil {
			t.Fatalf("after step %d (op %d): %v", i/3, op, err)
		}
	}
}

// checkUserSlack: an app gets a container or reservation only while its
// user is not above the limit the pass computed (so a user ends at most one
// container above it), or, with continue-looking, would not be once this
// app's reservations are released. Comparisons use the resource
// calculator (DRF compares dominant shares, which is not additive).
// Fulfilled reservations are not checked by Hadoop either.
func checkUserSlack(t *testing.T, e *Engine, a Assignment, before map[*user][2]Resource, reserved map[*app]Resource) {
	if a.Kind != AssignAllocated && a.Kind != AssignReserved {
		return
	}
	if n := e.nodeByID[a.Node]; n != nil && n.pi != 0 {
		// A labelled pass checks the user's usage and limit in that
		// partition (UsersManager per partition), not the totals below.
		return
	}
	app := e.appByID[a.App]
	b, ok := before[app.u]
	if !ok {
		return
	}
	used, limit := b[0], b[1]
	if e.g.rc.greater(used, limit) && !(e.g.continueLooking && e.g.rc.lessEq(used.Sub(reserved[app]), limit)) {
		t.Fatalf("user %s in %s was at %v, above its limit %v, and still got %v", app.u.name, app.q.path, used, limit, a.Resource)
	}
}

func FuzzScenario(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 1, 1, 5, 3, 0, 0, 3, 0, 0, 4, 1, 0, 5, 2, 0})
	f.Add([]byte{1, 0, 1, 1, 0, 2, 2, 2, 3, 0, 3, 1, 0, 5, 0, 0, 6, 1, 0, 7, 0, 0, 8, 0, 1, 3, 3, 0})
	f.Add([]byte{2, 0, 0, 0, 0, 1, 1, 1, 7, 0, 2, 6, 1, 3, 0, 0, 4, 0, 0, 3, 1, 0, 3, 2, 0, 8, 1, 0, 3, 0, 0})
	f.Fuzz(fuzzRun)
}

// TestFuzzSeeds runs a deterministic batch of pseudo-random scenarios so the
// invariants are exercised by plain `go test` too.
func TestFuzzSeeds(t *testing.T) {
	state := uint32(7)
	for n := 0; n < 300; n++ {
		data := make([]byte, 1+3*60)
		for i := range data {
			state = state*1664525 + 1013904223
			data[i] = byte(state >> 24)
		}
		fuzzRun(t, data)
	}
}
