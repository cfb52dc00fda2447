package sim

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// synthCapDesc is a description of jobs MapReduce jobs of maps maps each,
// plus other tasks of a type the MapReduce AM does not run.
func synthCapDesc(jobs, maps, other int) string {
	task := func(typ string, n int) string {
		return fmt.Sprintf(`{"type": %q, "count": {"val": %d}, "time": {"val": 5}, "max_memory": {"val": 1024}, "max_vcores": {"val": 1}}`, typ, n)
	}
	return fmt.Sprintf(`{"num_jobs": %d, "num_nodes": 1, "workloads": [{"queue_name": "q", "workload_weight": 1, "job_classes": [{"class_name": "c", "class_weight": 1, "type": "mapreduce", `+
		`"deadline_factor": {"val": 1}, "duration": {"val": 5}, "reservation": {"val": 0}, "tasks": [%s, %s]}], "time_distribution": [{"time": 0, "weight": 1}]}]}`,
		jobs, task("map", maps), task("other", other))
}

// allocated is the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// readCapCase is a trace just under or just over a small cap: the reader
// refuses exactly when Run would, naming the same application.
type readCapCase struct {
	name  string
	data  string
	limit int
	want  string // the refused application, "" when the trace fits
}

// checkReadCap reads each case at its cap and at no cap the run would
// hit, and compares the reader's refusal with Run's check.
func checkReadCap(t *testing.T, cases []readCapCase, read func(data []byte, limit int) (*Workload, error)) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, err := read([]byte(c.data), c.limit)
			all, allErr := read([]byte(c.data), 1_000_000)
			require.NoError(t, allErr)
			runErr := checkContainerCap(all, c.limit)
			if c.want == "" {
				require.NoError(t, err)
				assert.NoError(t, runErr)
				assert.Equal(t, all.Apps, w.Apps)
				return
			}
			require.Error(t, err)
			assert.Nil(t, w)
			assert.Contains(t, err.Error(), fmt.Sprintf("the workload asks for more than %d containers by application %q (raise the cap with --max-containers)", c.limit, c.want))
			require.Error(t, runErr, "Run refuses it too")
			assert.True(t, strings.HasSuffix(err.Error(), runErr.Error()), "the same refusal: %q and %q", err, runErr)
		})
	}
}

// ReadSynth stops at the run's container cap, counting an AM per job and
// the tasks its AM runs, as Run does.
func TestReadSynthCap(t *testing.T) {
	read := func(data []byte, limit int) (*Workload, error) {
		return ReadSynth("s.json", data, xmlconf.DefaultSLSSettings(), limit)
	}
	checkReadCap(t, []readCapCase{
		{"just under", synthCapDesc(2, 4, 0), 10, ""},
		{"just over", synthCapDesc(2, 4, 0), 9, "job_job_mock_c_000001_0001"},
		{"the first job over", synthCapDesc(2, 4, 0), 4, "job_job_mock_c_000000_0000"},
		{"tasks the AM ignores are no containers", synthCapDesc(2, 4, 50), 10, ""},
	}, read)
	t.Run("refused before building", func(t *testing.T) {
		// Three million drawn containers are hundreds of megabytes; the
		// refusal at a cap of 10 draws none of them.
		data := []byte(synthCapDesc(1, 3_000_000, 0))
		var err error
		n := allocated(func() { _, err = read(data, 10) })
		assert.ErrorContains(t, err, "--max-containers")
		assert.Less(t, n, uint64(8<<20), "allocated %d bytes", n)
	})
}

// ReadSLS stops at the run's container cap: a job.count is counted
// before its instances are built, and the refusal names the instance
// (and the renamed id) that Run would name.
func TestReadSLSCap(t *testing.T) {
	read := func(data []byte, limit int) (*Workload, error) {
		return ReadSLS("t.json", data, xmlconf.DefaultSLSSettings(), nil, limit)
	}
	const (
		header = `{"num.nodes": 1}` + "\n"
		two    = `{"job.id": "a", "job.queue.name": "q", "job.tasks": [{"count": 2, "duration.ms": 5}]}` + "\n"
		four   = `{"job.queue.name": "q", "job.count": 4, "job.tasks": [{"count": 1, "duration.ms": 5}]}` + "\n"
		again  = `{"job.id": "a", "job.queue.name": "q", "job.tasks": [{"count": 1, "duration.ms": 5}]}` + "\n"
		skip   = `{"job.queue.name": "q", "yarn.sls.am.type": "nope", "job.tasks": [{"count": 100, "duration.ms": 5}]}` + "\n"
	)
	checkReadCap(t, []readCapCase{
		{"just under", header + two + four, 11, ""},
		{"just over, inside a job.count", header + two + four, 10, "4"},
		{"the first instance over", header + two + four, 4, "1"},
		{"a single job over", header + two, 2, "a"},
		{"a renamed id", header + two + again, 4, "a_1"},
		{"a job SLS skips asks for nothing", header + two + skip + four, 11, ""},
	}, read)
	t.Run("refused before building", func(t *testing.T) {
		// A million instances are hundreds of megabytes of apps; the
		// refusal at a cap of 10 builds none of them.
		data := []byte(header + `{"job.queue.name": "q", "job.count": 1000000, "job.tasks": [{"count": 1, "duration.ms": 5}]}`)
		var err error
		n := allocated(func() { _, err = read(data, 10) })
		assert.ErrorContains(t, err, `t.json:2 (job 2): the workload asks for more than 10 containers by application "5" (raise the cap with --max-containers)`)
		assert.Less(t, n, uint64(8<<20), "allocated %d bytes", n)
	})
}

// ReadRumen stops at the job past the run's container cap and reads no
// further.
func TestReadRumenCap(t *testing.T) {
	read := func(data []byte, limit int) (*Workload, error) {
		return ReadRumen("r.json", data, xmlconf.DefaultSLSSettings(), nil, RumenTimeSLS, limit)
	}
	const (
		task  = `{"attempts": [{"hostName": "/r/h", "startTime": 1, "finishTime": 4}]}`
		j1    = `{"jobID": "job_1_1", "queue": "q", "mapTasks": [` + task + `, ` + task + `]}` + "\n"
		j2    = `{"jobID": "job_1_2", "queue": "q", "mapTasks": [` + task + `], "reduceTasks": [` + task + `]}` + "\n"
		skip  = `{"jobID": "job_1_3", "mapTasks": [` + task + `, ` + task + `, ` + task + `]}` + "\n"
		again = `{"jobID": "job_1_1", "queue": "q", "mapTasks": [` + task + `]}` + "\n"
	)
	checkReadCap(t, []readCapCase{
		{"just under", j1 + j2, 6, ""},
		{"just over", j1 + j2, 5, "job_1_0002"},
		{"the first job over", j1 + j2, 2, "job_1_0001"},
		{"a renamed id", j1 + again, 4, "job_1_0001_1"},
		{"a job SLS skips asks for nothing", j1 + skip + j2, 6, ""},
	}, read)
	t.Run("reads no further", func(t *testing.T) {
		_, err := read([]byte(j1+j2+"{not json"), 5)
		assert.EqualError(t, err, `r.json:2 (job 2): the workload asks for more than 5 containers by application "job_1_0002" (raise the cap with --max-containers)`)
	})
}
