package sim

import (
	"bytes"
	"testing"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRumenBothTimeBases reads the excerpt of SLS's 2jobs2min-rumen-jh.json
// (testdata/rumen) with both time bases. rumen2sls gives what SLS's own
// inputsls.json (that trace's conversion) records: job 2 at 105204 ms and
// the first map 17043 ms long (6664 to 23707). SLS 3.4's direct reader
// starts every job at 0 (AMRunner passes a baseline of 0, so each job is
// its own baseline in AMDefinitionRumen.Builder.build).
func TestRumenBothTimeBases(t *testing.T) {
	data := readFile(t, "testdata", "rumen", "2jobs2min-excerpt.json")
	f, err := Detect(data)
	require.NoError(t, err)
	assert.Equal(t, FormatRumen, f)

	conv, err := ReadRumen("r.json", data, xmlconf.DefaultSLSSettings(), nil, RumenTimeConverted, 0)
	require.NoError(t, err)
	require.Len(t, conv.Apps, 2)
	assert.Equal(t, []int64{0, 105204}, []int64{conv.Apps[0].SubmitMS, conv.Apps[1].SubmitMS})
	j1 := conv.Apps[0]
	assert.Equal(t, "job_1369942127770_1205", j1.ID)
	assert.Equal(t, "jenkins", j1.User)
	assert.Equal(t, "sls_queue_1", j1.Queue)
	assert.Equal(t, TaskGroup{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 17043, Priority: 20, Type: "map",
		Hosts: []string{"a2118.smile.com"}, Racks: []string{"/default-rack"}}, j1.Tasks[0])
	// Nodes: every attempt's host (SLSUtils.parseNodesFromRumenTrace).
	var hosts []string
	for _, n := range conv.Cluster.Expand() {
		hosts = append(hosts, n.Rack+"/"+n.ID)
	}
	assert.Equal(t, []string{"/default-rack/a2118.smile.com", "/default-rack/a2115.smile.com", "/default-rack/a2117.smile.com"}, hosts)

	direct, err := ReadRumen("r.json", data, xmlconf.DefaultSLSSettings(), nil, RumenTimeSLS, 0)
	require.NoError(t, err)
	assert.Equal(t, []int64{0, 0}, []int64{direct.Apps[0].SubmitMS, direct.Apps[1].SubmitMS})

	res, err := Run(loadModel(t, "sls-suite"), conv, Options{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, 2, res.Summary.AppsFinished)
	assert.Equal(t, int64(2+5), res.Summary.ContainersAllocated)
}

func TestRumenSkipsJobsLikeAMRunner(t *testing.T) {
	data := `{"jobID": "job_1", "queue": "a", "submitTime": 5, "mapTasks": [{"attempts": []}]}
{"jobID": "job_2", "queue": "a", "submitTime": 9, "mapTasks": [{"attempts": [{"hostName": "/r/h", "startTime": 1, "finishTime": 4}]}]}
{"jobID": "job_3", "submitTime": 9, "mapTasks": [{"attempts": [{"hostName": "/r/h", "startTime": 1, "finishTime": 4}]}]}`
	w, err := ReadRumen("r.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, RumenTimeConverted, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	assert.Equal(t, int64(4), w.Apps[0].SubmitMS)
	require.Len(t, w.Warnings, 2)
	assert.Contains(t, w.Warnings[0], "r.json:1 (job 1): Invalid map task, no attempt for a mapper!")
	assert.Contains(t, w.Warnings[1], "r.json:3 (job 3): job has no queue")

	for in, want := range map[string]string{
		`{"jobID": "j", "queue": "a", "mapTasks": [{"attempts": [{"startTime": 5, "finishTime": 5}]}]}`: "no job of the trace can start",
		`{"jobID": "j", "mapTasks": 3}`: "r.json:1",
		// NodeBase refuses a host without its rack: SLS does not start.
		`{"jobID": "j", "queue": "a", "mapTasks": [{"attempts": [{"hostName": "h1", "startTime": 1, "finishTime": 4}]}]}`: "r.json:1 (job 1): map task 0: hostName: Network Location path does not start with /: h1",
		`{"jobID": "j"`: "r.json",
	} {
		_, err := ReadRumen("r.json", []byte(in), xmlconf.DefaultSLSSettings(), nil, RumenTimeSLS, 0)
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want)
	}
	_, err = ParseRumenTimeBase("later")
	assert.ErrorContains(t, err, "want sls")
}

// TestRumenGolden: the workload the excerpt of SLS's 2jobs2min-rumen-jh.json
// reads to, in both time bases, written as a native workload (the nodes
// from the trace's hosts, SLSUtils.parseNodesFromRumenTrace): every job,
// task group, duration, host and rack is pinned, not only the values
// inputsls.json lets TestRumenBothTimeBases check.
func TestRumenGolden(t *testing.T) {
	data := readFile(t, "testdata", "rumen", "2jobs2min-excerpt.json")
	for name, base := range map[string]RumenTimeBase{"rumen2sls": RumenTimeConverted, "sls": RumenTimeSLS} {
		w, err := ReadRumen("2jobs2min-excerpt.json", data, xmlconf.DefaultSLSSettings(), nil, base, 0)
		require.NoError(t, err)
		require.Empty(t, w.Warnings)
		var out bytes.Buffer
		require.NoError(t, WriteNative(&out, w))
		golden.Assert(t, "rumen/2jobs2min-excerpt-"+name+".json", out.Bytes())
	}
}
