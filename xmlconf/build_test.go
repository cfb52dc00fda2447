package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const p = Prefix

func buildMap(t *testing.T, m map[string]string, opts BuildOptions) *Model {
	t.Helper()
	return Build(FromMap(m, "test.xml"), opts)
}

// seedsExample is the engineering/support/marketing hierarchy of the seed
// documents (Hortonworks "Capacity Scheduler" resource distribution).
func seedsExample() map[string]string {
	return map[string]string{
		p + "root.queues":                           "engineering,support,marketing",
		p + "root.engineering.capacity":             "60",
		p + "root.support.capacity":                 "10",
		p + "root.marketing.capacity":               "30",
		p + "root.engineering.queues":               "development,qa",
		p + "root.engineering.development.capacity": "20",
		p + "root.engineering.qa.capacity":          "80",
	}
}

func TestBuildSeedsExampleAbsoluteCapacities(t *testing.T) {
	m := buildMap(t, seedsExample(), BuildOptions{Cluster: Resource{MemoryMB: 1000 * 1024}})
	require.NotNil(t, m.Queue("root.engineering.development"))
	want := map[string]float64{
		"root": 1, "root.engineering": 0.6, "root.support": 0.1, "root.marketing": 0.3,
		"root.engineering.development": 0.12, "root.engineering.qa": 0.48,
	}
	for path, abs := range want {
		q := m.Queue(path)
		require.NotNil(t, q, path)
		assert.InDelta(t, abs, q.AbsCapacity, 1e-6, path)
		assert.InDelta(t, 1.0, q.AbsMaxCapacity, 1e-6, path)
	}
	var paths []string
	for _, q := range m.Queues {
		paths = append(paths, q.Path)
	}
	assert.Equal(t, []string{"root", "root.engineering", "root.engineering.development", "root.engineering.qa", "root.support", "root.marketing"}, paths)
	assert.True(t, m.Queue("root.engineering.qa").IsLeaf())
	assert.False(t, m.Queue("root.engineering").IsLeaf())
}

// CSQueueUtils.computeAbsoluteMaximumCapacity: max × parent's absolute
// maximum, so development max 40 under engineering (max 100) is 40% of the
// cluster, not 40% of engineering's 60%.
func TestBuildAbsoluteMaximumUsesParentMaximum(t *testing.T) {
	m := seedsExample()
	m[p+"root.engineering.development.maximum-capacity"] = "40"
	model := buildMap(t, m, BuildOptions{})
	assert.InDelta(t, 0.4, model.Queue("root.engineering.development").AbsMaxCapacity, 1e-6)

	m[p+"root.engineering.maximum-capacity"] = "60"
	model = buildMap(t, m, BuildOptions{})
	assert.InDelta(t, 0.24, model.Queue("root.engineering.development").AbsMaxCapacity, 1e-6)
}

func TestBuildCapacityModes(t *testing.T) {
	cases := []struct {
		name, raw string
		version   Version
		mode      CapacityMode
	}{
		{"percent", "12.5", V3_4, ModePercent},
		{"java float suffix", "50f", V3_4, ModePercent},
		{"weight", "2.5w", V3_4, ModeWeight},
		{"weight before 3.4 is a number error", "2w", V3_3, ModeInvalid},
		{"weight with leading space falls to parseFloat", " 2w", V3_4, ModeInvalid},
		{"absolute", "[memory=10240,vcores=12]", V3_4, ModeAbsolute},
		{"absolute before 3.1", "[memory=10240,vcores=12]", V2_10, ModeInvalid},
		{"absolute with trailing space", "[memory=1024] ", V3_4, ModeInvalid},
		{"vector", "[memory=50%,vcores=2w]", V3_4, ModeVector},
		{"percent sign", "50%", V3_4, ModeInvalid},
		{"w alone", "w", V3_4, ModeInvalid},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := buildMap(t, map[string]string{p + "root.queues": "a", p + "root.a.capacity": tc.raw}, BuildOptions{Version: tc.version})
			c := m.Queue("root.a").Capacity
			assert.Equal(t, tc.mode, c.Mode, c.Err)
		})
	}
}

