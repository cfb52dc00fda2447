package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mixedBase is CapacitySchedulerQueueCalculationTestBase.setUp in
// non-legacy mode (TestMixedQueueResourceCalculation.setUp).
func mixedBase() map[string]string {
	return map[string]string{
		p + "legacy-queue-mode.enabled": "false",
		p + "root.queues":               "a,b",
		p + "root.a.capacity":           "50",
		p + "root.b.capacity":           "50",
		p + "root.a.queues":             "a1,a2",
		p + "root.a.a1.capacity":        "100",
		p + "root.a.a1.queues":          "a11,a12",
		p + "root.a.a1.a11.capacity":    "50",
		p + "root.a.a1.a12.capacity":    "50",
	}
}

// vec is CapacitySchedulerQueueCalculationTestBase.createMemoryVcoresVector.
func vec(mem, vcores string) string { return "[memory=" + mem + ", vcores=" + vcores + "]" }

// mixedUpdate is the test base's UPDATE_RESOURCE.
var mixedUpdate = Resource{MemoryMB: 16384, VCores: 16}

// threeTopQueues is TestMixedQueueResourceCalculation.setQueues.
func threeTopQueues(m map[string]string) {
	m[p+"root.queues"] = "a,b,c"
	m[p+"root.b.queues"] = "b1"
}

// TestQueueResourcesTestMixedQueueResourceCalculation takes the asserted
// effective minimum (and maximum) resources and absolute capacities of
// Hadoop's TestMixedQueueResourceCalculation (default partition).
func TestQueueResourcesTestMixedQueueResourceCalculation(t *testing.T) {
	type want struct {
		min, max Resource
		abs      bool // assert absolute capacity = min memory / cluster memory
	}
	res := func(m, v int64) Resource { return Resource{MemoryMB: m, VCores: v} }
	cases := []struct {
		name string
		conf map[string]string
		want map[string]want
	}{
		{"testComplexHierarchyWithoutRemainingResource", map[string]string{
			"root.a.capacity":        vec("30.0%", "6.0w"),
			"root.a.a1.capacity":     vec("1.0w", "4"),
			"root.a.a1.a11.capacity": vec("35.0%", "25.0%"),
			"root.a.a1.a12.capacity": vec("65.0%", "75.0%"),
			"root.a.a2.capacity":     vec("3.0w", "100.0%"),
			"root.b.capacity":        vec("8095", "30.0%"),
			"root.b.b1.capacity":     vec("5.0w", "3"),
			"root.c.capacity":        vec("3.0w", "4"),
		}, map[string]want{
			"root.a": {min: res(2486, 9), abs: true}, "root.a.a1": {min: res(621, 4), abs: true},
			"root.a.a1.a11": {min: res(217, 1), abs: true}, "root.a.a1.a12": {min: res(403, 3), abs: true},
			"root.a.a2": {min: res(1865, 5), abs: true}, "root.b": {min: res(8095, 3), abs: true},
			"root.b.b1": {min: res(8095, 3), abs: true}, "root.c": {min: res(5803, 4), abs: true},
		}},
		{"testComplexHierarchyWithWarnings", map[string]string{
			"root.a.capacity":        vec("100.0%", "6.0w"),
			"root.a.a1.capacity":     vec("2048", "4"),
			"root.a.a1.a11.capacity": vec("1.0w", "4"),
			"root.a.a1.a12.capacity": vec("100.0%", "100.0%"),
			"root.a.a2.capacity":     vec("2048", "100.0%"),
			"root.b.capacity":        vec("8096", "30.0%"),
			"root.b.b1.capacity":     vec("10256", "3"),
			"root.c.capacity":        vec("3.0w", "4"),
		}, map[string]want{
			"root.a": {min: res(8288, 12), abs: true}, "root.a.a1": {min: res(2048, 4), abs: true},
			"root.a.a2": {min: res(2048, 8), abs: true}, "root.a.a1.a11": {min: res(0, 0), abs: true},
			"root.a.a1.a12": {min: res(2048, 4), abs: true}, "root.b": {min: res(8096, 4), abs: true},
			"root.b.b1": {min: res(8096, 3), abs: true}, "root.c": {min: res(0, 0), abs: true},
		}},
		{"testZeroResourceIfNoMemory", map[string]string{
			"root.a.capacity": vec("100.0%", "6.0w"),
			"root.b.capacity": vec("16384", "8"),
		}, map[string]want{
			"root.a": {min: res(0, 0)}, "root.b": {min: res(16384, 8)},
		}},
		{"testDifferentMinimumAndMaximumCapacityTypes", map[string]string{
			"root.a.capacity":         vec("50.0%", "8"),
			"root.a.maximum-capacity": vec("16384", "80.0%"),
			"root.b.capacity":         vec("6.0w", "100.0%"),
			"root.b.maximum-capacity": vec("16384", "8"),
		}, map[string]want{
			"root.a": {min: res(8192, 8), max: res(16384, 12)},
			"root.b": {min: res(8192, 8), max: res(16384, 8)},
		}},
		{"testMaximumResourceWarnings", map[string]string{
			"root.a.a1.maximum-capacity":     vec("8192", "100.0%"),
			"root.a.a1.a11.capacity":         vec("50.0%", "100.0%"),
			"root.a.a1.a12.capacity":         vec("50.0%", "0.0%"),
			"root.a.a1.a11.maximum-capacity": vec("16384", "10.0%"),
		}, map[string]want{
			"root.a.a1.a11": {min: res(4096, 1), max: res(8192, 1)},
			"root.a.a1.a12": {min: res(4096, 0), max: res(8192, 16)},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			conf := mixedBase()
			if tc.name == "testComplexHierarchyWithoutRemainingResource" || tc.name == "testComplexHierarchyWithWarnings" {
				threeTopQueues(conf)
			}
			for k, v := range tc.conf {
				conf[p+k] = v
			}
			m := buildMap(t, conf, BuildOptions{Cluster: mixedUpdate})
			require.True(t, m.NonLegacyMode())
			eff := QueueResources(m.Root, mixedUpdate, false, false)
			for path, w := range tc.want {
				e, ok := eff[path]
				require.True(t, ok, path)
				assert.Equal(t, w.min, e.Min, "effective min of %s", path)
				if !w.max.IsZero() {
					assert.Equal(t, w.max, e.Max, "effective max of %s", path)
				}
				if w.abs {
					// resourceCalculator.divide(UPDATE_RESOURCE, min, UPDATE_RESOURCE), CSQueueUtils.EPSILON
					want := float64(float32(w.min.MemoryMB) / float32(mixedUpdate.MemoryMB))
					assert.InDelta(t, want, e.AbsCapacity, 1e-4, "absolute capacity of %s", path)
					assert.InDelta(t, want, m.Queue(path).AbsCapacity, 1e-4, "model absolute capacity of %s", path)
				}
			}
		})
	}
}

