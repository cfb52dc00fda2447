package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// The XML answer (Accept: application/xml, ResourceManagerRest.md "Cluster
// Scheduler API") reads to the same live state as its JSON twin.
func TestParseSchedulerStateXMLMatchesJSON(t *testing.T) {
	dir := filepath.Join("..", "testdata", "diff", "live-state")
	js, err := os.ReadFile(filepath.Join(dir, "scheduler.json"))
	require.NoError(t, err)
	xs, err := os.ReadFile(filepath.Join(dir, "scheduler.xml"))
	require.NoError(t, err)
	fromJSON, err := ParseSchedulerState(js)
	require.NoError(t, err)
	fromXML, err := ParseSchedulerState(xs)
	require.NoError(t, err)
	// The documentation's XML gives root no <state>; scheduler.json does.
	assert.Equal(t, "", fromXML.QueueState("root"))
	delete(fromJSON.Queues, "root")
	delete(fromXML.Queues, "root")
	assert.Equal(t, fromJSON.Queues, fromXML.Queues)
	assert.Equal(t, 2, fromXML.QueueApps("root.b.b1"))
	assert.True(t, fromXML.Queues["root.b.b1"].Leaf)
	assert.False(t, fromXML.Queues["root.b"].Leaf)
}

func TestParseSchedulerStateXMLForms(t *testing.T) {
	const bare = `<schedulerInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="capacityScheduler">
 <queueName>root</queueName><queues><queue xsi:type="capacitySchedulerLeafQueueInfo"><queueName>x</queueName>
 <queuePath>root.x</queuePath><state>stopped</state><numApplications>3</numApplications></queue>
 <queue><queueName>m</queueName><autoCreateChildQueueEnabled>true</autoCreateChildQueueEnabled><queues>
 <queue><queueName>u1</queueName><state>RUNNING</state></queue></queues></queue></queues></schedulerInfo>`
	s, err := ParseSchedulerState([]byte(bare))
	require.NoError(t, err)
	assert.Equal(t, "STOPPED", s.QueueState("root.x"))
	assert.Equal(t, 3, s.QueueApps("root.x"))
	assert.True(t, s.Queues["root.m.u1"].Dynamic, "child of a legacy auto-create parent")
	assert.Equal(t, []string{"root", "root.m", "root.x"}, s.StaticQueuePaths())

	for name, bad := range map[string]string{
		"fifo":      `<scheduler><schedulerInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="fifoScheduler"><qstate>RUNNING</qstate></schedulerInfo></scheduler>`,
		"apps root": `<apps><app><id>x</id></app></apps>`,
		"truncated": `<scheduler><schedulerInfo><queueName>root</queueName>`,
		"no info":   `<scheduler/>`,
		"bad count": `<schedulerInfo><queues><queue><numApplications>many</numApplications></queue></queues></schedulerInfo>`,
	} {
		_, err := ParseSchedulerState([]byte(bad))
		assert.Error(t, err, name)
	}
}

// SetApps resolves the apps answer's queue (a short leaf name or a full
// path), keeps only unfinished apps, and QueueAppList lists a subtree.
func TestSchedulerStateApps(t *testing.T) {
	s, err := ParseSchedulerState([]byte(restOld))
	require.NoError(t, err)
	s.SetApps([]LiveApp{
		{ID: "application_1_0002", User: "u", Queue: "a1", State: "RUNNING"},
		{ID: "application_1_0001", User: "u", Queue: "root.a.a1", State: "ACCEPTED"},
		{ID: "application_1_0003", User: "u", Queue: "a1", State: "FINISHED"},
		{ID: "application_1_0004", User: "u", Queue: "b", State: "killed"},
		{ID: "application_1_0005", User: "v", Queue: "b", State: "SUBMITTED"},
	})
	ids := func(as []LiveApp) []string {
		var out []string
		for _, a := range as {
			out = append(out, a.ID)
		}
		return out
	}
	assert.Equal(t, []string{"application_1_0001", "application_1_0002"}, ids(s.QueueAppList("root.a.a1")))
	assert.Equal(t, []string{"application_1_0001", "application_1_0002"}, ids(s.QueueAppList("root.a")))
	assert.Equal(t, []string{"application_1_0005"}, ids(s.QueueAppList("root.b")))
	assert.Equal(t, []string{"application_1_0001", "application_1_0002", "application_1_0005"}, ids(s.QueueAppList("root")))
	assert.Empty(t, s.QueueAppList("root.ab"), "a path prefix is not a subtree")
}

// A refused leaf→parent conversion (RF004) and a stop that leaves the
// queue DRAINING (RF010) name the unfinished apps of the apps answer in
// their hint; without --live-apps there is no hint.
func TestRefreshHintsNameLiveApps(t *testing.T) {
	const sched = `{"scheduler":{"schedulerInfo":{"type":"capacityScheduler","queueName":"root","queues":{"queue":[
 {"queueName":"a","state":"RUNNING","queues":{"queue":[{"queueName":"a1","state":"RUNNING"},{"queueName":"a2","state":"RUNNING"}]}},
 {"queueName":"b","state":"RUNNING","numApplications":2,"queues":{"queue":[
  {"queueName":"b1","state":"RUNNING","numApplications":2},{"queueName":"b2","state":"RUNNING"},{"queueName":"b3","state":"RUNNING"}]}}]}}}}`
	apps := []LiveApp{
		{ID: "application_9_0002", User: "u2", Queue: "b1", State: "ACCEPTED"},
		{ID: "application_9_0001", User: "u1", Queue: "root.b.b1", State: "RUNNING"},
		{ID: "application_9_0003", User: "u1", Queue: "b1", State: "FINISHED"},
	}
	const want = "unfinished in root.b.b1: application_9_0001 (u1, RUNNING, queue root.b.b1), application_9_0002 (u2, ACCEPTED, queue b1);"
	hintOf := func(withApps bool, newConf map[string]string, rule string) string {
		s, err := ParseSchedulerState([]byte(sched))
		require.NoError(t, err)
		if withApps {
			s.SetApps(apps)
		}
		r := refresh(xmlconf.V3_4, baseConf(), newConf, s)
		for _, f := range r.Findings {
			if f.Rule == rule && f.Queue == "root.b.b1" {
				return f.Hint
			}
		}
		t.Fatalf("no %s finding for root.b.b1 in %v", rule, r.Findings)
		return ""
	}
	conv := withB1AsParent(baseConf())
	stop := edit(baseConf(), map[string]string{"root.b.b1.state": "STOPPED"})
	assert.Contains(t, hintOf(true, conv, "RF004"), want)
	assert.Contains(t, hintOf(true, stop, "RF010"), want)
	assert.Empty(t, hintOf(false, conv, "RF004"))
	assert.Empty(t, hintOf(false, stop, "RF010"))
}
