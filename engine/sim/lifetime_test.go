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
	for _, c := range []struct {
		name             string
		monitor          string
		longAt, asks30At int64
	}{
		{"default 3 s monitor", "", 63000, 33000},
		// yarn-site's application-timeouts.monitor.interval-ms (merged in
		// the configuration): checks every 20 s.
		{"20 s monitor", "<property><name>yarn.resourcemanager.application-timeouts.monitor.interval-ms</name><value>20000</value></property>", 80000, 40000},
		{"0 falls back to 3 s (RMAppLifetimeMonitor.serviceInit)", "<property><name>yarn.resourcemanager.application-timeouts.monitor.interval-ms</name><value>0</value></property>", 63000, 33000},
	} {
		t.Run(c.name, func(t *testing.T) { lifetimeKill(t, c.monitor, c.longAt, c.asks30At) })
	}
}

func lifetimeKill(t *testing.T, monitor string, longAt, asks30At int64) {
	m := modelFrom(t, []byte(`<configuration>`+monitor+`
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
	assert.Equal(t, longAt, byID["long"].FinishMS, "61 s rounded up to the monitor's next check")
	assert.Equal(t, LifetimeKilled, byID["long"].Reason)
	assert.Equal(t, asks30At, byID["asks30"].FinishMS)
	assert.Equal(t, AppFinished, byID["free"].State)
	assert.Equal(t, 2, res.Summary.AppsKilled)
	// QueueMetrics#finishApp counts a KILLED app under AppsKilled, not
	// AppsCompleted: neither the run's nor a queue's finished count (the
	// leaf's and its parents') includes the two killed apps.
	assert.Equal(t, 1, res.Summary.AppsFinished)
	finished := map[string]int{}
	for _, q := range res.Queues {
		finished[q.Path] = q.AppsFinished
	}
	assert.Equal(t, map[string]int{"root": 1, "root.a": 0, "root.b": 1}, finished)
}
