package engine

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A container record is one whole cache line: 64 bytes is a size class
// whose objects start on a line, so a release's cold record is one miss
// (apps.go).
func TestContainerLayout(t *testing.T) {
	assert.Equal(t, uintptr(64), unsafe.Sizeof(container{}), "one whole cache line")
	// New records come from slabs (newRecord): each must start a line.
	e := &Engine{}
	for range 5 * containerSlab {
		c := e.newRecord()
		require.Zero(t, uintptr(unsafe.Pointer(c))%64, "a record on a line of its own")
		require.Equal(t, container{}, *c)
	}
}

// TestUnreserveFindsTheReservationsRequest: the record keeps no request
// pointer, so a reservation's request is its app's key of its priority
// (reqKey). With a second, later key on the app, unreserving still
// counts the reservation off its own request, as
// FiCaSchedulerApp.unreserve does (internalUnreserve takes the
// reservation out of reservedContainers.get(schedulerKey), the reserved
// container's own key).
func TestUnreserveFindsTheReservationsRequest(t *testing.T) {
	e := standingEngine(t, true)
	require.NoError(t, e.UpdateAsks("a", []Ask{{Priority: 5, ResourceName: AnyResource, Resource: Resource{3 * gb, 1}, Count: 1}}))
	a := e.appByID["a"]
	k1, k5 := a.key(1, false), a.key(5, false)
	require.Equal(t, 1, k1.numRes)
	c := e.nodes[0].reserved
	require.NotNil(t, c)
	assert.Same(t, k1, c.reqKey())
	require.NoError(t, e.ReleaseContainer(c.id))
	assert.Equal(t, 0, k1.numRes, "the reservation's own request")
	assert.Equal(t, 0, k5.numRes, "not the app's other request")
}
