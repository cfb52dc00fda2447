package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// reservedRig drives an engine for the reserved-container selector's
// tests: ask submits an app (if new) asking count containers of mem and
// assigns on the listed nodes in turn; where records each container's
// app and node.
type reservedRig struct {
	t     *testing.T
	e     *Engine
	where map[int64][2]string
}

func newReservedRig(t *testing.T, kv map[string]string, nodes []NodeSpec) *reservedRig {
	for k, v := range map[string]string{
		"yarn.resourcemanager.scheduler.monitor.enable":                                        "true",
		"yarn.resourcemanager.monitor.capacity.preemption.total_preemption_per_round":          "1.0",
		"yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers": "true"} {
		kv[k] = v
	}
	r := &reservedRig{t: t, where: map[int64][2]string{}}
	e, err := New(build(t, kv, xmlconf.V3_4), nodes, Options{OnEvent: func(ev Event) { r.where[ev.ContainerID] = [2]string{ev.App, ev.Node} }})
	require.NoError(t, err)
	r.e = e
	return r
}

func (r *reservedRig) ask(app, queue string, count int, mem int64, on ...int) {
	if _, ok := r.e.Snapshot().Apps[app]; !ok {
		require.NoError(r.t, r.e.SubmitApp(AppSpec{ID: app, Queue: queue, User: "u-" + app}))
	}
	require.NoError(r.t, r.e.UpdateAsks(app, []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{mem, 1}, Count: count}}))
	for _, n := range on {
		a := r.e.AssignOnce(n)
		require.Equal(r.t, AssignAllocated, a.Kind, "%s on n%d", app, n)
	}
}

// selected lists the round's selected containers as app@node.
func (r *reservedRig) selected(p PreemptionResult) []string {
	var out []string
	for _, id := range p.Selected {
		out = append(out, r.where[id][0]+"@"+r.where[id][1])
	}
	return out
}

// ReservedContainerCandidatesSelector#getPreemptionCandidatesOnNode sorts
// the node's containers by ContainerId descending, and
// ContainerId.compareTo compares the application (ApplicationId: cluster
// timestamp, then id) before the container number: every container of
// a2, submitted after a1, comes before a1's, even a1's two started after
// them. Two nodes of 10: n0 runs a1's 3, a2's 3, a1's 2 more (in that
// order, 2 free), n1 a1's 8 (2 free); b's 4 is reserved on n0.
// The selector's ideal (PreemptableResourceCalculator with
// isReservedPreemptionCandidatesSelector, whose offers count b's whole
// pending: used 4 reserved + pending 4) gives b 8, a its guarantee 4 and
// the 8 left, 12 of its 16: a may give 4 (getResToObtainByPartitionForLeafQueue,
// no natural termination). n0 lacks 4 - 2 free = 2: a2's two newest go,
// not a1's two started last. The FIFO selector then finds nothing to
// take (its offers deduct the reservation from b's pending: b wants
// nothing beyond its 4).
func TestPreemptionOnReservedOrdersByContainerID(t *testing.T) {
	r := newReservedRig(t, map[string]string{"root.queues": "a,b", "root.a.capacity": "20", "root.b.capacity": "80",
		"root.a.user-limit-factor": "10"}, nodesOf(2, 10*gb))
	r.ask("a1", "root.a", 3, gb, 0, 0, 0)
	r.ask("a2", "root.a", 3, gb, 0, 0, 0)
	r.ask("a1", "root.a", 2, gb, 0, 0)
	r.ask("a1", "root.a", 8, gb, 1, 1, 1, 1, 1, 1, 1, 1)
	require.NoError(t, r.e.SubmitApp(AppSpec{ID: "b1", Queue: "root.b", User: "v"}))
	require.NoError(t, r.e.UpdateAsks("b1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{4 * gb, 1}, Count: 1}}))
	require.Equal(t, AssignReserved, r.e.AssignOnce(0).Kind)

	p := r.e.Preempt(0)
	assert.Equal(t, []string{"a2@n0", "a2@n0"}, r.selected(p))
	assert.Equal(t, map[string]int{"a2": 2}, p.MarkedByApp)
	require.NoError(t, checkInvariants(r.e))
}
