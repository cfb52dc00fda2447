package sim

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hadoop SLS's own tests of its readers and generators
// (hadoop-tools/hadoop-sls/src/test/java/org/apache/hadoop/yarn/sls),
// each named by its test method, with that test's asserted values.

// TestSynthJobGeneration#testWorkloadGenerateTime: a workload without job
// classes, buckets at 0, 30, 60, 90 s weighted 1, 0, 2, 1, a
// JDKRandomGenerator seeded 0, 1000 submission times: none in the
// weight-0 bucket, most in [60, 90), some in each other.
func TestSynthJobGenerationWorkloadGenerateTime(t *testing.T) {
	var wl synthWorkload
	require.NoError(t, json.Unmarshal([]byte(`{"job_classes": [], "time_distribution": [
		{"time": 0, "weight": 1}, {"time": 30, "weight": 0}, {"time": 60, "weight": 2}, {"time": 90, "weight": 1}]}`), &wl))
	r := newJavaRandom(0)
	var buckets [4]int
	for range 1000 {
		sec, err := wl.submissionSecond(r)
		require.NoError(t, err)
		buckets[min(sec/30, 3)]++
	}
	assert.Positive(t, buckets[0])
	assert.Zero(t, buckets[1])
	assert.Positive(t, buckets[2])
	assert.Positive(t, buckets[3])
	assert.Greater(t, buckets[2], buckets[0])
	assert.Greater(t, buckets[2], buckets[3])
}

// TestSynthJobGeneration#testSample: samples read as Jackson reads
// SynthTraceJobProducer.Sample, initialised in turn on one
// JDKRandomGenerator seeded 0; the two invalid ones fail to read.
func TestSynthJobGenerationSample(t *testing.T) {
	r := newJavaRandom(0)
	sample := func(s string) *synthSample {
		t.Helper()
		var smp synthSample
		require.NoError(t, json.Unmarshal([]byte(s), &smp))
		require.NoError(t, smp.check(), s)
		smp.init(r)
		return &smp
	}
	v, err := sample(`{"val" : 5 }`).int()
	require.NoError(t, err)
	assert.Equal(t, int32(5), v)

	d, err := sample(`{"val" : 5, "std" : 1 }`).double()
	require.NoError(t, err)
	assert.True(t, d > 2 && d < 8, d)

	d, err = sample(`{"val" : 5, "std" : 1, "dist": "NORM" }`).double()
	require.NoError(t, err)
	assert.True(t, d > 2 && d < 8, d)

	v, err = sample(`{"discrete" : [2, 4, 6, 8]}`).int()
	require.NoError(t, err)
	assert.Contains(t, []int32{2, 4, 6, 8}, v)

	v, err = sample(`{"discrete" : [2, 4, 6, 8], "weights": [0, 0, 0, 1]}`).int()
	require.NoError(t, err)
	assert.Equal(t, int32(8), v)

	for _, bad := range []string{
		`{"val" : 5, "discrete" : [2, 4, 6, 8], "weights": [0, 0, 0, 1]}`,
		`{"val" : 5, "std" : 1, "dist": "INVALID" }`,
	} {
		var smp synthSample
		require.NoError(t, json.Unmarshal([]byte(bad), &smp))
		assert.Error(t, smp.check(), bad)
	}
}

// TestSynthJobGeneration#testMapReduce, #testGeneric and #testStream:
// every job SynthTraceJobProducer hands out from syn.json,
// syn_generic.json and syn_stream.json passes validateJob (submitted
// after 0, a positive duration, a deadline past submission plus
// duration when it has one, tasks of positive time, memory and vcores,
// every one GUARANTEED, a total slot time of at least 0), and there are
// num_jobs of them.
func TestSynthJobGenerationValidateJob(t *testing.T) {
	for _, c := range []struct {
		method, file string
		numJobs      int
	}{{"testMapReduce", "syn.json", 10}, {"testGeneric", "syn_generic.json", 10}, {"testStream", "syn_stream.json", 5}} {
		t.Run(c.method, func(t *testing.T) {
			jobs := generateSynth(t, readFile(t, "testdata", "sls-suite", c.file))
			assert.Len(t, jobs, c.numJobs, "getNumJobs() == jobs handed out")
			for _, j := range jobs {
				assert.Positive(t, j.submitSec*1000, j.name)
				assert.Positive(t, j.durationMS, j.name)
				if j.deadlineMS >= 0 {
					assert.Greater(t, j.deadlineMS, j.submitSec*1000+j.durationMS, j.name)
				}
				require.NotEmpty(t, j.tasks, j.name)
				assert.Zero(t, j.opportunistic, "t.getExecutionType() == GUARANTEED")
				slot := int64(0) // SynthJob.getTotalSlotTime: the tasks' times
				for _, tk := range j.tasks {
					slot += tk.timeMS
				}
				assert.GreaterOrEqual(t, slot, int64(0))
				for _, tk := range j.tasks {
					assert.NotEmpty(t, tk.typ)
					assert.Positive(t, tk.timeMS)
					assert.Positive(t, tk.memoryMB)
					assert.Positive(t, tk.vcores)
				}
			}
		})
	}
}

