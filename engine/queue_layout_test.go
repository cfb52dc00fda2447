package engine

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// Booking a container (bookUsed, addUsed) writes two lines of each
// ancestor: the first (changes, dirty, used) and the one holding parent
// and numContainers. A queue is allocated on its own, in a size class of
// whole cache lines (every class from 1152 to 2048 bytes is), so offsets
// tell lines.
func TestQueueLayout(t *testing.T) {
	var q queue
	assert.Greater(t, unsafe.Sizeof(q), uintptr(1024), "size class of whole lines")
	assert.LessOrEqual(t, unsafe.Sizeof(q), uintptr(2048), "size class of whole lines")
	assert.Less(t, unsafe.Offsetof(q.changes), uintptr(64), "changes in line 0")
	assert.Less(t, unsafe.Offsetof(q.dirty), uintptr(64), "dirty in line 0")
	assert.Less(t, unsafe.Offsetof(q.ordIdx), uintptr(64), "ordIdx in line 0, beside the sort keys")
	assert.LessOrEqual(t, unsafe.Offsetof(q.used)+unsafe.Sizeof(q.used), uintptr(64), "used in line 0")
	assert.Equal(t, unsafe.Offsetof(q.parent)/64, unsafe.Offsetof(q.numContainers)/64, "parent and numContainers share a line")
}