func TestBuildAbsoluteUnits(t *testing.T) {
	m := buildMap(t, map[string]string{p + "root.queues": "a", p + "root.a.capacity": "[memory=1Gi,vcores=2]", p + "root.a.maximum-capacity": "[memory=1G,vcores=4]"}, BuildOptions{})
	q := m.Queue("root.a")
	assert.Equal(t, int64(1024), q.ConfiguredMin.MemoryMB)
	assert.Equal(t, int64(2), q.ConfiguredMin.VCores)
	assert.Equal(t, int64(953), q.ConfiguredMax.MemoryMB, "1G is 10^9 bytes: 953 MiB")

	m = buildMap(t, map[string]string{p + "root.queues": "a", p + "root.a.capacity": "[memory=1.5Gi]"}, BuildOptions{})
	assert.Equal(t, ModeInvalid, m.Queue("root.a").Capacity.Mode, "Long.valueOf rejects decimals")
}

func TestBuildWeightsNormalize(t *testing.T) {
	m := buildMap(t, map[string]string{p + "root.queues": "a,b", p + "root.a.capacity": "1w", p + "root.b.capacity": "3w"}, BuildOptions{})
	assert.InDelta(t, 0.25, m.Queue("root.a").AbsCapacity, 1e-6)
	assert.InDelta(t, 0.75, m.Queue("root.b").AbsCapacity, 1e-6)
}

func TestBuildChildNamesLikeGetQueues(t *testing.T) {
	m := buildMap(t, map[string]string{p + "root.queues": "a, ,b,,a"}, BuildOptions{})
	root := m.Root
	assert.Equal(t, []string{"a", "", "b", "a"}, root.ChildNames, "empty tokens dropped, blank ones kept trimmed")
	assert.Len(t, root.Children, 3)
}

// CapacitySchedulerConfiguration.getAppOrderingPolicy maps an alias to
// its class and loads the class, so a built-in class name is that policy.
func TestBuildAppOrderingPolicyClassNames(t *testing.T) {
	const pkg = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy."
	m := buildMap(t, map[string]string{p + "root.queues": "a,b,c,d", p + "root.a.ordering-policy": pkg + "FairOrderingPolicy",
		p + "root.b.ordering-policy": " " + pkg + "FifoOrderingPolicyWithExclusivePartitions ", p + "root.c.ordering-policy": "com.example.Mine",
		p + "root.d.ordering-policy": pkg + "FifoOrderingPolicy"}, BuildOptions{})
	assert.Equal(t, "fair", m.Queue("root.a").OrderingPolicy.V)
	assert.Equal(t, "fifo-with-partitions", m.Queue("root.b").OrderingPolicy.V)
	assert.Equal(t, "com.example.Mine", m.Queue("root.c").OrderingPolicy.V, "a class capq does not know stays as named")
	assert.Equal(t, "fifo", m.Queue("root.d").OrderingPolicy.V)
}

func TestBuildStateInheritance(t *testing.T) {
	m := buildMap(t, map[string]string{
		p + "root.queues": "a,b", p + "root.a.queues": "a1", p + "root.a.state": "stopped",
		p + "root.b.state": " RUNNING",
	}, BuildOptions{})
	assert.Equal(t, StateStopped, m.Queue("root.a").State.V, "state is upper-cased")
	assert.Equal(t, StateStopped, m.Queue("root.a.a1").State.V, "unset state inherits the parent's")
	assert.Equal(t, FromParent, m.Queue("root.a.a1").State.Origin)
	assert.Contains(t, m.Queue("root.b").ConfiguredState.Err, "No enum constant", "state is not trimmed")
	assert.Equal(t, StateRunning, m.Root.State.V)
}