// TestSLSUtils#testGetRackHostname: "/rack1/node1" is node1 on rack1;
// "/rackA/rackB/node1" is node1 on rackA/rackB (capq keeps the leading
// "/" of a network location).
func TestSLSUtilsGetRackHostname(t *testing.T) {
	rack, host, err := rackHost("/rack1/node1")
	require.NoError(t, err)
	assert.Equal(t, [2]string{"/rack1", "node1"}, [2]string{rack, host})
	rack, host, err = rackHost("/rackA/rackB/node1")
	require.NoError(t, err)
	assert.Equal(t, [2]string{"/rackA/rackB", "node1"}, [2]string{rack, host})
}

// A host path NodeBase cannot read stops SLS (SLSUtils.getRackHostName):
// no leading "/" is normalize's IllegalArgumentException, no rack is the
// empty network location's substring(1). capq used to put such hosts on
// /default-rack. One trailing "/" is dropped, as normalize does.
func TestRackHostRefusesWhatNodeBaseRefuses(t *testing.T) {
	for _, bad := range []string{"node1", "rack1/node1", "/node1", "", "/", "/rack1/node1//"} {
		_, _, err := rackHost(bad)
		assert.Error(t, err, bad)
	}
	_, _, err := rackHost("node1")
	assert.ErrorContains(t, err, "Network Location path does not start with /: node1")
	rack, host, err := rackHost("/rack1/node1/")
	require.NoError(t, err)
	assert.Equal(t, [2]string{"/rack1", "node1"}, [2]string{rack, host})
}

// TestSLSUtils#testGenerateNodes: generateNodes(3, racks) gives 3 nodes
// on 3, 1, 3 and 1 racks for racks 3, 1, 4 and 0 (at least one rack, at
// most one per node), here through a trace's num.nodes/num.racks header.
func TestSLSUtilsGenerateNodes(t *testing.T) {
	for racks, want := range map[int]int{3: 3, 1: 1, 4: 3, 0: 1} {
		data := `{"num.nodes": 3, "num.racks": ` + string(rune('0'+racks)) + `}
{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5}]}`
		w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
		require.NoError(t, err)
		nodes := w.Cluster.Expand()
		assert.Len(t, nodes, 3, "racks %d", racks)
		rackSet := map[string]bool{}
		for _, n := range nodes {
			rackSet[n.Rack] = true
		}
		assert.Len(t, rackSet, want, "racks %d", racks)
	}
}

