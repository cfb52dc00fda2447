package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUniformWeight checks which capacity texts AbstractCSQueue.
// setupQueueConfigs (3.4) turns into the queue's weight: a vector whose
// resources, absent ones at 0, all hold the same weight.
func TestUniformWeight(t *testing.T) {
	cases := []struct {
		raw  string
		want float32
		ok   bool
	}{
		{"[memory=1w,vcores=1w]", 1, true},
		{"[memory=2.5w, vcores=2.5w]", 2.5, true},
		{"[memory=2w,vcores=5w]", 0, false},    // two weights
		{"[memory=1w]", 0, false},              // vcores absent: 0
		{"[memory=1w,vcores=1]", 0, false},     // an absolute entry
		{"[memory=50%,vcores=50%]", 0, false},  // percentages
		{"[memory=40960,vcores=40]", 0, false}, // absolute
		{"[vcores=1w]", 0, false},              // no memory: an empty vector
		{"2w", 0, false},                       // a plain weight is already one
		{"50", 0, false},                       // a percentage
	}
	for _, c := range cases {
		t.Run(c.raw, func(t *testing.T) {
			capacity := parseCapacity(&Property{}, c.raw, false, V3_4)
			w, ok := UniformWeight(capacity)
			assert.Equal(t, c.ok, ok)
			assert.Equal(t, c.want, w)
		})
	}
}
