package engine

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// What book and container.event read of a node share its first cache
// line, and the node is two whole lines (engine.go).
func TestNodeLayout(t *testing.T) {
	var n node
	assert.Equal(t, uintptr(128), unsafe.Sizeof(n), "two whole cache lines")
	for name, off := range map[string]uintptr{"idx": unsafe.Offsetof(n.idx), "id": unsafe.Offsetof(n.id),
		"allocated": unsafe.Offsetof(n.allocated), "reserved": unsafe.Offsetof(n.reserved), "pi": unsafe.Offsetof(n.pi),
		"numContainers": unsafe.Offsetof(n.numContainers), "removed": unsafe.Offsetof(n.removed)} {
		assert.Less(t, off, uintptr(64), "%s in line 0", name)
	}
}
