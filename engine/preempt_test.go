package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// preemptEngine: a (30%) fills the 40 GB cluster, then b (70%) asks.
func preemptEngine(t testing.TB, extra map[string]string) *Engine {
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
	// Ideal for a = its 12 GB guarantee, b takes 28 GB (its pending within
	// its user limit). a's 28 GB excess is scaled to the 10% per-round cap
	// (4096 MB: scaling float 4096/28672), then times the natural
	// termination factor 0.2, rounded half up: (long)(4096*0.2+0.5) = 819.
	assert.Equal(t, int64(819), r.ToObtain["root.a"].MemoryMB)
	assert.Len(t, r.Selected, 1, "one 1 GB container covers 819 MB")
	assert.Len(t, r.Marked, 1)
	assert.Equal(t, map[string]int{"a1": 1}, r.MarkedByApp)
	assert.Empty(t, r.Killed, "nothing is killed before max_wait_before_kill")
	r = e.Preempt(14999)
	assert.Empty(t, r.Killed)
	assert.Empty(t, r.Marked, "already marked")
	r = e.Preempt(15000)
	assert.Len(t, r.Killed, 1)
	assert.Len(t, killed, 1)
	assert.Equal(t, int64(39*gb), e.byPath["root.a"].used.MemoryMB)
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

// FifoCandidatesSelector skips AM containers (priority 0) while task
// containers can cover the need, and takes AMs only while the queue's
// skipped AMs exceed its AM capacity (cluster × abs capacity × AM %).
func TestPreemptionSparesAMContainers(t *testing.T) {
	// a1 runs 36 task containers; a2..a5, submitted later, hold only their
	// AM containers, the newest of the queue, which a plain newest-first
	// pass would take first.
	e, owner := amEngine(t, "1", 1, 36, 4)
	assert.Zero(t, selectedAMs(e, owner), "tasks cover the 4 GB to obtain: no AM is preempted")

	// Only AMs in the queue (40 of 1 GB): the round must take some, and may,
	// because 40 GB of AMs exceed the queue's AM capacity (40 GB × 30% × 100%).
	e, owner = amEngine(t, "1", 0, 0, 40)
	assert.Equal(t, 1, selectedAMs(e, owner))
}

// amEngine fills root.a (30% of 40 GB) with tasks of the first app and
// then the AM containers of amApps more apps, then makes root.b ask.
func amEngine(t *testing.T, amPercent string, taskApps, tasks, amApps int) (*Engine, map[int64]string) {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "30", "root.b.capacity": "70", "root.a.user-limit-factor": "10",
		"root.a.maximum-am-resource-percent":            amPercent,
		"yarn.resourcemanager.scheduler.monitor.enable": "true"}
	owner := map[int64]string{}
	e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(4, 10*gb), Options{OnEvent: func(ev Event) {
		if ev.Kind == EvAllocated {
			owner[ev.ContainerID] = fmt.Sprintf("%s@%d", ev.App, ev.Priority)
		}
	}})
	require.NoError(t, err)
	if taskApps > 0 {
		require.NoError(t, e.SubmitApp(AppSpec{ID: "t1", Queue: "root.a", User: "u"}))
		require.NoError(t, e.UpdateAsks("t1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: tasks}}))
		for i := 0; i < tasks; i++ {
			e.AssignOnce(i % 4)
		}
	}
	for i := 0; i < amApps; i++ {
		id := fmt.Sprintf("am%02d", i)
		require.NoError(t, e.SubmitApp(AppSpec{ID: id, Queue: "root.a", User: "u", AM: Resource{gb, 1}}))
		require.NoError(t, e.UpdateAsks(id, []Ask{{Priority: AMPriority, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1}}))
		e.AssignOnce(i % 4)
	}
	require.Equal(t, int64(40*gb), e.byPath["root.a"].used.MemoryMB)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "b1", Queue: "root.b", User: "v"}))
	require.NoError(t, e.UpdateAsks("b1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 100}}))
	return e, owner
}

// selectedAMs runs a preemption round and counts the AM containers chosen.
func selectedAMs(e *Engine, owner map[int64]string) int {
	n := 0
	for _, id := range e.Preempt(0).Selected {
		if strings.HasSuffix(owner[id], "@0") {
			n++
		}
	}
	return n
}

// Pending applications activate in FifoOrderingPolicyForPendingApps order:
// a later app of higher priority starts before an earlier one.
func TestPendingAppsActivateByPriority(t *testing.T) {
	e, err := New(build(t, map[string]string{"root.queues": "a", "root.a.capacity": "100", "root.a.maximum-am-resource-percent": "0.1",
		"yarn.cluster.max-application-priority": "10"}, xmlconf.V3_4), nodesOf(1, 10*gb), Options{})
	require.NoError(t, err)
	for _, s := range []AppSpec{{ID: "first", Priority: new(int32(0))}, {ID: "low", Priority: new(int32(1))}, {ID: "high", Priority: new(int32(5))}} {
		s.Queue, s.User, s.AM = "root.a", "u", Resource{gb, 1}
		require.NoError(t, e.SubmitApp(s))
	}
	q := e.byPath["root.a"]
	require.Len(t, q.active, 1, "a 1 GB AM limit: one app runs")
	require.Len(t, q.waiting, 2)
	assert.Equal(t, "high", q.waiting[0].id)
	require.NoError(t, e.FinishApp("first"))
	require.Len(t, q.active, 1)
	assert.Equal(t, "high", q.active[0].id, "the higher priority waiting app starts first")
}

// CapacityScheduler.checkAndGetApplicationPriority only caps a requested
// priority at the cluster maximum: a negative one stays negative, so an
// app asking for -1 waits behind a later app of the default priority 0.
func TestNegativeAppPriorityIsKept(t *testing.T) {
	e, err := New(build(t, map[string]string{"root.queues": "a", "root.a.capacity": "100", "root.a.maximum-am-resource-percent": "0.1",
		"yarn.cluster.max-application-priority": "10"}, xmlconf.V3_4), nodesOf(1, 10*gb), Options{})
	require.NoError(t, err)
	for _, s := range []AppSpec{{ID: "first", Priority: new(int32(0))}, {ID: "negative", Priority: new(int32(-1))}, {ID: "default", Priority: new(int32(0))}} {
		s.Queue, s.User, s.AM = "root.a", "u", Resource{gb, 1}
		require.NoError(t, e.SubmitApp(s))
	}
	q := e.byPath["root.a"]
	require.Len(t, q.waiting, 2)
	assert.Equal(t, "default", q.waiting[0].id, "priority 0 goes before -1, though submitted later")
	assert.Equal(t, int32(-1), q.waiting[1].priority)
}

// An activated app whose AM container is modelled stays ACCEPTED with
// AMState.ACTIVATED's diagnostics until the AM is placed, then RUNNING
// with none (LeafQueue.activateApplications, updateAMContainerDiagnostics).
func TestActivatedAppWaitsForItsAM(t *testing.T) {
	e, err := New(build(t, map[string]string{"root.queues": "a", "root.a.capacity": "100"}, xmlconf.V3_4), nodesOf(1, 10*gb), Options{})
	require.NoError(t, err)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "u", AM: Resource{gb, 1}, AMContainer: true}))
	st, diag, _ := e.AppStatus("a1")
	assert.Equal(t, StateAccepted, st)
	assert.Equal(t, AMActivatedDiag, diag)
	require.Equal(t, AssignAllocated, e.AssignOnce(0).Kind)
	st, diag, _ = e.AppStatus("a1")
	assert.Equal(t, StateRunning, st)
	assert.Empty(t, diag)
}

