package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTQSlab: slots handed out in a round are distinct and stay put
// across chunk growth; after a reset a slot comes back zeroed, its
// children slice empty (its room kept).
func TestTQSlab(t *testing.T) {
	var s tqSlab
	first := s.get()
	first.used = Resource{MemoryMB: 7}
	first.children = append(first.children, first, first)
	seen := map[*tq]bool{first: true}
	for i := 1; i < 3*tqChunk; i++ {
		p := s.get()
		require.False(t, seen[p], "slot %d handed out twice in a round", i)
		seen[p] = true
	}
	assert.Equal(t, Resource{MemoryMB: 7}, first.used, "growing the slab moved an earlier slot")
	s.reset()
	again := s.get()
	assert.Same(t, first, again, "a reset reuses the first slot")
	assert.Equal(t, Resource{}, again.used)
	assert.Empty(t, again.children)
	assert.Equal(t, 2, cap(again.children), "the children slice keeps its room")
}