// TestBuildStateInheritancePerProfile: a child without a state key takes
// its parent's state from 2.9 on (YARN-5746: AbstractCSQueue#
// initializeQueueState; the 2.10 profile and every 3.x), while 2.7's
// setupQueueConfigs reads CapacitySchedulerConfiguration#getState, RUNNING
// when unset (TestQueueState#testQueueState asserts both children STOPPED
// after stopping q1 on the newer lines).
func TestBuildStateInheritancePerProfile(t *testing.T) {
	conf := map[string]string{
		p + "root.queues": "q1", p + "root.q1.queues": "q2", p + "root.q1.state": "STOPPED",
		p + "root.q1.q2.queues": "q3",
	}
	for _, tc := range []struct {
		v      Version
		child  QueueState
		origin Origin
	}{
		{V2_7, StateRunning, FromDefault},
		{V2_10, StateStopped, FromParent},
		{V3_1, StateStopped, FromParent},
		{V3_2, StateStopped, FromParent},
		{V3_3, StateStopped, FromParent},
		{V3_4, StateStopped, FromParent},
	} {
		m := buildMap(t, conf, BuildOptions{Version: tc.v})
		assert.Equal(t, StateStopped, m.Queue("root.q1").State.V, tc.v.String())
		for _, path := range []string{"root.q1.q2", "root.q1.q2.q3"} {
			assert.Equal(t, tc.child, m.Queue(path).State.V, "%s %s", tc.v, path)
			assert.Equal(t, tc.origin, m.Queue(path).State.Origin, "%s %s", tc.v, path)
		}
	}
}

func TestBuildUserLimitsAndMaxApplications(t *testing.T) {
	// TestApplicationLimits: maximum-applications 10000 × absolute capacity.
	m := buildMap(t, map[string]string{
		p + "root.queues": "a,b", p + "root.a.capacity": "10", p + "root.b.capacity": "90",
		p + "root.a.minimum-user-limit-percent": "50", p + "root.a.user-limit-factor": "2",
	}, BuildOptions{})
	a := m.Queue("root.a")
	assert.Equal(t, int32(1000), a.EffectiveMaxApplications)
	assert.Equal(t, int32(1000), a.MaxApplicationsPerUser, "min(max, max × 50% × 2)")
	b := m.Queue("root.b")
	assert.Equal(t, int32(9000), b.EffectiveMaxApplications)
	assert.Equal(t, int32(9000), b.MaxApplicationsPerUser)
	assert.Equal(t, FromDefault, b.MinUserLimitPercent.Origin)
}

// TestBuildMaxApplicationsPerUserFactorMinusOne: 3.4's
// updateMaxAppsPerUser leaves the per-user maximum at the queue's for a
// factor of -1; the 3.3 and 2.7 LeafQueue.setupQueueConfigs multiply by
// it, (int)(1000 × 50% × -1), so every submission is refused.
func TestBuildMaxApplicationsPerUserFactorMinusOne(t *testing.T) {
	m := map[string]string{
		p + "root.queues": "a,b", p + "root.a.capacity": "10", p + "root.b.capacity": "90",
		p + "root.a.minimum-user-limit-percent": "50", p + "root.a.user-limit-factor": "-1",
	}
	for _, tc := range []struct {
		v    Version
		want int32
	}{{V3_4, 1000}, {V3_3, -500}, {V2_7, -500}} {
		assert.Equal(t, tc.want, buildMap(t, m, BuildOptions{Version: tc.v}).Queue("root.a").MaxApplicationsPerUser, tc.v.String())
	}
	m[p+"root.a.user-limit-factor"] = "-2"
	assert.Equal(t, int32(-1000), buildMap(t, m, BuildOptions{Version: V3_4}).Queue("root.a").MaxApplicationsPerUser,
		"3.4 tests for exactly -1; -2 is a factor")
}

