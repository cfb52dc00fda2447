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
