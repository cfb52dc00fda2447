package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A trace of a few lines asking for millions of containers is refused at
// --max-containers while it is read, with the run's message naming the
// file and the job, not after the reader has built every container: a
// 600-byte SYNTH description of four million tasks took 1.1 GB, a
// two-line SLS trace with job.count 2000000 1.5 GB, before the run
// refused them. See hostile_e2e_test.go for the harness.
func TestHostileTraceContainerCap(t *testing.T) {
	dir := t.TempDir()
	cs := repoFile("testdata", "sls-suite", "capacity-scheduler.xml")
	synth := repoFile("testdata", "hostile", "synth-container-flood.json")  // 4 jobs of 999999 maps
	oneJob := repoFile("testdata", "hostile", "synth-one-job-flood.json")   // 1 job of 3999999 maps
	sls := repoFile("testdata", "hostile", "sls-job-count-containers.json") // 2000000 jobs of 1 map
	cases := []struct {
		name string
		args []string
		want string
		// unbuilt: refused before the reader holds any container one by
		// one; otherwise it holds those below the cap, as a workload at
		// the cap costs to read.
		unbuilt bool
	}{
		{"SYNTH of four million tasks", []string{"simulate", "--config", cs, "--workload", synth},
			`synth-container-flood.json: job c_000002: the workload asks for more than 2000000 containers by application "job_job_mock_c_000002_0002" (raise the cap with --max-containers)`, false},
		{"SYNTH job of four million tasks", []string{"simulate", "--config", cs, "--workload", oneJob},
			`synth-one-job-flood.json: job c_000000: the workload asks for more than 2000000 containers by application "job_job_mock_c_000000_0000" (raise the cap with --max-containers)`, true},
		{"SYNTH under a lower --max-containers", []string{"simulate", "--config", cs, "--workload", synth, "--max-containers", "1000"},
			`synth-container-flood.json: job c_000000: the workload asks for more than 1000 containers by application "job_job_mock_c_000000_0000"`, true},
		{"SYNTH in preview", []string{"preview", cs, cs, "--workload", oneJob},
			`synth-one-job-flood.json: job c_000000: the workload asks for more than 2000000 containers`, true},
		{"SLS job.count of two million", []string{"simulate", "--config", cs, "--workload", sls},
			`sls-job-count-containers.json:2 (job 2): the workload asks for more than 2000000 containers by application "1000000" (raise the cap with --max-containers)`, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
			t.Logf("peak resident memory %d MiB", res.maxRSSKiB>>10)
			if c.unbuilt && res.maxRSSKiB > 0 {
				// Generous: capq reads a configuration and a small
				// file in tens of megabytes; building the containers
				// took more than a gigabyte.
				assert.Less(t, res.maxRSSKiB, int64(256<<10), "capq %v used %d KiB of memory", c.args, res.maxRSSKiB)
			}
		})
	}
}
