package xmlconf

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Share truncates like Hadoop's (long)(resource * absoluteCapacity) with
// a float capacity: 12% of 1000 GB is 122880 MB, and 49.99% of 1000 MB
// is 499 MB, not 500.
func TestShare(t *testing.T) {
	cases := []struct {
		total int64
		abs   float64
		want  int64
	}{
		{1024000, 0.12, 122880},
		{1000, 0.4999, 499},
		{1000, 0, 0},
		{1000, 1, 1000},
		// Java's cast: NaN is 0, infinite or huge saturates.
		{102400, math.NaN(), 0},
		{102400, math.Inf(1), math.MaxInt64},
		{102400, math.Inf(-1), math.MinInt64},
		{math.MaxInt64, 1, math.MaxInt64},
		{102400, 9.007199e13, math.MaxInt64},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, Share(tc.total, tc.abs), "%d × %v", tc.total, tc.abs)
	}
	assert.Equal(t, Resource{MemoryMB: 512, VCores: 5}, Resource{MemoryMB: 1024, VCores: 10}.Share(0.5))
}
