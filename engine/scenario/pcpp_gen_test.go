package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// pcppState is a queue state in the int[][] form of Hadoop's
// TestProportionalCapacityPreemptionPolicy (buildPolicy/mockNested): per
// queue in depth-first order (root first), its absolute guarantee and
// maximum, usage, pending demand, number of apps, container size and
// number of children. Units are MB (and as many vcores), so Hadoop's
// arithmetic and rounding apply unchanged.
type pcppState struct {
	abs, maxCap, used, pending, apps, gran, subqueues []int
	// priority, when set, gives each queue its priority under parents that
	// order children by priority-utilization (the mock framework's
	// "{priority=N}").
	priority []int
}

// pcppRound is one editSchedule call and what the test verifies: the
// MARK_CONTAINER_FOR_PREEMPTION (marked) and MARK_CONTAINER_FOR_KILLABLE
// (killed) events per app; an app not named must get none.
type pcppRound struct {
	nowMS          int64
	marked, killed map[string]int
	// unchecked are the apps the test asserts nothing about in this round.
	unchecked []string
}

// pcppCase is one Hadoop test (or one setup() section of it) rendered as
// a capq scenario: the state is built by submitting the mock's apps and
// allocating their containers on one node, then asking for the pending
// demand, then running the policy rounds.
type pcppCase struct {
	id, method, title string
	class             string // test class file name; TestProportionalCapacityPreemptionPolicy when empty
	state             pcppState
	disabled          []string // queue paths with disable_preemption
	yarn              map[string]string
	amContainers      bool   // setAMContainer: each app's first container is its AM
	amPercent         string // setAMResourcePercent ("" = the mock's 0)
	// rawPending asks each app's pending demand from a second app of
	// another user in the same queue (appXp of userXp, which runs
	// nothing), so no user limit caps the queue's pending, as the mock
	// framework's getTotalPendingResourcesConsideringUserLimit (which
	// returns the raw pending) never does.
	rawPending bool
	rounds     []pcppRound
	// adaptation says where the scenario departs from the test.
	adaptation string
}

const pcppDir = "hadoop-yarn-project/hadoop-yarn/hadoop-yarn-server/hadoop-yarn-server-resourcemanager/src/test/java/org/apache/hadoop/yarn/server/resourcemanager/monitor/capacity/"

// mockQueue is one queue of the mock tree.
type mockQueue struct {
	i        int
	path     string
	parent   *mockQueue
	children []*mockQueue
}

// mockTree rebuilds mockNested's tree: queues are named queueA, queueB,
// ... by index; a parent takes the next subqueues[i] queues of the
// depth-first list (a Deque of parents, removeLast).
func (s pcppState) mockTree() (*mockQueue, []*mockQueue) {
	root := &mockQueue{i: 0, path: "root"}
	var stack []*mockQueue
	for k := 0; k < s.subqueues[0]; k++ {
		stack = append(stack, root)
	}
	all := []*mockQueue{root}
	for i := 1; i < len(s.subqueues); i++ {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		q := &mockQueue{i: i, path: p.path + ".queue" + string(rune('A'+i-1)), parent: p}
		p.children = append(p.children, q)
		for k := 0; k < s.subqueues[i]; k++ {
			stack = append(stack, q)
		}
		all = append(all, q)
	}
	return root, all
}

// maxOf is q's maximum as a scheduler can hold it: the test's, at most
// its parent's (an absolute child maximum above the parent's is refused
// at startup; the mock takes it, the parent's caps it all the same).
func (s pcppState) maxOf(q *mockQueue) int {
	if q.parent == nil {
		return s.maxCap[q.i]
	}
	return min(s.maxCap[q.i], s.maxOf(q.parent))
}

// buildMax is q's maximum while its containers are allocated: maxOf, or
// its usage where the mock puts a queue above its maximum (a scheduler
// cannot allocate there, so the maximum is lowered after).
// A parent uses at least what its children use, so a child's stays
// within its parent's.
func (s pcppState) buildMax(q *mockQueue) int { return max(s.maxOf(q), s.used[q.i]) }

