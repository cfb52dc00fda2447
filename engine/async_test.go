package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// CapacityScheduler.schedule(cs) visits the nodes from a start node to the
// end, then from the first back to the start node (so twice), one
// allocateContainersToNode(node, false) each; capq's start is the pass
// number mod the node count. Heartbeats schedule nothing.
func TestAsyncPassOrder(t *testing.T) {
	c := map[string]string{p + "root.queues": "default", p + "root.default.capacity": "100",
		p + "schedule-asynchronously.enable": "true", p + "maximum-am-resource-percent": "1"}
	e, err := New(build(t, c, xmlconf.V3_4), nodesOf(3, 8192), Options{})
	require.NoError(t, err)
	iv, ok := e.AsyncIntervalMS()
	assert.True(t, ok)
	assert.Equal(t, int64(5), iv, "DEFAULT_ASYNC_SCHEDULER_INTERVAL")
	_, err = e.Submit(AppSpec{ID: "a", Queue: "default", User: "u", AM: Resource{1024, 1}})
	require.NoError(t, err)
	require.NoError(t, e.UpdateAsks("a", []Ask{{Priority: 1, ResourceName: AnyResource, Resource: Resource{1024, 1}, Count: 20}}))
	assert.Equal(t, AssignNone, e.Heartbeat(0)[0].Kind, "nodeUpdate does not schedule")
	nodes := func(as []Assignment) []string {
		var out []string
		for _, a := range as {
			if a.Kind == AssignAllocated {
				out = append(out, a.Node)
			}
		}
		return out
	}
	assert.Equal(t, []string{"n0", "n1", "n2", "n0"}, nodes(e.AsyncPass(0)))
	assert.Equal(t, []string{"n1", "n2", "n0", "n1"}, nodes(e.AsyncPass(1)))
	assert.Equal(t, []string{"n2", "n0", "n1", "n2"}, nodes(e.AsyncPass(2)))
	assert.Equal(t, []string{"n0", "n1", "n2", "n0"}, nodes(e.AsyncPass(3)))
}

// Settings: interval and threads as CapacityScheduler.initScheduler reads
// them; off without schedule-asynchronously.enable.
func TestCompileAsync(t *testing.T) {
	for _, tc := range []struct {
		kv       map[string]string
		on       bool
		interval int64
		threads  int64
	}{
		{nil, false, 0, 0},
		{map[string]string{"schedule-asynchronously.enable": "TRUE"}, true, 5, 1},
		{map[string]string{"schedule-asynchronously.enable": "true", "schedule-asynchronously.scheduling-interval-ms": "100", "schedule-asynchronously.maximum-threads": "0"}, true, 100, 1},
		{map[string]string{"schedule-asynchronously.enable": "true", "schedule-asynchronously.maximum-threads": "4"}, true, 5, 4},
		{map[string]string{"schedule-asynchronously.enable": "yes"}, false, 0, 0},
	} {
		kv := map[string]string{"root.queues": "a", "root.a.capacity": "100"}
		for k, v := range tc.kv {
			kv[k] = v
		}
		a := compileAsync(build(t, kv, xmlconf.V3_4))
		if !tc.on {
			assert.Nil(t, a, "%v", tc.kv)
			continue
		}
		require.NotNil(t, a, "%v", tc.kv)
		assert.Equal(t, tc.interval, a.intervalMS)
		assert.Equal(t, tc.threads, a.threads)
	}
}
