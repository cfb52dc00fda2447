package engine

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

const gb = 1024

// ulQueue builds a bare leaf with the state UsersManager.computeUserLimit
// reads, so the formula can be checked on its own.
func ulQueue(cluster, guarantee, max int64, mulp, ulf float32, activeUsed int64, activeWeights float32) (*Engine, *queue) {
	e := &Engine{cluster: Resource{cluster, cluster / 1024}}
	e.g.rc = calc{cluster: e.cluster}
	e.g.minAlloc = Resource{gb, 1}
	e.g.ulfOff = true // the 3.4 profile
	q := &queue{guarantee: Resource{guarantee, min(guarantee, 1)}, maxRes: Resource{max, 1}, mulp: mulp, ulf: ulf, leaf: true}
	q.maxDown = e.g.rc.roundDown(q.maxRes, e.g.minAlloc)
	q.ul.activeUsed = Resource{activeUsed, 1}
	q.ul.usageRatio = float32(activeUsed) / float32(cluster)
	q.ul.activeWeights = activeWeights
	return e, q
}

// TestUserLimitFormula checks UsersManager.computeUserLimit against the
// numbers Hadoop's tests assert.
func TestUserLimitFormula(t *testing.T) {
	cases := []struct {
		name                          string
		cluster, guarantee, max, used int64
		mulp, ulf, weights            float32
		want                          int64
	}{
		{"testUserLimits before 2nd pass: (3+1)/2 vs 50% of 4 GB", 16 * gb, 1392, 16 * gb, 3 * gb, 50, 2, 2, 2 * gb},
		{"testUserLimits before 3rd pass: 2.5 GB rounded up", 16 * gb, 1392, 16 * gb, 4 * gb, 50, 2, 2, 3 * gb},
		{"testSingleQueueWithOneUser: qc = max(696, 1 GB) x ULF 1", 8 * gb, 696, 8 * gb, gb, 100, 1, 1, gb},
		{"ULF -1 caps at the queue maximum", 16 * gb, 1392, 16 * gb, 10 * gb, 100, -1, 1, 11 * gb},
		{"guarantee 0 caps at the queue maximum", 16 * gb, 0, 8 * gb, 10 * gb, 100, 1, 1, 8 * gb},
		{"testUserLimitCacheActiveUsersChanged: 3 users", 24 * gb, 24 * gb, 24 * gb, 10 * gb, 0, 1, 3, 4 * gb},
		{"testUserLimitCacheActiveUsersChanged: 4 users", 24 * gb, 24 * gb, 24 * gb, 10 * gb, 0, 1, 4, 3 * gb},
		{"MULP 20, queue full, 2 users: 50.5 GB -> 51 GB", 200 * gb, 100 * gb, 100 * gb, 100 * gb, 20, 1, 2, 51 * gb},
		{"MULP 20, queue full, 5 users: 20.2 GB -> 21 GB", 200 * gb, 100 * gb, 100 * gb, 100 * gb, 20, 1, 5, 21 * gb},
		{"MULP 20, queue full, 6 users: floored at 20%", 200 * gb, 100 * gb, 100 * gb, 100 * gb, 20, 1, 6, 21 * gb},
		{"seed development: ULF 1 caps at 120 GB", 1024000, 122880, 1024000, 266240, 100, 1, 2, 122880},
		{"no active users: percentage term only", 16 * gb, 13107, 16 * gb, 4 * gb, 100, 1, 0, 13 * gb},
		{"MULP 50.1 is not range-checked", 16 * gb, 1392, 16 * gb, 3 * gb, 50.1, 2, 2, 3 * gb},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e, q := ulQueue(tc.cluster, tc.guarantee, tc.max, tc.mulp, tc.ulf, tc.used, tc.weights)
			assert.Equal(t, tc.want, e.userLimitBase(q).MemoryMB)
		})
	}
}

// TestZeroGuaranteeUserLimitBefore34: only 3.4's UsersManager#
// computeUserLimit caps a user of a queue guaranteed nothing at the
// queue's maximum (the originalCapacity branch, one condition with
// YARN-10531's factor of -1). Before 3.4 (the 3.0/3.1-era UsersManager,
// an ODP 3.2.3 build's, a 3.3-line copy) the cap is qc × factor with qc =
// max(0, minimum allocation): one minimum allocation for the default
// factor, two for a factor of 2.
func TestZeroGuaranteeUserLimitBefore34(t *testing.T) {
	for _, tc := range []struct {
		name string
		v34  bool
		ulf  float32
		want int64
	}{
		{"3.4: the queue's maximum", true, 1, 8 * gb},
		{"before 3.4: one minimum allocation x factor 1", false, 1, gb},
		{"before 3.4: one minimum allocation x factor 2", false, 2, 2 * gb},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, q := ulQueue(16*gb, 0, 8*gb, 100, tc.ulf, 10*gb, 1)
			e.g.ulfOff = tc.v34
			assert.Equal(t, tc.want, e.userLimitBase(q).MemoryMB)
		})
	}
}