// BenchmarkPreemptRound measures one policy round on a full cluster
// (40 GB of 1 GB containers in the over-served queue), the cost the
// simulator pays every monitoring interval.
func BenchmarkPreemptRound(b *testing.B) {
	e := preemptEngine(b, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Preempt(0)
	}
}

// ReservedContainerCandidatesSelector (select_based_on_reserved_containers):
// a holds 7 GB on each 10 GB node; b's 5 GB container fits the cluster's
// 6 GB free but no node, so it is reserved on n1. The selector frees n1
// with a's two newest containers there (a's need, 4 GB, is not damped by
// the natural termination factor; 3 GB free + 2 GB fits 5 GB). The FIFO
// selector alone takes nothing: it deducts the reservation from b's demand.
func TestPreemptionOnReservedContainers(t *testing.T) {
	setup := func(onReserved string) (*Engine, map[int64]string, Assignment) {
		kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50", "root.a.user-limit-factor": "10",
			"yarn.resourcemanager.scheduler.monitor.enable":                                        "true",
			"yarn.resourcemanager.monitor.capacity.preemption.total_preemption_per_round":          "1.0",
			"yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers": onReserved}
		node := map[int64]string{}
		e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(2, 10*gb), Options{OnEvent: func(ev Event) { node[ev.ContainerID] = ev.Node }})
		require.NoError(t, err)
		require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "u"}))
		require.NoError(t, e.UpdateAsks("a1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 14}}))
		for i := 0; i < 14; i++ {
			e.AssignOnce(i % 2)
		}
		require.NoError(t, e.SubmitApp(AppSpec{ID: "b1", Queue: "root.b", User: "v"}))
		require.NoError(t, e.UpdateAsks("b1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{5 * gb, 1}, Count: 1}}))
		a := e.AssignOnce(1)
		require.Equal(t, AssignReserved, a.Kind)
		return e, node, a
	}
	e, node, a := setup("true")
	r := e.Preempt(0)
	require.Len(t, r.Selected, 2)
	for _, id := range r.Selected {
		assert.Equal(t, a.Node, node[id], "the reserved selector frees the reserved node")
	}
	e, _, _ = setup("false")
	assert.Empty(t, e.Preempt(0).Selected, "FIFO alone: b's reservation is deducted from its demand")
}

// preemption-to-balance-queue-after-satisfied: a (10%) sits at its
// guarantee and asks for 50 more containers, b (10%) uses 90. The FIFO
// selector leaves them be (a may not grow past max(used, guaranteed)); the
// balance selector lets a grow by its pending within its user limit
// (getTotalPendingResourcesConsideringUserLimit: the limit follows usage,
// so one 1 GB container), and b gives that back, killed only after the
// balance selector's own wait.
func TestPreemptionToBalanceQueues(t *testing.T) {
	run := func(balance string) (*Engine, PreemptionResult) {
		kv := map[string]string{"root.queues": "a,b,c", "root.a.capacity": "10", "root.b.capacity": "10", "root.c.capacity": "80",
			"root.a.user-limit-factor": "100", "root.b.user-limit-factor": "100",
			"yarn.resourcemanager.scheduler.monitor.enable":                                                                     "true",
			"yarn.resourcemanager.monitor.capacity.preemption.total_preemption_per_round":                                       "1.0",
			"yarn.resourcemanager.monitor.capacity.preemption.natural_termination_factor":                                       "1.0",
			"yarn.resourcemanager.monitor.capacity.preemption.preemption-to-balance-queue-after-satisfied.enabled":              balance,
			"yarn.resourcemanager.monitor.capacity.preemption.preemption-to-balance-queue-after-satisfied.max-wait-before-kill": "60000"}
		e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(10, 10*gb), Options{})
		require.NoError(t, err)
		for _, s := range []struct {
			app, q string
			n      int
		}{{"a1", "root.a", 10}, {"b1", "root.b", 90}} {
			require.NoError(t, e.SubmitApp(AppSpec{ID: s.app, Queue: s.q, User: s.app}))
			require.NoError(t, e.UpdateAsks(s.app, []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: s.n}}))
			for i := 0; i < s.n; i++ {
				e.AssignOnce(i % 10)
			}
		}
		require.Equal(t, int64(90*gb), e.byPath["root.b"].used.MemoryMB)
		require.NoError(t, e.UpdateAsks("a1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 50}}))
		return e, e.Preempt(0)
	}
	_, r := run("false")
	assert.Empty(t, r.Selected, "every demanding queue is at its guarantee")
	e, r := run("true")
	assert.Equal(t, map[string]int{"b1": 1}, r.MarkedByApp)
	assert.Empty(t, e.Preempt(15000).Killed, "the balance selector waits its own 60 s, not max_wait_before_kill")
	// cleanupStaledPreemptionCandidates drops marks older than twice
	// max_wait_before_kill (30 s) even while re-selected, so with rounds
	// every 3 s a 60 s balance wait is never reached: the mark is renewed.
	killed := 0
	for now := int64(18000); now <= 90000; now += 3000 {
		killed += len(e.Preempt(now).Killed)
	}
	assert.Zero(t, killed)
}

// FifoCandidatesSelector walks a leaf's apps through
// getPreemptionIterator, which reorders the entities whose usage changed
// since the last pass (AbstractComparatorOrderingPolicy.
// reorderScheduleEntities): in a fair leaf the app using most is the first
// victim even when its lead came from the other app's releases, after the
// last pass sorted the leaf.
func TestPreemptionIteratorReordersFairLeaf(t *testing.T) {
	kv := map[string]string{"root.queues": "a,b", "root.a.capacity": "30", "root.b.capacity": "70", "root.a.user-limit-factor": "10",
		"root.a.ordering-policy":                          "fair",
		"yarn.resourcemanager.scheduler.monitor.enable":   "true",
		"yarn.resourcemanager.scheduler.monitor.policies": "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy"}
	e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(4, 10*gb), Options{})
	require.NoError(t, err)
	fill := func(id string, n int) {
		require.NoError(t, e.SubmitApp(AppSpec{ID: id, Queue: "root.a", User: "u"}))
		require.NoError(t, e.UpdateAsks(id, []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: n}}))
		for i := 0; i < n; i++ {
			require.Equal(t, id, e.AssignOnce(i%4).App)
		}
	}
	fill("a1", 24)
	fill("a2", 16) // the last pass sorted a2 (15 GB) before a1 (24 GB)
	for _, c := range e.LiveContainers("a1")[:16] {
		require.NoError(t, e.ReleaseContainer(c))
	}
	require.NoError(t, e.SubmitApp(AppSpec{ID: "b1", Queue: "root.b", User: "v"}))
	require.NoError(t, e.UpdateAsks("b1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 100}}))
	r := e.Preempt(0)
	assert.Equal(t, map[string]int{"a2": 1}, r.MarkedByApp, "a2 (16 GB) now uses more than a1 (8 GB)")
	require.NoError(t, checkInvariants(e))
}

// TestPreemptCountsRunsPreemptsRound: PreemptCounts, which fills none of
// Preempt's maps, selects, marks and kills exactly what Preempt does,
// round after round (the marks carry over), with the same events.
func TestPreemptCountsRunsPreemptsRound(t *testing.T) {
	full, counts := preemptEngine(t, nil), preemptEngine(t, nil)
	var fullEvs, countEvs []Event
	full.opts.OnEvent = func(ev Event) { fullEvs = append(fullEvs, ev) }
	counts.opts.OnEvent = func(ev Event) { countEvs = append(countEvs, ev) }
	killed := 0
	for now := int64(0); now <= 60000; now += 3000 {
		r := full.Preempt(now)
		selected, k := counts.PreemptCounts(now)
		require.Equal(t, len(r.Selected), selected, "at %d ms", now)
		require.Equal(t, len(r.Killed), k, "at %d ms", now)
		killed += k
	}
	assert.Positive(t, killed)
	assert.Equal(t, fullEvs, countEvs)
	assert.Equal(t, full.byPath["root.a"].used, counts.byPath["root.a"].used)
}