func TestBuildGlobalUserLimitDefaultsOnlyFrom34(t *testing.T) {
	m := map[string]string{p + "root.queues": "a", p + "root.a.capacity": "100", p + "user-limit-factor": "3"}
	assert.Equal(t, float32(3), buildMap(t, m, BuildOptions{Version: V3_4}).Queue("root.a").UserLimitFactor.V)
	assert.Equal(t, float32(1), buildMap(t, m, BuildOptions{Version: V3_3}).Queue("root.a").UserLimitFactor.V)
}

func TestBuildACLs(t *testing.T) {
	m := buildMap(t, map[string]string{p + "root.queues": "a", p + "root.a.acl_submit_applications": "alice,bob admins"}, BuildOptions{})
	assert.True(t, m.Root.SubmitACL.V.All, "root defaults to *")
	a := m.Queue("root.a").SubmitACL.V
	assert.Equal(t, []string{"alice", "bob"}, a.Users)
	assert.Equal(t, []string{"admins"}, a.Groups)
	assert.True(t, m.Queue("root.a").AdminACL.V.Nobody(), "non-root default is a single space: nobody")
}

func TestBuildOrphansAndProps(t *testing.T) {
	m := buildMap(t, map[string]string{
		p + "root.queues": "a", p + "root.a.capacity": "100",
		p + "root.b.capacity": "5", p + "root.a.x.capacity": "5",
		p + "root.a.accessible-node-labels.gpu.capacity": "100",
	}, BuildOptions{})
	var orphans []string
	for _, o := range m.Orphans {
		orphans = append(orphans, o.Name)
	}
	assert.ElementsMatch(t, []string{p + "root.b.capacity", p + "root.a.x.capacity"}, orphans)
	assert.Contains(t, m.Queue("root.a").Props, "accessible-node-labels.gpu.capacity")
	require.Len(t, m.Queue("root.a").Labels, 1)
	assert.Equal(t, "gpu", m.Queue("root.a").Labels[0].Label)
}

// TestBuildDefaultLabelInheritance: AbstractCSQueue#setupQueueConfigs
// inherits the parent's default-node-label-expression only when the
// queue's accessible labels contain all of the parent's (Set.containsAll,
// "*" an element like any other).
func TestBuildDefaultLabelInheritance(t *testing.T) {
	m := buildMap(t, map[string]string{
		p + "root.queues": "a,b", p + "root.a.capacity": "50", p + "root.b.capacity": "50",
		p + "root.default-node-label-expression": "x",
		p + "root.a.queues":                      "same,wider,narrower", p + "root.a.accessible-node-labels": "gpu",
		p + "root.a.default-node-label-expression": "gpu",
		p + "root.a.same.capacity":                 "40", p + "root.a.wider.capacity": "30", p + "root.a.narrower.capacity": "30",
		p + "root.a.wider.accessible-node-labels": "gpu,ssd", p + "root.a.narrower.accessible-node-labels": "ssd",
		p + "root.b.accessible-node-labels": "gpu",
	}, BuildOptions{})
	for path, want := range map[string]string{
		"root.a": "gpu", "root.a.same": "gpu", "root.a.wider": "gpu", "root.a.narrower": "",
		"root.b": "", // {gpu} does not contain root's {*}
	} {
		assert.Equal(t, want, m.Queue(path).DefaultLabelExpr.V, path)
	}
}

func TestBuildMaxAllocationInheritance(t *testing.T) {
	m := buildMap(t, map[string]string{
		p + "root.queues": "a", p + "root.a.queues": "a1", p + "root.a.maximum-allocation-mb": "4096",
		"yarn.scheduler.maximum-allocation-mb": "16384",
	}, BuildOptions{})
	assert.Equal(t, int64(16384), m.Root.MaxAllocation.V.MemoryMB)
	assert.Equal(t, int64(4096), m.Queue("root.a.a1").MaxAllocation.V.MemoryMB)
	assert.Equal(t, FromParent, m.Queue("root.a.a1").MaxAllocation.Origin)
}

