package scenario

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// async_schedule passes visit every node: a file asking for 2,000 nodes
// and 10,000 passes (2 x 10^7 visits) fails that step at once instead of
// running for minutes.
func TestAsyncScheduleVisitBound(t *testing.T) {
	data := `{"cluster": {"node_groups": [{"count": 2000, "id_prefix": "n", "memory_mb": 1024, "vcores": 1}]},
  "config": {"yarn.scheduler.capacity.root.queues": "a", "yarn.scheduler.capacity.root.a.capacity": "100"},
  "steps": [{"op": "async_schedule", "repeat": 10000}, {"op": "async_schedule", "repeat": 2}]}`
	sc, err := Parse("s.json", []byte(data))
	require.NoError(t, err)
	out := Run(sc, Options{})
	require.Len(t, out.Steps, 2)
	assert.Contains(t, out.Steps[0].Reason, "async_schedule: the steps visit more than 10000000 nodes")
	assert.Empty(t, out.Steps[1].Failures, "a later small step still runs")
}

// With multi-node placement a pass walks the partition, so assign_once
// steps are charged the same node visits.
func TestMultiNodeVisitBound(t *testing.T) {
	data := `{"cluster": {"node_groups": [{"count": 2000, "id_prefix": "n", "memory_mb": 1024, "vcores": 1}]},
  "config": {"yarn.scheduler.capacity.root.queues": "a", "yarn.scheduler.capacity.root.a.capacity": "100",
    "yarn.scheduler.capacity.multi-node-placement-enabled": "true"},
  "steps": [{"op": "assign_once", "node": "n0", "repeat": 6000}, {"op": "assign_once", "node": "n0"}]}`
	sc, err := Parse("s.json", []byte(data))
	require.NoError(t, err)
	out := Run(sc, Options{})
	require.Len(t, out.Steps, 2)
	assert.Contains(t, out.Steps[0].Reason, "assign_once: the steps visit more than 10000000 nodes")
	assert.Empty(t, out.Steps[1].Failures)
}
