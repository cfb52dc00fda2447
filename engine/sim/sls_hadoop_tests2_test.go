package sim

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// More of Hadoop SLS's own tests (hadoop-tools/hadoop-sls/src/test/java/
// org/apache/hadoop/yarn/sls), each named by its test method, with that
// test's asserted values. Left out, one line each:
//   - TestAMSimulator#testAMSimulatorRanNodesCleared, TestNMSimulator
//     #testNMSimAppAddedAndRemoved, #testNMSimNullAppAddedAndRemoved: the
//     NM simulator's runningApps bookkeeping, which no scheduling reads.
//   - TestTaskRunner (all five): TaskRunner's thread pool and DelayQueue.
//   - TestSLSRunner#testEnableCaching: the JVM's DNS cache properties.
//   - TestSLSWebApp (all three): the metrics web pages' HTML templates.
//   - TestSLSRunner, TestSLSGenericSynth, TestSLSStreamAMSynth,
//     TestSLSDagAMSimulator #testSimulatorRunning: whole runs, done by
//     cmd/capq's TestSLSSuiteCapacitySchedulerRuns; TestReservationSystem
//     Invariants#testSimulatorRunning needs the reservation system, which
//     capq does not model (the run's warning says so).

// TestDagAMSimulator#testGetToBeScheduledContainers: containers of
// request delays 0, 1000, 1500 and 4000 ms; at the AM's start only the
// first is to be scheduled, 1000 ms later the first two, 3000 ms later
// the first three (getToBeScheduledContainers: requestDelay + amStartTime
// <= now, amStartTime being the AM's first step, its submission). capq
// asks at the AM's heartbeats from submission (every 1000 ms): the delay
// 1000 container is due by the time the AM registers (one heartbeat
// after its container), so it is asked with the first; 1500 at 2000 ms;
// 4000 at 4000 ms. capq used to count the delays from the AM's
// registration, asking each about 1.4 s late.
func TestDagAMSimulatorGetToBeScheduledContainers(t *testing.T) {
	d := dagAllocTimes(t)
	require.Len(t, d.allocs, 4)
	registered := d.amAlloc + 1000 // one AM heartbeat after its container
	for _, at := range d.allocs[:2] {
		assert.GreaterOrEqual(t, at, registered, "delays 0 and 1000 are asked at registration")
		assert.Less(t, at, registered+1000, "and placed within one NM heartbeat (4 nodes, one off-switch container each)")
	}
	allocs := d.allocs
	assert.GreaterOrEqual(t, allocs[2], int64(2000), "delay 1500: the AM's heartbeat at 2000 ms")
	assert.Less(t, allocs[2], int64(3000))
	assert.GreaterOrEqual(t, allocs[3], int64(4000), "delay 4000: the AM's heartbeat at 4000 ms")
	assert.Less(t, allocs[3], int64(5000))
}

type dagTimes struct {
	amAlloc int64
	allocs  []int64
}

