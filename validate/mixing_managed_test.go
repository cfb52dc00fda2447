package validate

import (
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
)

// Children a managed parent's file lists are summed as under any parent
// (ParentQueue.setChildQueues); only the auto-created leaves the engine
// carries into a refreshed model are exempt (checkChildren).
func TestManagedParentConfiguredChildrenSummed(t *testing.T) {
	m := build(xmlconf.V3_4, map[string]string{pre + "root.queues": "a", pre + "root.a.capacity": "100",
		pre + "root.a.auto-create-child-queue.enabled": "true", pre + "root.a.queues": "x,y",
		pre + "root.a.x.capacity": "40", pre + "root.a.y.capacity": "50"})
	c := checkChildren(m, m.Queue("root.a"), xmlconf.V3_4)
	if assert.NotNil(t, c) {
		assert.Equal(t, "CS024", c.rule)
	}
	for _, q := range m.Queue("root.a").Children {
		q.AutoCreated = true
	}
	assert.Nil(t, checkChildren(m, m.Queue("root.a"), xmlconf.V3_4), "auto-created leaves need not sum to 100%")
}
