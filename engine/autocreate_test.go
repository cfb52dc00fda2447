package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

func newTestEngine(t *testing.T, props map[string]string) *Engine {
	t.Helper()
	m := xmlconf.Build(xmlconf.FromMap(props, "test"), xmlconf.BuildOptions{})
	e, err := New(m, []NodeSpec{{ID: "h1", MemoryMB: 16 * 1024, VCores: 16}}, Options{})
	require.NoError(t, err)
	return e
}

const p = xmlconf.Prefix

// TestAutoCreateV2Weights follows TestCapacitySchedulerNewQueueAutoCreation
// #testAutoCreateQueueWhenSiblingsNotInWeightMode and
// #testAutoCreateQueueRoot-style layouts: a dynamic leaf gets weight 1 and
// a share of the parent by weight.
func TestAutoCreateV2Weights(t *testing.T) {
	e := newTestEngine(t, map[string]string{
		p + "root.queues":                               "a,users",
		p + "root.a.capacity":                           "1w",
		p + "root.users.capacity":                       "3w",
		p + "root.users.auto-queue-creation-v2.enabled": "true",
	})
	pl, err := e.Submit(AppSpec{ID: "app_1", Queue: "root.users.alice", User: "alice"})
	require.NoError(t, err)
	assert.Equal(t, "root.users.alice", pl.Queue)
	assert.Equal(t, []string{"root.users.alice"}, pl.AutoCreated)
	st := e.Snapshot()
	q := st.Queues["root.users.alice"]
	require.NotNil(t, q.AutoCreated)
	assert.True(t, *q.AutoCreated)
	assert.InDelta(t, 0.75, q.AbsoluteCapacity, 1e-6)
	assert.Equal(t, float64(1), *q.Weight)
	_, err = e.Submit(AppSpec{ID: "app_2", Queue: "root.users.bob", User: "bob"})
	require.NoError(t, err)
	assert.InDelta(t, 0.375, e.Snapshot().Queues["root.users.alice"].AbsoluteCapacity, 1e-6)

	// Depth: two new levels are allowed (default maximum-queue-depth 2), three are not.
	_, err = e.Submit(AppSpec{ID: "app_3", Queue: "root.users.x.y", User: "bob"})
	require.NoError(t, err)
	_, err = e.Submit(AppSpec{ID: "app_4", Queue: "root.users.p.q.r", User: "bob"})
	assert.Equal(t, ReasonAutoCreateDepth, ReasonCode(err))
	assert.Nil(t, e.Snapshot().Queues["root.users.p"].AutoCreated, "a refused creation leaves nothing")
	// A leaf cannot get children.
	_, err = e.Submit(AppSpec{ID: "app_5", Queue: "root.a.x", User: "bob"})
	assert.Equal(t, ReasonAutoCreateDenied, ReasonCode(err))
}

// TestAutoCreateV2ShortParent: a path that does not start at root names
// its parent by short name (CapacitySchedulerQueueManager.
// determineMissingParents looks it up with CSQueueStore.get), so the new
// queues hang below that parent's full path; an ambiguous parent refuses.
func TestAutoCreateV2ShortParent(t *testing.T) {
	e := newTestEngine(t, map[string]string{
		p + "root.queues":                               "a,users",
		p + "root.a.capacity":                           "1w",
		p + "root.users.capacity":                       "1w",
		p + "root.users.auto-queue-creation-v2.enabled": "true",
	})
	pl, err := e.Submit(AppSpec{ID: "app_1", Queue: "users.alice", User: "alice"})
	require.NoError(t, err)
	assert.Equal(t, "root.users.alice", pl.Queue)
	assert.Equal(t, []string{"root.users.alice"}, pl.AutoCreated)
	pl, err = e.Submit(AppSpec{ID: "app_2", Queue: "users.alice", User: "alice"})
	require.NoError(t, err, "the short path of a queue that exists is that queue")
	assert.Equal(t, "root.users.alice", pl.Queue)
	assert.Empty(t, pl.AutoCreated)
	_, err = e.Submit(AppSpec{ID: "app_3", Queue: "root.users.users.x", User: "bob"})
	require.NoError(t, err)
	_, err = e.Submit(AppSpec{ID: "app_4", Queue: "users.y", User: "bob"})
	assert.Equal(t, ReasonAutoCreateDenied, ReasonCode(err), "users is now root.users and root.users.users")
	assert.Contains(t, err.Error(), "due to ParentQueue users being ambiguous")
	_, err = e.Submit(AppSpec{ID: "app_5", Queue: "nosuch.y", User: "bob"})
	assert.Equal(t, ReasonQueueNotFound, ReasonCode(err))
}

