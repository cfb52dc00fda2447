package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestSLSRunnerRumenAllTasks runs capq simulate on every job and task of
// the RUMEN runs' 2jobs2min-rumen-jh.json (testdata/rumen/
// 2jobs2min-all-tasks.json) with the suite's configuration, with and
// without its nodes.json, as TestSLSRunner's RUMEN runs do: both TeraGen
// jobs finish, two AMs and 192 maps; on the trace's own four hosts or
// the node file's twenty.
func TestSLSRunnerRumenAllTasks(t *testing.T) {
	const dir = "testdata/sls-suite/"
	for _, c := range []struct {
		name      string
		nodes     bool
		nodesWant int
	}{
		{"TestSLSRunner RUMEN no nodeFile", false, 4},
		{"TestSLSRunner RUMEN nodeFile", true, 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := []string{"simulate", "--config", dir + "capacity-scheduler.xml", "--workload", "testdata/rumen/2jobs2min-all-tasks.json",
				"--sls-runner", dir + "sls-runner.xml"}
			if c.nodes {
				args = append(args, "--sls-nodes", dir+"nodes.json")
			}
			r := runBinary(t, "", args...)
			require.Equal(t, 0, r.code, r.stderr)
			name := map[bool]string{false: "TestSLSRunner-RUMEN-all-tasks-no-nodeFile", true: "TestSLSRunner-RUMEN-all-tasks-nodeFile"}[c.nodes]
			golden.Assert(t, "sls-suite/"+name+".txt", []byte(r.stdout))

			out := simulateJSON(t, args)
			assert.Equal(t, c.nodesWant, out.Cluster.Nodes)
			assert.Equal(t, 2, out.Summary.Finished)
			assert.Equal(t, int64(2+192), out.Summary.Containers, "two AMs and 192 maps")
		})
	}
}
