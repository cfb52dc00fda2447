package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestResources reproduces hadoop-yarn-common's TestResources
// (org.apache.hadoop.yarn.util.resource) for the Resources operations
// the engine computes with, on memory and vcores: the cases with a third
// resource type are left out, as are the operations capq does not use
// (multiplyAndRoundUp, multiplyAndAddTo, createResourceWithSameValue,
// clone) and Resource.compareTo against none() and unbounded(), which
// the engine writes inline where it orders (staticCompare, the node
// sorter).
func TestResources(t *testing.T) {
	r := func(m, v int64) Resource { return Resource{m, v} }
	t.Run("testFitsIn", func(t *testing.T) {
		assert.True(t, fitsAll(r(1, 1), r(2, 2)))
		assert.True(t, fitsAll(r(2, 2), r(2, 2)))
		assert.False(t, fitsAll(r(2, 2), r(1, 1)))
		assert.False(t, fitsAll(r(1, 2), r(2, 1)))
		assert.False(t, fitsAll(r(2, 1), r(1, 2)))
	})
	t.Run("testComponentwiseMin", func(t *testing.T) {
		assert.Equal(t, r(1, 1), componentwiseMin(r(1, 1), r(2, 2)))
		assert.Equal(t, r(1, 1), componentwiseMin(r(2, 2), r(1, 1)))
		assert.Equal(t, r(1, 1), componentwiseMin(r(1, 2), r(2, 1)))
	})
	t.Run("testComponentwiseMax", func(t *testing.T) {
		assert.Equal(t, r(2, 2), componentwiseMax(r(1, 1), r(2, 2)))
		assert.Equal(t, r(2, 2), componentwiseMax(r(2, 2), r(1, 1)))
		assert.Equal(t, r(2, 2), componentwiseMax(r(1, 2), r(2, 1)))
	})
	t.Run("testAdd", func(t *testing.T) {
		assert.Equal(t, r(2, 3), r(1, 1).Add(r(1, 2)))
		assert.Equal(t, r(3, 2), r(1, 1).Add(r(2, 1)))
	})
	t.Run("testSubtract", func(t *testing.T) {
		assert.Equal(t, r(1, 0), r(2, 1).Sub(r(1, 1)))
		assert.Equal(t, r(0, 1), r(1, 2).Sub(r(1, 1)))
	})
	t.Run("testMultiply", func(t *testing.T) {
		assert.Equal(t, r(4, 2), multiplyTrunc(r(2, 1), 2))
		assert.Equal(t, r(2, 4), multiplyTrunc(r(1, 2), 2))
		assert.Equal(t, r(6, 6), multiplyTrunc(r(3, 3), 2))
	})
	t.Run("testMultiplyAndRoundDown", func(t *testing.T) {
		assert.Equal(t, r(4, 1), multiplyRoundDown(r(3, 1), 1.5))
		assert.Equal(t, r(1, 4), multiplyRoundDown(r(1, 3), 1.5))
		assert.Equal(t, r(7, 7), multiplyRoundDown(r(3, 3), 2.5))
	})
}
