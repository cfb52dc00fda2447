package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestGenWorkloadFromRMApps builds a workload from the apps and nodes
// answers of Hadoop's ResourceManagerRest.md (testdata/rm-apps): the
// workload and the printed assumptions are golden, and it simulates.
func TestGenWorkloadFromRMApps(t *testing.T) {
	r := runBinary(t, "", "gen", "workload", "--config", "testdata/rm-apps", "--from-rm-apps", "testdata/rm-apps/apps.json",
		"--rm-nodes", "testdata/rm-apps/nodes.json")
	require.Equal(t, 0, r.code, r.stderr)
	golden.Assert(t, "gen/rm-apps.json", []byte(r.stdout))
	golden.Assert(t, "gen/rm-apps.stderr.txt", []byte(r.stderr))

	sim := runBinary(t, r.stdout, "simulate", "--config", "testdata/rm-apps", "--workload", "-")
	require.Equal(t, 0, sim.code, sim.stderr)
	assert.Contains(t, sim.stdout, "2 apps submitted, 2 finished")
}

func TestGenWorkloadFromRMAppsBadInput(t *testing.T) {
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{`{"apps": {"app": [{"id": 3}]}}`, nil, "not a ResourceManager apps answer"},
		{`<apps/>`, nil, "no application to simulate"},
		{`{"apps": {"app": []}}`, nil, "no application to simulate"},
		{`{}`, []string{"--am-memory", "0"}, "--am-memory and --rm-task-memory must be positive"},
		{`{"apps": {"app": [{"id": "application_1_0001", "queue": "default", "startedTime": 5, "elapsedTime": 100000, "memorySeconds": 402400,
 "applicationTags": "a,b,c,d,e,f,g,h,i,j,k"}]}}`, nil, "Too many applicationTags, a maximum of only 10 are allowed!"},
		{`{"apps": {"app": [{"id": "application_1_0001", "queue": "default", "priority": 1e10}]}}`, nil, "apps.app.priority must be int32"},
	} {
		args := append([]string{"gen", "workload", "--config", "testdata/rm-apps", "--from-rm-apps", "-"}, c.args...)
		r := runBinary(t, c.stdin, args...)
		assert.Equal(t, 2, r.code, c.stdin)
		assert.Contains(t, r.stderr, c.want)
		assert.Empty(t, r.stdout)
	}
	r := runBinary(t, "", "gen", "workload", "--config", "testdata/rm-apps", "--from-rm-apps", "testdata/rm-apps/apps.json", "--rm-nodes", "testdata/rm-apps/apps.json")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `no "nodes" object`)
}

// TestGenWorkloadFromRMAppsXML reads the XML forms of the same answers
// (ResourceManagerRest.md's XML response examples): the apps come out
// as from the JSON; the XML nodes example reports 5120 MB per node.
func TestGenWorkloadFromRMAppsXML(t *testing.T) {
	j := runBinary(t, "", "gen", "workload", "--config", "testdata/rm-apps", "--from-rm-apps", "testdata/rm-apps/apps.json")
	x := runBinary(t, "", "gen", "workload", "--config", "testdata/rm-apps", "--from-rm-apps", "testdata/rm-apps/apps.xml")
	require.Equal(t, 0, x.code, x.stderr)
	appsOf := func(s string) string { return s[strings.Index(s, `"apps"`):] }
	assert.Equal(t, appsOf(j.stdout), appsOf(x.stdout))
	n := runBinary(t, "", "gen", "workload", "--config", "testdata/rm-apps", "--from-rm-apps", "testdata/rm-apps/apps.xml", "--rm-nodes", "testdata/rm-apps/nodes.xml")
	require.Equal(t, 0, n.code, n.stderr)
	assert.Contains(t, n.stdout, `{"names":["h1"],"rack":"/default-rack","memory_mb":5120,"vcores":8}`)
	bad := runBinary(t, "<apps><app>", "gen", "workload", "--config", "testdata/rm-apps", "--from-rm-apps", "-")
	assert.Equal(t, 2, bad.code)
	assert.Contains(t, bad.stderr, "not the XML of GET /ws/v1/cluster/apps")
}

// TestGenWorkloadFromRMAppsTagsPriority: an app's applicationTags and
// priority reach the generated workload, which simulates.
func TestGenWorkloadFromRMAppsTagsPriority(t *testing.T) {
	in := `{"apps": {"app": [{"id": "application_1_0001", "user": "u", "queue": "default", "state": "FINISHED", "startedTime": 5,
 "elapsedTime": 100000, "memorySeconds": 402400, "applicationTags": "workflowid:nightly,userid=bob", "priority": 4}]}}`
	r := runBinary(t, in, "gen", "workload", "--config", "testdata/rm-apps", "--from-rm-apps", "-", "--nodes", "1")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, `"tags":["workflowid:nightly","userid=bob"]`)
	assert.Contains(t, r.stdout, `"submit_ms":0,"priority":4,`)
	sim := runBinary(t, r.stdout, "simulate", "--config", "testdata/rm-apps", "--workload", "-")
	require.Equal(t, 0, sim.code, sim.stderr)
}
