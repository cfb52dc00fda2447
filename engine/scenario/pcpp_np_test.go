package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// npCase is one test of Hadoop's
// TestProportionalCapacityPreemptionPolicyForNodePartitions (the mock
// framework's labelsConfig, nodesConfig, queuesConfig and appsConfig)
// rendered as a capq scenario: every partition is one node of 100 units
// (1 unit = 1 MB and 1 vcore), queues get percentage capacities per
// partition computed from the test's absolute guarantees and maximums,
// the apps' containers are allocated by assigning on the node the test
// names, then each queue's pending demand per partition is asked by an
// app of its own user that runs nothing, and one policy round runs.
type npCase struct {
	id, method, title string
	labels            []npLabel
	nodes             [][2]string // node id, partition
	queues            []npQueue
	apps              []npApp
	disabled          []string
	marked            map[string]int
	// vcores, when set, is the vcores per unit (the tests' "100:200"
	// resources), scheduled with the DominantResourceCalculator
	// (buildEnv(..., true)).
	vcores int
	// absolute gives capacities as resources ([memory=g,vcores=g]) where a
	// percentage would be truncated below the mock's guarantee: the mock
	// adds an epsilon to each absolute capacity, a real queue takes
	// (long) (resource x float capacity), and 3% of 100 is 2 there.
	absolute bool
	// adaptation says where the scenario departs from the test.
	adaptation string
}

type npLabel struct {
	name      string
	exclusive bool
}

// npQueue is "-a(=[g m u p],x=[g m u p])": per partition guaranteed,
// max, used and pending; the path is relative to root.
type npQueue struct {
	path  string
	parts map[string][4]int
}

// accesses tells whether the queue can use the labelled partition: the
// mock's "x=[0 0 used pending]" is a queue without access to x that uses
// x's idle resources (ignore-exclusivity containers) all the same.
func (q npQueue) accesses(part string) bool {
	v := q.parts[part]
	return part == "" || v[0] > 0 || v[1] > 0
}

// npApp is one app of appsConfig: its queue and its container groups
// "(priority,resource,host,expression,#repeat,reserved)" with resource 1.
type npApp struct {
	queue  string
	groups []npGroup
}

type npGroup struct {
	node, label string
	n           int
}

const npClass = "TestProportionalCapacityPreemptionPolicyForNodePartitions"

func (c npCase) parentOf(path string) string {
	if i := strings.LastIndex(path, "."); i >= 0 {
		return path[:i]
	}
	return ""
}

func (c npCase) queue(path string) npQueue {
	for _, q := range c.queues {
		if q.path == path {
			return q
		}
	}
	return npQueue{}
}

func (c npCase) capacityNote() string {
	if c.absolute {
		return "capacities are absolute resources per partition (a real queue truncates resource x float capacity, so 3% of 100 " +
			"would guarantee 2 where the mock, which adds an epsilon, guarantees 3)"
	}
	return "capacities are percentages of the parent per partition"
}

// resource is v units as an absolute capacity.
func (c npCase) resource(v int) string {
	return fmt.Sprintf("[memory=%d,vcores=%d]", v, v*max(c.vcores, 1))
}

// pct is v as a percentage of the parent's value (root's is 100).
func pct(v, parent int) string {
	if parent == 0 {
		return "0"
	}
	return fmt.Sprint(float64(v) * 100 / float64(parent))
}

