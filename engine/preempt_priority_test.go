package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// initializePriorityDigraph: two leaves compare the priorities of their
// ancestors just below the lowest common ancestor; equal priorities give
// no edge.
func TestPriorityDigraph(t *testing.T) {
	node := func(path string, prio int32, kids ...*tq) *tq {
		return &tq{q: &queue{path: path}, relPriority: prio, children: kids}
	}
	a1, a2 := node("root.A.a1", 0), node("root.A.a2", 2)
	a3 := node("root.A.a3", 0)
	b := node("root.B", 0)
	root := node("root", 0, node("root.A", 1, a1, a2, a3), b)
	leaves, paths := leafPaths(root)
	assert.Len(t, leaves, 4)
	g := priorityDigraph(leaves, paths)
	assert.True(t, g[a1.q][b.q], "A (1) is above B (0), so all of A's leaves are")
	assert.True(t, g[a2.q][b.q])
	assert.True(t, g[a2.q][a1.q], "inside A, a2 (2) is above a1 (0)")
	assert.False(t, g[a1.q][a2.q])
	assert.False(t, g[a1.q][a3.q] || g[a3.q][a1.q], "equal priorities: neither preempts the other")
	assert.Empty(t, g[b.q], "B preempts nobody")
}
