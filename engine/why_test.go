package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

type waitSeen struct {
	why     WaitReason
	starved bool
}

func waiting(e *Engine) map[string]waitSeen {
	out := map[string]waitSeen{}
	e.Waiting(func(w *Waiter) { out[w.App] = waitSeen{w.Why, w.Starved} })
	return out
}

// TestWaitingReasons classifies waiting apps in the order the scheduler
// checks: LeafQueue.activateApplications (AM limit) before anything else,
// then the queue's maximum (AbstractCSQueue.canAssignToThisQueue), then
// the user limit (AbstractLeafQueue.canAssignToUser).
func TestWaitingReasons(t *testing.T) {
	ask := func(e *Engine, app string, mb int64, n int) {
		t.Helper()
		require.NoError(t, e.UpdateAsks(app, []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{mb, 1}, Count: n}}))
	}
	fill := func(e *Engine) {
		for i := 0; i < 200; i++ {
			if e.AssignOnce(i%len(e.nodes)).Kind != AssignAllocated {
				return
			}
		}
	}

	t.Run("queue at maximum", func(t *testing.T) {
		m := build(t, map[string]string{"root.queues": "a,b", "root.a.capacity": "20", "root.a.maximum-capacity": "25", "root.a.user-limit-factor": "10", "root.b.capacity": "80"}, xmlconf.V3_4)
		e, err := New(m, nodesOf(4, 16*gb), Options{})
		require.NoError(t, err)
		require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "u", AM: Resource{gb, 1}}))
		ask(e, "a1", gb, 40)
		fill(e)
		assert.Equal(t, waitSeen{WaitQueueMax, true}, waiting(e)["a1"], "16 GB maximum reached, user limit not")
	})

	t.Run("max-parallel-apps", func(t *testing.T) {
		// CSMaxRunningAppsEnforcer: the second app is not runnable.
		m := build(t, map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.a.max-parallel-apps": "1", "root.b.capacity": "50"}, xmlconf.V3_4)
		e, err := New(m, nodesOf(4, 16*gb), Options{})
		require.NoError(t, err)
		require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "u", AM: Resource{gb, 1}}))
		require.NoError(t, e.SubmitApp(AppSpec{ID: "a2", Queue: "root.a", User: "u", AM: Resource{gb, 1}}))
		assert.Equal(t, waitSeen{WaitParallel, true}, waiting(e)["a2"])
	})

	t.Run("user limit", func(t *testing.T) {
		m := build(t, map[string]string{"root.queues": "a,b", "root.a.capacity": "25", "root.a.user-limit-factor": "1", "root.b.capacity": "75"}, xmlconf.V3_4)
		e, err := New(m, nodesOf(4, 16*gb), Options{})
		require.NoError(t, err)
		require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "u", AM: Resource{gb, 1}}))
		ask(e, "a1", gb, 40)
		fill(e)
		assert.Equal(t, waitSeen{WaitUserLimit, false}, waiting(e)["a1"], "one user, ULF 1: capped at the 16 GB capacity; its own limit is not starvation")
	})

	t.Run("AM limit, the AM container asked", func(t *testing.T) {
		// RMAppAttemptImpl.ScheduleTransition asks for the AM container
		// before LeafQueue activates the app: a2 asks while it waits on
		// the AM limit, and is reported once, for that limit, beside a1,
		// an active app of the same user held back by its user limit.
		m := build(t, map[string]string{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90"}, xmlconf.V3_4)
		e, err := New(m, nodesOf(5, 16*gb), Options{})
		require.NoError(t, err)
		amLimit := e.amLimit(e.byPath["root.a"])
		require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "u", AM: amLimit}))
		require.NoError(t, e.SubmitApp(AppSpec{ID: "a2", Queue: "root.a", User: "u", AM: Resource{gb, 1}, AMContainer: true}))
		ask(e, "a1", 8*gb, 40)
		fill(e)
		require.Len(t, e.byPath["root.a"].waiting, 1)
		require.True(t, e.apps[1].asking, "a2 asks for its AM container")
		var got []string
		e.Waiting(func(w *Waiter) { got = append(got, w.App+" "+string(w.Why)) })
		assert.ElementsMatch(t, []string{"a2 " + string(WaitAMLimit), "a1 " + string(WaitUserLimit)}, got)
	})

	t.Run("AM limit", func(t *testing.T) {
		m := build(t, map[string]string{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90"}, xmlconf.V3_4)
		e, err := New(m, nodesOf(5, 16*gb), Options{})
		require.NoError(t, err)
		amLimit := e.amLimit(e.byPath["root.a"])
		require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "u", AM: amLimit}))
		require.NoError(t, e.SubmitApp(AppSpec{ID: "a2", Queue: "root.a", User: "u", AM: Resource{gb, 1}}))
		got := waiting(e)
		assert.Equal(t, waitSeen{WaitAMLimit, true}, got["a2"], "the first app holds the whole AM limit")
		assert.NotContains(t, got, "a1", "the first app starts whatever the limit; with no asks it waits for nothing")
	})

	t.Run("nothing holds it back", func(t *testing.T) {
		m := build(t, map[string]string{"root.queues": "a", "root.a.capacity": "100", "yarn.scheduler.maximum-allocation-mb": "32768"}, xmlconf.V3_4)
		e, err := New(m, nodesOf(2, 16*gb), Options{})
		require.NoError(t, err)
		require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "u", AM: Resource{gb, 1}}))
		ask(e, "a1", gb, 2)
		assert.Empty(t, waiting(e), "a node with room serves it at its next heartbeat")
		ask(e, "a1", 20*gb, 1)
		assert.Equal(t, WaitNoNodeFits, waiting(e)["a1"].why, "20 GB fits no 16 GB node")
	})

	t.Run("locality delay", func(t *testing.T) {
		// RegularContainerAllocator.canAssign's OFF_SWITCH case: a request
		// with only an ANY ask is never delayed, however many
		// opportunities it missed; one with a host ask is, until it missed
		// enough of them.
		m := build(t, map[string]string{"root.queues": "a", "root.a.capacity": "100"}, xmlconf.V3_4)
		e, err := New(m, nodesOf(4, 16*gb), Options{})
		require.NoError(t, err)
		require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "u", AM: Resource{gb, 1}}))
		ask(e, "a1", gb, 1)
		k := e.appByID["a1"].key(1, false)
		k.missed = 3
		assert.Empty(t, waiting(e), "ANY only: served at the next heartbeat of a node with room")
		ask(e, "a1", gb, 4)
		for _, h := range []string{"n0", "n1", "n2"} {
			require.NoError(t, e.UpdateAsks("a1", []Ask{{Priority: 1, ResourceName: h, Resource: Resource{gb, 1}, Count: 1}}))
		}
		k.missed = 1
		assert.Equal(t, WaitLocality, waiting(e)["a1"].why, "four containers on three hosts: off-switch after min(4 nodes, 4 x 3/4) = 3 misses")
		k.missed = 4
		assert.Empty(t, waiting(e), "past the delay")
	})
}