func (c npCase) scenario() map[string]any {
	var labels []map[string]any
	for _, l := range c.labels {
		labels = append(labels, map[string]any{"name": l.name, "exclusive": l.exclusive})
	}
	vc := max(c.vcores, 1)
	var nodes []map[string]any
	for _, n := range c.nodes {
		nodes = append(nodes, map[string]any{"id": n[0], "host": n[0], "memory_mb": 100, "vcores": 100 * vc, "partition": n[1]})
	}
	conf := map[string]string{}
	if c.vcores > 0 {
		conf["yarn.scheduler.capacity.resource-calculator"] = "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"
	}
	children := map[string][]string{}
	for _, q := range c.queues {
		p := c.parentOf(q.path)
		children[p] = append(children[p], q.path[len(p)+min(len(p), 1):])
	}
	for _, l := range c.labels {
		conf["yarn.scheduler.capacity.root.accessible-node-labels."+l.name+".capacity"] = "100"
	}
	for p, ch := range children {
		k := "yarn.scheduler.capacity.root"
		if p != "" {
			k += "." + p
		}
		conf[k+".queues"] = strings.Join(ch, ",")
	}
	for _, q := range c.queues {
		parent := c.queue(c.parentOf(q.path))
		k := "yarn.scheduler.capacity.root." + q.path + "."
		var access []string
		for part, v := range q.parts {
			pg, pm := 100, 100
			if parent.path != "" {
				pg, pm = parent.parts[part][0], parent.parts[part][1]
			}
			capacity, maximum := pct(v[0], pg), pct(v[1], pm)
			if c.absolute {
				capacity, maximum = c.resource(v[0]), c.resource(v[1])
			}
			if part == "" {
				conf[k+"capacity"], conf[k+"maximum-capacity"] = capacity, maximum
				continue
			}
			if !q.accesses(part) {
				continue
			}
			access = append(access, part)
			conf[k+"accessible-node-labels."+part+".capacity"] = capacity
			conf[k+"accessible-node-labels."+part+".maximum-capacity"] = maximum
		}
		sort.Strings(access)
		conf[k+"accessible-node-labels"] = strings.Join(access, ",")
		if len(children[q.path]) == 0 {
			conf[k+"user-limit-factor"] = "100"
			conf[k+"maximum-applications"] = "1000"
			conf[k+"maximum-am-resource-percent"] = "0"
		}
	}
	for _, d := range c.disabled {
		conf["yarn.scheduler.capacity.root."+d+".disable_preemption"] = "true"
	}
	var steps []map[string]any
	for i, a := range c.apps {
		id := fmt.Sprint("app", i+1)
		steps = append(steps, map[string]any{"op": "submit_app", "app": id, "queue": "root." + a.queue, "user": fmt.Sprint("user", i+1), "am_memory_mb": 0, "am_vcores": 0})
	}
	for i, a := range c.apps {
		id := fmt.Sprint("app", i+1)
		for g, gr := range a.groups {
			var asks []map[string]any
			n := gr.n
			if g == 0 {
				// the mock's container 1 of each app is its AM
				asks = append(asks, npAsk(0, 1, vc, gr.label))
				n--
			}
			if n > 0 {
				asks = append(asks, npAsk(1, n, vc, gr.label))
			}
			// extra attempts let a default-partition ask miss enough
			// opportunities to go to a non-exclusive node
			steps = append(steps, map[string]any{"op": "update_asks", "app": id, "asks": asks},
				map[string]any{"op": "assign_once", "node": gr.node, "repeat": gr.n + 2*len(c.nodes)})
		}
	}
	// the test's state: each leaf's usage and absolute guarantee per partition
	used := map[string]any{}
	for _, q := range c.queues {
		if len(children[q.path]) > 0 {
			continue
		}
		by := map[string]any{}
		for part, v := range q.parts {
			by[part] = map[string]any{"used_mb": v[2], "absolute_capacity": float64(v[0]) / 100}
		}
		used["root."+q.path] = map[string]any{"partitions": by}
	}
	steps = append(steps, map[string]any{"op": "expect", "queues": used})
	for _, q := range c.queues {
		if len(children[q.path]) > 0 {
			continue
		}
		var asks []map[string]any
		var parts []string
		for part := range q.parts {
			parts = append(parts, part)
		}
		sort.Strings(parts)
		for _, part := range parts {
			// a queue without access to a partition cannot ask for it
			if p := q.parts[part][3]; p > 0 && q.accesses(part) {
				asks = append(asks, npAsk(int32(len(asks)+1), p, vc, part))
			}
		}
		if asks == nil {
			continue
		}
		id := "pending-" + strings.ReplaceAll(q.path, ".", "-")
		steps = append(steps, map[string]any{"op": "submit_app", "app": id, "queue": "root." + q.path, "user": "u-" + id, "am_memory_mb": 0, "am_vcores": 0},
			map[string]any{"op": "update_asks", "app": id, "asks": asks})
	}
	steps = append(steps, map[string]any{"op": "preempt", "now_ms": 0, "marked": nonNil(c.marked)})
	out := map[string]any{
		"id":       c.id,
		"title":    c.title,
		"category": "preemption",
		"source":   map[string]string{"repo": "apache/hadoop", "file": pcppDir + npClass + ".java", "method": c.method},
		"yarn_site": map[string]string{
			"yarn.scheduler.minimum-allocation-mb":                                        "1",
			"yarn.scheduler.minimum-allocation-vcores":                                    "1",
			"yarn.scheduler.maximum-allocation-mb":                                        "100",
			"yarn.scheduler.maximum-allocation-vcores":                                    "100",
			"yarn.resourcemanager.scheduler.monitor.enable":                               "true",
			"yarn.resourcemanager.scheduler.monitor.policies":                             "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy",
			"yarn.resourcemanager.monitor.capacity.preemption.max_wait_before_kill":       "10000",
			"yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval":        "3000",
			"yarn.resourcemanager.monitor.capacity.preemption.total_preemption_per_round": "1.0",
			"yarn.resourcemanager.monitor.capacity.preemption.natural_termination_factor": "1.0",
		},
		"cluster": map[string]any{"node_labels": labels, "nodes": nodes},
		"config":  conf,
		"steps":   steps,
		"notes": "Generated by engine/scenario/pcpp_np_test.go from the test's labelsConfig, nodesConfig, queuesConfig and appsConfig " +
			"with 1 unit = 1 MB and 1 vcore (2 vcores under DRF where the test's resources are mem:vcores); " + c.capacityNote() + "; each app's first container is its AM " +
			"(the mock's container 1); each leaf's pending demand per partition is asked by an app of its own user (pending-<queue>) " +
			"that runs nothing, as the mock counts a queue's whole pending.",
	}
	if c.adaptation != "" {
		out["adaptation"] = c.adaptation
	}
	return out
}

