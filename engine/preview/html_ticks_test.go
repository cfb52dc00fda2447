package preview

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMemoryTicks(t *testing.T) {
	for _, tt := range []struct {
		top  int64
		want []int64
		unit string
	}{
		{600 * 1024, []int64{0, 200 * 1024, 400 * 1024, 600 * 1024}, "GB"},
		{1000 * 1024, []int64{0, 200 * 1024, 400 * 1024, 600 * 1024, 800 * 1024, 1000 * 1024}, "GB"},
		{1100 * 1024, []int64{0, 500 * 1024, 1000 * 1024, 1500 * 1024}, "GB"},
		{7 * 1024, []int64{0, 2048, 4096, 6144, 8192}, "GB"},
		{500, []int64{0, 100, 200, 300, 400, 500}, "MB"},
		{0, []int64{0, 1}, "MB"},
	} {
		got, unit := memoryTicks(tt.top)
		assert.Equal(t, tt.want, got, "%d MB", tt.top)
		assert.Equal(t, tt.unit, unit)
	}
}

func TestTimeTicks(t *testing.T) {
	const h = 3_600_000
	assert.Equal(t, []int64{0, h, 2 * h, 3 * h, 4 * h, 5 * h}, timeTicks(4*h+4000))
	assert.Equal(t, []int64{0, 10 * 60_000, 20 * 60_000, 30 * 60_000, 40 * 60_000, 50 * 60_000, h, 70 * 60_000}, timeTicks(h+10*60_000))
	assert.Equal(t, []int64{0, 60_000}, timeTicks(30_000))
}