func TestBuildDynamicParent(t *testing.T) {
	m := buildMap(t, map[string]string{p + "root.queues": "a", p + "root.a.auto-queue-creation-v2.enabled": "true"}, BuildOptions{})
	assert.False(t, m.Queue("root.a").IsLeaf())
	m = buildMap(t, map[string]string{p + "root.queues": "a", p + "root.a.auto-queue-creation-v2.enabled": "true"}, BuildOptions{Version: V3_3})
	assert.True(t, m.Queue("root.a").IsLeaf())
}

func TestParseResourceFlag(t *testing.T) {
	r, err := ParseResourceFlag("memory=1000g,vcores=1000")
	require.NoError(t, err)
	assert.Equal(t, Resource{MemoryMB: 1024000, VCores: 1000}, r)
	r, err = ParseResourceFlag("memory-mb=2048")
	require.NoError(t, err)
	assert.Equal(t, int64(2048), r.MemoryMB)
	for _, bad := range []string{"", "memory", "memory=lots", "vcores=-1", "memory=1g,vcores=x"} {
		_, err := ParseResourceFlag(bad)
		assert.Error(t, err, bad)
	}
	r, err = ParseResourceFlag("memory=1048576p,vcores=1125899906842624,gpu=1125899906842624")
	require.NoError(t, err)
	assert.Equal(t, int64(MaxClusterResource), r.MemoryMB)
	assert.Equal(t, int64(MaxClusterResource), r.VCores)
}

// A cluster size whose MB (or count) overflows int64, or nears it, is
// refused: it printed negative memory in capq tree.
func TestParseResourceFlagOutOfRange(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"memory=9223372036854775807p", `memory "9223372036854775807p" is out of range, want at most 1048576p (1125899906842624 MB)`},
		{"memory=9223372036854775807", `memory "9223372036854775807" is out of range`},
		{"memory=1e300", `memory "1e300" is out of range`},
		{"memory=1048577p", `memory "1048577p" is out of range`},
		{"memory=1g,vcores=9223372036854775807", `vcores "9223372036854775807" is out of range, want at most 1125899906842624`},
		{"memory=1g,gpu=1125899906842625", `gpu "1125899906842625" is out of range, want at most 1125899906842624`},
	} {
		t.Run(c.in, func(t *testing.T) {
			_, err := ParseResourceFlag(c.in)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// Keys that only look like auto-creation switches must not confuse (or
// crash) the builder: there is no queue path before the suffix.
func TestBuildOddAutoCreateKeys(t *testing.T) {
	m := buildMap(t, map[string]string{
		p + "root.queues":                              "a",
		p + "rootauto-create-child-queue.enabled":      "true",
		p + "root.auto-queue-creation-v2.enabled":      "true",
		p + "root.a.x.auto-create-child-queue.enabled": "true",
	}, BuildOptions{})
	assert.True(t, m.Queue("root.a").IsLeaf())
	assert.Len(t, m.Orphans, 2)
}

// TestMaxCapacityReadings: the note (CS107, capq tree) is due only when
// the two readings print differently.
func TestMaxCapacityReadings(t *testing.T) {
	for _, tc := range []struct {
		name, engMax string
		due          bool
	}{
		{"parent max above capacity", "100", true},
		{"parent max equals capacity", "50", false},
		{"readings round the same", "50.001", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := FromMap(map[string]string{
				Prefix + "root.queues": "eng,ops", Prefix + "root.eng.capacity": "50", Prefix + "root.ops.capacity": "50",
				Prefix + "root.eng.maximum-capacity": tc.engMax, Prefix + "root.eng.queues": "dev",
				Prefix + "root.eng.dev.capacity": "100", Prefix + "root.eng.dev.maximum-capacity": "10",
			}, "x")
			m := Build(c, BuildOptions{Version: V3_4})
			_, _, due := MaxCapacityReadings(m.Queue("root.eng.dev"))
			assert.Equal(t, tc.due, due)
		})
	}
}

// SchedulingMonitorManager runs the policies the monitor lists, by class
// name; with none listed, ProportionalCapacityPreemptionPolicy alone, and
// nothing while the monitor is off.
func TestMonitorRuns(t *testing.T) {
	const del = "AutoCreatedQueueDeletionPolicy"
	for _, c := range []struct {
		kv        map[string]string
		pcpp, del bool
	}{
		{map[string]string{}, false, false},
		{map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true"}, true, false},
		{map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"yarn.resourcemanager.scheduler.monitor.policies": " org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy "}, false, true},
		{map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"yarn.resourcemanager.scheduler.monitor.policies": "com.example.MyAutoCreatedQueueDeletionPolicyWrapper"}, false, false},
		{map[string]string{"yarn.resourcemanager.scheduler.monitor.policies": "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AutoCreatedQueueDeletionPolicy"}, false, false},
		// Class.forName needs the package: a bare name or another
		// package is not the built-in class.
		{map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"yarn.resourcemanager.scheduler.monitor.policies": "ProportionalCapacityPreemptionPolicy,AutoCreatedQueueDeletionPolicy"}, false, false},
		{map[string]string{"yarn.resourcemanager.scheduler.monitor.enable": "true",
			"yarn.resourcemanager.scheduler.monitor.policies": "com.example.ProportionalCapacityPreemptionPolicy,org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.AutoCreatedQueueDeletionPolicy"}, false, false},
	} {
		kv := map[string]string{p + "root.queues": "a"}
		for k, v := range c.kv {
			kv[k] = v
		}
		g := buildMap(t, kv, BuildOptions{}).Global
		assert.Equal(t, c.pcpp, g.MonitorRuns("ProportionalCapacityPreemptionPolicy"), "%v", c.kv)
		assert.Equal(t, c.pcpp, g.Preemption.Enabled.V, "%v", c.kv)
		assert.Equal(t, c.del, g.MonitorRuns(del), "%v", c.kv)
	}
}

