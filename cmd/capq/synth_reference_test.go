package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestSynthReferenceDescription simulates capq's 400-job SYNTH description
// (testdata/synth-reference/mixed.json: constant, log-normal, normal and
// discrete samples, two workloads, the old job class format) on the SLS
// suite's configuration. The jobs are SLS's own draws
// (engine/sim TestSynthDrawsAsSLS compares them with SynthRef.java); here
// the binary reads the file, warns about what it does not model, and runs
// every job to the end.
func TestSynthReferenceDescription(t *testing.T) {
	const dir = "testdata/sls-suite/"
	args := []string{"simulate", "--config", dir + "capacity-scheduler.xml", "--workload", "testdata/synth-reference/mixed.json",
		"--sls-runner", dir + "sls-runner.xml"}
	r := runBinary(t, "", args...)
	require.Equal(t, 0, r.code, r.stderr)
	golden.Assert(t, "sls-suite/synth-reference-mixed.txt", []byte(r.stdout))
	assert.Contains(t, r.stderr, "SLS 3.4 starts every SYNTH job at time 0")
	assert.Contains(t, r.stderr, "of 400 jobs drew a reservation")

	j := runBinary(t, "", append(args, "--format", "json")...)
	require.Equal(t, 0, j.code, j.stderr)
	var out struct {
		Summary struct {
			Submitted int `json:"apps_submitted"`
			Finished  int `json:"apps_finished"`
		} `json:"summary"`
		Apps []struct {
			ID       string `json:"id"`
			SubmitMS int64  `json:"submit_ms"`
		} `json:"apps"`
	}
	require.NoError(t, json.Unmarshal([]byte(j.stdout), &out))
	assert.Equal(t, 400, out.Summary.Submitted)
	assert.Equal(t, 400, out.Summary.Finished)
	ids := map[string]int64{}
	for _, a := range out.Apps {
		ids[a.ID] = a.SubmitMS
	}
	// SynthRef.java's first two jobs, both at second 0, in PriorityQueue order.
	assert.Contains(t, ids, "job_job_mock_adhoc_000000_0000")
	assert.Contains(t, ids, "job_job_mock_etl_000001_0001")
}
