package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPerHeartbeatSettingsByVersion: 2.7 has none of the per-heartbeat settings
// nor the rack locality additional delay: its root
// ParentQueue.assignContainers loops while the node has room and stops
// after the first off-switch container, whatever the file says. 2.10
// reads them (the 2.9 line's CapacitySchedulerConfiguration).
func TestPerHeartbeatSettingsByVersion(t *testing.T) {
	conf := map[string]string{
		p + "root.queues":     "a",
		p + "root.a.capacity": "100",
		p + "per-node-heartbeat.multiple-assignments-enabled":  "false",
		p + "per-node-heartbeat.maximum-container-assignments": "3",
		p + "per-node-heartbeat.maximum-offswitch-assignments": "2",
		p + "rack-locality-additional-delay":                   "5",
	}
	old := buildMap(t, conf, BuildOptions{Version: V2_7}).Global
	assert.Equal(t, []any{true, int32(-1), int32(1), int32(-1)},
		[]any{old.MultipleAssignments.V, old.MaxContainerAssignments.V, old.MaxOffSwitchAssignments.V, old.RackLocalityAddDelay.V})
	read := buildMap(t, conf, BuildOptions{Version: V2_10}).Global
	assert.Equal(t, []any{false, int32(3), int32(2), int32(5)},
		[]any{read.MultipleAssignments.V, read.MaxContainerAssignments.V, read.MaxOffSwitchAssignments.V, read.RackLocalityAddDelay.V})
}
