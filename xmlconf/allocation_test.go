package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestQueueMaximumAllocationKeys: the resource string sets every type (0
// where it names none) and wins over the -mb key; the -mb/-vcores keys
// replace one component of the inherited maximum
// (QueueAllocationSettings.setupMaximumAllocation,
// ResourceUtils.createResourceFromString).
func TestQueueMaximumAllocationKeys(t *testing.T) {
	m := buildMap(t, map[string]string{
		"yarn.scheduler.maximum-allocation-mb":     "16384",
		"yarn.scheduler.maximum-allocation-vcores": "16",
		p + "root.queues":                          "a,b",
		p + "root.a.capacity":                      "50",
		p + "root.b.capacity":                      "50",
		p + "root.a.maximum-allocation-mb":         "8192",
		p + "root.b.maximum-allocation":            "memory-mb=4096,vcores=2",
		p + "root.b.maximum-allocation-mb":         "1024",
		p + "root.b.queues":                        "b1,b2",
		p + "root.b.b1.capacity":                   "50",
		p + "root.b.b2.capacity":                   "50",
		p + "root.b.b1.maximum-allocation":         "memory-mb=2048",
		p + "root.b.b2.maximum-allocation-vcores":  "1",
	}, BuildOptions{})
	want := map[string]Resource{
		"root.a":    {MemoryMB: 8192, VCores: 16},
		"root.b":    {MemoryMB: 4096, VCores: 2},
		"root.b.b1": {MemoryMB: 2048, VCores: 0},
		"root.b.b2": {MemoryMB: 4096, VCores: 1},
	}
	for path, w := range want {
		assert.Equal(t, w, m.Queue(path).MaxAllocation.V, path)
	}
}

// TestQueueMaximumAllocationPerProfile: an unset maximum-allocation-mb/
// -vcores is the parent's from 3.3 (YARN-9116, AbstractCSQueue#
// setupMaximumAllocation; 3.4 QueueAllocationSettings) but the cluster's
// before it (CapacitySchedulerConfiguration#getMaximumAllocationPerQueue),
// where the maximum-allocation resource string is not read at all. A
// written -1 is UNDEFINED, so unset, on every profile.
func TestQueueMaximumAllocationPerProfile(t *testing.T) {
	conf := map[string]string{
		"yarn.scheduler.maximum-allocation-mb":     "16384",
		"yarn.scheduler.maximum-allocation-vcores": "16",
		p + "root.queues":                          "a,b",
		p + "root.a.capacity":                      "50",
		p + "root.b.capacity":                      "50",
		p + "root.a.maximum-allocation-mb":         "8192",
		p + "root.a.maximum-allocation-vcores":     "8",
		p + "root.a.queues":                        "a1,a2",
		p + "root.a.a1.capacity":                   "50",
		p + "root.a.a2.capacity":                   "50",
		p + "root.a.a2.maximum-allocation-vcores":  "2",
		p + "root.a.a2.maximum-allocation-mb":      "-1",
		p + "root.b.maximum-allocation":            "memory-mb=4096,vcores=2",
	}
	cluster := Resource{MemoryMB: 16384, VCores: 16}
	parent := Resource{MemoryMB: 8192, VCores: 8}
	for _, tc := range []struct {
		v         Version
		a1, a2, b Resource
		bRead     bool // maximum-allocation read
	}{
		{V2_7, cluster, Resource{MemoryMB: 16384, VCores: 2}, cluster, false},
		{V2_10, cluster, Resource{MemoryMB: 16384, VCores: 2}, cluster, false},
		{V3_1, cluster, Resource{MemoryMB: 16384, VCores: 2}, cluster, false},
		{V3_2, cluster, Resource{MemoryMB: 16384, VCores: 2}, cluster, false},
		{V3_3, parent, Resource{MemoryMB: 8192, VCores: 2}, Resource{MemoryMB: 4096, VCores: 2}, true},
		{V3_4, parent, Resource{MemoryMB: 8192, VCores: 2}, Resource{MemoryMB: 4096, VCores: 2}, true},
	} {
		m := buildMap(t, conf, BuildOptions{Version: tc.v})
		assert.Equal(t, parent, m.Queue("root.a").MaxAllocation.V, tc.v.String())
		assert.Equal(t, tc.a1, m.Queue("root.a.a1").MaxAllocation.V, "%s root.a.a1", tc.v)
		assert.Equal(t, tc.a2, m.Queue("root.a.a2").MaxAllocation.V, "%s root.a.a2", tc.v)
		assert.Equal(t, tc.b, m.Queue("root.b").MaxAllocation.V, "%s root.b", tc.v)
		assert.NotEqual(t, FromQueue, m.Queue("root.a.a1").MaxAllocation.Origin, tc.v.String())
		assert.Equal(t, tc.bRead, m.Queue("root.b").MaxAllocation.Origin == FromQueue, "%s root.b origin", tc.v)
	}
}
