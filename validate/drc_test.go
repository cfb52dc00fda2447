package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestDRCLess checks drcLess against DominantResourceCalculator.compare:
// shares sorted and compared from the largest down, GPUs counted when the
// cluster has them, skipped when it has none.
func TestDRCLess(t *testing.T) {
	gpu := func(mem, vc, g int64) xmlconf.Resource {
		return xmlconf.Resource{MemoryMB: mem, VCores: vc, Other: map[string]int64{"yarn.io/gpu": g}}
	}
	cluster := gpu(49152, 30, 6)
	noGPU := xmlconf.Resource{MemoryMB: 49152, VCores: 30}
	for _, tc := range []struct {
		name    string
		a, b    xmlconf.Resource
		cluster xmlconf.Resource
		less    bool
	}{
		{"gpu share decides", gpu(16384, 10, 4), gpu(16384, 10, 50), cluster, true},
		{"gpu share decides, reversed", gpu(16384, 10, 50), gpu(16384, 10, 4), cluster, false},
		{"cluster without gpus skips them", gpu(16384, 10, 4), gpu(16384, 10, 50), noGPU, false},
		{"equal dominant shares, the next share decides", xmlconf.Resource{MemoryMB: 16384, VCores: 5}, xmlconf.Resource{MemoryMB: 16384, VCores: 10}, noGPU, true},
		{"dominant share first", xmlconf.Resource{MemoryMB: 8192, VCores: 20}, xmlconf.Resource{MemoryMB: 40960, VCores: 1}, noGPU, true},
		{"equal", gpu(1024, 1, 1), gpu(1024, 1, 1), cluster, false},
	} {
		assert.Equal(t, tc.less, drcLess(tc.a, tc.b, tc.cluster), tc.name)
	}
}
