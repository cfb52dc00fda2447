package sim

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
)

// TestAppStateHotFieldsShareALine pins appState's layout: what every
// container's booking touches (allocated, use, containerDone) lies in the
// first 64 bytes, and the struct is whole cache lines, so that in the
// page-aligned apps slice those fields are one line of every app.
func TestAppStateHotFieldsShareALine(t *testing.T) {
	var a appState
	assert.Zero(t, unsafe.Sizeof(a)%64, "whole cache lines")
	for name, end := range map[string]uintptr{
		"leaf":       unsafe.Offsetof(a.leaf) + unsafe.Sizeof(a.leaf),
		"user":       unsafe.Offsetof(a.user) + unsafe.Sizeof(a.user),
		"fifo":       unsafe.Offsetof(a.fifo) + unsafe.Sizeof(a.fifo),
		"pending":    unsafe.Offsetof(a.pending) + unsafe.Sizeof(a.pending),
		"pendingMB":  unsafe.Offsetof(a.pendingMB) + unsafe.Sizeof(a.pendingMB),
		"containers": unsafe.Offsetof(a.containers) + unsafe.Sizeof(a.containers),
		"phaseLeft":  unsafe.Offsetof(a.phaseLeft) + unsafe.Sizeof(a.phaseLeft),
	} {
		assert.LessOrEqual(t, end, uintptr(64), name+" in line 0")
	}
}

// TestAppHeldIsOneLine pins the held-time memory of an app at one cache
// line (sampleHeld reads it for every waiting app at every sample).
func TestAppHeldIsOneLine(t *testing.T) {
	assert.Equal(t, uintptr(64), unsafe.Sizeof(appHeld{}))
}