// dagAllocTimes runs a DAG job of request delays 0, 1000, 1500 and 4000
// ms (one allocation id each) on four nodes and returns when its AM and
// its containers were allocated.
func dagAllocTimes(t *testing.T) dagTimes {
	t.Helper()
	trace := `{"num.nodes": 4}
{"yarn.sls.am.type": "dag", "job.queue.name": "sls_queue_1", "job.tasks": [
 {"duration.ms": 60000, "container.allocation.id": 1, "container.request.delay": 0},
 {"duration.ms": 60000, "container.allocation.id": 2, "container.request.delay": 1000},
 {"duration.ms": 60000, "container.allocation.id": 3, "container.request.delay": 1500},
 {"duration.ms": 60000, "container.allocation.id": 4, "container.request.delay": 4000}]}`
	w, err := ReadSLS("t.json", []byte(trace), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	var log bytes.Buffer
	_, err = Run(loadModel(t, "workloads/sls"), w, Options{Seed: 1, Events: &log})
	require.NoError(t, err)
	var d dagTimes
	d.amAlloc = -1
	for _, line := range strings.Split(strings.TrimSpace(log.String()), "\n") {
		var e struct {
			T        int64  `json:"t_ms"`
			Kind     string `json:"kind"`
			Priority int32  `json:"priority"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &e))
		if e.Kind != "allocated" {
			continue
		}
		if e.Priority == 0 && d.amAlloc < 0 {
			d.amAlloc = e.T
			continue
		}
		d.allocs = append(d.allocs, e.T)
	}
	return d
}

// DAGAMSimulator.packageRequests asks each batch of containers with
// their hosts and racks; capq asks a container whose delay has not
// passed when the AM registers off-switch, so sls_dag.json's two delayed
// containers with a container.host get a warning that says so.
func TestSLSDagDelayedHostsWarned(t *testing.T) {
	w, err := ReadSLS("sls_dag.json", readFile(t, "testdata", "sls-suite", "sls_dag.json"), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	assert.Equal(t, []string{"sls_dag.json:1 (job 1) task 0: 2 DAG container(s) with a container.request.delay name a container.host; DAGAMSimulator asks each with its host and rack, capq asks one whose delay has not passed when the AM registers off-switch (ANY only)"}, w.Warnings)
}

// AMDefinitionSLS.Builder reads job.id, job.user and yarn.sls.am.type as
// (String) jsonJob.get(key): a JSON number there throws
// ClassCastException and AMRunner skips the job ("Failed to create an
// AM"), while a null keeps the default. capq used to take the number's
// text ("job.id": 7 ran as job "7").
func TestSLSStringKeysAreCastToString(t *testing.T) {
	good := `{"job.queue.name": "a", "job.id": "good", "job.tasks": [{"duration.ms": 5}]}`
	for key, c := range map[string]struct{ value, kind, method string }{
		"job.id":           {"7", "number", "withJobId"},
		"job.user":         {"true", "boolean", "withUser"},
		"yarn.sls.am.type": {`{"name": "mapreduce"}`, "object", "withAmType"},
	} {
		job := `{"job.queue.name": "a", "` + key + `": ` + c.value + `, "job.tasks": [{"duration.ms": 5}]}`
		w, err := ReadSLS("t.json", []byte("{\"num.nodes\": 2}\n"+job+"\n"+good), xmlconf.DefaultSLSSettings(), nil, 0)
		require.NoError(t, err, key)
		require.Len(t, w.Apps, 1, key)
		assert.Equal(t, "good", w.Apps[0].ID)
		assert.Equal(t, []string{"t.json:2 (job 2): " + key + " is a JSON " + c.kind + ", not a string: AMDefinitionSLS.Builder." + c.method + " casts it to String (ClassCastException); SLS skips this job"}, w.Warnings, key)
	}
	w, err := ReadSLS("t.json", []byte(`{"num.nodes": 2}
{"job.queue.name": "a", "job.id": null, "job.user": null, "yarn.sls.am.type": null, "job.tasks": [{"duration.ms": 5}]}`), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	assert.Equal(t, "0", w.Apps[0].ID, "a null id is named by AM_ID")
	assert.Equal(t, "default", w.Apps[0].User)
	assert.Empty(t, w.Warnings)
}

// amAllocNode runs w on m and returns the node of its first AM container.
func amAllocNode(t *testing.T, m *xmlconf.Model, w *Workload) (*Result, string) {
	t.Helper()
	var log bytes.Buffer
	res, err := Run(m, w, Options{Seed: 1, Events: &log})
	require.NoError(t, err)
	for _, line := range strings.Split(strings.TrimSpace(log.String()), "\n") {
		var e struct {
			Kind     string `json:"kind"`
			Node     string `json:"node"`
			Priority int32  `json:"priority"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &e))
		if e.Kind == "allocated" && e.Priority == 0 {
			return res, e.Node
		}
	}
	t.Fatal("no AM container allocated")
	return res, ""
}

// TestAMSimulator#testAMSimulator and #testAMSimulatorWithNodeLabels: an
// AM of user user1, queue default and job id app1 (start 0, finish
// 1000000) registers one application with the RM; with label expression
// label1 (added to the cluster) the application's AM node label
// expression is label1. Adaptations: the test builds the AM definition
// with no task container, which an SLS trace cannot carry ("No task for
// the job!"), so the job has one; the AM's label shows as its container's
// node, the only label1 node of two.
func TestAMSimulatorAMSimulatorAndWithNodeLabels(t *testing.T) {
	const job = `{"job.queue.name": "default", "job.user": "user1", "job.id": "app1", "job.start.ms": 0, "job.end.ms": 1000000%s, "job.tasks": [{"duration.ms": 1000}]}`
	topology := `{"rack": "rack1", "nodes": [{"node": "plain"}, {"node": "labelled", "labels": "label1"}]}`
	nodes, err := ReadSLSNodes("nodes.json", []byte(topology), xmlconf.DefaultSLSSettings())
	require.NoError(t, err)
	m := xmlconf.Build(xmlconf.FromMap(map[string]string{
		"yarn.scheduler.capacity.root.queues":                                         "default",
		"yarn.scheduler.capacity.root.default.capacity":                               "100",
		"yarn.scheduler.capacity.root.default.accessible-node-labels":                 "label1",
		"yarn.scheduler.capacity.root.default.accessible-node-labels.label1.capacity": "100",
		"yarn.scheduler.capacity.root.accessible-node-labels.label1.capacity":         "100",
	}, "capacity-scheduler.xml"), xmlconf.BuildOptions{Version: xmlconf.DefaultVersion})

	for label, wantNode := range map[string]string{"": "plain", "label1": "labelled"} {
		extra := ""
		if label != "" {
			extra = `, "job.label.expression": "` + label + `"`
		}
		w, err := ReadSLS("t.json", []byte(strings.Replace(job, "%s", extra, 1)), xmlconf.DefaultSLSSettings(), nodes, 0)
		require.NoError(t, err)
		res, node := amAllocNode(t, m, w)
		assert.Equal(t, 1, res.Summary.AppsSubmitted, "one RM app")
		require.Len(t, res.Apps, 1)
		a := res.Apps[0]
		assert.Equal(t, [3]string{"app1", "root.default", "user1"}, [3]string{a.ID, a.Queue, a.User})
		assert.Equal(t, AppFinished, a.State)
		assert.Equal(t, wantNode, node, "label %q", label)
	}
}