func TestAutoCreateV2NeedsWeightSiblings(t *testing.T) {
	e := newTestEngine(t, map[string]string{
		p + "root.queues":                         "a,b",
		p + "root.a.capacity":                     "50",
		p + "root.b.capacity":                     "50",
		p + "root.auto-queue-creation-v2.enabled": "true",
	})
	_, err := e.Submit(AppSpec{ID: "app_1", Queue: "root.c", User: "u"})
	assert.Equal(t, ReasonAutoCreateDenied, ReasonCode(err))
}

// expiringUsersEngine is an engine whose root.users creates dynamic
// leaves (auto-queue-creation-v2) that expire after 10 idle seconds.
func expiringUsersEngine(t *testing.T) *Engine {
	t.Helper()
	return newTestEngine(t, map[string]string{
		p + "root.queues":                                  "users",
		p + "root.users.capacity":                          "1w",
		p + "root.users.auto-queue-creation-v2.enabled":    "true",
		p + "auto-queue-creation-v2.queue-expiration-time": "10",
	})
}

func TestExpireDynamicQueues(t *testing.T) {
	e := expiringUsersEngine(t)
	_, err := e.Submit(AppSpec{ID: "app_1", Queue: "root.users.g.alice", User: "alice"})
	require.NoError(t, err)
	assert.Nil(t, e.ExpireQueues(20_000), "a queue with apps never expires")
	e.SetTime(30_000)
	require.NoError(t, e.FinishApp("app_1"))
	// Idle time counts from the last submission (lastSubmittedTimestamp).
	e.SetTime(31_000)
	_, err = e.Submit(AppSpec{ID: "app_2", Queue: "root.users.g.alice", User: "alice"})
	require.NoError(t, err)
	require.NoError(t, e.FinishApp("app_2"))
	// isInactiveDynamicQueue: more whole seconds idle than the expiry.
	assert.Nil(t, e.ExpireQueues(41_999))
	assert.Equal(t, []string{"root.users.g.alice"}, e.ExpireQueues(42_000))
	// The parent, childless now, goes in the next round.
	assert.Equal(t, []string{"root.users.g"}, e.ExpireQueues(44_000))
	_, ok := e.Snapshot().Queues["root.users.g"]
	assert.False(t, ok)
}

func TestPlacementRulesOnSubmit(t *testing.T) {
	e := newTestEngine(t, map[string]string{
		p + "root.queues":                               "default,users",
		p + "root.default.capacity":                     "1w",
		p + "root.users.capacity":                       "1w",
		p + "root.users.auto-queue-creation-v2.enabled": "true",
		p + "queue-mappings":                            "u:%user:root.users.%user",
	})
	pl, err := e.Submit(AppSpec{ID: "app_1", User: "carol", Placement: true})
	require.NoError(t, err)
	assert.Equal(t, "root.users.carol", pl.Queue)
	assert.Equal(t, "u:%user:root.users.%user", pl.Rule)
	pl, err = e.Submit(AppSpec{ID: "app_2", Queue: "default", User: "carol", Placement: true})
	require.NoError(t, err)
	assert.Equal(t, "root.users.carol", pl.Queue)
	assert.Empty(t, pl.AutoCreated)
}

