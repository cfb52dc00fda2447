package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// A caller's tag set from OnEvent at allocation comes back in the
// container's release event and from Running and EachRunning, so a
// caller (the simulator) keeps no table of its own by container id;
// ReleaseRunning releases only a running container, and says whether
// there was one.
func TestContainerTagComesBackOnRelease(t *testing.T) {
	m := build(t, map[string]string{"root.queues": "a", "root.a.capacity": "100"}, xmlconf.V3_4)
	var e *Engine
	var evs []Event
	e, err := New(m, []NodeSpec{{ID: "h1", MemoryMB: 8192, VCores: 8}, {ID: "h2", MemoryMB: 8192, VCores: 8}},
		Options{OnEvent: func(ev Event) {
			if ev.Kind == EvAllocated {
				assert.Zero(t, ev.Tag, "a new container has no tag")
				assert.True(t, e.SetTag(ev.ContainerID, 100*ev.ContainerID))
			}
			evs = append(evs, ev)
		}})
	require.NoError(t, err)
	_, err = e.Submit(AppSpec{ID: "app", Queue: "root.a", User: "u", AM: Resource{1024, 1}})
	require.NoError(t, err)
	require.NoError(t, e.UpdateAsks("app", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{2048, 1}, Count: 3}}))
	beat(t, e, "h1", 2)
	beat(t, e, "h2", 2)

	var running []Event
	e.EachRunning(func(ev Event) { running = append(running, ev) })
	require.Len(t, running, 3)
	for k, ev := range running {
		assert.Equal(t, int64(k+1), ev.ContainerID, "id order")
		assert.Equal(t, 100*ev.ContainerID, ev.Tag)
	}
	ev, ok := e.Running(2)
	require.True(t, ok)
	assert.Equal(t, int64(200), ev.Tag)
	assert.Equal(t, running[1].NodeIndex, ev.NodeIndex)
	assert.Equal(t, "app", ev.App)

	evs = nil
	assert.True(t, e.ReleaseRunning(2))
	require.Len(t, evs, 1)
	assert.Equal(t, EvReleased, evs[0].Kind)
	assert.Equal(t, int64(200), evs[0].Tag)
	assert.Equal(t, Resource{2048, 1}, evs[0].Resource)

	evs = nil
	assert.False(t, e.ReleaseRunning(2), "gone")
	assert.False(t, e.SetTag(2, 1))
	_, ok = e.Running(2)
	assert.False(t, ok)
	assert.Empty(t, evs)

	// The records are reused (recycle.go): a new container starts untagged.
	require.NoError(t, e.UpdateAsks("app", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{2048, 1}, Count: 1}}))
	evs = nil
	beat(t, e, "h1", 1)
	beat(t, e, "h2", 1)
	require.Len(t, evs, 1)
	assert.Equal(t, int64(4), evs[0].ContainerID)

	evs = nil
	require.NoError(t, e.FinishApp("app"))
	tags := map[int64]int64{}
	for _, ev := range evs {
		if ev.Kind == EvReleased {
			tags[ev.ContainerID] = ev.Tag
		}
	}
	assert.Equal(t, map[int64]int64{1: 100, 3: 300, 4: 400}, tags)
}