// TestSLSUtils#testParseNodesFromNodeFile: nodes.json has 20 nodes;
// nodes-with-resources.json (testdata/sls-suite, Hadoop's own file) has 4:
// node1 of 2048 MB and 6 vcores, node2 and node3 with the default given
// (1024 MB, 2 vcores), node4 of 6144 MB and 12 vcores; node3 and node4
// carry the labels label1 and label2 (exclusive=false).
//
// The test stops at the parse. Past it, the RM refuses two labels on a
// host (CommonNodeLabelsManager.checkReplaceLabelsOnNode, through
// ResourceTrackerService.registerNodeManager) and the node registers
// unlabelled: capq reads the file whole, node3 and node4 in the default
// partition, with a warning. (capq refused the file before.)
func TestSLSUtilsParseNodesFromNodeFile(t *testing.T) {
	set := xmlconf.DefaultSLSSettings()
	set.NMMemoryMB, set.NMVCores = 1024, 2
	c, err := ReadSLSNodes("nodes.json", readFile(t, "testdata", "sls-suite", "nodes.json"), set)
	require.NoError(t, err)
	assert.Len(t, c.Expand(), 20)

	c, err = ReadSLSNodes("nodes-with-resources.json", readFile(t, "testdata", "sls-suite", "nodes-with-resources.json"), set)
	require.NoError(t, err)
	nodes := c.Expand()
	require.Len(t, nodes, 4)
	got := map[string][2]int64{}
	for _, n := range nodes {
		assert.Equal(t, "/rack1", n.Rack)
		assert.Empty(t, n.Partition, "%s: two labels on a host are refused", n.ID)
		got[n.ID] = [2]int64{n.MemoryMB, n.VCores}
	}
	assert.Equal(t, map[string][2]int64{"node1": {2048, 6}, "node2": {1024, 2}, "node3": {1024, 2}, "node4": {6144, 12}}, got)
	assert.Empty(t, c.NodeLabels, "no label was accepted on any node")
	joined := strings.Join(c.Warnings, "\n")
	assert.Contains(t, joined, "nodes-with-resources.json:1 (rack 1) node 3 (node3): 2 node(s) name more than one label")
	assert.Contains(t, joined, "multiple labels on a single host")
	assert.NotContains(t, joined, "capq defines each label", "no label is defined")
}

// TestAMSimulator#testPackageRequests: three 1024 MB containers on
// /default-rack/h1, /default-rack/h1 and /default-rack/h2 package into 4
// requests (1 "*", 1 rack, 2 nodes); with allocation ids 1, 2 and 1
// into 7 (2, 2, 3). capq keeps a request per task group: "*" per
// priority, a rack request per priority and rack, a node request per
// priority and host. Adaptation: the test packages priority 1 directly;
// through a trace the MapReduce AM asks maps at 20, which changes no
// count.
func TestAMSimulatorPackageRequests(t *testing.T) {
	for _, c := range []struct {
		ids             [3]string
		any, rack, node int
	}{{[3]string{"", "", ""}, 1, 1, 2}, {[3]string{`, "container.allocation.id": 1`, `, "container.allocation.id": 2`, `, "container.allocation.id": 1`}, 2, 2, 3}} {
		hosts := [3]string{"h1", "h1", "h2"}
		var tasks []string
		for i, h := range hosts {
			tasks = append(tasks, `{"duration.ms": 100, "container.memory-mb": 1024, "container.priority": 1, "container.host": "/default-rack/`+h+`"`+c.ids[i]+`}`)
		}
		w, err := ReadSLS("t.json", []byte(`{"job.queue.name": "default", "job.tasks": [`+strings.Join(tasks, ",")+`]}`), xmlconf.DefaultSLSSettings(), nil, 0)
		require.NoError(t, err)
		anyReq, rackReq, nodeReq := map[int32]bool{}, map[string]bool{}, map[string]bool{}
		for _, g := range w.Apps[0].Tasks {
			p := fmt.Sprint(g.Priority)
			anyReq[g.Priority] = true
			for _, r := range g.Racks {
				rackReq[p+" "+r] = true
			}
			for _, h := range g.Hosts {
				nodeReq[p+" "+h] = true
			}
		}
		assert.Equal(t, [3]int{c.any, c.rack, c.node}, [3]int{len(anyReq), len(rackReq), len(nodeReq)})
	}
}

// TestSLSExecutionType: container.execution.type is
// ExecutionType.valueOf (TaskContainerDefinition.Builder
// .withExecutionType): GUARANTEED and OPPORTUNISTIC read, anything else
// (another case, null) throws and AMRunner skips the job. OPPORTUNISTIC
// tasks run as guaranteed ones, with a note, rather than silently.
func TestSLSExecutionType(t *testing.T) {
	data := `{"num.nodes": 2}
{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.execution.type": "GUARANTEED"}]}
{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.execution.type": "OPPORTUNISTIC"}, {"duration.ms": 5, "container.execution.type": "OPPORTUNISTIC"}]}
{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.execution.type": "guaranteed"}]}
{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.execution.type": null}]}`
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	assert.Len(t, w.Apps, 2)
	warnings := strings.Join(w.Warnings, "\n")
	assert.Contains(t, warnings, `t.json:4 (job 4) task 0: container.execution.type "guaranteed": No enum constant org.apache.hadoop.yarn.api.records.ExecutionType.guaranteed; SLS skips this job`)
	assert.Contains(t, warnings, `t.json:5 (job 5) task 0: container.execution.type null is not GUARANTEED or OPPORTUNISTIC`)
	assert.Contains(t, warnings, "t.json:3 (job 3) task 0: 2 task object(s) ask for OPPORTUNISTIC containers")
}

