package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// ReservedContainerCandidatesSelector#getPreemptionCandidatesOnNode walks
// the node's running containers (getCopiedListOfRunningContainers), so
// the containers an app's last attempt kept for the next one
// (keep-containers-across-application-attempts) are candidates while the
// app is between attempts, as they are once the next attempt has taken
// them over: TestPreemptionOnReservedContainers's a1 with its attempt
// removed, keeping its containers, still gives n1 up for b1's
// reservation, and the kill releases the kept containers.
func TestPreemptionOnReservedTakesKeptContainers(t *testing.T) {
	for _, readd := range []bool{false, true} {
		kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50", "root.a.user-limit-factor": "10",
			"yarn.resourcemanager.scheduler.monitor.enable":                                        "true",
			"yarn.resourcemanager.monitor.capacity.preemption.total_preemption_per_round":          "1.0",
			"yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers": "true"}
		node := map[int64]string{}
		e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(2, 10*gb), Options{OnEvent: func(ev Event) { node[ev.ContainerID] = ev.Node }})
		require.NoError(t, err)
		require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "u"}))
		require.NoError(t, e.UpdateAsks("a1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 14}}))
		for i := 0; i < 14; i++ {
			e.AssignOnce(i % 2)
		}
		require.NoError(t, e.RemoveAttempt("a1", true))
		if readd {
			require.NoError(t, e.AddAttempt("a1"))
		}
		require.NoError(t, e.SubmitApp(AppSpec{ID: "b1", Queue: "root.b", User: "v"}))
		require.NoError(t, e.UpdateAsks("b1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{5 * gb, 1}, Count: 1}}))
		a := e.AssignOnce(1)
		require.Equal(t, AssignReserved, a.Kind)

		r := e.Preempt(0)
		require.Len(t, r.Selected, 2, "next attempt added: %v", readd)
		for _, id := range r.Selected {
			assert.Equal(t, a.Node, node[id], "the reserved selector frees the reserved node")
		}
		assert.Equal(t, map[string]int{"a1": 2}, r.MarkedByApp)
		r = e.Preempt(20000)
		assert.Equal(t, map[string]int{"a1": 2}, r.KilledByApp, "killed after max_wait_before_kill")
		assert.Equal(t, 12, e.Snapshot().Apps["a1"].LiveContainers)
		require.NoError(t, checkInvariants(e))
	}
}