// TestMaxParallelApps follows TestCapacitySchedulerMaxParallelApps: apps
// over the limit are accepted but not runnable, and become runnable in
// submission order as runnable apps finish.
func TestMaxParallelApps(t *testing.T) {
	e := newTestEngine(t, map[string]string{
		p + "root.queues":              "a,b",
		p + "root.a.capacity":          "50",
		p + "root.b.capacity":          "50",
		p + "root.a.max-parallel-apps": "1",
		p + "user.max-parallel-apps":   "2",
	})
	for _, id := range []string{"app_1", "app_2", "app_3"} {
		require.NoError(t, e.SubmitApp(AppSpec{ID: id, Queue: "a", User: "u"}))
	}
	st := e.Snapshot()
	a := st.Queues["root.a"]
	assert.Equal(t, 1, *a.NumRunnableApps)
	assert.Equal(t, 2, *a.NumNonRunnableApps)
	assert.Equal(t, []string{"app_2", "app_3"}, a.NonRunnableAppIDs)
	assert.False(t, *st.Apps["app_2"].Runnable)
	// The user limit (2) holds app_5 back in b too.
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app_4", Queue: "b", User: "u"}))
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app_5", Queue: "b", User: "u"}))
	assert.False(t, *e.Snapshot().Apps["app_5"].Runnable)
	require.NoError(t, e.FinishApp("app_1"))
	st = e.Snapshot()
	assert.True(t, *st.Apps["app_2"].Runnable)
	assert.False(t, *st.Apps["app_3"].Runnable)
	assert.False(t, *st.Apps["app_5"].Runnable)
	require.NoError(t, e.FinishApp("app_4"))
	assert.True(t, *e.Snapshot().Apps["app_5"].Runnable)
}

// Before 3.3 there is no max-parallel-apps and before 3.4 no flexible
// auto-creation: the engine ignores the keys and says so in its one
// honesty list, Engine.Unmodelled.
func TestOlderLinesIgnoreNewFeatures(t *testing.T) {
	m := xmlconf.Build(xmlconf.FromMap(map[string]string{
		p + "root.queues":                           "a,b",
		p + "root.a.capacity":                       "50",
		p + "root.b.capacity":                       "50",
		p + "root.a.max-parallel-apps":              "1",
		p + "root.b.auto-queue-creation-v2.enabled": "true",
	}, "test"), xmlconf.BuildOptions{Version: xmlconf.V3_2})
	e, err := New(m, []NodeSpec{{ID: "h1", MemoryMB: 8192, VCores: 8}}, Options{})
	require.NoError(t, err)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app_1", Queue: "a", User: "u"}))
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app_2", Queue: "a", User: "u"}))
	assert.Nil(t, e.Snapshot().Apps["app_2"].Runnable, "no max-parallel-apps fields before 3.3")
	assert.Equal(t, StateRunning, e.Snapshot().Apps["app_2"].State)
	_, err = e.Submit(AppSpec{ID: "app_3", Queue: "root.b.x", User: "u"})
	assert.Error(t, err)
	var notes []string
	for _, w := range e.Unmodelled() {
		notes = append(notes, w.String())
	}
	require.Len(t, notes, 2)
	assert.Contains(t, notes[0], "not modelled: max-parallel-apps: Hadoop 3.2 has no max-parallel-apps")
	assert.Contains(t, notes[1], "not modelled: auto-create: root.b enables auto-queue-creation-v2")
}

// A name that would change the queues list (a comma, surrounding spaces),
// an empty segment, or a path whose first segment names no queue is
// refused and creates nothing. (A path that names its parent by short
// name is created: TestAutoCreateV2ShortParent.)
func TestAutoCreateHostileNames(t *testing.T) {
	e := newTestEngine(t, map[string]string{
		p + "root.queues":                               "users",
		p + "root.users.capacity":                       "1w",
		p + "root.users.auto-queue-creation-v2.enabled": "true",
	})
	for i, name := range []string{"root.users.a,b", "root.users. x", "root.users..y", "root.users.x.", "nosuch.z"} {
		_, err := e.Submit(AppSpec{ID: fmt.Sprintf("app_%d", i), Queue: name, User: "u"})
		assert.Error(t, err, name)
	}
	assert.Equal(t, []string{"root", "root.users"}, e.QueuePaths())
}

