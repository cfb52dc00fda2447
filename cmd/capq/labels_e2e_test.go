package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Label inputs the ResourceManager would refuse stop a run with a clear
// message and exit 2, never a panic: workloads, SLS topologies and RM
// nodes answers (issue #14).
func TestLabelInputsHostile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	undefined := write("undefined.json", `{"cluster": {"nodes": [{"count": 1, "memory_mb": 1024, "vcores": 1, "partition": "gpu"}]}, "apps": []}`)
	twoLabels := write("two.json", `{"cluster": {"node_labels": [{"name": "a"}, {"name": "b"}], "nodes": [{"count": 1, "memory_mb": 1024, "vcores": 1}]},
 "apps": [{"id": "x", "queue": "qa", "user": "u", "node_label_expression": "a && b", "am": {"memory_mb": 1, "vcores": 1},
 "tasks": [{"count": 1, "memory_mb": 1, "vcores": 1, "duration_ms": 1, "priority": 1}]}]}`)
	badName := write("name.json", `{"cluster": {"node_labels": [{"name": "$(id)"}], "nodes": [{"count": 1, "memory_mb": 1024, "vcores": 1}]}, "apps": []}`)
	slsNodes := write("nodes.json", `{"rack": "r", "nodes": [{"node": "n1", "labels": "gpu(exclusive=maybe)"}]}`)
	trace := write("trace.json", `{"job.queue.name": "qa", "job.tasks": [{"count": 1, "duration.ms": 5, "container.host": "/r/n1"}]}`)
	rmNodes := write("rmnodes.json", `{"nodes": {"node": [{"state": "RUNNING", "id": "h1:1", "totalResource": {"memory": 8192, "vCores": 8}, "nodeLabels": ["a", "b"]}]}}`)
	rmApps := write("rmapps.json", `{"apps": {"app": [{"id": "application_1_0001", "user": "u", "queue": "qa", "state": "FINISHED", "startedTime": 1000, "finishedTime": 9000, "elapsedTime": 8000, "memorySeconds": 151730, "vcoreSeconds": 103}]}}`)
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"undefined partition", []string{"simulate", "--config", "testdata/seeds-example", "--workload", undefined}, `partition "gpu" is not in cluster.node_labels`},
		{"two labels", []string{"simulate", "--config", "testdata/seeds-example", "--workload", twoLabels}, `node label expression "a && b" has more than one label`},
		{"bad label name", []string{"preview", "testdata/seeds-example", "testdata/seeds-example", "--workload", badName}, `node label name "$(id)"`},
		{"SLS node labels", []string{"simulate", "--config", "testdata/seeds-example", "--workload", trace, "--sls-nodes", slsNodes}, "the only property is exclusive=true or exclusive=false"},
		{"RM node with two labels", []string{"gen", "workload", "--config", "testdata/seeds-example", "--from-rm-apps", rmApps, "--rm-nodes", rmNodes, "-o", filepath.Join(dir, "out.json")}, "a node takes one label"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runBinary(t, "", tc.args...)
			assert.Equal(t, 2, r.code, r.stderr)
			assert.Contains(t, r.stderr, tc.want)
			assert.NotContains(t, r.stderr, "panic")
		})
	}
	_, err := os.Stat(filepath.Join(dir, "out.json"))
	assert.True(t, os.IsNotExist(err), "no output written for a refused input")
}

// capq gen workload --rm-nodes keeps the nodes' labels: the workload it
// writes defines the label and puts the node in it, and capq simulate
// reads it back.
func TestGenWorkloadKeepsRMNodeLabels(t *testing.T) {
	dir := t.TempDir()
	rmNodes := filepath.Join(dir, "nodes.json")
	require.NoError(t, os.WriteFile(rmNodes, []byte(`{"nodes": {"node": [
 {"state": "RUNNING", "id": "h1:1", "totalResource": {"memory": 8192, "vCores": 8}},
 {"state": "RUNNING", "id": "g1:1", "totalResource": {"memory": 8192, "vCores": 8}, "nodeLabels": ["gpu"]}]}}`), 0o644))
	rmApps := filepath.Join(dir, "apps.json")
	require.NoError(t, os.WriteFile(rmApps, []byte(`{"apps": {"app": [{"id": "application_1_0001", "user": "u", "queue": "qa", "state": "FINISHED", "startedTime": 1000, "finishedTime": 9000, "elapsedTime": 8000, "memorySeconds": 151730, "vcoreSeconds": 103, "appNodeLabelExpression": "gpu", "amNodeLabelExpression": ""}]}}`), 0o644))
	out := filepath.Join(dir, "w.json")
	r := runBinary(t, "", "gen", "workload", "--config", "testdata/seeds-example", "--from-rm-apps", rmApps, "--rm-nodes", rmNodes, "-o", out)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, `node label "gpu" on 1 node(s) is taken as exclusive`)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	for _, s := range []string{`"node_labels":[{"name":"gpu"}]`, `"partition":"gpu"`, `"node_label_expression":"gpu"`, `"am_node_label_expression":""`} {
		assert.Contains(t, string(data), s)
	}
	r = runBinary(t, "", "simulate", "--config", "testdata/seeds-example", "--workload", out)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, `partition "gpu", exclusive: 1 nodes, 8G`)
}
