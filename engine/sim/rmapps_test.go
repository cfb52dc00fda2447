package sim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRMAppsFromTheRESTDocs reads the apps and nodes answers of Hadoop's
// ResourceManagerRest.md ("Cluster Applications API" and "Cluster Nodes
// API" JSON response examples, testdata/rm-apps) and checks the derived
// containers: word count used 151730 MB·s over 25.196 s; less a 1 GB AM
// for that time, 125930 MB·s are 4.88 containers of 1 GB, so 5.
func TestRMAppsFromTheRESTDocs(t *testing.T) {
	c, warns, err := ReadRMNodes("nodes.json", readFile(t, "testdata", "rm-apps", "nodes.json"))
	require.NoError(t, err)
	assert.Empty(t, warns)
	assert.Equal(t, []NodeSpec{{ID: "h2", Rack: "/default-rack", MemoryMB: 8192, VCores: 8}, {ID: "h1", Rack: "/default-rack", MemoryMB: 8192, VCores: 8}}, c.Expand())

	w, err := ReadRMApps("apps.json", readFile(t, "testdata", "rm-apps", "apps.json"), loadModel(t, "rm-apps"), RMAppsOptions{Cluster: *c})
	require.NoError(t, err)
	require.Len(t, w.Apps, 2)
	a := w.Apps[0]
	assert.Equal(t, "application_1326815542473_0001", a.ID)
	assert.Equal(t, "user1", a.User)
	assert.Equal(t, int64(0), a.SubmitMS)
	assert.Equal(t, []TaskGroup{{Count: 5, MemoryMB: 1024, VCores: 1, DurationMS: 25196, Priority: 20, Type: "task"}}, a.Tasks)
	// Sleep job: (640064 - 1024 x 148.166) / (1024 x 148.166) = 3.2.
	assert.Equal(t, int64(1326815641380-1326815573334), w.Apps[1].SubmitMS)
	assert.Equal(t, 3, w.Apps[1].Tasks[0].Count)

	res, err := Run(loadModel(t, "rm-apps"), w, Options{Seed: 1})
	require.NoError(t, err)
	assert.Equal(t, 2, res.Summary.AppsFinished)
}

func TestRMAppsLeftOut(t *testing.T) {
	data := []byte(`{"apps": {"app": [
 {"id": "application_1_0001", "queue": "default", "state": "ACCEPTED", "startedTime": 5, "elapsedTime": 100, "memorySeconds": 0},
 {"id": "application_1_0002", "queue": "gone", "state": "FINISHED", "startedTime": 6, "elapsedTime": 100000, "memorySeconds": 1000},
 {"id": "application_1_0003", "queue": "default", "state": "RUNNING", "startedTime": 7, "elapsedTime": 100000, "memorySeconds": 100},
 {"id": "application_1_0004", "queue": "default", "state": "RUNNING", "startedTime": 8, "elapsedTime": 100000, "memorySeconds": 402400, "allocatedMB": 5120}]}}`)
	w, err := ReadRMApps("a.json", data, loadModel(t, "rm-apps"), RMAppsOptions{Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}}})
	require.NoError(t, err)
	require.Len(t, w.Apps, 2)
	assert.Equal(t, []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 1000, Priority: 20, Type: "task"}}, w.Apps[0].Tasks,
		"an app that used less than its AM gets one second-long container")
	// RUNNING with 5 GB allocated: 4 containers beside the 1 GB AM, for
	// (402400 - 1024 x 100) MB·s / 4096 MB = 73.242 s.
	assert.Equal(t, []TaskGroup{{Count: 4, MemoryMB: 1024, VCores: 1, DurationMS: 73242, Priority: 20, Type: "task"}}, w.Apps[1].Tasks)
	assert.Equal(t, []string{
		"a.json (app 1, application_1_0001): left out: no resource use recorded (state ACCEPTED)",
		`a.json (app 2, application_1_0002): left out: queue "gone" is not a leaf of the configuration`,
	}, w.Warnings)

	for in, want := range map[string]string{
		`[]`:                                    "not a ResourceManager apps answer",
		"{\"apps\":\n{\"app\": [{\"id\": 5}]}}": "a.json:2: apps.app.id must be a string",
		`{"app": []}`:                           `no "apps" object`,
		`{"apps": {"app": []}}`:                 "no application to simulate",
	} {
		_, err := ReadRMApps("a.json", []byte(in), loadModel(t, "rm-apps"), RMAppsOptions{})
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want)
	}
}

func TestRMNodesStatesAndLabels(t *testing.T) {
	data := []byte(`{"nodes": {"node": [
 {"rack": "/r1", "state": "RUNNING", "id": "h1:1", "nodeHostName": "h1", "usedMemoryMB": 2048, "availMemoryMB": 6144, "usedVirtualCores": 1, "availableVirtualCores": 7, "nodeLabels": ["gpu"]},
 {"rack": "/r1", "state": "DECOMMISSIONED", "id": "h2:1", "nodeHostName": "h2", "availMemoryMB": 8192, "availableVirtualCores": 8},
 {"state": "RUNNING", "id": "h3:1", "totalResource": {"memory": 16384, "vCores": 16}}]}}`)
	c, warns, err := ReadRMNodes("n.json", data)
	require.NoError(t, err)
	// NodeInfo.nodeLabels puts h1 in partition gpu; the answer carries no
	// exclusivity, so gpu is Hadoop's default, exclusive, and a warning
	// says so.
	assert.Equal(t, []NodeSpec{{ID: "h1", Rack: "/r1", MemoryMB: 8192, VCores: 8, Partition: "gpu"}, {ID: "h3", Rack: "/default-rack", MemoryMB: 16384, VCores: 16}}, c.Expand())
	assert.Equal(t, []NodeLabel{{Name: "gpu"}}, c.NodeLabels)
	assert.True(t, c.NodeLabels[0].IsExclusive())
	assert.Equal(t, []string{`n.json (node 2): left out: node "h2" is DECOMMISSIONED`,
		`n.json: node label "gpu" on 1 node(s) is taken as exclusive: the nodes answer does not say (GET /ws/v1/cluster/get-node-labels does)`}, warns)
}

