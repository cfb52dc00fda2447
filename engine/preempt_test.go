package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// preemptEngine: a (30%) fills the 40 GB cluster, then b (70%) asks.
func preemptEngine(t *testing.T, extra map[string]string) *Engine {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "30", "root.b.capacity": "70", "root.a.user-limit-factor": "10",
		"yarn.resourcemanager.scheduler.monitor.enable":   "true",
		"yarn.resourcemanager.scheduler.monitor.policies": "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy"}
	for k, v := range extra {
		kv[k] = v
	}
	e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(4, 10*gb), Options{})
	require.NoError(t, err)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "u"}))
	require.NoError(t, e.UpdateAsks("a1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 40}}))
	for i := 0; i < 40; i++ {
		e.AssignOnce(i % 4)
	}
	require.Equal(t, int64(40*gb), e.byPath["root.a"].used.MemoryMB)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "b1", Queue: "root.b", User: "v"}))
	require.NoError(t, e.UpdateAsks("b1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 100}}))
	return e
}

func TestPreemptionRounds(t *testing.T) {
	e := preemptEngine(t, nil)
	var killed []Event
	e.opts.OnEvent = func(ev Event) {
		if ev.Kind == EvPreempted {
			killed = append(killed, ev)
		}
	}
	r := e.Preempt(0)
	// Ideal for a = 30% of 40 GB = 12 GB; excess 28 GB x natural
	// termination 0.2 = 5.6 GB, under the 10% per-round cap of 4 GB -> 4 GB.
	assert.Equal(t, int64(4096), r.ToObtain["root.a"].MemoryMB)
	assert.Len(t, r.Selected, 4)
	assert.Empty(t, r.Killed, "nothing is killed before max_wait_before_kill")
	r = e.Preempt(14999)
	assert.Empty(t, r.Killed)
	r = e.Preempt(15000)
	assert.Len(t, r.Killed, 4)
	assert.Len(t, killed, 4)
	assert.Equal(t, int64(36*gb), e.byPath["root.a"].used.MemoryMB)
	require.NoError(t, checkInvariants(e))
}

func TestPreemptionRespectsDisablePreemption(t *testing.T) {
	e := preemptEngine(t, map[string]string{"root.a.disable_preemption": "true"})
	r := e.Preempt(0)
	assert.Empty(t, r.Selected)
	assert.Empty(t, r.ToObtain)
}

func TestPreemptionOffByDefault(t *testing.T) {
	e, err := New(build(t, map[string]string{"root.queues": "a"}, xmlconf.V3_4), nodesOf(1, 8*gb), Options{})
	require.NoError(t, err)
	assert.False(t, e.PreemptionEnabled())
	assert.Empty(t, e.Preempt(1<<40).Selected)
}
