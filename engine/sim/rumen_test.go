package sim

import (
	"bytes"
	"strings"
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
	data := `{"jobID": "job_1_1", "queue": "a", "submitTime": 5, "mapTasks": [{"attempts": []}]}
{"jobID": "job_1_2", "queue": "a", "submitTime": 9, "mapTasks": [{"attempts": [{"hostName": "/r/h", "startTime": 1, "finishTime": 4}]}]}
{"jobID": "job_1_3", "submitTime": 9, "mapTasks": [{"attempts": [{"hostName": "/r/h", "startTime": 1, "finishTime": 4}]}]}
{"queue": "a", "submitTime": 9, "mapTasks": [{"attempts": [{"hostName": "/r/h", "startTime": 1, "finishTime": 4}]}]}`
	w, err := ReadRumen("r.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, RumenTimeSLS, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	assert.Equal(t, int64(0), w.Apps[0].SubmitMS, "AMDefinitionRumen: each job is its own baseline")
	require.Len(t, w.Warnings, 3)
	assert.Contains(t, w.Warnings[0], "r.json:1 (job 1): Invalid map task, no attempt for a mapper!")
	assert.Contains(t, w.Warnings[1], "r.json:3 (job 3): job has no queue")
	// createFromRumenTrace calls job.getJobID().toString(): AMRunner skips
	// a job without one.
	assert.Contains(t, w.Warnings[2], "r.json:4 (job 4): job has no jobID")

	for in, want := range map[string]string{
		`{"jobID": "job_1_1", "queue": "a", "mapTasks": [{"attempts": [{"hostName": "/r/h", "startTime": 5, "finishTime": 5}]}]}`: "no job of the trace can start",
		`{"jobID": "job_1_1", "mapTasks": 3}`: "r.json:1",
		// NodeBase refuses a host without its rack: SLS does not start.
		`{"jobID": "job_1_1", "queue": "a", "mapTasks": [{"attempts": [{"hostName": "h1", "startTime": 1, "finishTime": 4}]}]}`: "r.json:1 (job 1): map task 0: hostName: Network Location path does not start with /: h1",
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

// TestRumenCrashedAttempt reads an excerpt of a real Rumen trace
// (seneque/hadoop-common's hadoop-sls/src/main/data/
// 1job-rumen-with-one-crashed-attempt.json, testdata/rumen/README.md) as
// SLS's RUMEN reader does.
//
// As recorded, its CDF holds 9223372036854776000, past Java's long:
// Jackson cannot map the job onto LoggedJob, JsonObjectMapperParser.getNext
// returns null and JobTraceReader's trace ends before its only job, so SLS
// runs no job.
//
// Without that CDF, the last reduce's last attempt has a null hostName:
// SLSUtils.parseNodesFromRumenTrace reads it when no topology is given
// (SLS does not start); with a topology AMDefinitionRumen.getTaskContainers
// fails on it and AMRunner.startAMFromRumenTrace skips the job, running
// the jobs around it.
func TestRumenCrashedAttempt(t *testing.T) {
	data := string(readFile(t, "testdata", "rumen", "1job-crashed-attempt-excerpt.json"))
	set := xmlconf.DefaultSLSSettings()
	_, err := ReadRumen("crashed.json", []byte(data), set, nil, RumenTimeSLS, 0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "crashed.json:1 (job 1): Rumen's JobTraceReader cannot map this job onto LoggedJob (9223372036854776000 is out of range of a Java long)")

	cdf := strings.Index(data, `  "successfulMapAttemptCDFs"`)
	noCDF := data[:cdf] + data[strings.Index(data, `  "queue"`):]
	_, err = ReadRumen("crashed.json", []byte(noCDF), set, nil, RumenTimeSLS, 0)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "crashed.json:1 (job 1): reduce task 0: its last attempt has no hostName, which SLSUtils.parseNodesFromRumenTrace reads")

	// A job before and after it: SLS skips it given a topology, and runs
	// the others; the same trace without one does not start.
	clean := strings.Replace(noCDF, `,
        {
          "location": null,
          "hostName": null,
          "finishTime": -1,
          "startTime": 1489619193378,
          "result": null,
          "attemptID": "attempt_1488896259152_410442_r_000015_1"
        }`, "", 1)
	require.NotEqual(t, noCDF, clean)
	three := clean + noCDF + clean
	topo := &Cluster{Nodes: []NodeGroup{{Names: []string{"e4-1d-2d-e2-2a-d0.dn.example.com", "e4-1d-2d-e2-2b-c0.dn.example.com"}, Rack: "/ra04", MemoryMB: 10240, VCores: 10}}}
	w, err := ReadRumen("crashed.json", []byte(three), set, topo, RumenTimeSLS, 0)
	require.NoError(t, err)
	assert.Len(t, w.Apps, 2)
	require.Len(t, w.Warnings, 2, "job 2 skipped, job 3's id taken by job 1")
	assert.Contains(t, w.Warnings[0], "(job 2): reduce task 0: its last attempt has no hostName (AMDefinitionRumen.getTaskContainers fails on it); SLS skips this job")
	assert.Contains(t, w.Warnings[1], `(job 3): job id "job_1488896259152_410442" is used twice; renamed "job_1488896259152_410442_1" (SLS runs both, but counts one app per id in AMRunner's amMap`)
	_, err = ReadRumen("crashed.json", []byte(three), set, nil, RumenTimeSLS, 0)
	assert.ErrorContains(t, err, "(job 2): reduce task 0: its last attempt has no hostName")

	// The CDF on the third job: the first two are read, the trace ends
	// there.
	w, err = ReadRumen("crashed.json", []byte(clean+clean+data), set, nil, RumenTimeSLS, 0)
	require.NoError(t, err)
	assert.Len(t, w.Apps, 2)
	require.Len(t, w.Warnings, 2)
	assert.Contains(t, w.Warnings[0], "(job 2): job id")
	assert.Contains(t, w.Warnings[1], "(job 3): Rumen's JobTraceReader cannot map this job onto LoggedJob (9223372036854776000 is out of range of a Java long) and ends the trace here; SLS reads no job from here on")
}

// TestRumenTruncatedTrace: a Rumen trace cut short, as a partly copied
// file is. Jackson's BeanDeserializer wraps a parse error inside a
// LoggedJob field's value (the cut falls in mapTasks) as a
// JsonMappingException, so JobTraceReader's getNext returns null and SLS
// runs the jobs before it; a cut between the job's own fields is the
// parser's own exception, which stops SLS.
func TestRumenTruncatedTrace(t *testing.T) {
	data := string(readFile(t, "testdata", "rumen", "2jobs2min-excerpt.json"))
	lines := strings.SplitAfter(data, "\n")
	inMaps := strings.Join(lines[:80], "") // job 2's mapTasks open from line 74
	w, err := ReadRumen("cut.json", []byte(inMaps), xmlconf.DefaultSLSSettings(), nil, RumenTimeSLS, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	assert.Equal(t, "job_1369942127770_1205", w.Apps[0].ID)
	require.Len(t, w.Warnings, 1)
	assert.Contains(t, w.Warnings[0], "cut.json:66 (job 2): the JSON breaks inside this job's fields (cut.json:81: malformed JSON: unexpected end of input)")

	// A malformed value inside a task is the same.
	bad := strings.Replace(data, `"startTime" : 1371222061163`, `"startTime" : 1371222061163x`, 1)
	require.NotEqual(t, data, bad)
	_, err = ReadRumen("bad.json", []byte(bad), xmlconf.DefaultSLSSettings(), nil, RumenTimeSLS, 0)
	assert.ErrorContains(t, err, "no job of the trace can start")

	betweenFields := strings.Join(lines[:73], "") // after job 2's "finishTime", before "queue"
	_, err = ReadRumen("cut.json", []byte(betweenFields), xmlconf.DefaultSLSSettings(), nil, RumenTimeSLS, 0)
	assert.ErrorContains(t, err, "cut.json:74: malformed JSON: unexpected end of input")
}

// TestRumenJobIDAsJobIDForName checks LoggedJob.setJobID, which is
// JobID.forName: SLS's direct reader names the job by the JobID's
// toString (the number printed with at least four digits), and an id
// forName refuses is an IllegalArgumentException Jackson wraps as a
// JsonMappingException, so JobTraceReader ends the trace at that job.
// rumen2sls.sh reads the id as a plain string.
func TestRumenJobIDAsJobIDForName(t *testing.T) {
	job := func(id string) string {
		return `{"jobID": "` + id + `", "queue": "a", "user": "u", "submitTime": 1369942127770, "finishTime": 1369942227770, "mapTasks": [{"attempts": [{"hostName": "/r/h", "startTime": 1369942130000, "finishTime": 1369942150000}]}], "reduceTasks": []}` + "\n"
	}
	data := job("job_local_5") + job("job_1369942127770_1205") + job("job_x_-7") + job("my-job-3") + job("job_1_9")
	w, err := ReadRumen("r.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, RumenTimeSLS, 0)
	require.NoError(t, err)
	var ids []string
	for _, a := range w.Apps {
		ids = append(ids, a.ID)
	}
	assert.Equal(t, []string{"job_local_0005", "job_1369942127770_1205", "job_x_-0007"}, ids)
	require.Len(t, w.Warnings, 1)
	assert.Equal(t, "r.json:4 (job 4): Rumen's JobTraceReader cannot map this job onto LoggedJob (JobId string : my-job-3 is not properly formed: JobID.forName wants job_<identifier>_<number>) and ends the trace here; SLS reads no job from here on", w.Warnings[0])

	conv, err := ReadRumen("r.json", []byte(data), xmlconf.DefaultSLSSettings(), nil, RumenTimeConverted, 0)
	require.NoError(t, err)
	require.Len(t, conv.Apps, 5)
	assert.Equal(t, "my-job-3", conv.Apps[3].ID)
	assert.Equal(t, "job_local_5", conv.Apps[0].ID)
}

// With --sls-nodes SLS reads no hostName at start, so a hostName NodeBase
// cannot read fails only that job's AM (AMSimulator.packageRequests,
// SLSUtils.getRackHostName): the other jobs run.
func TestRumenHostWithoutRackWithTopologyFailsOnlyItsAM(t *testing.T) {
	data := `{"jobID": "job_1_1", "queue": "a", "mapTasks": [{"attempts": [{"hostName": "/r/h", "startTime": 1, "finishTime": 4}]}]}
{"jobID": "job_1_2", "queue": "a", "mapTasks": [{"attempts": [{"hostName": "h1", "startTime": 1, "finishTime": 4}]}]}`
	nodes, err := ReadSLSNodes("nodes.json", []byte(`{"rack": "r", "nodes": [{"node": "h"}]}`), xmlconf.DefaultSLSSettings())
	require.NoError(t, err)
	w, err := ReadRumen("r.json", []byte(data), xmlconf.DefaultSLSSettings(), nodes, RumenTimeSLS, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	require.Len(t, w.Warnings, 1)
	assert.Contains(t, w.Warnings[0], "r.json:2 (job 2): map task 0: hostName: Network Location path does not start with /: h1")
	assert.Contains(t, w.Warnings[0], "capq leaves the job out")
}
