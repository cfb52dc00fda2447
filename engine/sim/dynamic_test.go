package sim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine"
)

// Flexible dynamic queues go only when the ResourceManager runs
// AutoCreatedQueueDeletionPolicy (yarn-site.xml's scheduling monitor);
// without it they stay and the run says why, once.
func TestDynamicQueuesKeptWithoutTheDeletionPolicy(t *testing.T) {
	const cs = `<property><name>yarn.scheduler.capacity.root.queues</name><value>users</value></property>
<property><name>yarn.scheduler.capacity.root.users.capacity</name><value>1w</value></property>
<property><name>yarn.scheduler.capacity.root.users.auto-queue-creation-v2.enabled</name><value>true</value></property>
<property><name>yarn.scheduler.capacity.auto-queue-creation-v2.queue-expiration-time</name><value>10</value></property>`
	const monitor = `<property><name>yarn.resourcemanager.scheduler.monitor.enable</name><value>true</value></property>
<property><name>yarn.resourcemanager.scheduler.monitor.policies</name><value>org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy</value></property>`
	task := []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 1000, Priority: 20}}
	w := &Workload{Name: "dyn", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}},
		Apps: []App{
			{ID: "a", Queue: "root.users.alice", User: "alice", SubmitMS: 0, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
			{ID: "b", Queue: "root.users.bob", User: "bob", SubmitMS: 1000, AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task},
		}}
	for _, c := range []struct {
		name    string
		conf    string
		removed int64 // when alice's queue goes; -1: never
		warned  bool
	}{
		// Runs every 10 s: idle at 10 s (marked), still idle and 20 s since
		// its submission (> 10 s) at 20 s.
		{"policy running", cs + monitor, 20000, false},
		{"no monitor", cs, -1, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := Run(modelFrom(t, []byte("<configuration>"+c.conf+"</configuration>")), w, Options{Seed: 1, Until: 60000})
			require.NoError(t, err)
			require.Len(t, res.DynamicQueues, 2)
			assert.Equal(t, c.removed, res.DynamicQueues[0].RemovedMS)
			n := 0
			for _, s := range res.Warnings {
				if strings.Contains(s, "auto-created queues are never removed") {
					n++
				}
			}
			assert.Equal(t, c.warned, n == 1, "%q", res.Warnings)
			assert.LessOrEqual(t, n, 1)
		})
	}
}

// A ResourceManager that runs AutoCreatedQueueDeletionPolicy with a
// queue-expiration-time of 0 or less does not start (SchedulingMonitor.
// serviceStart: scheduleAtFixedRate refuses the period, lint CS080). The
// simulator ran the policy every millisecond instead; it now refuses the
// run, as it refuses a heartbeat it cannot step.
func TestDeletionPolicyIntervalRefused(t *testing.T) {
	const cs = `<property><name>yarn.scheduler.capacity.root.queues</name><value>users</value></property>
<property><name>yarn.scheduler.capacity.root.users.capacity</name><value>1w</value></property>
<property><name>yarn.scheduler.capacity.root.users.auto-queue-creation-v2.enabled</name><value>true</value></property>
<property><name>yarn.resourcemanager.scheduler.monitor.enable</name><value>true</value></property>
<property><name>yarn.resourcemanager.scheduler.monitor.policies</name><value>org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy</value></property>
<property><name>yarn.scheduler.capacity.auto-queue-creation-v2.queue-expiration-time</name><value>`
	task := []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 1000, Priority: 20}}
	w := &Workload{Name: "dyn", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}},
		Apps: []App{{ID: "a", Queue: "root.users.alice", User: "alice", AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task}}}
	for _, c := range []struct {
		expiry  string
		refused bool
	}{{"0", true}, {"-60", true}, {"1", false}} {
		t.Run(c.expiry, func(t *testing.T) {
			m := modelFrom(t, []byte("<configuration>"+cs+c.expiry+"</value></property></configuration>"))
			res, err := Run(m, w, Options{Seed: 1, Until: 3_600_000})
			if !c.refused {
				require.NoError(t, err)
				assert.Positive(t, res.DynamicQueues[0].RemovedMS, "the policy runs every second and removes the idle queue")
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), "sim: yarn.scheduler.capacity.auto-queue-creation-v2.queue-expiration-time = \""+c.expiry+"\"")
			assert.Contains(t, err.Error(), "the ResourceManager does not start")
		})
	}
}

// Legacy auto-created leaves are rebalanced only by
// QueueManagementDynamicEditPolicy; without it the run says they keep
// the guarantee they were created with.
func TestLegacyQueuesKeptWithoutTheManagementPolicy(t *testing.T) {
	const cs = `<property><name>yarn.scheduler.capacity.root.queues</name><value>c</value></property>
<property><name>yarn.scheduler.capacity.root.c.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.c.auto-create-child-queue.enabled</name><value>true</value></property>
<property><name>yarn.scheduler.capacity.root.c.leaf-queue-template.capacity</name><value>50</value></property>`
	const monitor = `<property><name>yarn.resourcemanager.scheduler.monitor.enable</name><value>true</value></property>
<property><name>yarn.resourcemanager.scheduler.monitor.policies</name><value>org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueManagementDynamicEditPolicy</value></property>`
	task := []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 1000, Priority: 20}}
	w := &Workload{Name: "legacy", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}},
		Apps: []App{{ID: "a", Queue: "root.c.alice", User: "alice", AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task}}}
	for _, c := range []struct {
		conf   string
		warned bool
	}{{cs + monitor, false}, {cs, true}} {
		res, err := Run(modelFrom(t, []byte("<configuration>"+c.conf+"</configuration>")), w, Options{Seed: 1, Until: 10000})
		require.NoError(t, err)
		found := false
		for _, s := range res.Warnings {
			found = found || strings.Contains(s, "auto-created leaf queues keep the guarantee they got at creation")
		}
		assert.Equal(t, c.warned, found, "%q", res.Warnings)
	}
}