func npAsk(prio int32, n, vcores int, label string) map[string]any {
	a := map[string]any{"priority": prio, "resource_name": "*", "memory_mb": 1, "vcores": vcores, "count": n}
	if label != "" {
		a["node_label_expression"] = label
	}
	return a
}

// TestNPScenariosGenerated keeps the generated scenario files in step
// with npCases (rewrite them with CAPQ_UPDATE_GOLDEN=1); TestScenarios
// runs them.
func TestNPScenariosGenerated(t *testing.T) {
	for _, c := range npCases {
		b, err := json.MarshalIndent(c.scenario(), "", "  ")
		require.NoError(t, err)
		b = append(b, '\n')
		path := filepath.Join(golden.RepoRoot(), "testdata", "scenarios", c.id+".json")
		if golden.Updating() {
			require.NoError(t, os.WriteFile(path, b, 0o644))
			continue
		}
		have, err := os.ReadFile(path)
		require.NoError(t, err, "run make golden to generate %s", path)
		require.True(t, bytes.Equal(have, b), "%s is out of date: run make golden", path)
	}
}

func xLabel(exclusive bool) []npLabel { return []npLabel{{"x", exclusive}} }

var twoNodes = [][2]string{{"n1", "x"}, {"n2", ""}}

func g(node, label string, n int) npGroup { return npGroup{node, label, n} }

