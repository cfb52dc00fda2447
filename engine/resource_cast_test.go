package engine

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A guarantee is (long)(resource * capacity) as Java casts it: a NaN
// capacity gives 0 and an infinite one saturates, where Go's conversion
// gave -9223372036854775808 MB.
func TestMultiplyTruncCastsLikeJava(t *testing.T) {
	r := Resource{MemoryMB: 32768, VCores: 32}
	cases := []struct {
		name string
		by   float64
		want Resource
	}{
		{"a share", 0.5, Resource{16384, 16}},
		{"NaN", math.NaN(), Resource{}},
		{"infinite", math.Inf(1), Resource{math.MaxInt64, math.MaxInt64}},
		{"minus infinite", math.Inf(-1), Resource{math.MinInt64, math.MinInt64}},
		{"past int64", 1e300, Resource{math.MaxInt64, math.MaxInt64}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, multiplyTrunc(r, c.by))
			assert.Equal(t, c.want, multiplyRoundDown(r, c.by))
		})
	}
}
