package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// DominantResourceCalculator.compare with an invalid divisor (a partition
// without memory or vcores) compares component by component: larger only
// when larger somewhere and smaller nowhere.
func TestCompareInvalidDivisor(t *testing.T) {
	for _, cluster := range []Resource{{}, {1024, 0}, {0, 8}} {
		c := calc{drf: true, cluster: cluster}
		assert.Equal(t, 1, c.compare(Resource{2048, 2}, Resource{1024, 2}), "cluster %v", cluster)
		assert.Equal(t, -1, c.compare(Resource{1024, 1}, Resource{1024, 2}), "cluster %v", cluster)
		assert.Equal(t, 0, c.compare(Resource{2048, 1}, Resource{1024, 2}), "cluster %v", cluster)
		assert.Equal(t, Resource{2048, 1}, c.min(Resource{2048, 1}, Resource{1024, 2}), "min keeps lhs on a tie")
	}
	// A valid divisor compares dominant shares: 2048 of 4096 MB (0.5)
	// against 2 of 8 vcores (0.25) and 1024 MB (0.25).
	c := calc{drf: true, cluster: Resource{4096, 8}}
	assert.Equal(t, 1, c.compare(Resource{2048, 1}, Resource{1024, 2}))
}