// A resource named twice in a cluster size is refused, as a repeated
// flag is: "memory=1g,memory=2g" silently took the last.
func TestParseResourceFlagTwice(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"memory=1g,memory=2g,vcores=1", `memory is given twice ("memory=1g" and "memory=2g")`},
		{"memory=1g,mem=2g", `memory is given twice ("memory=1g" and "mem=2g")`},
		{"memory=1g,cpu=1,vcores=2", `vcores is given twice ("cpu=1" and "vcores=2")`},
		{"memory=1g,gpu=1,GPU=2", `gpu is given twice ("gpu=1" and "GPU=2")`},
	} {
		_, err := ParseResourceFlag(c.in)
		assert.ErrorContains(t, err, c.want, c.in)
	}
}

// getAppOrderingPolicy compares policyType.trim() and getQueueOrderingPolicy
// trims with String.trim, which strips chars <= U+0020 only: a no-break
// space stays part of the value (no alias; CS056), where ASCII white space
// goes.
func TestBuildOrderingPolicyJavaTrimmed(t *testing.T) {
	m := buildMap(t, map[string]string{p + "root.queues": "a,b", p + "root.a.ordering-policy": "\tfair \n",
		p + "root.b.ordering-policy": "fair\u00a0", p + "root.b.queues": "c", p + "root.ordering-policy": "\u2003utilization"}, BuildOptions{})
	assert.Equal(t, "fair", m.Queue("root.a").OrderingPolicy.V)
	assert.Equal(t, "fair\u00a0", m.Queue("root.b").OrderingPolicy.V)
	assert.Equal(t, "\u2003utilization", m.Root.OrderingPolicy.V)
	assert.Equal(t, "fair", AppPolicyAlias(" fair\r"))
	assert.Equal(t, "fair\u00a0", AppPolicyAlias("fair\u00a0"))
}
