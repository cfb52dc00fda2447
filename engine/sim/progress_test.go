package sim

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestETA(t *testing.T) {
	for _, tt := range []struct {
		elapsed time.Duration
		frac    float64
		want    string
	}{
		{0, 0, "elapsed 0s"},
		{time.Second, 0.01, "elapsed 1s"},
		{10 * time.Second, 0.25, "elapsed 10s, ETA 30s"},
		{90 * time.Second, 0.5, "elapsed 1m30s, ETA 1m30s"},
		{2 * time.Hour, 0.5, "elapsed 2h00m, ETA 2h00m"},
		{20 * time.Second, 1, "elapsed 20s"},
	} {
		assert.Equal(t, tt.want, ETA(tt.elapsed, tt.frac))
	}
}

func TestProgressLines(t *testing.T) {
	p := Progress{NowMS: 3723000, AppsDone: 5, AppsTotal: 20, ContainersAllocated: 300}
	assert.InDelta(t, 0.25, p.Fraction(), 1e-12)
	assert.Zero(t, Progress{AppsDone: 3}.Fraction(), "no total yet")
	assert.Equal(t, "[#######.......................]  25%  1h02m03s simulated, 5/20 apps done, 300 containers", p.Bar())
	line, slowest := PairLine(p, Progress{NowMS: 60000, AppsDone: 1, AppsTotal: 2})
	assert.Equal(t, "old  25% (1h02m03s simulated) · new  50% (0h01m00s simulated)", line)
	assert.InDelta(t, 0.25, slowest, 1e-12)
}