// TestZeroMemoryVectorIsAZeroCapacity: YARN-11646 (3.4.0 changelog,
// "QueueCapacityConfigParser shouldn't ignore capacity config with 0
// memory") keeps a capacity vector whose memory entry is 0. Its example,
// root.default.capacity=[memory=0, vcores=0] with a maximum of
// [memory=2048, vcores=2], is a queue guaranteed nothing that may still
// use up to its maximum; read as an empty vector (before the fix) no
// calculator would visit it and its maximum would stay 0 too. A maximum
// whose memory entry is 0 caps at 0, which validateCalculatedResources
// turns into the parent's maximum.
func TestZeroMemoryVectorIsAZeroCapacity(t *testing.T) {
	for _, tc := range []struct {
		name, capacity, maximum string
		min, max                Resource
	}{
		{"zero capacity keeps its maximum", vec("0", "0"), vec("2048", "2"), Resource{}, Resource{MemoryMB: 2048, VCores: 2}},
		{"zero memory in a unit", "[memory=0Gi,vcores=0]", vec("2048", "2"), Resource{}, Resource{MemoryMB: 2048, VCores: 2}},
		{"zero memory zeroes vcores", vec("0", "4"), vec("2048", "2"), Resource{}, Resource{MemoryMB: 2048, VCores: 2}},
		{"zero maximum is the parent's", vec("1024", "1"), vec("0", "0"), Resource{MemoryMB: 1024, VCores: 1}, mixedUpdate},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conf := map[string]string{
				p + "legacy-queue-mode.enabled":     "false",
				p + "root.queues":                   "default,b",
				p + "root.default.capacity":         tc.capacity,
				p + "root.default.maximum-capacity": tc.maximum,
				p + "root.b.capacity":               "100w",
			}
			m := buildMap(t, conf, BuildOptions{Cluster: mixedUpdate})
			q := m.Queue("root.default")
			require.NotNil(t, q)
			assert.False(t, q.EmptyCapacity(), "YARN-11646: a memory entry of 0 is not an empty vector")
			eff := QueueResources(m.Root, mixedUpdate, false, false)["root.default"]
			assert.Equal(t, tc.min, eff.Min, "effective minimum")
			assert.Equal(t, tc.max, eff.Max, "effective maximum")
		})
	}
}