// TestUserLimitFactorMinusOneBefore34: before 3.4 a factor of -1 is a
// factor. The cap is (long)(qc × -1) (Resources.multiplyAndRoundDown),
// below any limit, so Resources.min takes it, and rounding up to the
// minimum allocation truncates toward zero: 0 while qc is under two
// minimum allocations less a megabyte, negative above.
func TestUserLimitFactorMinusOneBefore34(t *testing.T) {
	for _, tc := range []struct {
		name      string
		guarantee int64
		want      int64
	}{
		{"qc 1392 MB: -1392 rounds up to 0", 1392, 0},
		{"qc 2046 MB: -2046 rounds up to 0", 2046, 0},
		{"qc 2047 MB: -2047 rounds up to -1 GB", 2047, -gb},
		{"qc 4 GB: -4 GB rounds up to -3 GB", 4 * gb, -3 * gb},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, q := ulQueue(16*gb, tc.guarantee, 16*gb, 100, -1, 10*gb, 1)
			e.g.ulfOff = false
			assert.Equal(t, tc.want, e.userLimitBase(q).MemoryMB)
		})
	}
}

// TestUserLimitOtherNegativeFactorOn34: 3.4 tests for exactly -1; -2 is
// a factor there too: cap (long)(4 GB × -2) = -8 GB, rounded up toward
// zero to -7 GB.
func TestUserLimitOtherNegativeFactorOn34(t *testing.T) {
	e, q := ulQueue(16*gb, 4*gb, 16*gb, 100, -2, 10*gb, 1)
	assert.Equal(t, int64(-7*gb), e.userLimitBase(q).MemoryMB)
}

// TestUserAMLimitFactorMinusOne: 3.4's getUserAMResourceLimitPerPartition
// drops the user share and the factor for -1, roundUp(8 GB × 0.5) = 4 GB;
// older lines keep the product: (long)(8 GB × 0.5 × 1 × -1 + 0.5) =
// -4095 MB, rounded up (toward zero) to -3 GB, which Resources.min prefers
// to the queue's AM limit.
func TestUserAMLimitFactorMinusOne(t *testing.T) {
	e, q := ulQueue(16*gb, 8*gb, 16*gb, 100, -1, 0, 0)
	q.amPercent, q.amLimit = 0.5, Resource{8 * gb, 8}
	assert.Equal(t, int64(4*gb), e.userAMLimit(q, 1).MemoryMB)
	e.g.ulfOff = false
	assert.Equal(t, int64(-3*gb), e.userAMLimit(q, 1).MemoryMB)
}

// TestUserLimitWeight: the shared limit times the user's weight, rounded
// down to the minimum allocation (multiplyAndNormalizeDown).
func TestUserLimitWeight(t *testing.T) {
	e, q := ulQueue(16*gb, 1392, 16*gb, 50, 2, 4*gb, 2.5)
	u := &user{q: q, weight: 1.5}
	assert.Equal(t, int64(3*gb), e.userLimitBase(q).MemoryMB)
	assert.Equal(t, int64(4*gb), e.userLimit(u).MemoryMB, "3 GB x 1.5 = 4.5 GB, rounded down")
}

// build compiles a configuration map (keys without the common prefix).
func build(t testing.TB, kv map[string]string, v xmlconf.Version) *xmlconf.Model {
	t.Helper()
	m := map[string]string{}
	for k, val := range kv {
		if len(k) > 5 && k[:5] == "yarn." {
			m[k] = val
		} else {
			m[xmlconf.Prefix+k] = val
		}
	}
	md := xmlconf.Build(xmlconf.FromMap(m, "test"), xmlconf.BuildOptions{Version: v})
	require.NotNil(t, md.Root)
	return md
}

func nodesOf(n int, mem int64) []NodeSpec {
	out := make([]NodeSpec, n)
	for i := range out {
		out[i] = NodeSpec{ID: fmt.Sprintf("n%d", i), MemoryMB: mem, VCores: 16}
	}
	return out
}