func TestRMNodesBadLabels(t *testing.T) {
	for in, want := range map[string]string{
		`{"nodes": {"node": [{"state": "RUNNING", "id": "h1:1", "totalResource": {"memory": 8192, "vCores": 8}, "nodeLabels": ["a", "b"]}]}}`: `node "h1" has labels ["a" "b"]; a node takes one label`,
		`{"nodes": {"node": [{"state": "RUNNING", "id": "h1:1", "totalResource": {"memory": 8192, "vCores": 8}, "nodeLabels": ["-x"]}]}}`:     `node "h1": node label name "-x"`,
	} {
		_, _, err := ReadRMNodes("n.json", []byte(in))
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want)
	}
}

// TestRMAnswersXMLOrJSON: each reader takes the XML form of an answer
// (Accept: application/xml) as it takes the JSON one. (The XML nodes
// sample gives no totalResource, so its sizes are used plus available.)
func TestRMAnswersXMLOrJSON(t *testing.T) {
	read := func(name string) []byte { return readFile(t, "testdata", "rm-apps", name) }
	cj, _, err := ReadRMNodes("nodes.json", read("nodes.json"))
	require.NoError(t, err)
	cx, _, err := ReadRMNodes("nodes.xml", read("nodes.xml"))
	require.NoError(t, err)
	ids := func(c *Cluster) (out []string) {
		for _, n := range c.Expand() {
			out = append(out, n.ID)
		}
		return out
	}
	assert.Equal(t, ids(cj), ids(cx))

	rj, err := ReadRMAppRefs("apps.json", read("apps.json"))
	require.NoError(t, err)
	rx, err := ReadRMAppRefs("apps.xml", read("apps.xml"))
	require.NoError(t, err)
	assert.Equal(t, rj, rx)
	require.NotEmpty(t, rx)

	m := loadModel(t, "rm-apps")
	wj, err := ReadRMApps("apps.json", read("apps.json"), m, RMAppsOptions{Cluster: *cj})
	require.NoError(t, err)
	wx, err := ReadRMApps("apps.xml", read("apps.xml"), m, RMAppsOptions{Cluster: *cj})
	require.NoError(t, err)
	require.Len(t, wx.Apps, len(wj.Apps))
	for i := range wj.Apps {
		wj.Apps[i].Pos, wx.Apps[i].Pos = "", "" // each names its own file
	}
	assert.Equal(t, wj.Apps, wx.Apps)
}

// TestRMAppsXMLLabelExpressions: AppInfo's appNodeLabelExpression and
// amNodeLabelExpression (JAXB field names) are read from the XML answer
// as from the JSON one; an absent one stays absent, not "".
func TestRMAppsXMLLabelExpressions(t *testing.T) {
	const app = `"id": "application_1_0001", "user": "u", "queue": "default", "state": "FINISHED",
		"startedTime": 1000, "finishedTime": 61000, "elapsedTime": 60000, "memorySeconds": 122880, "vcoreSeconds": 120`
	js := []byte(`{"apps": {"app": [{` + app + `, "appNodeLabelExpression": "gpu", "amNodeLabelExpression": ""},
		{` + strings.Replace(app, "0001", "0002", 1) + `}]}}`)
	const fields = `<user>u</user><queue>default</queue><state>FINISHED</state><startedTime>1000</startedTime>
		<finishedTime>61000</finishedTime><elapsedTime>60000</elapsedTime><memorySeconds>122880</memorySeconds><vcoreSeconds>120</vcoreSeconds>`
	xs := []byte(`<apps><app><id>application_1_0001</id>` + fields + `<appNodeLabelExpression>gpu</appNodeLabelExpression><amNodeLabelExpression></amNodeLabelExpression></app>
		<app><id>application_1_0002</id>` + fields + `</app></apps>`)
	m := loadModel(t, "rm-apps")
	c := Cluster{NodeLabels: []NodeLabel{{Name: "gpu"}}, Nodes: []NodeGroup{{Count: 2, MemoryMB: 8192, VCores: 8}, {Names: []string{"g"}, MemoryMB: 8192, VCores: 8, Partition: "gpu"}}}
	wj, err := ReadRMApps("apps.json", js, m, RMAppsOptions{Cluster: c})
	require.NoError(t, err)
	wx, err := ReadRMApps("apps.xml", xs, m, RMAppsOptions{Cluster: c})
	require.NoError(t, err)
	require.Len(t, wx.Apps, 2)
	require.NotNil(t, wx.Apps[0].NodeLabelExpression)
	assert.Equal(t, "gpu", *wx.Apps[0].NodeLabelExpression)
	require.NotNil(t, wx.Apps[0].AMNodeLabelExpression)
	assert.Equal(t, "", *wx.Apps[0].AMNodeLabelExpression)
	assert.Nil(t, wx.Apps[1].NodeLabelExpression)
	assert.Nil(t, wx.Apps[1].AMNodeLabelExpression)
	for i := range wj.Apps {
		wj.Apps[i].Pos, wx.Apps[i].Pos = "", ""
	}
	assert.Equal(t, wj.Apps, wx.Apps)
}