// TestVectorWithoutMemoryReadsMemoryZero: YARN-11646 removed
// QueueCapacityConfigParser.heterogeneousParser's "Memory always have to
// be defined" check, and the vector it fills starts as
// QueueCapacityVector.newInstance() (every resource absolute 0), so in
// Hadoop 3.4 [vcores=4] is memory absolute 0 and vcores absolute 4, as
// [memory=0,vcores=4] is: not an empty vector. The queue is guaranteed
// nothing (its memory is 0) and keeps its maximum; as a maximum,
// [vcores=8] leaves memory at the parent's and caps vcores at 8.
func TestVectorWithoutMemoryReadsMemoryZero(t *testing.T) {
	for _, tc := range []struct {
		name, capacity, maximum string
		min, max                Resource
	}{
		{"capacity without memory", "[vcores=4]", vec("2048", "2"), Resource{}, Resource{MemoryMB: 2048, VCores: 2}},
		{"capacity without memory, unset maximum", "[vcores=50%]", "", Resource{}, mixedUpdate},
		{"maximum without memory", vec("1024", "1"), "[vcores=8]", Resource{MemoryMB: 1024, VCores: 1}, Resource{MemoryMB: mixedUpdate.MemoryMB, VCores: 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conf := map[string]string{
				p + "legacy-queue-mode.enabled": "false",
				p + "root.queues":               "default,b",
				p + "root.default.capacity":     tc.capacity,
				p + "root.b.capacity":           "100w",
			}
			if tc.maximum != "" {
				conf[p+"root.default.maximum-capacity"] = tc.maximum
			}
			m := buildMap(t, conf, BuildOptions{Cluster: mixedUpdate})
			q := m.Queue("root.default")
			require.NotNil(t, q)
			assert.False(t, q.EmptyCapacity(), "YARN-11646: a vector without memory is kept")
			eff := QueueResources(m.Root, mixedUpdate, false, false)["root.default"]
			assert.Equal(t, tc.min, eff.Min, "effective minimum")
			assert.Equal(t, tc.max, eff.Max, "effective maximum")
		})
	}
}

// FuzzQueueResources: any capacity texts in non-legacy mode compute
// without a panic, and no effective minimum is negative or exceeds the
// cluster.
func FuzzQueueResources(f *testing.F) {
	f.Add("[memory=30%,vcores=6w]", "[memory=8095,vcores=30%]", "3w", "[memory=100%,vcores=2w]")
	f.Add("50", "[memory=1e40w,vcores=NaN]", "[memory=-5,vcores=0%]", "")
	f.Fuzz(func(t *testing.T, a, b, c, maxA string) {
		conf := map[string]string{p + "legacy-queue-mode.enabled": "false", p + "root.queues": "a,b,c",
			p + "root.a.capacity": a, p + "root.b.capacity": b, p + "root.c.capacity": c, p + "root.a.maximum-capacity": maxA}
		m := buildMap(t, conf, BuildOptions{Cluster: mixedUpdate})
		for path, e := range QueueResources(m.Root, mixedUpdate, true, false) {
			if e.Min.MemoryMB < 0 || e.Min.VCores < 0 || e.Min.MemoryMB > mixedUpdate.MemoryMB || e.Min.VCores > mixedUpdate.VCores {
				t.Fatalf("%s: effective minimum %v outside the cluster %v", path, e.Min, mixedUpdate)
			}
		}
	})
}

// TestNonLegacyUnsetMaximumIsTheParentsExactly: in non-legacy mode an
// unset maximum-capacity, and -1, are QueueCapacityVector.newInstance
// (absolute 0 for every resource): QueueCapacityConfigParser.parse gives
// an empty vector for null and for "-1" (neither RESOURCE_REGEX nor
// UNIFORM_REGEX "^([0-9.]+)(.*)" matches a leading "-"), and
// CapacitySchedulerConfiguration.parseConfiguredMaximumCapacityVector puts
// its defaultVector in the place of an empty one. The absolute calculator
// returns that 0 and ResourceCalculationDriver.validateCalculatedResources
// turns it into the parent's maximum exactly, not into 100% of it through
// the percentage calculator's floating-point product, which floors 704 MB
// of a 1006 MB cluster to 703. Other negatives ("-5") and texts getFloat
// reads but the parser does not ("1e2") go the same way.
func TestNonLegacyUnsetMaximumIsTheParentsExactly(t *testing.T) {
	cluster := Resource{MemoryMB: 1006, VCores: 10}
	for _, max := range []string{"", "-1", " -1", "-5", "1e2"} {
		t.Run(max, func(t *testing.T) {
			conf := map[string]string{
				p + "legacy-queue-mode.enabled": "false",
				p + "root.queues":               "a,b",
				p + "root.a.capacity":           "50",
				p + "root.a.maximum-capacity":   "70",
				p + "root.b.capacity":           "50",
				p + "root.a.queues":             "a1",
				p + "root.a.a1.capacity":        "100",
			}
			if max != "" {
				conf[p+"root.a.a1.maximum-capacity"] = max
			}
			m := buildMap(t, conf, BuildOptions{Cluster: cluster})
			eff := QueueResources(m.Root, cluster, false, false)
			require.Equal(t, int64(704), eff["root.a"].Max.MemoryMB, "floor(1006 × 70%)")
			assert.Equal(t, eff["root.a"].Max, eff["root.a.a1"].Max, "the parent's maximum, exactly")
		})
	}
}
