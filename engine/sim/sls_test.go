package sim

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func readFile(t *testing.T, parts ...string) []byte {
	t.Helper()
	b, err := os.ReadFile(repo(parts...))
	require.NoError(t, err)
	return b
}

func TestSLSTraceAsSLSReadsIt(t *testing.T) {
	data := readFile(t, "testdata", "workloads", "sls", "trace.json")
	f, err := Detect(data)
	require.NoError(t, err)
	assert.Equal(t, FormatSLSTrace, f)
	w, err := ReadSLS("trace.json", data, xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)

	// Nodes: num.nodes 4 over 2 racks ("/rack<i%2>/node<i>") plus the
	// trace's hosts (here the same), each 10240 MB / 10 vcores.
	nodes := w.Cluster.Expand()
	require.Len(t, nodes, 4)
	assert.Equal(t, NodeSpec{ID: "node1", Rack: "/rack1", MemoryMB: 10240, VCores: 10}, nodes[1])

	require.Len(t, w.Apps, 4)
	j1 := w.Apps[0]
	assert.Equal(t, "job_1", j1.ID)
	assert.Equal(t, engine.Resource{MemoryMB: 1024, VCores: 1}, j1.AM)
	// The MapReduce AM asks maps at priority 20, then reduces at 10.
	require.Len(t, j1.Tasks, 3)
	assert.Equal(t, TaskGroup{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 20000, Priority: 20, Type: "map",
		Hosts: []string{"node0"}, Racks: []string{"/rack0"}}, j1.Tasks[0])
	assert.Equal(t, int32(10), j1.Tasks[2].Priority)
	assert.Equal(t, 1, j1.Tasks[2].Phase)
	assert.Equal(t, int64(18000), j1.Tasks[2].DurationMS)

	j2 := w.Apps[1]
	assert.Equal(t, "alice", j2.User)
	assert.Equal(t, engine.Resource{MemoryMB: 2048, VCores: 2}, j2.AM)
	// The stream AM asks at priority 20 (StreamAMSimulator.PRIORITY_MAP)
	// and holds its streams for job.end.ms - job.start.ms.
	assert.Equal(t, []TaskGroup{{Count: 6, MemoryMB: 4096, VCores: 2, DurationMS: 30000, Priority: 20, Type: "map"}}, j2.Tasks)

	// job.count 2: SLS names the instances by AM number.
	assert.Equal(t, "2", w.Apps[2].ID)
	assert.Equal(t, "3", w.Apps[3].ID)
	assert.Equal(t, "default", w.Apps[2].User)
	assert.Equal(t, 3, w.Apps[2].Containers(), "the MapReduce AM ignores the cleanup task")
	require.Len(t, w.Warnings, 2)
	assert.Contains(t, w.Warnings[0], "the stream AM (StreamAMSimulator) asks again for each container")

	res, err := Run(loadModel(t, "workloads/sls"), w, Options{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, 4, res.Summary.AppsFinished)
	assert.Equal(t, int64(4+3+6+3+3), res.Summary.ContainersAllocated)
	assert.Equal(t, int64(26*1024), res.Queue("root.sls_queue_2").PeakUsedMB, "AM 2 GB + 6 x 4 GB")
}

func TestSLSNodesAndRunner(t *testing.T) {
	conf := map[string]string{"yarn.sls.nm.memory.mb": "16384", "yarn.sls.nm.vcores": "16", "yarn.sls.am.type.dag": "x",
		"yarn.sls.am.type.mapreduce": "org.apache.hadoop.yarn.sls.appmaster.MRAMSimulator",
		"yarn.sls.am.type.stream":    "org.apache.hadoop.yarn.sls.appmaster.StreamAMSimulator"}
	set, err := xmlconf.SLSSettingsFromConf(conf)
	require.NoError(t, err)
	assert.Equal(t, int64(16384), set.NMMemoryMB)
	c, err := ReadSLSNodes("nodes.json", readFile(t, "testdata", "workloads", "sls", "nodes.json"), set)
	require.NoError(t, err)
	nodes := c.Expand()
	require.Len(t, nodes, 5)
	assert.Equal(t, NodeSpec{ID: "node2", Rack: "/rack0", MemoryMB: 20480, VCores: 20}, nodes[1])
	assert.Equal(t, NodeSpec{ID: "null", Rack: "/rack1", MemoryMB: 16384, VCores: 16}, nodes[4], "Java prints a missing name as null")

	w, err := ReadSLS("trace.json", readFile(t, "testdata", "workloads", "sls", "trace.json"), set, c, 0)
	require.NoError(t, err)
	res, err := Run(loadModel(t, "workloads/sls"), w, Options{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, int64(4*16384+20480), res.Cluster.MemoryMB)
	assert.Equal(t, 4, res.Summary.AppsFinished)
}

func TestBadInputs(t *testing.T) {
	for name, c := range map[string]struct {
		sls  bool
		data string
		want string
	}{
		"malformed sls":        {true, "{\"job.queue.name\": \"a\",\n \"job.tasks\": [\n{\"duration.ms\": 5}\n", "t.json:4: malformed JSON"},
		"too big":              {true, `{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.memory-mb": 20000}]}` + "\n" + `{"num.nodes": 1}`, "bigger than any node"},
		"native unknown field": {false, "{\"cluster\": {\"nodes\": [{\"count\": 1, \"memory_mb\": 1024, \"vcores\": 1}]},\n\"apps\": [\n{\"id\": \"a\", \"queue\": \"q\", \"usr\": \"x\"}]}", `t.json:3: unknown field "usr"`},
		"native negative":      {false, "{\"cluster\": {\"nodes\": [{\"count\": 1, \"memory_mb\": 1024, \"vcores\": 1}]},\n\"apps\": [\n{\"id\": \"a\", \"queue\": \"q\", \"user\": \"x\", \"am\": {\"memory_mb\": -1, \"vcores\": 1}, \"tasks\": [{\"count\": 1, \"memory_mb\": 1, \"vcores\": 1, \"duration_ms\": 1, \"priority\": 1}]}]}", `t.json:3: application "a" AM: negative size`},
		"native type":          {false, "{\"cluster\": {\"nodes\": [{\"count\": \"many\"}]}}", `t.json:1: nodes.count must be int, not a JSON string`},
		"native truncated":     {false, "{\"apps\": [", "unexpected end of input"},
	} {
		t.Run(name, func(t *testing.T) {
			var err error
			if c.sls {
				_, err = ReadSLS("t.json", []byte(c.data), xmlconf.DefaultSLSSettings(), nil, 0)
			} else {
				_, err = ReadNative("t.json", []byte(c.data))
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestSLSSkipsJobsLikeAMRunner checks that a job SLS cannot start is
// skipped with a warning, as AMRunner.startAMFromSLSTrace logs "Failed to
// create an AM" and carries on, while the good job after it runs.
func TestSLSSkipsJobsLikeAMRunner(t *testing.T) {
	good := `{"job.queue.name": "a", "job.id": "good", "job.tasks": [{"duration.ms": 5}]}`
	for name, c := range map[string]struct{ job, want string }{
		"bad number":      {`{"job.queue.name": "a", "job.start.ms": "soon", "job.tasks": [{"duration.ms": 5}]}`, `t.json:2 (job 2): job.start.ms: For input string: "soon"`},
		"zero duration":   {`{"job.queue.name": "a", "job.tasks": [{"container.start.ms": 5, "container.end.ms": 5}]}`, `t.json:2 (job 2) task 0: Duration of a task shouldn't be less or equal to 0!`},
		"int overflow":    {`{"job.queue.name": "a", "job.tasks": [{"container.duration.ms": 2147483648}]}`, `container.duration.ms: For input string: "2147483648"`},
		"no queue":        {`{"job.tasks": [{"duration.ms": 5}]}`, "job has no job.queue.name"},
		"unknown am type": {`{"yarn.sls.am.type": "spark", "job.queue.name": "a", "job.tasks": [{"duration.ms": 5}]}`, `unknown yarn.sls.am.type "spark"`},
		"no tasks":        {`{"job.queue.name": "a", "job.tasks": []}`, "No task for the job!"},
		// AMDefinitionSLS.Builder parses job.end.ms for every AM type and
		// calls toString on a label expression and a task type.
		"bad job.end.ms of a MapReduce job": {`{"job.queue.name": "a", "job.end.ms": "later", "job.tasks": [{"duration.ms": 5}]}`, `job.end.ms: For input string: "later"`},
		"null label expression":             {`{"job.queue.name": "a", "job.label.expression": null, "job.tasks": [{"duration.ms": 5}]}`, "job.label.expression is null"},
		"null container.type":               {`{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.type": null}]}`, "task 0: container.type is null"},
	} {
		t.Run(name, func(t *testing.T) {
			w, err := ReadSLS("t.json", []byte("{\"num.nodes\": 2}\n"+c.job+"\n"+good), xmlconf.DefaultSLSSettings(), nil, 0)
			require.NoError(t, err)
			require.Len(t, w.Apps, 1)
			assert.Equal(t, "good", w.Apps[0].ID)
			require.Len(t, w.Warnings, 1)
			assert.Contains(t, w.Warnings[0], c.want)
			assert.Contains(t, w.Warnings[0], "SLS skips this job")
		})
	}
}

// TestSLSUnknownKeysIgnored checks that keys SLS 3.4 does not read are
// ignored with one warning each (a trace with job.name is valid), and that
// am.memory and container.memory, which no SLS 3.x reads, leave the
// defaults in place (AMRunner.getAMContainerResourceSLS and
// AMDefinitionSLS.getResourceForContainer read "am."/"container." plus
// the resource type's name, memory-mb).
func TestSLSUnknownKeysIgnored(t *testing.T) {
	data := `{"num.nodes": 2}
{"job.queue.name": "a", "job.name": "wordcount", "am.memory": 4096, "job.tasks": [{"duration.ms": 5, "container.memory": 2048, "container.yarn.io/gpu": 1}]}
{"job.queue.name": "a", "job.name": "sort", "job.tasks": [{"duration.ms": 5}]}`
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 2)
	assert.Equal(t, engine.Resource{MemoryMB: 1024, VCores: 1}, w.Apps[0].AM)
	assert.Equal(t, int64(1024), w.Apps[0].Tasks[0].MemoryMB)
	assert.Equal(t, []string{
		`t.json:2 (job 2): key "am.memory" ignored in 1 object(s): SLS 3.4 does not read it (it reads "am.memory-mb")`,
		`t.json:2 (job 2) task 0: key "container.memory" ignored in 1 object(s): SLS 3.4 does not read it (it reads "container.memory-mb")`,
		`t.json:2 (job 2) task 0: key "container.yarn.io/gpu" ignored in 1 object(s): SLS reads it only as a resource type declared in resource-types.xml; capq schedules memory and vcores only`,
		`t.json:2 (job 2): key "job.name" ignored in 2 object(s): SLS 3.4 does not read it`,
	}, w.Warnings)
}

// TestSLSContainerSizesPackaged checks AMSimulator.packageRequests: one
// request per priority and allocation id sized by its first container,
// so a job with maps of two sizes runs every map at the first size, with
// a warning (durations stay each container's own), while containers of
// two allocation ids keep their own sizes, asked in SchedulerRequestKey's
// order (priority, then allocation id) as priorities 20 and 21.
func TestSLSContainerSizesPackaged(t *testing.T) {
	data := `{"num.nodes": 2}
{"job.queue.name": "a", "job.tasks": [
 {"duration.ms": 5000, "container.memory-mb": 1024, "container.type": "map"},
 {"duration.ms": 7000, "count": 2, "container.memory-mb": 2048, "container.vcores": 2, "container.type": "map"},
 {"duration.ms": 9000, "container.memory-mb": 4096, "container.type": "reduce"}]}
{"yarn.sls.am.type": "stream", "job.queue.name": "a", "job.end.ms": 5000, "job.tasks": [
 {"duration.ms": 5000, "container.memory-mb": 1024, "container.allocation.id": 1},
 {"duration.ms": 5000, "container.memory-mb": 3072, "container.allocation.id": 2}]}`
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 2)
	mr := w.Apps[0].Tasks
	require.Len(t, mr, 3)
	assert.Equal(t, TaskGroup{Count: 2, MemoryMB: 1024, VCores: 1, DurationMS: 7000, Priority: 20, Type: "map"}, mr[1])
	assert.Equal(t, int64(4096), mr[2].MemoryMB, "reduces are another priority (10), their own size")
	assert.Equal(t, []TaskGroup{
		{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 5000, Priority: 20, Type: "map"},
		{Count: 1, MemoryMB: 3072, VCores: 1, DurationMS: 5000, Priority: 21, Type: "map"},
	}, w.Apps[1].Tasks)
	require.Len(t, w.Warnings, 3, "one resized, one allocation id note, one stream AM")
	assert.Contains(t, w.Warnings[0], "2 container(s) of 2048 MB, 2 vcores asked at 1024 MB, 1 vcores, the first size at priority 20 and container.allocation.id -1 (AMSimulator.packageRequests")
	assert.Contains(t, w.Warnings[1], "priority 20's container.allocation.id [1 2] are asked at priorities 20 to 21")
	res, err := Run(loadModel(t, "workloads/sls"), renameQueue(w, "sls_queue_1"), Options{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, 2, res.Summary.AppsFinished)
}

// TestSLSNodeIdentityIsTheFullPath checks SLSUtils.parseNodesFromSLSTrace:
// "/rack0/node1" and "/default-rack/node1" are two nodes, and the trace's
// "/rack1/node1" is num.nodes' generated node1.
func TestSLSNodeIdentityIsTheFullPath(t *testing.T) {
	data := `{"num.nodes": 2, "num.racks": 2}
{"job.queue.name": "a", "job.tasks": [
 {"duration.ms": 5, "container.host": "/rack1/node1"},
 {"duration.ms": 5, "container.host": "/default-rack/node1"},
 {"duration.ms": 5, "container.host": "/default-rack/node7"}]}`
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	var ids []string
	for _, n := range w.Cluster.Expand() {
		ids = append(ids, n.Rack+" "+n.ID)
	}
	assert.Equal(t, []string{"/rack0 node0", "/rack1 node1", "/default-rack /default-rack/node1", "/default-rack node7"}, ids)
	tasks := w.Apps[0].Tasks
	assert.Equal(t, []string{"node1"}, tasks[0].Hosts)
	assert.Equal(t, []string{"/default-rack/node1"}, tasks[1].Hosts)
	assert.Equal(t, []string{"node7"}, tasks[2].Hosts)
}

// A container.host NodeBase cannot read stops SLS at startNM, before any
// job: the read stops with the host's place, rather than skip the job (or,
// as capq once did, put the host on /default-rack).
func TestSLSHostWithoutRackStopsTheRead(t *testing.T) {
	data := `{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.host": "/rack1/node1"}]}
{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.host": "node7"}]}`
	_, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "t.json:2")
	assert.Contains(t, err.Error(), "Network Location path does not start with /: node7")
	assert.NotContains(t, err.Error(), "skips")
}

func renameQueue(w *Workload, q string) *Workload {
	for i := range w.Apps {
		w.Apps[i].Queue = q
	}
	return w
}

func TestUnknownQueueIsAnInputError(t *testing.T) {
	w := loadWorkload(t, "small.json")
	_, err := Run(loadModel(t, "seeds-example"), w, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `small.json:27: application "app_5": unknown queue "nosuch"`)
}

func TestDetect(t *testing.T) {
	for in, want := range map[string]string{
		`{"apps": {"app": []}}`:    "--from-rm-apps",
		`[1, 2]`:                   "does not start with a JSON object",
		`"x"`:                      "does not start with a JSON object",
		`{"foo": 1}`:               "cannot tell",
		"{\n\"apps\": [\n{\"id\":": "line 3: not a JSON workload: the file ends inside its first JSON object",
		"{\n\"apps\": [,]}":        "line 2: not a JSON workload: invalid character ','",
	} {
		_, err := Detect([]byte(in))
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want)
	}
}

// Jackson's readValues also reads a JSON array of jobs.
func TestSLSTraceAsArray(t *testing.T) {
	data := []byte(`[{"job.queue.name": "sls_queue_1", "job.tasks": [{"duration.ms": 5}]},
  {"job.queue.name": "sls_queue_2", "job.start.ms": 3, "job.tasks": [{"duration.ms": 5, "count": 2}]}]`)
	f, err := Detect(data)
	require.NoError(t, err)
	assert.Equal(t, FormatSLSTrace, f)
	w, err := ReadSLS("a.json", append(data, []byte("\n{\"num.nodes\": 2}")...), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 2)
	assert.Equal(t, 2, w.Apps[1].Containers())
	assert.Len(t, w.Cluster.Expand(), 2)
}

// TestSLSStreamAMHoldsForTheJobsDuration checks the stream AM: its
// containers last job.end.ms - job.start.ms whatever their own duration
// (StreamAMSimulator replaces each that finishes), and a stream job with
// no positive duration, which SLS finishes at once, is skipped.
func TestSLSStreamAMHoldsForTheJobsDuration(t *testing.T) {
	data := `{"num.nodes": 2}
{"yarn.sls.am.type": "stream", "job.queue.name": "a", "job.start.ms": 1000, "job.end.ms": 61000, "job.tasks": [{"count": 2, "duration.ms": 5000, "container.priority": 7}]}
{"yarn.sls.am.type": "stream", "job.queue.name": "a", "job.start.ms": 1000, "job.tasks": [{"duration.ms": 5000}]}`
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	assert.Equal(t, []TaskGroup{{Count: 2, MemoryMB: 1024, VCores: 1, DurationMS: 60000, Priority: 20, Type: "map"}}, w.Apps[0].Tasks)
	require.Len(t, w.Warnings, 2)
	assert.Contains(t, w.Warnings[1], "t.json:3 (job 3): the stream AM runs for job.end.ms - job.start.ms = -1000 ms")
}

// TestSLSUnknownQueueRejected checks that a job of a queue the
// configuration lacks does not stop an SLS run (SLSRunner
// .increaseQueueAppNum throws, AMRunner logs it and goes on): it is
// rejected with Hadoop's message and the others run.
func TestSLSUnknownQueueRejected(t *testing.T) {
	data := `{"num.nodes": 2}
{"job.queue.name": "nosuch", "job.id": "lost", "job.tasks": [{"duration.ms": 5}]}
{"job.queue.name": "sls_queue_1", "job.id": "kept", "job.tasks": [{"duration.ms": 5}]}`
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	res, err := Run(loadModel(t, "workloads/sls"), w, Options{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, 1, res.Summary.AppsFinished)
	assert.Equal(t, 1, res.Summary.AppsRejected)
	assert.Equal(t, []string{`t.json:2 (job 2): job "lost" names queue "nosuch", which is not a leaf of the configuration: SLS skips it, capq submits it and reports Hadoop's rejection`},
		UnknownQueueWarnings(loadModel(t, "workloads/sls"), w))
}

// TestSLSAMTypesBySLSRunnerClass checks that an AM type behaves as the
// class sls-runner.xml gives it (yarn.sls.am.type.<type>), not as its
// name: "mr" mapped to MRAMSimulator is a MapReduce AM (maps at 20, then
// reduces at 10), and a type of an unknown class is skipped.
func TestSLSAMTypesBySLSRunnerClass(t *testing.T) {
	set, err := xmlconf.SLSSettingsFromConf(map[string]string{
		"yarn.sls.am.type.mr":     "org.apache.hadoop.yarn.sls.appmaster.MRAMSimulator",
		"yarn.sls.am.type.custom": "com.example.MyAMSimulator",
	})
	require.NoError(t, err)
	data := `{"num.nodes": 2}
{"yarn.sls.am.type": "mr", "job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.type": "reduce", "container.priority": 3}]}
{"yarn.sls.am.type": "custom", "job.queue.name": "a", "job.tasks": [{"duration.ms": 5}]}`
	w, err := ReadSLS("t.json", []byte(data), set, nil, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	assert.Equal(t, int32(10), w.Apps[0].Tasks[0].Priority)
	assert.Equal(t, 1, w.Apps[0].Tasks[0].Phase)
	require.Len(t, w.Warnings, 1)
	assert.Contains(t, w.Warnings[0], `yarn.sls.am.type "custom" is class "com.example.MyAMSimulator", which capq does not simulate`)
}

// TestSLSDagAM checks DAGAMSimulator: every container at priority 20
// (PRIORITY) whatever container.priority says, each asked once its
// container.request.delay has passed since the AM started
// (getToBeScheduledContainers), the AM's start being its submission; the
// delayed container starts at the first NM heartbeat after 10 s.
func TestSLSDagAM(t *testing.T) {
	data := `{"num.nodes": 2}
{"yarn.sls.am.type": "dag", "job.queue.name": "sls_queue_1", "job.tasks": [{"duration.ms": 5000, "container.priority": 5, "container.request.delay": 10000}, {"duration.ms": 5000, "container.priority": 30}]}`
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	assert.Equal(t, []TaskGroup{
		{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 5000, Priority: 20, Type: "map", DelayMS: 10000},
		{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 5000, Priority: 20, Type: "map"}}, w.Apps[0].Tasks)
	assert.Empty(t, w.Warnings)

	var log bytes.Buffer
	_, err = Run(loadModel(t, "workloads/sls"), w, Options{Seed: 1, Events: &log})
	require.NoError(t, err)
	var allocs []int64
	for _, line := range strings.Split(strings.TrimSpace(log.String()), "\n") {
		var e struct {
			T        int64  `json:"t_ms"`
			Kind     string `json:"kind"`
			Priority int32  `json:"priority"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &e))
		if e.Kind == "allocated" && e.Priority == 20 {
			allocs = append(allocs, e.T)
		}
	}
	require.Len(t, allocs, 2)
	assert.GreaterOrEqual(t, allocs[1], int64(10000), "asked at the AM's heartbeat 10 s after its submission")
	assert.Less(t, allocs[1], int64(11000), "placed at the next NM heartbeat")
}

// SLSUtils.parseNodesFromSLSTrace keeps a set of "/rack/host" paths:
// a trace host on a generated node's path is that node; the same host on
// another rack is a second node manager, called by its full path; a host
// not generated keeps its name. The generated nodes stay one group.
func TestSLSTraceHostsBesideGeneratedNodes(t *testing.T) {
	data := []byte(`{"num.nodes": 3, "num.racks": 2}
{"job.queue.name": "default", "job.tasks": [
  {"container.host": "/rack1/node1", "duration.ms": 5},
  {"container.host": "/default-rack/node1", "duration.ms": 5},
  {"container.host": "/rack0/node3", "duration.ms": 5},
  {"container.host": "/rack0/node01", "duration.ms": 5}]}`)
	w, err := ReadSLS("trace.json", data, xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	var ids, racks []string
	for _, n := range w.Cluster.Expand() {
		ids, racks = append(ids, n.ID), append(racks, n.Rack)
	}
	assert.Equal(t, []string{"node0", "node1", "node2", "/default-rack/node1", "node3", "node01"}, ids)
	assert.Equal(t, []string{"/rack0", "/rack1", "/rack0", "/default-rack", "/rack0", "/rack0"}, racks)
	var hosts []string
	for _, tg := range w.Apps[0].Tasks {
		hosts = append(hosts, tg.Hosts...)
	}
	assert.Equal(t, []string{"node1", "/default-rack/node1", "node3", "node01"}, hosts)
	assert.Equal(t, 3, w.Cluster.Nodes[0].Count, "the generated nodes are one group")
}

func TestSLSGeneratedNames(t *testing.T) {
	g := slsGenerated{nodes: 12, racks: 5}
	for p, want := range map[string]bool{
		"/rack1/node11": true, "/rack2/node2": true, "/rack0/node0": true,
		"/rack1/node12": false, "/rack2/node11": false, "/rack01/node1": false, "/rack1/node01": false,
		"rack1/node1": false, "/rack1/node1/": false, "/rack1/x/node1": false, "/rack/node1": false, "/rack1/node": false,
	} {
		assert.Equal(t, want, g.path(p), p)
	}
	assert.True(t, g.host("node11"))
	assert.False(t, g.host("node12"))
	assert.False(t, g.host("node-1"))
}

// TestSLSAMTypeKeyIsYarnSLSAMType checks AMDefinitionFactory
// .createFromSlsTrace: SLS 3.x reads a job's AM type from
// "yarn.sls.am.type" (SLSConfiguration.AM_TYPE) only. "am.type", SLS 2.x's
// key that SLS's documentation and rumen2sls still write, is ignored: a
// job with "am.type": "stream" runs as a MapReduce AM (maps at 20, then
// reduces at 10, no stream hold), with a warning naming the key.
func TestSLSAMTypeKeyIsYarnSLSAMType(t *testing.T) {
	data := `{"num.nodes": 2}
{"am.type": "stream", "job.queue.name": "a", "job.start.ms": 0, "job.end.ms": 60000, "job.tasks": [{"duration.ms": 5000, "container.type": "reduce"}]}
{"am.type": "stream", "yarn.sls.am.type": "stream", "job.queue.name": "a", "job.start.ms": 0, "job.end.ms": 60000, "job.tasks": [{"duration.ms": 5000}]}`
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 2)
	assert.Equal(t, []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 5000, Priority: 10, Phase: 1, Type: "reduce"}}, w.Apps[0].Tasks,
		"MRAMSimulator: a reduce at 10 for its own duration")
	assert.Equal(t, int64(60000), w.Apps[1].Tasks[0].DurationMS, "StreamAMSimulator holds for the job's duration")
	require.Len(t, w.Warnings, 2)
	assert.Contains(t, w.Warnings[0], "the stream AM (StreamAMSimulator)")
	assert.Equal(t, `t.json:2 (job 2): key "am.type" ignored in 2 object(s): SLS 3.x reads the AM type from "yarn.sls.am.type" (AMDefinitionFactory.createFromSlsTrace, SLSConfiguration.AM_TYPE); "am.type" is SLS 2.x's key, so these jobs run as "mapreduce" unless they also set "yarn.sls.am.type"`, w.Warnings[1])
}

// TestSLSDuplicateJobIDs checks what SLS does with two jobs of one job.id:
// AMRunner.runNewAM starts both AMs, but amMap keeps one per id and
// remainingApps starts at its size, so slsrun.sh stops once that many
// apps have finished. capq runs both under distinct ids and says so. An
// id that a multi-instance job's AM number already took is the same
// (AMRunner names those instances by AM_ID).
func TestSLSDuplicateJobIDs(t *testing.T) {
	data := `{"num.nodes": 2}
{"job.queue.name": "a", "job.id": "job_1", "job.tasks": [{"duration.ms": 5}]}
{"job.queue.name": "a", "job.id": "job_1", "job.tasks": [{"duration.ms": 5}]}
{"job.queue.name": "a", "job.count": 2, "job.tasks": [{"duration.ms": 5}]}
{"job.queue.name": "a", "job.id": "3", "job.tasks": [{"duration.ms": 5}]}`
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	var ids []string
	for _, a := range w.Apps {
		ids = append(ids, a.ID)
	}
	assert.Equal(t, []string{"job_1", "job_1_1", "2", "3", "3_4"}, ids)
	require.Len(t, w.Warnings, 2)
	assert.Equal(t, `t.json:3 (job 3): job id "job_1" is used twice; renamed "job_1_1" (SLS runs both, but counts one app per id in AMRunner's amMap: slsrun.sh stops once that many apps have finished, before the last ones end)`, w.Warnings[0])
	assert.Contains(t, w.Warnings[1], `t.json:5 (job 5): job id "3" is used twice; renamed "3_4"`)
}

// TestSLSTopologyKeysAsParseNodesFromNodeFile checks SLSUtils
// .parseNodesFromNodeFile: it reads the topology as untyped maps and
// looks up rack, nodes, node, labels and each resource type's name, so
// another key (a note, a resource type resource-types.xml would declare)
// is ignored, not refused, and a null resource value leaves the NM
// default (jsonNode.get(name) != null). ReadTrace passes the warnings on
// to the workload's.
func TestSLSTopologyKeysAsParseNodesFromNodeFile(t *testing.T) {
	topo := `{"rack": "r1", "dc": "east", "nodes": [
  {"node": "a", "memory-mb": null, "vcores": 4, "yarn.io/gpu": 2, "comment": "spare"},
  {"node": "b", "comment": "old"}]}`
	c, err := ReadSLSNodes("nodes.json", []byte(topo), xmlconf.DefaultSLSSettings())
	require.NoError(t, err)
	nodes := c.Expand()
	require.Len(t, nodes, 2)
	assert.Equal(t, NodeSpec{ID: "a", Rack: "/r1", MemoryMB: 10240, VCores: 4}, nodes[0])
	assert.Equal(t, []string{
		`nodes.json:1 (rack 1) node 1: key "comment" ignored in 2 object(s): SLSUtils.parseNodesFromNodeFile reads rack, nodes, node, labels and the resource types (memory-mb, vcores; another only when resource-types.xml declares it, which capq does not schedule)`,
		`nodes.json:1 (rack 1): key "dc" ignored in 1 object(s): SLSUtils.parseNodesFromNodeFile reads rack, nodes, node, labels and the resource types (memory-mb, vcores; another only when resource-types.xml declares it, which capq does not schedule)`,
		`nodes.json:1 (rack 1) node 1: key "yarn.io/gpu" ignored in 1 object(s): SLSUtils.parseNodesFromNodeFile reads rack, nodes, node, labels and the resource types (memory-mb, vcores; another only when resource-types.xml declares it, which capq does not schedule)`,
	}, c.Warnings)

	trace := `{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.host": "/r1/a"}]}`
	w, err := ReadTrace("t.json", []byte(trace), FormatSLSTrace, TraceOptions{Settings: xmlconf.DefaultSLSSettings(), Nodes: c})
	require.NoError(t, err)
	assert.Equal(t, c.Warnings, w.Warnings)
}

// TestSLSNegativeJobStart checks a job.start.ms before the run's start:
// TaskRunner.schedule rebases the AM's first step to the past and its
// DelayQueue hands it out at once, so SLS starts the job with the run;
// capq submits it at 0 with a warning instead of refusing the trace.
func TestSLSNegativeJobStart(t *testing.T) {
	data := `{"num.nodes": 2}
{"job.queue.name": "a", "job.id": "early", "job.start.ms": -5000, "job.tasks": [{"duration.ms": 5000}]}`
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	assert.Equal(t, int64(0), w.Apps[0].SubmitMS)
	assert.Equal(t, []string{"t.json:2 (job 2): job.start.ms -5000 is before the run's start; SLS's TaskRunner starts the AM at once, and capq submits it at 0"}, w.Warnings)
}

// TestSLSAMTypesAreTheRunnerFiles checks AMRunner.init: the AM types are
// the yarn.sls.am.type.<type> entries of the configuration SLS reads
// (sls-runner.xml), with no built-in list, so with a given sls-runner.xml
// that lacks "dag" a DAG job is one SLS cannot create an AM for, and it
// is skipped; without one, capq takes SLS's shipped types.
func TestSLSAMTypesAreTheRunnerFiles(t *testing.T) {
	set, err := xmlconf.SLSSettingsFromConf(map[string]string{
		"yarn.sls.am.type.mapreduce": "org.apache.hadoop.yarn.sls.appmaster.MRAMSimulator",
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"mapreduce"}, set.AMTypes)
	data := `{"num.nodes": 2}
{"yarn.sls.am.type": "dag", "job.queue.name": "a", "job.tasks": [{"duration.ms": 5}]}
{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5}]}`
	w, err := ReadSLS("t.json", []byte(data), set, nil, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	require.Len(t, w.Warnings, 1)
	assert.Contains(t, w.Warnings[0], `t.json:2 (job 2): unknown yarn.sls.am.type "dag" (known: mapreduce; add yarn.sls.am.type.dag to sls-runner.xml); SLS skips this job`)

	w, err = ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	assert.Len(t, w.Apps, 2)
}

// With an --sls-nodes file SLS reads no host of the trace at start
// (NMRunner.startNM reads the file only), so a container.host NodeBase
// cannot read does not stop SLS: that job's AM throws later in
// AMSimulator.packageRequests (SLSUtils.getRackHostName) and never
// finishes. capq runs the other jobs and leaves that one out, saying so.
func TestSLSHostWithoutRackWithTopologyFailsOnlyItsAM(t *testing.T) {
	data := `{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.host": "/rack1/node1"}]}
{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.host": "node7"}]}`
	nodes, err := ReadSLSNodes("nodes.json", []byte(`{"rack": "rack1", "nodes": [{"node": "node1"}]}`), xmlconf.DefaultSLSSettings())
	require.NoError(t, err)
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nodes, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	require.Len(t, w.Warnings, 1)
	assert.Contains(t, w.Warnings[0], "t.json:2")
	assert.Contains(t, w.Warnings[0], "Network Location path does not start with /: node7")
	assert.Contains(t, w.Warnings[0], "SLS starts, but this job's AM throws")
	assert.NotContains(t, w.Warnings[0], "SLS skips")
}

// TestSLSHeadersAddTheUnionOfTheirNodes: SLSUtils.parseNodesFromSLSTrace
// (addNodes) adds every header's generateNodes to one set of
// "/rack/host" paths. {4 nodes, 2 racks} gives /rack0/node0, /rack1/node1,
// /rack0/node2, /rack1/node3; {3 nodes, 1 rack} adds /rack0/node1 (its
// node0 and node2 are already there): five node managers, not the
// largest count on the last header's racks. A task on /rack0/node1 asks
// for that node, by its full path.
func TestSLSHeadersAddTheUnionOfTheirNodes(t *testing.T) {
	data := `{"num.nodes": 4, "num.racks": 2}
{"num.nodes": 3, "num.racks": 1}
{"num.nodes": 2, "num.racks": 5}
{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.host": "/rack0/node1"},
 {"duration.ms": 5, "container.host": "/rack1/node1"}]}`
	w, err := ReadSLS("t.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	var ids []string
	for _, n := range w.Cluster.Expand() {
		ids = append(ids, n.Rack+" "+n.ID)
	}
	assert.Equal(t, []string{"/rack0 node0", "/rack1 node1", "/rack0 node2", "/rack1 node3", "/rack0 /rack0/node1"}, ids)
	assert.Equal(t, []string{"/rack0/node1"}, w.Apps[0].Tasks[0].Hosts)
	assert.Equal(t, []string{"node1"}, w.Apps[0].Tasks[1].Hosts)

	// The union is bounded as one header is.
	_, err = ReadSLS("t.json", []byte(`{"num.nodes": 1000000, "num.racks": 1000000}
{"num.nodes": 1000000, "num.racks": 1}
{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5}]}`), xmlconf.DefaultSLSSettings(), nil, 0)
	assert.ErrorContains(t, err, "more than 1000000 nodes")
}
