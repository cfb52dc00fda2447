package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
