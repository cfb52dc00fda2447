package placement

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHadoopQueueMappingPathParsing reproduces
// TestQueueMappings#testQueueMappingPathParsing:
// QueueMappingBuilder.parsePathString splits a mapping's queue path at its
// last dot into the parent (null without a dot) and the queue, and
// getFullPath joins them back. capq's splitPath is that split, and a legacy
// u: mapping carries its parts into the converted rule
// (CapacitySchedulerConfiguration.getQueueMappings reads every mapped queue
// through parsePathString).
func TestHadoopQueueMappingPathParsing(t *testing.T) {
	for _, tc := range []struct{ path, queue, parent string }{
		{"leaf", "leaf", ""}, // getParentQueue() is null
		{"root.leaf", "leaf", "root"},
		{"root.a.b.c.d.e.leaf", "leaf", "root.a.b.c.d.e"},
	} {
		parent, queue := splitPath(tc.path)
		assert.Equal(t, tc.queue, queue, tc.path)
		assert.Equal(t, tc.parent, parent, tc.path)
		full := queue
		if parent != "" {
			full = parent + "." + queue
		}
		assert.Equal(t, tc.path, full, "getFullPath of %s", tc.path)

		r := userRule("a", tc.path, "u:a:"+tc.path)
		assert.Equal(t, tc.parent, r.ParentQueue, tc.path)
		assert.Equal(t, tc.path, r.CustomPlacement, tc.path)
	}
}