// FuzzSubmitPlacement: any queue name and user, through mapping rules and
// auto-creation, is placed or refused; never a panic, and the tree stays
// consistent (every queue's parent exists).
func FuzzSubmitPlacement(f *testing.F) {
	for _, s := range [][2]string{{"default", "alice"}, {"root.users.x.y", "bob"}, {"root.users.a,b", "c"}, {"", "a.b"}, {"root..", "%user"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, queue, user string) {
		e := newTestEngine(t, map[string]string{
			p + "root.queues":                               "default,users",
			p + "root.default.capacity":                     "1w",
			p + "root.users.capacity":                       "1w",
			p + "root.users.auto-queue-creation-v2.enabled": "true",
			p + "queue-mappings":                            "u:%user:root.users.%user",
		})
		for i := 0; i < 2; i++ {
			_, _ = e.Submit(AppSpec{ID: fmt.Sprintf("app_%d", i), Queue: queue, User: user, Placement: i == 0, Groups: []string{user}})
		}
		paths := map[string]bool{}
		for _, q := range e.QueuePaths() {
			paths[q] = true
		}
		for q := range paths {
			if i := strings.LastIndexByte(q, '.'); i >= 0 && !paths[q[:i]] {
				t.Fatalf("queue %q without its parent", q)
			}
		}
		e.ExpireQueues(1 << 40)
	})
}

// queueManagementMonitor runs QueueManagementDynamicEditPolicy, which
// alone rebalances a legacy managed parent's leaves.
var queueManagementMonitor = map[string]string{
	"yarn.resourcemanager.scheduler.monitor.enable":   "true",
	"yarn.resourcemanager.scheduler.monitor.policies": "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueManagementDynamicEditPolicy",
}