// A why note states the comparison the calculator made: memory under the
// DefaultResourceCalculator; both resources and the dominant shares under
// DRF, where 3072 MB can be over a 7168 MB limit.
func TestWhyComparisonText(t *testing.T) {
	def := &calc{cluster: Resource{MemoryMB: 16384, VCores: 200}}
	drf := &calc{drf: true, cluster: Resource{MemoryMB: 16384, VCores: 200}}
	used, limit := Resource{MemoryMB: 3072, VCores: 120}, Resource{MemoryMB: 7168, VCores: 80}
	for _, c := range []struct {
		name, got, want string
	}{
		{"default resource", def.resText(used), "3072 MB"},
		{"default order", def.orderText(used, ">", limit), ""},
		{"drf resource", drf.resText(used), "<memory:3072 MB, vcores:120>"},
		{"drf order", drf.orderText(used, ">", limit), " (by dominant share of the cluster's <memory:16384 MB, vcores:200>: 60% > 43.75%)"},
		{"drf tie", drf.orderText(Resource{MemoryMB: 1024, VCores: 1}, ">", Resource{MemoryMB: 1024}),
			" (by share of the cluster's <memory:16384 MB, vcores:200>: dominant shares both 6.25%, then 0.5% > 0%)"},
		{"drf empty cluster", (&calc{drf: true}).orderText(used, ">", limit), " (compared resource by resource: the cluster has <memory:0 MB, vcores:0>)"},
		{"default fit", def.overText(used, limit, "AM limit", limit), "3072 MB + 7168 MB > AM limit 7168 MB"},
		{"drf fit", drf.overText(used, limit, "AM limit", limit),
			"<memory:3072 MB, vcores:120> + <memory:7168 MB, vcores:80> does not fit the AM limit <memory:7168 MB, vcores:80> (each resource must fit)"},
	} {
		assert.Equal(t, c.want, c.got, c.name)
	}
}

// TestAMOverTextFollowsTheComparison: 2.x's activateApplications compares
// an AM with its limit by dominant share under DRF (amCompare), so its
// note gives the shares; the newest releases' fitsIn needs each resource
// to fit, and the note says so.
func TestAMOverTextFollowsTheComparison(t *testing.T) {
	rc := calc{drf: true, cluster: Resource{MemoryMB: 10240, VCores: 100}}
	used, am, lim := Resource{MemoryMB: 1024, VCores: 20}, Resource{MemoryMB: 2048, VCores: 20}, Resource{MemoryMB: 3072, VCores: 25}
	old := &Engine{g: globals{rc: rc, amCompare: true}}
	assert.Equal(t, "<memory:1024 MB, vcores:20> + <memory:2048 MB, vcores:20> > AM limit <memory:3072 MB, vcores:25> (by dominant share of the cluster's <memory:10240 MB, vcores:100>: 40% > 30%)",
		old.amOverText(used, am, "AM limit", lim))
	newer := &Engine{g: globals{rc: rc}}
	assert.Equal(t, "<memory:1024 MB, vcores:20> + <memory:2048 MB, vcores:20> does not fit the AM limit <memory:3072 MB, vcores:25> (each resource must fit)",
		newer.amOverText(used, am, "AM limit", lim))
}