// TestNMSimulator#testNMSimulator: one NM of 10 GB and 10 vcores on
// /rack1/node1 makes a cluster of one node with 10240 MB and 10 vcores
// available. (Its container bookkeeping, addNewContainer and
// cleanupContainer, is the NM simulator's own.)
func TestNMSimulatorNMSimulator(t *testing.T) {
	nodes, err := ReadSLSNodes("nodes.json", []byte(`{"rack": "rack1", "nodes": [{"node": "node1", "memory-mb": 10240, "vcores": 10}]}`), xmlconf.DefaultSLSSettings())
	require.NoError(t, err)
	w, err := ReadSLS("t.json", []byte(`{"job.queue.name": "sls_queue_1", "job.tasks": [{"duration.ms": 1000}]}`), xmlconf.DefaultSLSSettings(), nodes, 0)
	require.NoError(t, err)
	res, err := Run(loadModel(t, "workloads/sls"), w, Options{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, 1, res.Cluster.Nodes)
	assert.Equal(t, int64(10*1024), res.Cluster.MemoryMB)
	assert.Equal(t, int64(10), res.Cluster.VCores)
	assert.Equal(t, []NodeSpec{{ID: "node1", Rack: "/rack1", MemoryMB: 10240, VCores: 10}}, nodes.Expand())
}

// TestSLSUtils#testGenerateNodeTableMapping: the table mapping SLS
// writes for generateNodes(3, 3) has three lines, each naming a "node"
// and a "/rack" (SLSUtils.generateNodeTableMapping: host, then rack).
// capq keeps that mapping as its nodes' ids and racks.
func TestSLSUtilsGenerateNodeTableMapping(t *testing.T) {
	w, err := ReadSLS("t.json", []byte(`{"num.nodes": 3, "num.racks": 3}
{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5}]}`), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	var lines []string
	for _, n := range w.Cluster.Expand() {
		lines = append(lines, n.ID+" "+n.Rack)
	}
	require.Len(t, lines, 3)
	for _, l := range lines {
		assert.Contains(t, l, "node")
		assert.Contains(t, l, "/rack")
	}
	assert.Equal(t, []string{"node0 /rack0", "node1 /rack1", "node2 /rack2"}, lines)
}

// SynthTraceJobProducer reads with FAIL_ON_UNKNOWN_PROPERTIES off, so a
// key its classes do not declare is dropped silently: "weigth" leaves a
// time bucket at weight 0, "mean" a sample without its value. capq names
// each such key once with where it was first seen (the SLS documentation's
// own example writes {"time": 120, "jobs": 0}); a workload's
// "description", which SLS's syn.json carries, is not named.
func TestSynthIgnoredKeysWarned(t *testing.T) {
	desc := `{"num_jobs": 2, "num_nodes": 1, "comment": "x", "workloads": [{"queue_name": "q", "workload_weight": 1, "description": "prose",
 "job_classes": [{"class_name": "c", "class_weight": 1, "type": "mapreduce", "user": "alice",
   "deadline_factor": {"val": 1}, "duration": {"val": 5, "mean": 3}, "reservation": {"val": 0},
   "tasks": [{"type": "map", "count": {"val": 1}, "time": {"val": 5}, "max_memory": {"val": 1024}, "max_vcores": {"val": 1}, "mem": 2048}]}],
 "time_distribution": [{"time": 0, "weight": 1}, {"time": 60, "weigth": 5}, {"time": 120, "jobs": 0}]}]}`
	w, err := ReadSynth("s.json", []byte(desc), xmlconf.DefaultSLSSettings(), 0)
	require.NoError(t, err)
	require.Len(t, w.Warnings, 7, "six keys and the time-0 start")
	const tail = ": SynthTraceJobProducer does not read it (FAIL_ON_UNKNOWN_PROPERTIES is off)"
	assert.Equal(t, []string{
		`s.json: key "comment" ignored in 1 object(s), first in the description` + tail,
		`s.json: key "jobs" ignored in 1 object(s), first in workloads[0].time_distribution[2]` + tail,
		`s.json: key "mean" ignored in 1 object(s), first in workloads[0].job_classes[0].duration` + tail,
		`s.json: key "mem" ignored in 1 object(s), first in workloads[0].job_classes[0].tasks[0]` + tail,
		`s.json: key "user" ignored in 1 object(s), first in workloads[0].job_classes[0]` + tail,
		`s.json: key "weigth" ignored in 1 object(s), first in workloads[0].time_distribution[1]` + tail,
	}, w.Warnings[:6])
	assert.Contains(t, w.Warnings[6], "SLS 3.4 starts every SYNTH job at time 0")
	for _, a := range w.Apps {
		assert.Equal(t, "default", a.User, "user_name is the key; \"user\" is dropped")
		assert.Less(t, a.SubmitMS, int64(60000), "only the first bucket, [0, 60) s, has weight")
	}
}
