package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

func asyncModel(extra map[string]string) *xmlconf.Model {
	kv := map[string]string{
		xmlconf.Prefix + "root.queues": "default", xmlconf.Prefix + "root.default.capacity": "100",
		xmlconf.Prefix + "maximum-am-resource-percent": "1",
	}
	for k, v := range extra {
		kv[k] = v
	}
	return xmlconf.Build(xmlconf.FromMap(kv, "test"), xmlconf.BuildOptions{})
}

// oneApp is one app submitted at submitMS on four 8 GB nodes: a 1 GB AM
// and four 1 GB tasks of 10 s.
func oneApp(submitMS int64) *Workload {
	return &Workload{Name: "one", Cluster: Cluster{Nodes: []NodeGroup{{Count: 4, Prefix: "n", MemoryMB: 8192, VCores: 8}}},
		Apps: []App{{ID: "a1", Queue: "default", User: "u", SubmitMS: submitMS, AM: engine.Resource{MemoryMB: 1024, VCores: 1},
			Tasks: []TaskGroup{{Count: 4, MemoryMB: 1024, VCores: 1, DurationMS: 10000, Priority: 20}}}}}
}

// The AM's wait comes from the loop that schedules: with heartbeats it is
// the time to the next node heartbeat (a random phase in the 1 s
// interval), with asynchronous scheduling the time to the next pass, at
// multiples of scheduling-interval-ms: submitted at 30 ms, the AM waits
// 0 ms for the 5 ms default at 30, and 70 ms for a 100 ms interval.
func TestAsyncSchedulingWaitTimes(t *testing.T) {
	run := func(extra map[string]string) *Result {
		res, err := Run(asyncModel(extra), oneApp(30), Options{Seed: 1})
		require.NoError(t, err)
		require.Len(t, res.Apps, 1)
		return res
	}
	hb := run(nil)
	async := xmlconf.Prefix + "schedule-asynchronously.enable"
	def := run(map[string]string{async: "true"})
	slow := run(map[string]string{async: "true", xmlconf.Prefix + "schedule-asynchronously.scheduling-interval-ms": "100"})
	assert.Equal(t, int64(0), def.Apps[0].WaitMS)
	assert.Equal(t, int64(70), slow.Apps[0].WaitMS)
	// Seed 1 puts the first node heartbeat after 30 ms at 51 ms: between
	// the two.
	assert.Equal(t, int64(21), hb.Apps[0].WaitMS)
	for _, r := range []*Result{hb, def, slow} {
		assert.Equal(t, AppFinished, r.Apps[0].State)
		assert.Equal(t, int64(5), r.Apps[0].Containers)
	}
	// A task's end reaches the RM with its node's next heartbeat (seed 1
	// puts n3, n0, n1, n2 at 51, 410, 551 and 821 ms past the second), in
	// every mode.
	// With 5 ms passes the AM starts at 30 ms and its four tasks at
	// 1,030 ms (one pass places one on each node), ending at 11,030 and
	// reported by 11,821; with heartbeats they start by 2,051 (one
	// off-switch container per node heartbeat) and the last report is at
	// 11,821 too; with 100 ms passes the AM starts at 100 ms, the tasks at
	// 1,100 ms end at 11,100, and n3 reports its task at 12,051.
	assert.Equal(t, int64(11821), hb.Apps[0].FinishMS)
	assert.Equal(t, int64(11821), def.Apps[0].FinishMS)
	assert.Equal(t, int64(12051), slow.Apps[0].FinishMS)
}

