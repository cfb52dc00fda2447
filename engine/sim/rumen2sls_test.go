package sim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// speculativeJob is a Rumen job whose map ran twice, as speculative
// execution leaves it: a KILLED attempt on /r1/a and the SUCCESS one on
// /r2/b, each with the times it ran.
const speculativeJob = `{"jobID": "job_1369942127770_1205", "user": "jenkins", "queue": "sls_queue_1",
 "submitTime": 1369942127770, "finishTime": 1369942227770,
 "mapTasks": [{"attempts": [
   {"hostName": "/r1/a", "startTime": 1369942130000, "finishTime": 1369942150000, "result": "KILLED"},
   {"hostName": "/r2/b", "startTime": 1369942135000, "finishTime": 1369942145000, "result": "SUCCESS"}]}],
 "reduceTasks": [{"attempts": [{"hostName": "/r2/b", "startTime": 1369942150000, "finishTime": 1369942160000, "result": "SUCCESS"}]}]}
`

// TestRumen2SLSConvertsEveryAttempt checks RumenToSLSConverter
// .createSLSTasks: rumen2sls.sh makes every attempt of a task a container
// (the killed speculative one too, on its own host), where SLS's direct
// reader (AMDefinitionRumen.getTaskContainers) keeps the last attempt.
func TestRumen2SLSConvertsEveryAttempt(t *testing.T) {
	set := xmlconf.DefaultSLSSettings()
	conv, err := ReadRumen("r.json", []byte(speculativeJob), set, nil, RumenTimeConverted, 0)
	require.NoError(t, err)
	require.Len(t, conv.Apps, 1)
	assert.Equal(t, []TaskGroup{
		{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 20000, Priority: 20, Type: "map", Hosts: []string{"a"}, Racks: []string{"/r1"}},
		{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 10000, Priority: 20, Type: "map", Hosts: []string{"b"}, Racks: []string{"/r2"}},
		{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 10000, Priority: 10, Phase: 1, Type: "reduce", Hosts: []string{"b"}, Racks: []string{"/r2"}},
	}, conv.Apps[0].Tasks)
	assert.Len(t, conv.Cluster.Expand(), 2, "the converter's node file: every attempt's host")

	direct, err := ReadRumen("r.json", []byte(speculativeJob), set, nil, RumenTimeSLS, 0)
	require.NoError(t, err)
	assert.Equal(t, 2, direct.Apps[0].Containers(), "the last attempt of each task")
	assert.Len(t, direct.Cluster.Expand(), 1)
}

// TestRumen2SLSWhatTheConverterRefuses: RumenToSLSConverter reads each job
// as an untyped Map and casts its times to Long, so what Jackson reads as
// an Integer (a time within a Java int, such as a never-finished
// attempt's -1), a missing field or a host NodeBase cannot read throws out
// of rumen2sls.sh: SLS gets no trace, and capq stops. A converted job SLS
// cannot start is skipped by SLS's reader of the converted trace.
func TestRumen2SLSWhatTheConverterRefuses(t *testing.T) {
	set := xmlconf.DefaultSLSSettings()
	// The real trace's last reduce ends with an attempt that never ran
	// (testdata/rumen/README.md): finishTime -1.
	real := readFile(t, "testdata", "rumen", "1job-crashed-attempt-excerpt.json")
	_, err := ReadRumen("crashed.json", real, set, nil, RumenTimeConverted, 0)
	assert.ErrorContains(t, err, "crashed.json:1 (job 1) reduce task 0 attempt 1: rumen2sls.sh fails here: finishTime -1 fits a Java int: Jackson reads it as an Integer, which RumenToSLSConverter casts to Long (ClassCastException)")

	for name, c := range map[string]struct{ from, to, want string }{
		"no user":             {`"user": "jenkins", `, ``, "(job 1): rumen2sls.sh fails here: user is missing"},
		"no reduceTasks":      {`"reduceTasks"`, `"otherTasks"`, "reduceTasks is not a list"},
		"a null host":         {`"hostName": "/r1/a"`, `"hostName": null`, "map task 0 attempt 0: rumen2sls.sh fails here: hostName is null"},
		"a host without rack": {`"hostName": "/r1/a"`, `"hostName": "a"`, `hostName "a": SLSUtils.getRackHostName cannot read it`},
		"a fraction":          {`"submitTime": 1369942127770`, `"submitTime": 1369942127770.0`, "submitTime is 1369942127770.0, which Jackson does not read as a Long"},
	} {
		t.Run(name, func(t *testing.T) {
			in := strings.Replace(speculativeJob, c.from, c.to, 1)
			require.NotEqual(t, speculativeJob, in)
			_, err := ReadRumen("r.json", []byte(in+speculativeJob), set, nil, RumenTimeConverted, 0)
			assert.ErrorContains(t, err, c.want)
		})
	}

	// An attempt killed at once (finish before start) converts, and SLS
	// skips its job; a task without attempts converts to nothing.
	skipped := strings.Replace(speculativeJob, `"finishTime": 1369942150000, "result": "KILLED"`, `"finishTime": 1369942129000, "result": "KILLED"`, 1)
	empty := strings.Replace(strings.Replace(speculativeJob, `"mapTasks": [{"attempts": [`, `"mapTasks": [{"attempts": []}, {"attempts": [`, 1), `1205`, `1206`, 1)
	w, err := ReadRumen("r.json", []byte(skipped+empty), set, nil, RumenTimeConverted, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	assert.Equal(t, "job_1369942127770_1206", w.Apps[0].ID)
	assert.Equal(t, int64(0), w.Apps[0].SubmitMS, "its submitTime is the converter's baseline, set by the first job")
	assert.Equal(t, 3, w.Apps[0].Containers())
	require.Len(t, w.Warnings, 1)
	assert.Contains(t, w.Warnings[0], "r.json:1 (job 1) map task 0 attempt 0: Duration of a task shouldn't be less or equal to 0! (got -1000 ms; rumen2sls.sh converts every attempt, a failed or killed one too); SLS skips this job")
}
