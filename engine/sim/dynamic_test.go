package sim

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
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
			assert.Regexp(t, `^sim: cs\.xml:\d+:\d+: yarn\.scheduler\.capacity\.auto-queue-creation-v2\.queue-expiration-time = "`+c.expiry+`"`, err.Error())
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
<property><name>yarn.scheduler.capacity.root.c.leaf-queue-template.capacity</name><value>50</value></property>
<property><name>yarn.scheduler.capacity.queue-mappings</name><value>u:%user:root.c.%user</value></property>`
	const monitor = `<property><name>yarn.resourcemanager.scheduler.monitor.enable</name><value>true</value></property>
<property><name>yarn.resourcemanager.scheduler.monitor.policies</name><value>org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueManagementDynamicEditPolicy</value></property>`
	task := []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 1000, Priority: 20}}
	w := &Workload{Name: "legacy", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}},
		Apps: []App{{ID: "a", Queue: "default", User: "alice", AM: engine.Resource{MemoryMB: 1024, VCores: 1}, Tasks: task}}}
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

// A submission stamps its queue's last use with the time it happens
// (AbstractCSQueue's lastSubmittedTimestamp): the engine's clock must be
// the simulation's then, not the last deletion round's. After a refresh
// lowers queue-expiration-time to 5 s (the policy still runs every 10 s,
// its interval fixed at start), alice's queue, marked at 10 s and used
// again at 16 s, is sent at the 20 s round but not idle (4 s), so it
// stays; marked anew at 30 s, it goes at 40 s
// (AutoCreatedQueueDeletionPolicy.prepareForAutoDeletion). With the
// clock of the 10 s round it looked idle for 10 s and went at 20 s.
func TestSubmissionStampsTheQueueWithItsTime(t *testing.T) {
	conf := func(expiry string) string {
		return `<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>users</value></property>
<property><name>yarn.scheduler.capacity.root.users.capacity</name><value>1w</value></property>
<property><name>yarn.scheduler.capacity.root.users.auto-queue-creation-v2.enabled</name><value>true</value></property>
<property><name>yarn.scheduler.capacity.auto-queue-creation-v2.queue-expiration-time</name><value>` + expiry + `</value></property>
<property><name>yarn.resourcemanager.scheduler.monitor.enable</name><value>true</value></property>
<property><name>yarn.resourcemanager.scheduler.monitor.policies</name><value>org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy</value></property></configuration>`
	}
	lowered := modelFrom(t, []byte(conf("5")))
	task := []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 1000, Priority: 20}}
	am := engine.Resource{MemoryMB: 1024, VCores: 1}
	w := &Workload{Name: "stamp", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}},
		Apps: []App{
			{ID: "a1", Queue: "root.users.alice", User: "alice", SubmitMS: 0, AM: am, Tasks: task},
			{ID: "a2", Queue: "root.users.alice", User: "alice", SubmitMS: 16000, AM: am, Tasks: task},
		},
		Events: []Event{{AtMS: 5000, Kind: EventRefresh, Config: "lowered.xml"}}}
	load := func(string) (*xmlconf.Model, error) { return lowered, nil }
	res, err := Run(modelFrom(t, []byte(conf("10"))), w, Options{Seed: 1, Until: 60000, LoadConfig: load})
	require.NoError(t, err)
	require.Len(t, res.DynamicQueues, 1)
	assert.Equal(t, int64(40000), res.DynamicQueues[0].RemovedMS)
}

// A preemption monitoring_interval of 0 or less stops a ResourceManager
// that runs ProportionalCapacityPreemptionPolicy (SchedulingMonitor.
// serviceStart, lint CS081): the simulator refuses it rather than run a
// round every 3 s as it did.
func TestPreemptionIntervalRefused(t *testing.T) {
	conf := `<configuration><property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.resourcemanager.scheduler.monitor.enable</name><value>true</value></property>
<property><name>yarn.resourcemanager.monitor.capacity.preemption.monitoring_interval</name><value>0</value></property></configuration>`
	w := &Workload{Name: "iv", Cluster: Cluster{Nodes: []NodeGroup{{Count: 1, MemoryMB: 8192, VCores: 8}}}}
	_, err := Run(modelFrom(t, []byte(conf)), w, Options{Seed: 1})
	require.Error(t, err)
	assert.Regexp(t, `^sim: cs\.xml:\d+:\d+: yarn\.resourcemanager\.monitor\.capacity\.preemption\.monitoring_interval = "0"`, err.Error())
	assert.Contains(t, err.Error(), "CS081")
}
