package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// addApps, which counts an SLS job.count without building its apps,
// refuses at the same application as adding them one by one, as Run's
// check does.
func TestContainerCountAddApps(t *testing.T) {
	cases := []struct {
		name               string
		limit, before      int
		apps, tasks, first int // first: the app past the cap, -1 none
	}{
		{"all fit", 10, 0, 3, 1, -1},
		{"exactly at the cap", 10, 0, 5, 1, -1},
		{"one over", 10, 0, 6, 1, 5},
		{"after earlier apps", 10, 7, 2, 1, 1},
		{"first app alone too big", 10, 0, 1, 10, 0},
		{"already at the cap", 10, 10, 1, 0, 0},
		{"huge count", 2_000_000, 0, 2_000_000, 1, 1_000_000},
		{"zero is the default cap", 0, 0, DefaultMaxContainers / 2, 1, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bulk := newContainerCount(c.limit)
			one := newContainerCount(c.limit)
			assert.True(t, bulk.add(c.before))
			assert.True(t, one.add(c.before))
			assert.Equal(t, c.first, bulk.addApps(c.apps, c.tasks))
			first := -1
			for i := 0; i < c.apps && first < 0; i++ {
				if !one.add(1 + c.tasks) {
					first = i
				}
			}
			assert.Equal(t, c.first, first, "one by one")
		})
	}
}
