package sim

import (
	"testing"

	"github.com/capq/capq/engine"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLifetimeKill: root.a's maximum-application-lifetime (60 s) kills an
// app whose tasks run 10 minutes at the first RMAppLifetimeMonitor check
// after it; an app asking for 30 s is killed at 30 s; root.b has none.
func TestLifetimeKill(t *testing.T) {
	m := modelFrom(t, []byte(`<configuration>
  <property><name>yarn.scheduler.capacity.root.queues</name><value>a,b</value></property>
  <property><name>yarn.scheduler.capacity.root.a.capacity</name><value>50</value></property>
  <property><name>yarn.scheduler.capacity.root.b.capacity</name><value>50</value></property>
  <property><name>yarn.scheduler.capacity.root.a.maximum-application-lifetime</name><value>60</value></property>
</configuration>`))
	task := []TaskGroup{{Count: 2, MemoryMB: 1024, VCores: 1, DurationMS: 600000, Priority: 20}}
	w := &Workload{Name: "lifetime", Cluster: Cluster{Nodes: []NodeGroup{{Count: 2, MemoryMB: 8192, VCores: 8}}},
		Apps: []App{
			{ID: "long", Queue: "a", User: "u", SubmitMS: 1000, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
			{ID: "asks30", Queue: "a", User: "u", SubmitMS: 1000, LifetimeS: 30, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
			{ID: "free", Queue: "b", User: "u", SubmitMS: 1000, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
		}}
	res, err := Run(m, w, Options{Seed: 1})
	require.NoError(t, err)
	byID := map[string]AppResult{}
	for _, a := range res.Apps {
		byID[a.ID] = a
	}
	assert.Equal(t, AppKilled, byID["long"].State)
	assert.Equal(t, int64(63000), byID["long"].FinishMS, "61 s rounded up to the 3 s monitor")
	assert.Equal(t, LifetimeKilled, byID["long"].Reason)
	assert.Equal(t, int64(33000), byID["asks30"].FinishMS)
	assert.Equal(t, AppFinished, byID["free"].State)
	assert.Equal(t, 2, res.Summary.AppsKilled)
}
