package engine

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// The tq fields each walk of the preemption round reads share a cache
// line (preempt_ideal.go): the struct is five whole lines, and its groups
// start where the comments say.
func TestTQLayout(t *testing.T) {
	var x tq
	assert.Equal(t, uintptr(320), unsafe.Sizeof(x), "five whole cache lines")
	assert.Less(t, unsafe.Offsetof(x.ord), uintptr(64), "line 0")
	assert.Equal(t, uintptr(64), unsafe.Offsetof(x.used), "line 1")
	assert.Equal(t, uintptr(128), unsafe.Offsetof(x.guaranteed), "line 2")
	assert.Equal(t, uintptr(192), unsafe.Offsetof(x.toBePreempted), "line 3")
	assert.Less(t, unsafe.Offsetof(x.keptLeaf), uintptr(256), "keptObtain's fields on line 3")
	assert.GreaterOrEqual(t, unsafe.Offsetof(x.seen), uintptr(192), "keptObtain's fields on line 3")
	assert.Equal(t, uintptr(256), unsafe.Offsetof(x.memoIdeal), "line 4")
}