// lowerMaxima are the test's maximums of the queues built above them, set
// by a refresh once the containers run (Hadoop refreshes a queue's
// maximum below its usage without preempting anything).
func (s pcppState) lowerMaxima(all []*mockQueue) map[string]string {
	out := map[string]string{}
	for _, q := range all {
		if q.i > 0 && s.buildMax(q) != s.maxOf(q) {
			out["yarn.scheduler.capacity."+q.path+".maximum-capacity"] = fmt.Sprintf("[memory=%d,vcores=%d]", s.maxOf(q), s.maxOf(q))
		}
	}
	return out
}

// split divides total among n apps as evenly as whole containers allow,
// the first apps taking the larger shares (the mock gives each app
// divideAndCeil(total, n); capq keeps the queue's total exact).
func split(total, n, gran int) []int {
	out := make([]int, n)
	c := (total + gran - 1) / gran
	for k := 0; k < n; k++ {
		out[k] = c / n
		if k < c%n {
			out[k]++
		}
	}
	return out
}

func (c pcppCase) scenario() map[string]any {
	s := c.state
	root, all := s.mockTree()
	cluster := 0
	for _, q := range all {
		if len(q.children) == 0 && q != root {
			cluster += s.abs[q.i]
		}
	}
	// The mock's cluster is the leaves' guarantees; where the test's usage
	// exceeds it (testDeadzone) the node must hold that usage.
	leafUsed := 0
	for _, q := range all {
		if len(q.children) == 0 && q != root {
			leafUsed += s.used[q.i]
		}
	}
	cluster = max(cluster, leafUsed)
	yarn := map[string]string{
		"yarn.scheduler.minimum-allocation-mb":            "1",
		"yarn.scheduler.minimum-allocation-vcores":        "1",
		"yarn.scheduler.maximum-allocation-mb":            fmt.Sprint(cluster),
		"yarn.scheduler.maximum-allocation-vcores":        fmt.Sprint(cluster),
		"yarn.resourcemanager.scheduler.monitor.enable":   "true",
		"yarn.resourcemanager.scheduler.monitor.policies": "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy",
		// TestProportionalCapacityPreemptionPolicy.setup
		"yarn.resourcemanager.monitor.capacity.preemption.max_wait_before_kill":       "10000",
		"yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval":        "3000",
		"yarn.resourcemanager.monitor.capacity.preemption.total_preemption_per_round": "1.0",
		"yarn.resourcemanager.monitor.capacity.preemption.natural_termination_factor": "1.0",
	}
	for k, v := range c.yarn {
		yarn[k] = v
	}
	conf := map[string]string{}
	for _, q := range all {
		if len(q.children) > 0 {
			var names []string
			for _, ch := range q.children {
				names = append(names, ch.path[len(q.path)+1:])
			}
			conf["yarn.scheduler.capacity."+q.path+".queues"] = strings.Join(names, ",")
			if s.priority != nil {
				conf["yarn.scheduler.capacity."+q.path+".ordering-policy"] = "priority-utilization"
			}
		}
		if s.priority != nil && q != root {
			conf["yarn.scheduler.capacity."+q.path+".priority"] = fmt.Sprint(s.priority[q.i])
		}
		if q == root {
			continue
		}
		p := "yarn.scheduler.capacity." + q.path + "."
		conf[p+"capacity"] = fmt.Sprintf("[memory=%d,vcores=%d]", s.abs[q.i], s.abs[q.i])
		conf[p+"maximum-capacity"] = fmt.Sprintf("[memory=%d,vcores=%d]", s.buildMax(q), s.buildMax(q))
		if len(q.children) == 0 {
			conf[p+"user-limit-factor"] = "100"
			// the mock has no application limits; a 0% queue would refuse apps
			conf[p+"maximum-applications"] = "1000"
			am := "0"
			if c.amPercent != "" {
				am = c.amPercent
			}
			conf[p+"maximum-am-resource-percent"] = am
		}
	}
	for _, d := range c.disabled {
		conf["yarn.scheduler.capacity."+d+".disable_preemption"] = "true"
	}
	var steps []map[string]any
	type mockApp struct {
		id, queue     string
		used, pending int
		gran          int
	}
	var apps []mockApp
	for _, q := range all {
		if len(q.children) > 0 || s.apps[q.i] == 0 {
			continue
		}
		g := s.gran[q.i]
		used, pend := split(s.used[q.i], s.apps[q.i], g), split(s.pending[q.i], s.apps[q.i], g)
		for k := 0; k < s.apps[q.i]; k++ {
			id := "app" + string(rune('A'+len(apps)))
			apps = append(apps, mockApp{id: id, queue: q.path, used: used[k], pending: pend[k], gran: g})
			steps = append(steps, map[string]any{"op": "submit_app", "app": id, "queue": q.path, "user": "user" + id[3:], "am_memory_mb": 0, "am_vcores": 0})
			if c.rawPending && pend[k] > 0 {
				steps = append(steps, map[string]any{"op": "submit_app", "app": id + "p", "queue": q.path, "user": "user" + id[3:] + "p", "am_memory_mb": 0, "am_vcores": 0})
			}
		}
	}
	for _, a := range apps {
		if a.used == 0 {
			continue
		}
		asks := []map[string]any{}
		n := a.used
		if c.amContainers {
			asks = append(asks, ask(0, a.gran, 1))
			n--
		}
		if n > 0 {
			asks = append(asks, ask(1, a.gran, n))
		}
		steps = append(steps, map[string]any{"op": "update_asks", "app": a.id, "asks": asks},
			map[string]any{"op": "assign_once", "node": "n0", "repeat": a.used})
	}
	if lower := s.lowerMaxima(all); len(lower) > 0 {
		steps = append(steps, map[string]any{"op": "refresh", "set": lower, "expect": map[string]any{"accepted": true}})
	}
	usedCheck := map[string]any{}
	for _, q := range all {
		if q != root && len(q.children) == 0 {
			usedCheck[q.path] = map[string]any{"used_mb": s.used[q.i]}
		}
	}
	steps = append(steps, map[string]any{"op": "expect", "queues": usedCheck})
	for _, a := range apps {
		if a.pending > 0 {
			asker := a.id
			if c.rawPending {
				asker += "p"
			}
			steps = append(steps, map[string]any{"op": "update_asks", "app": asker, "asks": []map[string]any{ask(1, a.gran, a.pending)}})
		}
	}
	for _, r := range c.rounds {
		st := map[string]any{"op": "preempt", "now_ms": r.nowMS, "marked": nonNil(r.marked)}
		if r.killed != nil {
			st["killed"] = r.killed
		}
		if r.unchecked != nil {
			st["unchecked"] = r.unchecked
		}
		steps = append(steps, st)
	}
	class := c.class
	if class == "" {
		class = "TestProportionalCapacityPreemptionPolicy"
	}
	notes := "Generated by engine/scenario/pcpp_gen_test.go from the test's int[][] queue state (abs, maxCap, used, pending, apps, " +
		"granularity, subqueues) with 1 unit = 1 MB and the test's asserted events per app and round. Queues are absolute " +
		"([memory=X,vcores=X]) so guarantees are the mock's effective minimum resources exactly."
	if c.rawPending {
		notes += " The mock counts each queue's whole pending demand; a real scheduler counts it within each user's limit " +
			"(getTotalPendingResourcesConsideringUserLimit), so each app's pending is asked by a second app (appXp) of another user " +
			"in the same queue, which runs nothing and is never a victim."
	}
	out := map[string]any{
		"id":        c.id,
		"title":     c.title,
		"category":  "preemption",
		"source":    map[string]string{"repo": "apache/hadoop", "file": pcppDir + class + ".java", "method": c.method},
		"yarn_site": yarn,
		"cluster":   map[string]any{"node_groups": []map[string]any{{"count": 1, "id_prefix": "n", "memory_mb": cluster, "vcores": cluster, "rack": "/r1"}}},
		"config":    conf,
		"steps":     steps,
		"notes":     notes,
	}
	if c.adaptation != "" {
		out["adaptation"] = c.adaptation
	}
	return out
}

func ask(prio, gran, n int) map[string]any {
	return map[string]any{"priority": prio, "resource_name": "*", "memory_mb": gran, "vcores": gran, "count": n}
}

func nonNil(m map[string]int) map[string]int {
	if m == nil {
		return map[string]int{}
	}
	return m
}

// TestPCPPScenariosGenerated keeps the generated scenario files in step
// with pcppCases (rewrite them with CAPQ_UPDATE_GOLDEN=1); TestScenarios
// runs them.
func TestPCPPScenariosGenerated(t *testing.T) {
	for _, c := range append(append([]pcppCase(nil), pcppCases...), queuePriorityCases...) {
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
