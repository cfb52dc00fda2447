package sim

import (
	"os"
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
	w, err := ReadSLS("trace.json", data, xmlconf.DefaultSLSSettings(), nil)
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
	assert.Equal(t, []TaskGroup{{Count: 6, MemoryMB: 4096, VCores: 2, DurationMS: 30000, Priority: 5, Type: "map"}}, j2.Tasks)

	// job.count 2: SLS names the instances by AM number.
	assert.Equal(t, "2", w.Apps[2].ID)
	assert.Equal(t, "3", w.Apps[3].ID)
	assert.Equal(t, "default", w.Apps[2].User)
	assert.Equal(t, 3, w.Apps[2].Containers(), "the MapReduce AM ignores the cleanup task")
	assert.Len(t, w.Warnings, 1)

	res, err := Run(loadModel(t, "workloads/sls"), w, Options{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, 4, res.Summary.AppsFinished)
	assert.Equal(t, int64(4+3+6+3+3), res.Summary.ContainersAllocated)
	assert.Equal(t, int64(26*1024), res.Queue("root.sls_queue_2").PeakUsedMB, "AM 2 GB + 6 x 4 GB")
}

func TestSLSNodesAndRunner(t *testing.T) {
	conf := map[string]string{"yarn.sls.nm.memory.mb": "16384", "yarn.sls.nm.vcores": "16", "yarn.sls.am.type.dag": "x"}
	set, err := xmlconf.SLSSettingsFromConf(conf)
	require.NoError(t, err)
	assert.Equal(t, int64(16384), set.NMMemoryMB)
	c, err := ReadSLSNodes("nodes.json", readFile(t, "testdata", "workloads", "sls", "nodes.json"), set)
	require.NoError(t, err)
	nodes := c.Expand()
	require.Len(t, nodes, 5)
	assert.Equal(t, NodeSpec{ID: "node2", Rack: "/rack0", MemoryMB: 20480, VCores: 20}, nodes[1])
	assert.Equal(t, NodeSpec{ID: "null", Rack: "/rack1", MemoryMB: 16384, VCores: 16}, nodes[4], "Java prints a missing name as null")

	w, err := ReadSLS("trace.json", readFile(t, "testdata", "workloads", "sls", "trace.json"), set, c)
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
		"unknown sls field":    {true, `{"job.queue.name": "a", "job.taks": []}`, `t.json:1 (job 1): unknown field "job.taks"`},
		"bad sls number":       {true, `{"job.queue.name": "a", "job.start.ms": "soon", "job.tasks": [{"duration.ms": 5}]}`, `job.start.ms: For input string: "soon"`},
		"zero duration":        {true, "{\"num.nodes\": 2}\n{\"job.queue.name\": \"a\", \"job.tasks\": [{\"container.start.ms\": 5, \"container.end.ms\": 5}]}", `t.json:2 (job 2) task 0: Duration of a task shouldn't be less or equal to 0!`},
		"no queue":             {true, `{"job.tasks": [{"duration.ms": 5}]}`, "job has no job.queue.name"},
		"unknown am type":      {true, `{"am.type": "spark", "job.queue.name": "a", "job.tasks": [{"duration.ms": 5}]}`, `unknown am.type "spark"`},
		"too big":              {true, `{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.memory": 20000}]}` + "\n" + `{"num.nodes": 1}`, "bigger than any node"},
		"native unknown field": {false, "{\"cluster\": {\"nodes\": [{\"count\": 1, \"memory_mb\": 1024, \"vcores\": 1}]},\n\"apps\": [\n{\"id\": \"a\", \"queue\": \"q\", \"usr\": \"x\"}]}", `t.json:3: unknown field "usr"`},
		"native negative":      {false, "{\"cluster\": {\"nodes\": [{\"count\": 1, \"memory_mb\": 1024, \"vcores\": 1}]},\n\"apps\": [\n{\"id\": \"a\", \"queue\": \"q\", \"user\": \"x\", \"am\": {\"memory_mb\": -1, \"vcores\": 1}, \"tasks\": [{\"count\": 1, \"memory_mb\": 1, \"vcores\": 1, \"duration_ms\": 1, \"priority\": 1}]}]}", `t.json:3: application "a" AM: negative size`},
		"native type":          {false, "{\"cluster\": {\"nodes\": [{\"count\": \"many\"}]}}", `t.json:1: nodes.count must be int, not a JSON string`},
		"native truncated":     {false, "{\"apps\": [", "unexpected end of input"},
	} {
		t.Run(name, func(t *testing.T) {
			var err error
			if c.sls {
				_, err = ReadSLS("t.json", []byte(c.data), xmlconf.DefaultSLSSettings(), nil)
			} else {
				_, err = ReadNative("t.json", []byte(c.data))
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestUnknownQueueIsAnInputError(t *testing.T) {
	w := loadWorkload(t, "small.json")
	_, err := Run(loadModel(t, "seeds-example"), w, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `small.json:27: application "app_5": unknown queue "nosuch"`)
}

func TestDetect(t *testing.T) {
	for in, want := range map[string]string{
		`{"jobID": "job_1", "mapTasks": []}`: "Rumen",
		`{"workloads": [], "num_nodes": 3}`:  "SYNTH",
		`[1, 2]`:                             "does not start with a JSON object",
		`"x"`:                                "does not start with a JSON object",
		`{"foo": 1}`:                         "cannot tell",
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
	w, err := ReadSLS("a.json", append(data, []byte("\n{\"num.nodes\": 2}")...), xmlconf.DefaultSLSSettings(), nil)
	require.NoError(t, err)
	require.Len(t, w.Apps, 2)
	assert.Equal(t, 2, w.Apps[1].Containers())
	assert.Len(t, w.Cluster.Expand(), 2)
}