// with is base with more's keys set over it.
func with(base map[string]string, more ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range append([]map[string]string{base}, more...) {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// GuaranteedOrZeroCapacityOverTimePolicy: with a 50% template the third
// AutoCreatedLeafQueue gets no guarantee; when the first becomes idle
// QueueManagementDynamicEditPolicy hands its guarantee to the third, if
// the ResourceManager runs that policy; otherwise nothing moves.
func TestLegacyGuaranteedOrZero(t *testing.T) {
	conf := map[string]string{
		p + "root.queues":                                 "c",
		p + "root.c.capacity":                             "100",
		p + "root.c.auto-create-child-queue.enabled":      "true",
		p + "root.c.leaf-queue-template.capacity":         "50",
		p + "root.c.leaf-queue-template.maximum-capacity": "100",
		// Only apps a mapping rule placed may enter a managed parent's
		// leaves (CapacityScheduler.addApplication).
		p + "queue-mappings": "u:%user:root.c.%user",
	}
	for _, monitor := range []bool{true, false} {
		c := conf
		if monitor {
			c = with(conf, queueManagementMonitor)
		}
		e := newTestEngine(t, c)
		for i, u := range []string{"u1", "u2", "u3"} {
			_, err := e.Submit(AppSpec{ID: fmt.Sprintf("app_%d", i), User: u, Placement: true})
			require.NoError(t, err)
		}
		st := e.Snapshot()
		assert.InDelta(t, 0.5, st.Queues["root.c.u1"].AbsoluteCapacity, 1e-6)
		assert.InDelta(t, 0.5, st.Queues["root.c.u2"].AbsoluteCapacity, 1e-6)
		assert.InDelta(t, 0, st.Queues["root.c.u3"].AbsoluteCapacity, 1e-6)
		require.NoError(t, e.FinishApp("app_0"))
		st = e.Snapshot()
		moved := 0.0
		if monitor {
			moved = 0.5
		}
		assert.InDelta(t, 0.5-moved, st.Queues["root.c.u1"].AbsoluteCapacity, 1e-6, "monitor %v", monitor)
		assert.InDelta(t, 0.5, st.Queues["root.c.u2"].AbsoluteCapacity, 1e-6)
		assert.InDelta(t, moved, st.Queues["root.c.u3"].AbsoluteCapacity, 1e-6, "monitor %v", monitor)
	}
}

// ManagedParentQueue.addChildQueue with fail-on-exceeding-parent-capacity:
// the third 50% leaf would take the children past the parent's guarantee,
// so its application is refused ("Child queues capacities have reached
// parent queue ... guaranteed capacity") instead of getting a zero
// guarantee, and QueueManagementDynamicEditPolicy leaves the parent's
// capacities alone when a leaf becomes idle.
func TestLegacyFailOnExceedingParentCapacity(t *testing.T) {
	e := newTestEngine(t, with(queueManagementMonitor, map[string]string{
		p + "root.queues":                            "c",
		p + "root.c.capacity":                        "100",
		p + "root.c.auto-create-child-queue.enabled": "true",
		p + "root.c.auto-create-child-queue.fail-on-exceeding-parent-capacity": "true",
		p + "root.c.leaf-queue-template.capacity":                              "50",
		p + "root.c.leaf-queue-template.maximum-capacity":                      "100",
		p + "queue-mappings": "u:%user:root.c.%user",
	}))
	for i, u := range []string{"u1", "u2"} {
		_, err := e.Submit(AppSpec{ID: fmt.Sprintf("app_%d", i), User: u, Placement: true})
		require.NoError(t, err)
	}
	_, err := e.Submit(AppSpec{ID: "app_2", User: "u3", Placement: true})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Cannot auto create leaf queue root.c.u3. Child queues capacities have reached parent queue : root.c's guaranteed capacity")
	st := e.Snapshot()
	assert.NotContains(t, st.Queues, "root.c.u3")
	require.NoError(t, e.FinishApp("app_0"))
	st = e.Snapshot()
	assert.InDelta(t, 0.5, st.Queues["root.c.u1"].AbsoluteCapacity, 1e-6, "no rebalancing: the idle leaf keeps its guarantee")
	_, err = e.Submit(AppSpec{ID: "app_3", User: "u3", Placement: true})
	require.Error(t, err, "the idle leaf still holds its guarantee")
}

// AutoCreatedQueueDeletionPolicy.editSchedule's two steps, as
// TestAutoCreatedQueueDeletionPolicy#testEditSchedule drives them (on a
// queue tree of its own, so not that test's values): a run
// marks the eligible queues, the next sends them for deletion and the
// scheduler removes those idle for more than the expiry. The policy runs
// only when the scheduling monitor lists it (DeletionPolicyMS), every
// queue-expiration-time.
func TestDeletionRound(t *testing.T) {
	conf := map[string]string{
		p + "root.queues":                                  "e",
		p + "root.e.capacity":                              "1w",
		p + "root.e.auto-queue-creation-v2.enabled":        "true",
		p + "auto-queue-creation-v2.queue-expiration-time": "1",
	}
	assert.Zero(t, newTestEngine(t, conf).DeletionPolicyMS(), "monitors off by default")
	conf["yarn.resourcemanager.scheduler.monitor.enable"] = "true"
	assert.Zero(t, newTestEngine(t, conf).DeletionPolicyMS(), "the default policy is the preemption one alone")
	conf["yarn.resourcemanager.scheduler.monitor.policies"] = "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy," +
		"org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy"
	e := newTestEngine(t, conf)
	assert.Equal(t, int64(1000), e.DeletionPolicyMS())
	_, err := e.Submit(AppSpec{ID: "app_1", Queue: "root.e.user_0", User: "u"})
	require.NoError(t, err)
	assert.Nil(t, e.DeletionRound(1000), "a queue with an application is not eligible")
	require.NoError(t, e.FinishApp("app_1"))
	assert.Nil(t, e.DeletionRound(2000), "the first run only marks")
	assert.Equal(t, []string{"root.e.user_0"}, e.DeletionRound(3000), "marked and still eligible, idle 3 s > 1 s")
	assert.Nil(t, e.DeletionRound(4000), "root.e is static")
	_, ok := e.Snapshot().Queues["root.e.user_0"]
	assert.False(t, ok)

	// A submission between the two runs keeps the queue.
	e = newTestEngine(t, conf)
	_, err = e.Submit(AppSpec{ID: "app_1", Queue: "root.e.user_0", User: "u"})
	require.NoError(t, err)
	require.NoError(t, e.FinishApp("app_1"))
	assert.Nil(t, e.DeletionRound(2000))
	e.SetTime(2500)
	_, err = e.Submit(AppSpec{ID: "app_2", Queue: "root.e.user_0", User: "u"})
	require.NoError(t, err)
	require.NoError(t, e.FinishApp("app_2"))
	assert.Nil(t, e.DeletionRound(3000), "sent, but idle 0.5 s: not inactive (isInactiveDynamicQueue)")
	assert.Nil(t, e.DeletionRound(4000), "marked again")
	assert.Equal(t, []string{"root.e.user_0"}, e.DeletionRound(5000))
}

// A parent's acl_application_max_priority is never read
// (AbstractLeafQueue#setupQueueConfigs parses a leaf's; CapacityScheduler#
// setQueueAcls registers leaves only), so AppPriorityACLsManager#
// checkAccess finds no groups for it: a submission to the parent fails as
// one to a non-leaf queue, not on its priority.
func TestPriorityACLsOfAParent(t *testing.T) {
	e := newTestEngine(t, map[string]string{
		p + "root.queues": "p", p + "root.p.capacity": "100", p + "root.p.queues": "p1", p + "root.p.p1.capacity": "100",
		p + "root.p.acl_application_max_priority": "[user=v max_priority=1]",
		"yarn.cluster.max-application-priority":   "6", "yarn.acl.enable": "true",
	})
	_, err := e.Submit(AppSpec{ID: "app_1", Queue: "root.p", User: "u", Priority: new(int32(2))})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "to non-leaf queue")
}

// CapacityScheduler.checkAndGetApplicationPriority with
// AppPriorityACLsManager.checkAccess: with yarn.acl.enable a leaf's
// priority groups admit a user up to the group's max_priority (capped at
// yarn.cluster.max-application-priority, as the app's own priority is);
// a user in no group, or above every group's maximum, is refused with
// Hadoop's message. Without yarn.acl.enable nothing is checked.
func TestPriorityACLs(t *testing.T) {
	conf := map[string]string{
		p + "root.queues": "a", p + "root.a.capacity": "100",
		p + "root.a.acl_submit_applications":      "*",
		p + "root.a.acl_application_max_priority": "[user=alice max_priority=2][group=ops max_priority=8]",
		"yarn.cluster.max-application-priority":   "6",
	}
	for _, c := range []struct {
		user   string
		groups []string
		prio   int32
		ok     bool
	}{
		{"alice", nil, 2, true},
		{"alice", nil, 3, false},
		{"bob", []string{"eng"}, 0, false}, // in no group
		// [group=ops ...] names ops as a user (createACLStringForPriority).
		{"ops", nil, 6, true},
		{"ops", nil, 9, true}, // capped at the cluster's 6 first
		{"carol", []string{"ops"}, 1, false},
	} {
		for _, acls := range []bool{true, false} {
			cf := conf
			if acls {
				cf = with(conf, map[string]string{"yarn.acl.enable": "true"})
			}
			e := newTestEngine(t, cf)
			_, err := e.Submit(AppSpec{ID: "app_1", Queue: "root.a", User: c.user, Groups: c.groups, Priority: new(c.prio)})
			if c.ok || !acls {
				assert.NoError(t, err, "%+v acls %v", c, acls)
				continue
			}
			require.Error(t, err, "%+v", c)
			assert.Equal(t, fmt.Sprintf("User %s does not have permission to submit/update app_1 for %d", c.user, min(c.prio, 6)), err.Error())
		}
	}
}

// When QueueManagementDynamicEditPolicy runs, capq rebalances on each
// change rather than every monitoring interval, and says so; a management
// policy other than the one Hadoop ships is named too.
func TestQueueManagementNotes(t *testing.T) {
	conf := map[string]string{
		p + "root.queues": "c", p + "root.c.capacity": "100",
		p + "root.c.auto-create-child-queue.enabled": "true",
		p + "root.c.leaf-queue-template.capacity":    "50",
	}
	notes := func(c map[string]string) string {
		var out []string
		for _, w := range newTestEngine(t, c).Unmodelled() {
			out = append(out, w.String())
		}
		return strings.Join(out, "\n")
	}
	assert.NotContains(t, notes(conf), "QueueManagementDynamicEditPolicy", "not running: nothing rebalances (the run warns)")
	assert.Contains(t, notes(with(conf, queueManagementMonitor)), "root.c's auto-created leaves are rebalanced by QueueManagementDynamicEditPolicy")
	assert.NotContains(t, notes(with(conf, map[string]string{p + "root.c.auto-create-child-queue.management-policy": "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.queuemanagement.GuaranteedOrZeroCapacityOverTimePolicy"})), "names the management policy")
	assert.Contains(t, notes(with(conf, map[string]string{p + "root.c.auto-create-child-queue.management-policy": "com.example.Mine"})), "names the management policy com.example.Mine")
}

// AutoCreatedQueueDeletionPolicy.init takes queue-expiration-time × 1000
// ms as its interval, and SchedulingMonitor.serviceStart's
// scheduleAtFixedRate throws IllegalArgumentException for a period of 0
// or less: the ResourceManager does not start, which CheckDeletionPolicy
// says (capq took it as every millisecond). The policy must run for it
// to matter.
func TestCheckDeletionPolicyInterval(t *testing.T) {
	const policies = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy"
	for _, c := range []struct {
		expiry, policies string
		wantMS           int64
		refused          bool
	}{
		{"1", policies, 1000, false},
		{"0", policies, 0, true},
		{"-3", policies, 0, true},
		{"9223372036854776", policies, 0, true}, // × 1000 wraps below zero, as a Java long does
		{"0", "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy", 0, false},
	} {
		m := xmlconf.Build(xmlconf.FromMap(map[string]string{
			p + "root.queues": "e", p + "root.e.capacity": "1w", p + "root.e.auto-queue-creation-v2.enabled": "true",
			p + "auto-queue-creation-v2.queue-expiration-time": c.expiry,
			"yarn.resourcemanager.scheduler.monitor.enable":    "true", "yarn.resourcemanager.scheduler.monitor.policies": c.policies,
		}, "test"), xmlconf.BuildOptions{})
		err := CheckDeletionPolicy(m)
		if c.refused {
			require.Error(t, err, c.expiry)
			assert.Contains(t, err.Error(), "queue-expiration-time = \""+c.expiry+"\"")
			assert.Contains(t, err.Error(), "scheduleAtFixedRate")
		} else {
			assert.NoError(t, err, c.expiry)
		}
		e, err := New(m, []NodeSpec{{ID: "h1", MemoryMB: 16 * 1024, VCores: 16}}, Options{})
		require.NoError(t, err)
		assert.Equal(t, c.wantMS, e.DeletionPolicyMS(), "never a period of 0 or less: %s", c.expiry)
	}
}

// refreshQueues neither initialises a running AutoCreatedQueueDeletionPolicy
// again (its monitoringInterval is init's) nor hands
// SchedulingMonitorManager.reinitialize a new yarn-site.xml (AdminService
// passes the configuration the ResourceManager started with): the policy
// keeps running at the start's interval, while isInactiveDynamicQueue
// reads the new queue-expiration-time.
func TestDeletionIntervalKeptOnRefresh(t *testing.T) {
	conf := map[string]string{
		p + "root.queues": "e", p + "root.e.capacity": "1w", p + "root.e.auto-queue-creation-v2.enabled": "true",
		p + "auto-queue-creation-v2.queue-expiration-time": "10",
		"yarn.resourcemanager.scheduler.monitor.enable":    "true",
		"yarn.resourcemanager.scheduler.monitor.policies":  "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy",
	}
	e := newTestEngine(t, conf)
	require.Equal(t, int64(10_000), e.DeletionPolicyMS())
	for name, change := range map[string]func(){
		"expiry 0":        func() { conf[p+"auto-queue-creation-v2.queue-expiration-time"] = "0" },
		"yarn-site unset": func() { delete(conf, "yarn.resourcemanager.scheduler.monitor.policies") },
	} {
		change()
		require.Empty(t, e.Refresh(xmlconf.Build(xmlconf.FromMap(conf, "test"), xmlconf.BuildOptions{}), nil), name)
		assert.Equal(t, int64(10_000), e.DeletionPolicyMS(), name)
	}
	e.SetTime(5_000)
	_, err := e.Submit(AppSpec{ID: "app_1", Queue: "root.e.user_0", User: "u"})
	require.NoError(t, err)
	require.NoError(t, e.FinishApp("app_1"))
	assert.Nil(t, e.DeletionRound(6_000), "marked")
	assert.Equal(t, []string{"root.e.user_0"}, e.DeletionRound(7_000), "idle 2 s > 0 s, the refreshed expiry (not 10 s)")
}

// GuaranteedOrZeroCapacityOverTimePolicy#hasPendingApps is the leaf's
// getNumApplications, which counts attempts: removing u1's only attempt
// makes root.c.u1 idle, so the policy hands its guarantee to root.c.u3 as
// it does when the app finishes (TestLegacyGuaranteedOrZero); the next
// attempt finds the parent's guarantee taken and waits at 0 until u2
// becomes idle, when it gets u2's.
func TestLegacyGuaranteedOrZeroOnAttemptRemoval(t *testing.T) {
	e := newTestEngine(t, with(map[string]string{
		p + "root.queues":                                 "c",
		p + "root.c.capacity":                             "100",
		p + "root.c.auto-create-child-queue.enabled":      "true",
		p + "root.c.leaf-queue-template.capacity":         "50",
		p + "root.c.leaf-queue-template.maximum-capacity": "100",
		p + "queue-mappings":                              "u:%user:root.c.%user",
	}, queueManagementMonitor))
	for i, u := range []string{"u1", "u2", "u3"} {
		_, err := e.Submit(AppSpec{ID: fmt.Sprintf("app_%d", i), User: u, Placement: true})
		require.NoError(t, err)
	}
	abs := func(q string) float64 { return float64(e.Snapshot().Queues["root.c."+q].AbsoluteCapacity) }
	require.NoError(t, e.RemoveAttempt("app_0", false))
	assert.InDelta(t, 0, abs("u1"), 1e-6, "idle between attempts")
	assert.InDelta(t, 0.5, abs("u3"), 1e-6)
	require.NoError(t, e.AddAttempt("app_0"))
	assert.InDelta(t, 0, abs("u1"), 1e-6, "the parent's guarantee is taken")
	require.NoError(t, e.FinishApp("app_1"))
	assert.InDelta(t, 0.5, abs("u1"), 1e-6, "u2's guarantee goes to u1, the oldest app")
	assert.InDelta(t, 0, abs("u2"), 1e-6)
	require.NoError(t, checkInvariants(e))

	// With room in the parent, the next attempt's leaf gets its
	// guarantee back (activateLeafQueues).
	require.NoError(t, e.RemoveAttempt("app_2", false))
	assert.InDelta(t, 0, abs("u3"), 1e-6)
	require.NoError(t, e.AddAttempt("app_2"))
	assert.InDelta(t, 0.5, abs("u3"), 1e-6)
	require.NoError(t, checkInvariants(e))
}

// TestExpiryKeepsSiblingNames: dropping an expired dynamic leaf rewrites
// its parent's child list, read as CapacitySchedulerConfiguration#
// getQueues reads it (String.trim per name), so a static sibling whose
// name starts with a no-break space keeps that name and its settings.
func TestExpiryKeepsSiblingNames(t *testing.T) {
	e := newTestEngine(t, map[string]string{
		p + "root.queues":                                  "users",
		p + "root.users.capacity":                          "1w",
		p + "root.users.queues":                            "\u00a0s",
		p + "root.users.\u00a0s.capacity":                  "1w",
		p + "root.users.\u00a0s.maximum-applications":      "7",
		p + "root.users.auto-queue-creation-v2.enabled":    "true",
		p + "auto-queue-creation-v2.queue-expiration-time": "10",
	})
	_, err := e.Submit(AppSpec{ID: "app_1", Queue: "root.users.alice", User: "alice"})
	require.NoError(t, err)
	require.NoError(t, e.FinishApp("app_1"))
	assert.Equal(t, []string{"root.users.alice"}, e.ExpireQueues(20_000))
	s := e.model.Queue("root.users.\u00a0s")
	require.NotNil(t, s, "the sibling keeps its name")
	assert.Equal(t, int32(7), s.EffectiveMaxApplications)
}
