package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestQueuePathWildcards reproduces TestQueuePath's getWildcardedQueuePaths
// methods (hadoop-yarn-server-resourcemanager .../scheduler/capacity/
// TestQueuePath.java): the template owners AutoCreatedQueueTemplate reads
// for a parent, given the maximum auto-created queue depth. Hadoop lists
// them most explicit first; templateSources lists them the other way
// round (a later source overrides), so the expected lists are reversed.
func TestQueuePathWildcards(t *testing.T) {
	const path = "root.level_1.level_2.level_3"
	for _, tc := range []struct {
		method string
		path   string
		depth  int
		want   []string // most explicit first, as the test lists them
	}{
		{"testWildcardedQueuePathsWithOneLevelWildCard", path, 1,
			[]string{path, "root.level_1.level_2.*"}},
		{"testWildcardedQueuePathsWithTwoLevelWildCard", path, 2,
			[]string{path, "root.level_1.level_2.*", "root.level_1.*.*"}},
		{"testWildcardedQueuePathsWithThreeLevelWildCard", path, 3,
			[]string{path, "root.level_1.level_2.*", "root.level_1.*.*", "root.*.*.*"}},
		{"testWildcardingWhenMaxACQDepthIsGreaterThanQueuePathDepth", path, 4,
			[]string{path, "root.level_1.level_2.*", "root.level_1.*.*", "root.*.*.*"}},
		{"testWildcardedQueuePathsWithRootPath", "root", 1, []string{"root"}},
	} {
		t.Run(tc.method, func(t *testing.T) {
			got := templateSources(tc.path, tc.depth)
			for i, j := 0, len(got)-1; i < j; i, j = i+1, j-1 {
				got[i], got[j] = got[j], got[i]
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestMaxDepthReadAsGetInt: getMaximumAutoCreatedQueueDepth reads the key
// with Configuration.getInt, which trims and takes hex.
func TestMaxDepthReadAsGetInt(t *testing.T) {
	for raw, want := range map[string]int{" 3 ": 3, "0x4": 4, "5": 5, "x": defaultMaxDepth} {
		c := xmlconf.FromMap(map[string]string{xmlconf.Prefix + "root.a." + keyV2MaxDepth: raw}, "t")
		assert.Equal(t, want, maxDepthIn(c, "root.a"), raw)
	}
}
