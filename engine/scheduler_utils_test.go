package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSchedulerUtilsNormalizeRequest reproduces TestSchedulerUtils'
// testNormalizeRequest and testNormalizeRequestWithDominantResourceCalculator:
// SchedulerUtils.normalizeRequest is the calculator's normalize stepping
// by the minimum allocation, which normalizeAsk calls once a request has
// passed validation (so the engine never normalizes the negative asks or
// those above the maximum the test hands the method alone).
func TestSchedulerUtilsNormalizeRequest(t *testing.T) {
	t.Run("testNormalizeRequest", func(t *testing.T) {
		c := calc{}
		mn, mx := Resource{1024, 0}, Resource{8192, 0}
		for _, tc := range []struct {
			name       string
			ask, max   Resource
			wantMemory int64
		}{
			{"negative memory", Resource{-1024, 1}, mx, 1024},
			{"zero memory", Resource{0, 0}, mx, 1024},
			{"a multiple of the minimum", Resource{2048, 1}, mx, 2048},
			{"not a multiple of the minimum", Resource{1024 + 10, 1}, mx, 2048},
			{"the maximum", Resource{8192, 1}, mx, 8192},
			{"just less than the maximum", Resource{8192 - 10, 1}, mx, 8192},
			{"a maximum not a multiple of the minimum", Resource{8192 - 100, 1}, Resource{8192 - 10, 0}, 8192 - 10},
			{"more than the maximum", Resource{8192 + 100, 1}, mx, 8192},
		} {
			assert.Equal(t, tc.wantMemory, c.normalize(tc.ask, mn, tc.max, mn).MemoryMB, tc.name)
		}
	})
	t.Run("testNormalizeRequestWithDominantResourceCalculator", func(t *testing.T) {
		c := calc{drf: true, cluster: Resource{10 * 1024, 10}}
		mn, mx := Resource{1024, 1}, Resource{10240, 10}
		assert.Equal(t, mn, c.normalize(Resource{-1024, -1}, mn, mx, mn), "negative memory and vcores")
		assert.Equal(t, mn, c.normalize(Resource{0, 0}, mn, mx, mn), "zero memory and vcores")
		assert.Equal(t, Resource{2048, 1}, c.normalize(Resource{1536, 0}, mn, mx, mn), "memory without vcores")
	})
}
