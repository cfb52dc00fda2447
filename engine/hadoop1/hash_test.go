package hadoop1

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The orders TestCapacityScheduler depends on (hadoop1-engine.md §6).
func TestHashMapOrder(t *testing.T) {
	for _, tc := range []struct{ in, want []string }{
		{[]string{"q1", "q2"}, []string{"q2", "q1"}},
		{[]string{"default", "q1"}, []string{"default", "q1"}},
		{[]string{"default", "q2"}, []string{"default", "q2"}},
	} {
		assert.Equal(t, tc.want, hashMapOrder(tc.in), "%v", tc.in)
	}
}
