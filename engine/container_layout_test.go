package engine

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// A container record is one whole cache line: 64 bytes is a size class
// whose objects start on a line, so a release's cold record is one miss
// (apps.go).
func TestContainerLayout(t *testing.T) {
	assert.Equal(t, uintptr(64), unsafe.Sizeof(container{}), "one whole cache line")
}