// TestAMLimitFormulas: queue AM limit from the current limit (or the
// guarantee), user AM limit from the guarantee, MULP, active users and ULF.
func TestAMLimitFormulas(t *testing.T) {
	m := build(t, map[string]string{"root.queues": "a,b", "root.a.capacity": "8.5", "root.a.maximum-capacity": "20", "root.b.capacity": "91.5", "root.b.maximum-capacity": "99"}, xmlconf.V3_4)
	e, err := New(m, nodesOf(1, 50*gb), Options{})
	require.NoError(t, err)
	assert.Equal(t, int64(gb), e.amLimit(e.byPath["root.a"]).MemoryMB, "testInitializeQueue: 10 GB max x 0.1 -> 1 GB")
	assert.Equal(t, int64(5*gb), e.amLimit(e.byPath["root.b"]).MemoryMB, "testInitializeQueue: 49.5 GB x 0.1 -> 5 GB")

	m = build(t, map[string]string{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90", "root.a.minimum-user-limit-percent": "50", "root.a.user-limit-factor": "5"}, xmlconf.V3_4)
	e, err = New(m, nodesOf(5, 16*gb), Options{})
	require.NoError(t, err)
	a := e.byPath["root.a"]
	assert.Equal(t, int64(8*gb), e.amLimit(a).MemoryMB, "testAMResourceLimit queue limit")
	assert.Equal(t, int64(4*gb), e.userAMLimit(a, 1).MemoryMB, "one active user: 8 GB x 0.1 x 1 x 5")
	a.ul.activeUsers = 2
	assert.Equal(t, int64(2*gb), e.userAMLimit(a, 1).MemoryMB, "two active users: MULP 50% wins")
	a.ulf = -1
	assert.Equal(t, int64(gb), e.userAMLimit(a, 1).MemoryMB, "ULF -1: roundUp(guarantee x am%)")
}

// TestHeadroomFormula: min(user limit - user used, current limit - queue
// used), rounded down, capped by cluster free (testComputeUserLimitAndSetHeadroom).
func TestHeadroomFormula(t *testing.T) {
	m := build(t, map[string]string{"root.queues": "a,b", "root.a.capacity": "20", "root.b.capacity": "80", "root.b.maximum-capacity": "100"}, xmlconf.V3_4)
	e, err := New(m, nodesOf(2, 8*gb), Options{})
	require.NoError(t, err)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "app_0", Queue: "root.b", User: "user_0"}))
	require.NoError(t, e.UpdateAsks("app_0", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{4 * gb, 1}, Count: 1}}))
	require.Equal(t, AssignAllocated, e.AssignOnce(0).Kind)
	b := e.byPath["root.b"]
	u := b.byUser["user_0"]
	cur := e.currentLimit(b, e.handedLimit(b))
	assert.Equal(t, int64(9*gb), e.headroom(u, cur).MemoryMB, "13 GB user limit - 4 GB")

	require.NoError(t, e.SubmitApp(AppSpec{ID: "app_2", Queue: "root.b", User: "user_1"}))
	require.NoError(t, e.UpdateAsks("app_2", []Ask{{Priority: 2, ResourceName: AnyResource, Resource: Resource{4 * gb, 1}, Count: 1}}))
	require.Equal(t, AssignAllocated, e.AssignOnce(1).Kind)
	cur = e.currentLimit(b, e.handedLimit(b))
	assert.Equal(t, int64(8*gb), e.headroom(u, cur).MemoryMB, "queue limit 16 GB - 8 GB used wins")
}

