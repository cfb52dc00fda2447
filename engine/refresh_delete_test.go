package engine

import (
	"maps"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// Without refresh rules the engine still refuses to drop a queue holding
// applications, in the words of the profile's validateQueueHierarchy:
// 2.7 has no deletion at all (validateExistingQueues), 2.10 has YARN-5556's
// (in 2.9.0, shared with 3.1/3.2), 3.3+ CapacitySchedulerConfigValidator's.
func TestRefreshDeleteRefusalPerVersion(t *testing.T) {
	kv := map[string]string{
		"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"root.b.queues": "b1,b2", "root.b.b1.capacity": "50", "root.b.b2.capacity": "50",
	}
	without := maps.Clone(kv)
	without["root.b.queues"] = "b2"
	without["root.b.b2.capacity"] = "100"
	delete(without, "root.b.b1.capacity")
	for _, tc := range []struct {
		v   xmlconf.Version
		msg string
	}{
		{xmlconf.V2_7, "b1 cannot be found during refresh!"},
		{xmlconf.V2_10, "root.b.b1 is deleted from the new capacity scheduler configuration, but the queue is not yet in stopped state. Current State : RUNNING"},
		{xmlconf.V3_2, "root.b.b1 is deleted from the new capacity scheduler configuration, but the queue is not yet in stopped state. Current State : RUNNING"},
		{xmlconf.V3_3, "root.b.b1 cannot be deleted from the capacity scheduler configuration, as the queue is not yet in stopped state. Current State : RUNNING"},
	} {
		t.Run(tc.v.String(), func(t *testing.T) {
			e, err := New(build(t, kv, tc.v), []NodeSpec{{ID: "n0", MemoryMB: 4 * gb, VCores: 4}}, Options{})
			require.NoError(t, err)
			require.NoError(t, e.SubmitApp(AppSpec{ID: "x", Queue: "b1", User: "u", AM: Resource{gb, 1}}))
			assert.Equal(t, []string{tc.msg}, e.Refresh(build(t, without, tc.v), nil))
		})
	}
}

// Likewise a leaf holding applications that gets children: 2.7's
// LeafQueue#reinitialize refuses the newly parsed parent (before YARN-6109,
// in 2.9.0); 2.10+ validateQueueHierarchy refuses a leaf not STOPPED.
func TestRefreshLeafToParentRefusalPerVersion(t *testing.T) {
	kv := map[string]string{
		"root.queues": "a,b", "root.a.capacity": "50", "root.b.capacity": "50",
		"root.b.queues": "b1,b2", "root.b.b1.capacity": "50", "root.b.b2.capacity": "50",
	}
	withChild := maps.Clone(kv)
	withChild["root.b.b1.queues"] = "c"
	withChild["root.b.b1.c.capacity"] = "100"
	for _, tc := range []struct {
		v   xmlconf.Version
		msg string
	}{
		{xmlconf.V2_7, "Trying to reinitialize root.b.b1 from root.b.b1"},
		{xmlconf.V2_10, "Can not convert the leaf queue: root.b.b1 to parent queue since it is not yet in stopped state. Current State : RUNNING"},
		{xmlconf.V3_4, "Can not convert the leaf queue: root.b.b1 to parent queue since it is not yet in stopped state. Current State : RUNNING"},
	} {
		t.Run(tc.v.String(), func(t *testing.T) {
			e, err := New(build(t, kv, tc.v), []NodeSpec{{ID: "n0", MemoryMB: 4 * gb, VCores: 4}}, Options{})
			require.NoError(t, err)
			require.NoError(t, e.SubmitApp(AppSpec{ID: "x", Queue: "b1", User: "u", AM: Resource{gb, 1}}))
			assert.Equal(t, []string{tc.msg}, e.Refresh(build(t, withChild, tc.v), nil))
		})
	}
}
