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

// ReservedContainerCandidatesSelector#getPreemptionCandidatesOnNode runs
// tryToPreemptFromQueue on every non-AM container of the node, those an
// earlier selector chose too (isContainerAlreadySelected only keeps them
// out of selectedContainers and the node's cost): when the leaf's quota
// and the allowance cover one, both are charged and the node's room
// grows by it. So the QueuePriorityContainerCandidateSelector's choice
// for a reservation frees the node for this selector as well, within
// the leaf's quota.
//
// Two nodes of 10; a (25%, priority 0), b (50%, priority 1), c (25%,
// priority 1) under a priority-utilization root. n0 runs c's 5 then a's
// 4 (1 free), n1 c's 2 and a's 4; b asks three 5s, one reserved on n0.
// QueuePriorityContainerCandidateSelector (first): b may preempt a, not
// c; n0 lacks 5 - 1 = 4, a's 4 there (canPreemptEnoughResourceForAsked).
// This selector's ideal: a and c keep their guarantee 5 and b, below its
// guarantee and wanting 5 used (the reservation) + 15 pending, takes the
// 5 left up to its 10: a may give 8 - 5 = 3, c 7 - 5 = 2. On n0 a's four
// (a1 was submitted after c1: ContainerId order) come first: three are charged
// to a's quota of 3 (room 1 + 3 = 4), the fourth finds it spent, then
// c's newest is taken (c's quota 2 -> 1, room 5): one new container.
// The FIFO selector then: b wants 10 (pending less the reservation, 10),
// a and c keep 5, to obtain 3 and 2, times natural_termination_factor
// 0.2 (614 and 410 MB); deductActuallyToBePreempted deducts a chosen
// container only from a larger amount, so each takes one more.
// Hadoop: a 4 + 1, c 1 + 1. Skipping a's chosen containers, n0 could not
// be freed (c's quota covers 2 of the 4 missing): a 5, c 1; counting them
// uncharged, they alone free it: a 5, c 1 too.
func TestPreemptionOnReservedCountsEarlierSelections(t *testing.T) {
	r := newReservedRig(t, map[string]string{"root.queues": "a,b,c", "root.a.capacity": "25", "root.b.capacity": "50",
		"root.c.capacity": "25", "root.a.user-limit-factor": "10", "root.c.user-limit-factor": "10",
		"root.ordering-policy": "priority-utilization", "root.b.priority": "1", "root.c.priority": "1",
		"ordering-policy.priority-utilization.underutilized-preemption.enabled":                     "true",
		"ordering-policy.priority-utilization.underutilized-preemption.reserved-container-delay-ms": "0"}, nodesOf(2, 10*gb))
	r.ask("c1", "root.c", 7, gb, 0, 0, 0, 0, 0, 1, 1)
	r.ask("a1", "root.a", 8, gb, 0, 0, 0, 0, 1, 1, 1, 1)
	require.NoError(t, r.e.SubmitApp(AppSpec{ID: "b1", Queue: "root.b", User: "v"}))
	require.NoError(t, r.e.UpdateAsks("b1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{5 * gb, 1}, Count: 3}}))
	require.Equal(t, AssignReserved, r.e.AssignOnce(0).Kind)

	p := r.e.Preempt(0)
	assert.Equal(t, []string{"a1@n0", "a1@n0", "a1@n0", "a1@n0", "c1@n0", "a1@n1", "c1@n1"}, r.selected(p))
	assert.Equal(t, map[string]int{"a1": 5, "c1": 2}, p.MarkedByApp)
	require.NoError(t, checkInvariants(r.e))
}