// TestSynthExecutionType: a SYNTH task's execution_type (and the old
// format's map_execution_type / reduce_execution_type) is SynthJob's
// ExecutionType.valueOf, null being GUARANTEED: another value stops SLS;
// OPPORTUNISTIC containers run as guaranteed ones with a warning.
func TestSynthExecutionType(t *testing.T) {
	const sizes = `"count": {"val": 3}, "time": {"val": 5}, "max_memory": {"val": 1024}, "max_vcores": {"val": 1}`
	for et, want := range map[string]string{
		`"GUARANTEED"`:    "",
		`null`:            "",
		`"OPPORTUNISTIC"`: "s.json: 3 containers are OPPORTUNISTIC (execution_type)",
	} {
		w, err := ReadSynth("s.json", []byte(synthOneTask(sizes+`, "execution_type": `+et, "")), xmlconf.DefaultSLSSettings(), 0)
		require.NoError(t, err, et)
		warnings := strings.Join(w.Warnings, "\n")
		if want == "" {
			assert.NotContains(t, warnings, "OPPORTUNISTIC", et)
			continue
		}
		assert.Contains(t, warnings, want)
	}
	_, err := ReadSynth("s.json", []byte(synthOneTask(sizes+`, "execution_type": "opportunistic"`, "")), xmlconf.DefaultSLSSettings(), 0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `execution_type "opportunistic": No enum constant org.apache.hadoop.yarn.api.records.ExecutionType.opportunistic`)

	old := strings.Replace(string(readFile(t, "testdata", "sls-suite", "syn.json")), `"map_execution_type": "GUARANTEED"`, `"map_execution_type": "OPPORTUNISTIC"`, 1)
	w, err := ReadSynth("syn.json", []byte(old), xmlconf.DefaultSLSSettings(), 0)
	require.NoError(t, err)
	assert.Contains(t, strings.Join(w.Warnings, "\n"), "containers are OPPORTUNISTIC")
	_, err = ReadSynth("syn.json", []byte(strings.Replace(old, `"OPPORTUNISTIC"`, `"BEST_EFFORT"`, 1)), xmlconf.DefaultSLSSettings(), 0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `task "map": execution_type "BEST_EFFORT"`)
}

// TestSLSBadNodeHeader: SLSUtils.parseNodesFromSLSTrace reads num.nodes
// and num.racks with Integer.parseInt before any job starts, so a bad
// value stops SLS; capq stops with that message (it used to skip the
// header like a job and then report only "the workload has no nodes").
// With a topology file SLS never reads the header.
func TestSLSBadNodeHeader(t *testing.T) {
	job := "\n" + `{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.host": "/r/h"}]}`
	for header, want := range map[string]string{
		`{"num.nodes": 1000000000}`:          "t.json:1 (job 1): num.nodes 1000000000 is out of range",
		`{"num.nodes": "x"}`:                 `t.json:1 (job 1): num.nodes: For input string: "x"`,
		`{"num.nodes": 2, "num.racks": 1.5}`: `t.json:1 (job 1): num.racks: For input string: "1.5"`,
	} {
		_, err := ReadSLS("t.json", []byte(header+job), xmlconf.DefaultSLSSettings(), nil, 0)
		require.Error(t, err, header)
		assert.Contains(t, err.Error(), want)
		topology := &Cluster{Nodes: []NodeGroup{{Names: []string{"h"}, Rack: "/r", MemoryMB: 1024, VCores: 1}}}
		w, err := ReadSLS("t.json", []byte(header+job), xmlconf.DefaultSLSSettings(), topology, 0)
		require.NoError(t, err, header)
		assert.Len(t, w.Apps, 1)
	}
}
