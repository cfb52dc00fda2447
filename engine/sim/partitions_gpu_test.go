package sim

import (
	"bufio"
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// gpuModel: root.ml and root.etl split the default partition 50/50;
// root.ml holds all of the "gpu" partition, root.etl cannot access it.
// user-limit-factor 2 lets each user take the whole default partition
// (100% maximum = 2 x the 50% guarantee), so the user limit never binds.
func gpuModel() *xmlconf.Model {
	conf := xmlconf.FromMap(map[string]string{
		"yarn.scheduler.capacity.root.queues":                                 "ml,etl",
		"yarn.scheduler.capacity.root.ml.capacity":                            "50",
		"yarn.scheduler.capacity.root.etl.capacity":                           "50",
		"yarn.scheduler.capacity.root.ml.user-limit-factor":                   "2",
		"yarn.scheduler.capacity.root.etl.user-limit-factor":                  "2",
		"yarn.scheduler.capacity.root.ml.maximum-am-resource-percent":         "0.5",
		"yarn.scheduler.capacity.root.etl.maximum-am-resource-percent":        "0.5",
		"yarn.scheduler.capacity.root.ml.accessible-node-labels":              "gpu",
		"yarn.scheduler.capacity.root.ml.accessible-node-labels.gpu.capacity": "100",
		"yarn.scheduler.capacity.root.etl.accessible-node-labels":             " ",
	}, "gpu.xml")
	return xmlconf.Build(conf, xmlconf.BuildOptions{Version: xmlconf.DefaultVersion})
}

// gpuWorkload: one 8 GB default node (cpu0) and one 8 GB node in the
// non-exclusive "gpu" partition (gpu0), heartbeats every second.
//
//   - t=0: etl_1 (default partition) asks for an AM of 1 GB and 14 tasks
//     of 1 GB for 10 minutes.
//   - t=60s: train_1 (root.ml) asks for its AM (1 GB) and 4 tasks of 2 GB
//     for 5 minutes, all in "gpu".
const gpuWorkload = `{
  "cluster": {
    "node_labels": [{"name": "gpu", "exclusive": false}],
    "nodes": [
      {"names": ["cpu0"], "memory_mb": 8192, "vcores": 8},
      {"names": ["gpu0"], "memory_mb": 8192, "vcores": 8, "partition": "gpu"}
    ]
  },
  "apps": [
    {"id": "etl_1", "queue": "etl", "user": "eve", "submit_ms": 0,
     "am": {"memory_mb": 1024, "vcores": 1},
     "tasks": [{"count": 14, "memory_mb": 1024, "vcores": 1, "duration_ms": 600000, "priority": 20}]},
    {"id": "train_1", "queue": "ml", "user": "ann", "submit_ms": 60000, "node_label_expression": "gpu",
     "am": {"memory_mb": 1024, "vcores": 1},
     "tasks": [{"count": 4, "memory_mb": 2048, "vcores": 1, "duration_ms": 300000, "priority": 20}]}
  ]
}`

type allocEvent struct {
	T     int64  `json:"t_ms"`
	Kind  string `json:"kind"`
	App   string `json:"app"`
	Node  string `json:"node"`
	MemMB int64  `json:"memory_mb"`
	Prio  int32  `json:"priority"`
}

// TestGPUPartitionWaitsAndLending is the GPU cluster of issue #14, as
// Hadoop 3.4 runs it (CapacityScheduler.allocateContainersToNode: a
// node's heartbeat schedules its own partition first, then, on a
// non-exclusive partition, default-partition requests in
// SchedulingMode.IGNORE_PARTITION_EXCLUSIVITY; RegularContainerAllocator
// lends only after the request missed as many scheduling opportunities as
// the cluster has nodes, here 2).
//
// Worked out (node heartbeats every second, one off-switch container
// per heartbeat: per-node-heartbeat.maximum-offswitch-assignments 1):
//   - etl_1's AM (t≈0.5 s) and 7 tasks fill cpu0 one per heartbeat by
//     t≈7.5 s: 1 + 7 x 1 GB = 8 GB, the whole default partition (etl's
//     maximum 100%, its user limit 2 x 4 GB).
//   - Its 7 other tasks are default-partition requests with cpu0 full:
//     gpu0's heartbeats find no "gpu" request (train_1 is not there yet)
//     and, once the request missed 2 opportunities, lend gpu0 to them,
//     one per heartbeat: 7 x 1 GB on gpu0 by t≈15 s, 1 GB left free. In
//     ignore-exclusivity mode etl's access to "gpu" does not matter
//     (LeafQueue checks it only when respecting exclusivity).
//   - At 60 s train_1's AM (1 GB, "gpu", AM limit 50% of the 8 GB
//     partition = 4 GB) takes gpu0's last free GB; its 2 GB "gpu" tasks
//     then wait: gpu0 is full of etl's borrowed containers, and without
//     preemption nobody takes them back.
//   - The borrowed containers end 10 minutes after they started (t≈609 to
//     615 s), one a second: each second one more 2 GB task fits, so 3
//     tasks start between 609 and 616 s (6 GB, 1 GB left over) and the
//     4th only when the first of them ends 5 minutes later (t≈910 s).
//   - No ml container ever lands on cpu0 (a "gpu" request is served on
//     "gpu" nodes only), so the default partition's use is etl's alone:
//     peak 8 GB; in "gpu" etl peaks at 7 GB and ml at 1 + 3 x 2 = 7 GB.
func TestGPUPartitionWaitsAndLending(t *testing.T) {
	w, err := ReadNative("gpu.json", []byte(gpuWorkload))
	require.NoError(t, err)
	var log bytes.Buffer
	res, err := Run(gpuModel(), w, Options{Events: &log})
	require.NoError(t, err)

	var evs []allocEvent
	sc := bufio.NewScanner(&log)
	for sc.Scan() {
		var e allocEvent
		require.NoError(t, json.Unmarshal(sc.Bytes(), &e))
		if e.Kind == "allocated" {
			evs = append(evs, e)
		}
	}
	count := func(app, node string, prio int32) (n int, first, last int64) {
		first = -1
		for _, e := range evs {
			if e.App == app && e.Node == node && e.Prio == prio {
				if first < 0 {
					first = e.T
				}
				n, last = n+1, e.T
			}
		}
		return n, first, last
	}
	n, _, _ := count("etl_1", "cpu0", 20)
	assert.Equal(t, 7, n, "7 etl tasks beside its AM fill cpu0")
	n, _, last := count("etl_1", "gpu0", 20)
	assert.Equal(t, 7, n, "the other 7 borrow the idle non-exclusive gpu0")
	assert.Less(t, last, int64(20000), "lent one a heartbeat from the second missed opportunity on")
	n, first, _ := count("train_1", "gpu0", 0)
	assert.Equal(t, 1, n, "train_1's AM on gpu0's last free GB")
	assert.GreaterOrEqual(t, first, int64(60000))
	n, first, last = count("train_1", "gpu0", 20)
	assert.Equal(t, 4, n)
	assert.GreaterOrEqual(t, first, int64(609000), "GPU tasks wait for the borrowed containers to end")
	assert.Less(t, first, int64(617000))
	assert.GreaterOrEqual(t, last, first+300000, "the 4th waits for one of the first three to end")
	n, _, _ = count("train_1", "cpu0", 20)
	assert.Zero(t, n, "a gpu request never runs on a default node")

	def, gpu := res.Partition(""), res.Partition("gpu")
	require.NotNil(t, def)
	require.NotNil(t, gpu)
	byPath := func(p *PartitionResult, path string) PartitionQueue {
		for _, q := range p.Queues {
			if q.Path == path {
				return q
			}
		}
		t.Fatalf("no queue %s in partition %q", path, p.Partition)
		return PartitionQueue{}
	}
	assert.Equal(t, int64(8192), byPath(def, "root.etl").PeakUsedMB)
	assert.Zero(t, byPath(def, "root.ml").PeakUsedMB)
	assert.Equal(t, int64(7168), byPath(gpu, "root.etl").PeakUsedMB, "borrowed")
	assert.Equal(t, int64(7168), byPath(gpu, "root.ml").PeakUsedMB, "AM + 3 x 2 GB")
	assert.Equal(t, int64(8192), byPath(gpu, "root.ml").GuaranteedMB, "100% of the 8 GB partition")
}

// The heartbeat shortcuts (parking idle nodes, quiet spells, skipping
// blocked leaves) must not change what a cluster with a non-exclusive
// partition does: lending waits for missed opportunities, which only
// heartbeats that achieve nothing count. A generated day on the GPU
// configuration, with a third of the nodes in "gpu" and ml's apps asking
// for it, gives the same event log with and without them.
func TestShortcutsKeepLabelledEventLog(t *testing.T) {
	for _, seed := range []int64{11, 12} {
		shortcutsKeepLabelledLog(t, seed)
	}
}

func shortcutsKeepLabelledLog(t *testing.T, seed int64) {
	m := loadModel(t, "workloads/labels")
	w, err := Generate(m, GenOptions{Seed: seed, Apps: 200, Nodes: 12, NodeMemoryMB: 16384, NodeVCores: 16, DurationMS: 2 * 3600 * 1000, ReduceShare: 0.3})
	require.NoError(t, err)
	labelGPU(m, w)
	require.NoError(t, w.Validate())
	run := func(o Options) ([]byte, *Result) {
		var log bytes.Buffer
		o.Seed, o.Events = 9, &log
		res, err := Run(m, w, o)
		require.NoError(t, err)
		return log.Bytes(), res
	}
	want, all := run(Options{exhaustive: true, walkEveryLeaf: true})
	require.NotZero(t, all.Summary.ContainersAllocated)
	var res *Result
	for name, o := range map[string]Options{"both shortcuts": {}, "heartbeat skipping": {walkEveryLeaf: true}, "blocked-leaf skipping": {exhaustive: true}} {
		var got []byte
		got, res = run(o)
		if !bytes.Equal(want, got) {
			wl, gl := bytes.Split(want, []byte("\n")), bytes.Split(got, []byte("\n"))
			for k := 0; k < len(wl) && k < len(gl); k++ {
				if !bytes.Equal(wl[k], gl[k]) {
					t.Errorf("seed %d: %s changes the event log at line %d:\nwant %s\ngot  %s", seed, name, k+1, wl[k], gl[k])
					break
				}
			}
		}
	}
	gp := res.Partition("gpu")
	require.NotNil(t, gp)
	assert.NotZero(t, gp.Queues[0].PeakUsedMB, "the gpu nodes run containers")
}

// A queue that cannot access a label: a submission whose AM asks for it
// is rejected (RMAppManager validates the AM request against the queue's
// accessible-node-labels), and an app whose tasks ask for it fails on that
// ask (ApplicationMasterService's InvalidResourceRequestException).
func TestInaccessibleLabel(t *testing.T) {
	w, err := ReadNative("gpu.json", []byte(`{
  "cluster": {"node_labels": [{"name": "gpu"}],
    "nodes": [{"names": ["cpu0"], "memory_mb": 8192, "vcores": 8}, {"names": ["gpu0"], "memory_mb": 8192, "vcores": 8, "partition": "gpu"}]},
  "apps": [
    {"id": "am_gpu", "queue": "etl", "user": "eve", "node_label_expression": "gpu", "am": {"memory_mb": 1024, "vcores": 1},
     "tasks": [{"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 20}]},
    {"id": "task_gpu", "queue": "etl", "user": "eve", "am": {"memory_mb": 1024, "vcores": 1},
     "tasks": [{"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 20, "node_label_expression": "gpu"}]}
  ]}`))
	require.NoError(t, err)
	res, err := Run(gpuModel(), w, Options{})
	require.NoError(t, err)
	states := map[string]string{}
	for _, a := range res.Apps {
		states[a.ID] = a.State
	}
	assert.Equal(t, AppRejected, states["am_gpu"])
	assert.Equal(t, AppFailed, states["task_gpu"])
}

// update_node_labels moves a node with running containers to another
// partition (replaceLabelsOnNode): its containers' usage moves with it.
// etl_1 fills cpu0 and cpu1 (2 x 4 GB, one 1 GB container a heartbeat);
// at 60 s cpu1 joins "gpu": etl's 4 GB there now count in "gpu" (peak
// 4 GB), its default-partition use drops to cpu0's 4 GB, and when they
// end the releases come off "gpu", never below zero.
func TestUpdateNodeLabelsMovesUsage(t *testing.T) {
	w, err := ReadNative("gpu.json", []byte(`{
  "cluster": {"node_labels": [{"name": "gpu", "exclusive": true}],
    "nodes": [{"names": ["cpu0", "cpu1"], "memory_mb": 4096, "vcores": 4}]},
  "apps": [{"id": "etl_1", "queue": "etl", "user": "eve", "am": {"memory_mb": 1024, "vcores": 1},
     "tasks": [{"count": 7, "memory_mb": 1024, "vcores": 1, "duration_ms": 120000, "priority": 20}]}],
  "events": [{"at_ms": 60000, "kind": "update_node_labels", "partitions": {"cpu1": "gpu"}}]}`))
	require.NoError(t, err)
	res, err := Run(gpuModel(), w, Options{})
	require.NoError(t, err)
	assert.Empty(t, res.Refreshes, "the move succeeded")
	gpu, def := res.Partition("gpu"), res.Partition("")
	require.NotNil(t, gpu)
	etl := func(p *PartitionResult) PartitionQueue { return p.Queues[2] }
	assert.Equal(t, "root.etl", etl(gpu).Path)
	assert.Equal(t, int64(4096), etl(gpu).PeakUsedMB, "cpu1's containers moved to gpu")
	assert.Equal(t, int64(8192), etl(def).PeakUsedMB, "both nodes before the move")
	assert.Positive(t, etl(gpu).AvgUsedMB)
	assert.Less(t, etl(gpu).AvgUsedMB, int64(4096), "in gpu only after 60 s")
	assert.Equal(t, "FINISHED", res.Apps[0].State)

	w.Events[0].Partitions = map[string]string{"nosuch": "gpu"}
	res, err = Run(gpuModel(), w, Options{})
	require.NoError(t, err)
	require.Len(t, res.Refreshes, 1)
	assert.Contains(t, res.Refreshes[0].Errors[0], `unknown node "nosuch"`)
}

// labelGPU puts a third of the nodes in a non-exclusive "gpu" partition
// and half of root.ml's apps on it.
func labelGPU(m *xmlconf.Model, w *Workload) {
	ex := false
	w.Cluster.NodeLabels = []NodeLabel{{Name: "gpu", Exclusive: &ex}}
	var nodes []NodeGroup
	for i, n := range w.Cluster.Expand() {
		g := NodeGroup{Names: []string{n.ID}, Rack: n.Rack, MemoryMB: n.MemoryMB, VCores: n.VCores}
		if i%3 == 0 {
			g.Partition = "gpu"
		}
		nodes = append(nodes, g)
	}
	w.Cluster.Nodes = nodes
	gpu := "gpu"
	for i := range w.Apps {
		if q, _ := resolveLeaf(m, w.Apps[i].Queue); q == "root.ml" && i%2 == 0 {
			w.Apps[i].NodeLabelExpression = &gpu
		}
	}
}