// TestMaxApplications: the per-queue and per-user maximum applications
// come from the model (AbstractLeafQueue's formula) and the engine refuses
// submissions with Hadoop's messages at the limits.
func TestMaxApplications(t *testing.T) {
	cases := []struct {
		name             string
		conf             map[string]string
		v                xmlconf.Version
		queue            string
		maxApps, perUser int32
	}{
		{"default: 10000 x absolute capacity", map[string]string{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90"}, xmlconf.V3_4, "root.a", 1000, 1000},
		{"per-user: MULP 50 x ULF 5 capped at max", map[string]string{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90", "root.a.minimum-user-limit-percent": "50", "root.a.user-limit-factor": "5"}, xmlconf.V3_4, "root.a", 1000, 1000},
		{"per-user: MULP 25 x ULF 1", map[string]string{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90", "root.a.minimum-user-limit-percent": "25"}, xmlconf.V3_4, "root.a", 1000, 250},
		{"per-user: ULF -1 means the queue maximum", map[string]string{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90", "root.a.minimum-user-limit-percent": "25", "root.a.user-limit-factor": "-1"}, xmlconf.V3_4, "root.a", 1000, 1000},
		{"explicit maximum-applications", map[string]string{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90", "root.a.maximum-applications": "9999"}, xmlconf.V3_4, "root.a", 9999, 9999},
		{"3.4: global-queue-max-application capped by maximum-applications", map[string]string{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90", "global-queue-max-application": "20", "maximum-applications": "4"}, xmlconf.V3_4, "root.a", 4, 4},
		{"3.3: global-queue-max-application not capped", map[string]string{"root.queues": "a,b", "root.a.capacity": "10", "root.b.capacity": "90", "global-queue-max-application": "20", "maximum-applications": "4"}, xmlconf.V3_3, "root.a", 20, 20},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e, err := New(build(t, tc.conf, tc.v), nodesOf(1, 8*gb), Options{})
			require.NoError(t, err)
			q := e.byPath[tc.queue]
			assert.Equal(t, tc.maxApps, q.maxApps)
			assert.Equal(t, tc.perUser, q.maxAppsUser)
		})
	}
}

func TestSubmitLimitsMessages(t *testing.T) {
	m := build(t, map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50", "root.a.a1.maximum-applications": "2",
		"root.a.a1.minimum-user-limit-percent": "50", "root.b.state": "STOPPED", "root.a.queues": "a1", "root.a.a1.capacity": "100"}, xmlconf.V3_4)
	e, err := New(m, nodesOf(1, 8*gb), Options{})
	require.NoError(t, err)
	assert.EqualError(t, e.SubmitApp(AppSpec{ID: "x", Queue: "root.c", User: "u"}), "Application x submitted by user u to unknown queue: root.c")
	assert.EqualError(t, e.SubmitApp(AppSpec{ID: "x", Queue: "root.a", User: "u"}), "Application x submitted by user u to non-leaf queue: root.a")
	assert.EqualError(t, e.SubmitApp(AppSpec{ID: "x", Queue: "root.b", User: "u"}), "Queue root.b is STOPPED. Cannot accept submission of application: x")
	require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "a1", User: "u"}), "a unique short leaf name is accepted")
	assert.EqualError(t, e.SubmitApp(AppSpec{ID: "a2", Queue: "root.a.a1", User: "u"}), "Queue root.a.a1 already has 1 applications from user u cannot accept submission of application: a2")
}

// TestBlockedHeadroom: a queue skipped because its request exceeds its
// headroom (QUEUE_LIMIT) blocks that headroom for its later siblings
// (ParentQueue.assignContainersToChildQueues, ResourceLimits net limit).
func TestBlockedHeadroom(t *testing.T) {
	m := build(t, map[string]string{"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50", "root.b.user-limit-factor": "10"}, xmlconf.V3_4)
	e, err := New(m, nodesOf(1, 10*gb), Options{})
	require.NoError(t, err)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "b1", Queue: "root.b", User: "u"}))
	require.NoError(t, e.UpdateAsks("b1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{6 * gb, 1}, Count: 1}}))
	require.Equal(t, AssignAllocated, e.AssignOnce(0).Kind)
	require.NoError(t, e.SubmitApp(AppSpec{ID: "a1", Queue: "root.a", User: "v"}))
	require.NoError(t, e.UpdateAsks("a1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{6 * gb, 1}, Count: 1}}))
	require.NoError(t, e.UpdateAsks("b1", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{gb, 1}, Count: 1}}))
	// a (0 used) goes first; its headroom is 4 GB < 6 GB, so it is skipped
	// for its queue limit and blocks 4 GB: b's limit becomes 10 - 4 = 6 GB,
	// which b already uses.
	assert.Equal(t, AssignNone, e.AssignOnce(0).Kind)
	assert.Equal(t, int64(6*gb), e.byPath["root.b"].used.MemoryMB)
}

// TestUlfOffFrom34 pins the profile gate of ulfDisabled and
// capsUserAtMax: YARN-10531's -1 and the zero-guarantee cap are 3.4's
// (no 3.3.x changelog lists YARN-10531).
func TestUlfOffFrom34(t *testing.T) {
	kv := map[string]string{"root.queues": "a", "root.a.capacity": "100"}
	for _, c := range []struct {
		v    xmlconf.Version
		want bool
	}{{xmlconf.V2_10, false}, {xmlconf.V3_2, false}, {xmlconf.V3_3, false}, {xmlconf.V3_4, true}} {
		e, err := New(build(t, kv, c.v), nodesOf(1, 8*gb), Options{})
		require.NoError(t, err)
		assert.Equal(t, c.want, e.g.ulfOff, "%s", c.v)
	}
}
