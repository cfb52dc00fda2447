package sim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rmAppsCluster is one 8 GB node for the apps answers below.
var rmAppsCluster = RMAppsOptions{Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}}}

// TestRMAppsTagsAndPriority: AppInfo's applicationTags (the RM's tags
// joined with commas) and priority become the app's tags and priority,
// from the JSON answer and its XML form alike.
func TestRMAppsTagsAndPriority(t *testing.T) {
	for name, data := range map[string]string{
		"a.json": `{"apps": {"app": [
 {"id": "application_1_0001", "queue": "default", "state": "FINISHED", "startedTime": 5, "elapsedTime": 100000, "memorySeconds": 402400,
  "applicationTags": "workflowid:nightly,userid=bob", "priority": 3},
 {"id": "application_1_0002", "queue": "default", "state": "FINISHED", "startedTime": 6, "elapsedTime": 100000, "memorySeconds": 402400,
  "applicationTags": "", "priority": -2}]}}`,
		"a.xml": `<apps>
 <app><id>application_1_0001</id><queue>default</queue><state>FINISHED</state><startedTime>5</startedTime><elapsedTime>100000</elapsedTime>
  <memorySeconds>402400</memorySeconds><applicationTags>workflowid:nightly,userid=bob</applicationTags><priority>3</priority></app>
 <app><id>application_1_0002</id><queue>default</queue><state>FINISHED</state><startedTime>6</startedTime><elapsedTime>100000</elapsedTime>
  <memorySeconds>402400</memorySeconds><applicationTags></applicationTags><priority>-2</priority></app>
</apps>`,
	} {
		t.Run(name, func(t *testing.T) {
			w, err := ReadRMApps(name, []byte(data), loadModel(t, "rm-apps"), rmAppsCluster)
			require.NoError(t, err)
			require.Len(t, w.Apps, 2)
			assert.Equal(t, []string{"workflowid:nightly", "userid=bob"}, w.Apps[0].Tags)
			assert.Equal(t, int32(3), *w.Apps[0].Priority, "the RM's priority, sent as given")
			assert.Nil(t, w.Apps[1].Tags, "no tags")
			assert.Equal(t, int32(-2), *w.Apps[1].Priority)
		})
	}
}

// TestRMAppsTagsRefused: tags Hadoop's client would refuse
// (ApplicationSubmissionContextPBImpl.checkTags, engine.CheckTags) refuse
// the answer, naming the app; a priority out of int range is no AppInfo.
func TestRMAppsTagsRefused(t *testing.T) {
	app := func(extra string) []byte {
		return []byte(`{"apps": {"app": [{"id": "application_1_0001", "queue": "default", "state": "FINISHED", "startedTime": 5,
 "elapsedTime": 100000, "memorySeconds": 402400, ` + extra + `}]}}`)
	}
	long := strings.Repeat("x", 101)
	for extra, want := range map[string]string{
		`"applicationTags": "a,b,c,d,e,f,g,h,i,j,k"`: `a.json (app 1, application_1_0001): application "application_1_0001": tags: Too many applicationTags, a maximum of only 10 are allowed!`,
		// A huge value is split no further than one tag too many.
		`"applicationTags": "` + strings.Repeat("t,", 1_000_000) + `"`: "Too many applicationTags",
		`"applicationTags": "ok,` + long + `"`:                         "Tag " + long + " is too long, maximum allowed length of a tag is 100",
		`"applicationTags": "bad\u0007tag"`:                            `A tag can only have ASCII characters! Invalid tag - "bad\atag"`,
		`"applicationTags": ["a", "b"]`:                                "applicationTags must be a string",
		`"priority": 3000000000`:                                       "priority",
		`"priority": "HIGH"`:                                           "priority must be int32",
	} {
		_, err := ReadRMApps("a.json", app(extra), loadModel(t, "rm-apps"), rmAppsCluster)
		require.Error(t, err, extra[:min(len(extra), 40)])
		assert.Contains(t, err.Error(), want)
	}
	_, err := ReadRMApps("a.xml", []byte(`<apps><app><id>application_1_0001</id><queue>default</queue><priority>3000000000</priority></app></apps>`),
		loadModel(t, "rm-apps"), rmAppsCluster)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not the XML of GET /ws/v1/cluster/apps")
}
