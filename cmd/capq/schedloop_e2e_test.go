package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// capq simulate reads schedule-asynchronously.* and multi-node placement
// from the configuration: the header names the loop, and the waits come
// from it (the seeds' day, seed 1: root's p50 wait is the time to the
// next node heartbeat, 19 ms, with heartbeats, and 0 ms when a pass runs
// every 100 ms, apps arriving on whole seconds).
func TestSimulateSchedulingLoops(t *testing.T) {
	for _, tc := range []struct {
		dir, header string
		p50         float64
	}{
		{"seeds-example", "; heartbeat 1s, seed 1", 19},
		{"seeds-async", "; asynchronous scheduling every 100ms, seed 1", 0},
		{"seeds-multinode", "; heartbeat 1s, multi-node placement, seed 1", 19},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			args := []string{"simulate", "--config", "testdata/" + tc.dir + "/capacity-scheduler.xml", "--workload", "testdata/workloads/seeds-example.json"}
			r := runBinary(t, "", args...)
			require.Equal(t, 0, r.code, r.stderr)
			assert.Contains(t, r.stdout, tc.header)
			assert.NotContains(t, r.stdout, "not modelled")
			if tc.dir != "seeds-example" {
				golden.Assert(t, "simulate/"+tc.dir+".txt", []byte(r.stdout))
			}
			r = runBinary(t, "", append(args, "--format", "json")...)
			require.Equal(t, 0, r.code, r.stderr)
			var out struct {
				Queues []struct {
					Path      string  `json:"path"`
					WaitP50MS float64 `json:"wait_p50_ms"`
				} `json:"queues"`
				AsyncIntervalMS float64 `json:"async_interval_ms"`
				MultiNode       bool    `json:"multi_node"`
			}
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &out))
			require.NotEmpty(t, out.Queues)
			assert.Equal(t, "root", out.Queues[0].Path)
			assert.Equal(t, tc.p50, out.Queues[0].WaitP50MS)
			assert.Equal(t, tc.dir == "seeds-async", out.AsyncIntervalMS == 100)
			assert.Equal(t, tc.dir == "seeds-multinode", out.MultiNode)
		})
	}
}

// capq preview of a change that turns asynchronous scheduling on: both
// runs read their own configuration, so the new one's waits come from
// the passes, and the refresh section says the RM reads the keys only at
// start (RF013). Apps also complete sooner: a heartbeat places at most one
// off-switch container per node per second (maximum-offswitch-assignments
// 1), a pass one per node every 100 ms.
func TestPreviewAsyncScheduling(t *testing.T) {
	r := runBinary(t, "", "preview", "testdata/seeds-example", "testdata/seeds-async", "--workload", "testdata/preview/seeds/workload.json")
	require.Equal(t, 0, r.code, r.stderr)
	golden.Assert(t, "preview/seeds-async.txt", []byte(r.stdout))
	assert.Contains(t, r.stdout, "warning RF013")
	assert.Contains(t, r.stdout, "WAIT.P50")
	assert.Contains(t, r.stdout, "19ms → 0s")
}