var npCases = []npCase{
	{id: "pcpp-np-respect-guaranteed-capacity-01", method: "testNodePartitionPreemptionRespectGuaranteedCapacity",
		title:  "Each partition balanced on its own: a gives 30 of x, b 30 of the default partition",
		labels: xLabel(true), nodes: twoNodes,
		queues: []npQueue{{"a", map[string][4]int{"": {50, 100, 20, 50}, "x": {50, 100, 80, 50}}},
			{"b", map[string][4]int{"": {50, 100, 80, 50}, "x": {50, 100, 20, 50}}}},
		apps: []npApp{{"a", []npGroup{g("n1", "x", 80)}}, {"a", []npGroup{g("n2", "", 20)}},
			{"b", []npGroup{g("n1", "x", 20)}}, {"b", []npGroup{g("n2", "", 80)}}},
		marked: map[string]int{"app1": 30, "app4": 30}},
	{id: "pcpp-np-with-vcore-resource-01", method: "testNodePartitionPreemptionWithVCoreResource",
		title:  "As RespectGuaranteedCapacity with 2 vcores per unit under DRF: 30 from app1 (x) and 30 from app4",
		labels: xLabel(true), nodes: twoNodes, vcores: 2,
		queues: []npQueue{{"a", map[string][4]int{"": {50, 100, 20, 50}, "x": {50, 100, 80, 50}}},
			{"b", map[string][4]int{"": {50, 100, 80, 50}, "x": {50, 100, 20, 50}}}},
		apps: []npApp{{"a", []npGroup{g("n1", "x", 80)}}, {"a", []npGroup{g("n2", "", 20)}},
			{"b", []npGroup{g("n1", "x", 20)}}, {"b", []npGroup{g("n2", "", 80)}}},
		marked: map[string]int{"app1": 30, "app4": 30}},
	// Hadoop 3.4's name and assertion for this state (older releases
	// called it testNodePartitionPreemptionRespectMaximumCapacity and
	// expected 20, before filterByMaxDeductAssigned).
	{id: "pcpp-np-not-happen-between-satisfied-queues-01", method: "testNodePartitionPreemptionNotHappenBetweenSatisfiedQueues",
		title:  "b and c are both satisfied in x: nothing is preempted",
		labels: xLabel(true), nodes: twoNodes,
		queues: []npQueue{{"a", map[string][4]int{"": {80, 80, 0, 0}, "x": {80, 80, 0, 0}}},
			{"b", map[string][4]int{"": {10, 100, 0, 0}, "x": {10, 100, 90, 50}}},
			{"c", map[string][4]int{"": {10, 100, 0, 0}, "x": {10, 30, 10, 50}}}},
		apps: []npApp{{"b", []npGroup{g("n1", "x", 90)}}, {"c", []npGroup{g("n1", "x", 10)}}}},
	{id: "pcpp-np-ignore-exclusivity-and-respect-capacity-01", method: "testNodePartitionPreemptionOfIgnoreExclusivityAndRespectCapacity",
		title:  "Ignore-exclusivity containers go first: app1 gives its 20, app2 30",
		labels: xLabel(false), nodes: twoNodes,
		queues: []npQueue{{"a", map[string][4]int{"": {50, 100, 0, 0}, "x": {50, 100, 100, 50}}},
			{"b", map[string][4]int{"": {50, 100, 0, 0}, "x": {50, 100, 0, 100}}}},
		apps:   []npApp{{"a", []npGroup{g("n1", "x", 1), g("n1", "", 20)}}, {"a", []npGroup{g("n1", "x", 79)}}},
		marked: map[string]int{"app1": 20, "app2": 30}},
	{id: "pcpp-np-skipping-am-container-01", method: "testNodePartitionPreemptionOfSkippingAMContainer",
		title:  "AMs are skipped first: 19 from app5 to app2, 4 from app1",
		labels: xLabel(true), nodes: twoNodes,
		queues: []npQueue{{"a", map[string][4]int{"": {50, 100, 0, 0}, "x": {20, 100, 100, 50}}},
			{"b", map[string][4]int{"": {50, 100, 0, 0}, "x": {80, 100, 0, 100}}}},
		apps:   fiveApps(),
		marked: map[string]int{"app1": 4, "app2": 19, "app3": 19, "app4": 19, "app5": 19}},
	{id: "pcpp-np-am-container-01", method: "testNodePartitionPreemptionOfAMContainer",
		title:  "a's guarantee in x is 3: all but 3 are taken, app4's and app5's AMs too (19 from app1-app3, 20 from app4 and app5)",
		labels: xLabel(true), nodes: twoNodes,
		queues: []npQueue{{"a", map[string][4]int{"": {50, 100, 0, 0}, "x": {3, 100, 100, 50}}},
			{"b", map[string][4]int{"": {50, 100, 0, 0}, "x": {97, 100, 0, 100}}}},
		apps: fiveApps(), absolute: true,
		marked: map[string]int{"app1": 19, "app2": 19, "app3": 19, "app4": 20, "app5": 20}},
	{id: "pcpp-np-non-accessible-queues-share-partition-01", method: "testNodePartitionNonAccessibleQueuesSharePartitionedResource",
		title:  "c and d (no access to x) share x's idle 40 after a's 30 pending: 15 taken from each",
		labels: xLabel(false), nodes: twoNodes,
		queues: []npQueue{{"a", map[string][4]int{"": {25, 100, 0, 0}, "x": {50, 100, 0, 30}}},
			{"b", map[string][4]int{"": {25, 100, 0, 0}, "x": {50, 100, 30, 0}}},
			{"c", map[string][4]int{"": {25, 100, 1, 0}, "x": {0, 0, 35, 50}}},
			{"d", map[string][4]int{"": {25, 100, 1, 0}, "x": {0, 0, 35, 50}}}},
		apps: []npApp{{"b", []npGroup{g("n1", "x", 30)}}, {"c", []npGroup{g("n2", "", 1), g("n1", "", 35)}},
			{"d", []npGroup{g("n2", "", 1), g("n1", "", 35)}}},
		marked: map[string]int{"app2": 15, "app3": 15},
		adaptation: "The mock's c and d use 35 of x (queuesConfig) while their apps hold 30 there; here app2 and app3 run 35 " +
			"ignore-exclusivity containers on n1 besides their AMs on n2, so the queues' usage, which the policy divides, is the " +
			"mock's. c and d cannot access x, so they cannot ask for it: their pending of 50 in x is left out (a real queue's " +
			"pending in x counts only requests for x), which leaves each of them wanting more than its share of x's idle 40."},
	{id: "pcpp-np-disable-preemption-single-level-01", method: "testNodePartitionDisablePreemptionForSingleLevelQueue",
		title:  "b is not preemptable: a gives 10 of x for c",
		labels: xLabel(true), nodes: twoNodes,
		queues: []npQueue{{"a", map[string][4]int{"": {80, 80, 0, 0}, "x": {40, 100, 50, 50}}},
			{"b", map[string][4]int{"": {10, 100, 0, 0}, "x": {20, 100, 30, 0}}},
			{"c", map[string][4]int{"": {10, 100, 0, 0}, "x": {40, 100, 20, 50}}}},
		apps:     []npApp{{"a", []npGroup{g("n1", "x", 50)}}, {"b", []npGroup{g("n1", "x", 30)}}, {"c", []npGroup{g("n1", "x", 20)}}},
		disabled: []string{"b"},
		marked:   map[string]int{"app1": 10}},
	{id: "pcpp-np-hierarchy-multiple-partitions-01", method: "testHierarchyPreemptionForMultiplePartitions",
		title:  "a1 gives 10 of x, b2 10 of y",
		labels: []npLabel{{"x", true}, {"y", true}}, nodes: [][2]string{{"n1", "x"}, {"n2", "y"}, {"n3", ""}},
		queues: []npQueue{{"a", map[string][4]int{"": {50, 100, 0, 0}, "x": {50, 100, 60, 40}, "y": {50, 100, 40, 40}}},
			{"a.a1", map[string][4]int{"": {25, 100, 0, 0}, "x": {25, 100, 35, 20}, "y": {25, 100, 25, 20}}},
			{"a.a2", map[string][4]int{"": {25, 100, 0, 0}, "x": {25, 100, 25, 20}, "y": {25, 100, 15, 20}}},
			{"b", map[string][4]int{"": {50, 100, 0, 0}, "x": {50, 100, 40, 40}, "y": {50, 100, 60, 40}}},
			{"b.b1", map[string][4]int{"": {25, 100, 0, 0}, "x": {25, 100, 15, 20}, "y": {25, 100, 25, 20}}},
			{"b.b2", map[string][4]int{"": {25, 100, 0, 0}, "x": {25, 100, 25, 20}, "y": {25, 100, 35, 20}}}},
		apps: []npApp{{"a.a1", []npGroup{g("n1", "x", 35), g("n2", "y", 25)}}, {"a.a2", []npGroup{g("n1", "x", 25), g("n2", "y", 15)}},
			{"b.b1", []npGroup{g("n1", "x", 15), g("n2", "y", 25)}}, {"b.b2", []npGroup{g("n1", "x", 25), g("n2", "y", 35)}}},
		marked: map[string]int{"app1": 10, "app4": 10}},
	{id: "pcpp-np-hierarchy-difference-accessibility-01", method: "testHierarchyPreemptionForDifferenceAcessibility",
		title:  "a reaches x only, b y only: a1 gives 50 of x, b1 30 of y",
		labels: []npLabel{{"x", true}, {"y", true}}, nodes: [][2]string{{"n1", "x"}, {"n2", "y"}, {"n3", ""}},
		queues: []npQueue{{"a", map[string][4]int{"": {50, 100, 0, 0}, "x": {100, 100, 100, 100}}},
			{"a.a1", map[string][4]int{"": {25, 100, 0, 0}, "x": {50, 100, 100, 0}}},
			{"a.a2", map[string][4]int{"": {25, 100, 0, 0}, "x": {50, 100, 0, 100}}},
			{"b", map[string][4]int{"": {50, 100, 0, 0}, "y": {100, 100, 80, 100}}},
			{"b.b1", map[string][4]int{"": {25, 100, 0, 0}, "y": {50, 100, 80, 0}}},
			{"b.b2", map[string][4]int{"": {25, 100, 0, 0}, "y": {50, 100, 0, 100}}}},
		apps:   []npApp{{"a.a1", []npGroup{g("n1", "x", 100)}}, {"b.b1", []npGroup{g("n2", "y", 80)}}},
		marked: map[string]int{"app1": 50, "app2": 30}},
}

func fiveApps() []npApp {
	var out []npApp
	for i := 0; i < 5; i++ {
		out = append(out, npApp{"a", []npGroup{g("n1", "x", 20)}})
	}
	return out
}