// Multi-node placement in a run: packing follows the sorted order, and
// a run is reproducible.
func TestMultiNodeRunDeterministic(t *testing.T) {
	extra := map[string]string{
		xmlconf.Prefix + "multi-node-placement-enabled":       "true",
		xmlconf.Prefix + "multi-node-sorting.policy.names":    "rb",
		xmlconf.Prefix + "multi-node-sorting.policy":          "rb",
		xmlconf.Prefix + "multi-node-sorting.policy.rb.class": engine.ResourceUsagePolicy,
	}
	a, err := Run(asyncModel(extra), oneApp(30), Options{Seed: 1})
	require.NoError(t, err)
	b, err := Run(asyncModel(extra), oneApp(30), Options{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, a, b)
	assert.Equal(t, AppFinished, a.Apps[0].State)
	assert.Equal(t, int64(5), a.Apps[0].Containers)
}

// An interval past a day is refused before the run (simulated time would
// overflow), like an over-long heartbeat interval.
func TestAsyncIntervalTooLong(t *testing.T) {
	_, err := Run(asyncModel(map[string]string{xmlconf.Prefix + "schedule-asynchronously.enable": "true",
		xmlconf.Prefix + "schedule-asynchronously.scheduling-interval-ms": "9223372036854775807"}), oneApp(0), Options{Seed: 1})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "scheduling-interval-ms = 9223372036854775807: want at most")
}

// Multi-node placement packs and finds room for large containers: four
// 8 GB nodes, "small" runs an AM and six 3 GB tasks of 60 s, then "big"
// (10 s later) two 6 GB tasks of 10 s. Heartbeat-driven, one 3 GB task
// lands on each node's heartbeat in turn, no node keeps 6 GB free, both
// 6 GB tasks reserve (n0, n1) and start only when the small tasks end
// (61.5 s, 61.8 s): big finishes at 71,821 ms. With multi-node placement
// (sorted every second) the tasks go two by two to the least used nodes
// of the frozen order, n0 keeps its AM and 6 GB free, the first 6 GB task
// starts there at 11,051 ms and the second, reserved on n3 (the last node
// of the order sorted at 11 s), runs on n0 once n0's heartbeat (phase
// 410 ms) reports the first one done, at 21,410 ms: big finishes at
// 31,410 ms with one reservation. (Small's last task, on n3, ends at
// 62,410 ms and is reported by n3's heartbeat at 63,051 ms; heartbeat-
// driven, every task ends on its own node's heartbeat.)
func TestMultiNodeLargeContainers(t *testing.T) {
	w := &Workload{Name: "pack", Cluster: Cluster{Nodes: []NodeGroup{{Count: 4, Prefix: "n", MemoryMB: 8192, VCores: 8}}},
		Apps: []App{
			{ID: "small", Queue: "default", User: "u", AM: engine.Resource{MemoryMB: 1024, VCores: 1},
				Tasks: []TaskGroup{{Count: 6, MemoryMB: 3072, VCores: 1, DurationMS: 60000, Priority: 20}}},
			{ID: "big", Queue: "default", User: "v", SubmitMS: 10000, AM: engine.Resource{MemoryMB: 1024, VCores: 1},
				Tasks: []TaskGroup{{Count: 2, MemoryMB: 6144, VCores: 1, DurationMS: 10000, Priority: 20}}}}}
	multi := map[string]string{
		xmlconf.Prefix + "multi-node-placement-enabled":       "true",
		xmlconf.Prefix + "multi-node-sorting.policy.names":    "rb",
		xmlconf.Prefix + "multi-node-sorting.policy":          "rb",
		xmlconf.Prefix + "multi-node-sorting.policy.rb.class": engine.ResourceUsagePolicy,
	}
	for _, tc := range []struct {
		name         string
		extra        map[string]string
		reservations int64
		bigFinish    int64
		smallFinish  int64
	}{
		{"heartbeat-driven", nil, 2, 71821, 62410},
		{"multi-node", multi, 1, 31410, 63051},
	} {
		res, err := Run(asyncModel(tc.extra), w, Options{Seed: 1})
		require.NoError(t, err)
		assert.Equal(t, tc.reservations, res.Summary.Reservations, tc.name)
		assert.Equal(t, tc.bigFinish, res.Apps[1].FinishMS, tc.name)
		assert.Equal(t, tc.smallFinish, res.Apps[0].FinishMS, tc.name)
	}
}
