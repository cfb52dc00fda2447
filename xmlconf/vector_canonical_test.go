package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCanonicalVector: QueueCapacityConfigParser strips spaces, keeps one
// entry per resource (memory is memory-mb, the later entry wins) and
// converts a unit to MiB, so these spellings render alike; a text that
// gives no vector renders nothing.
func TestCanonicalVector(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"[memory=1024,vcores=1]", "[memory-mb=1024,vcores=1]", true},
		{"[vcores=1, memory-mb=1Gi]", "[memory-mb=1024,vcores=1]", true},
		{"[memory=50%,vcores=2w]", "[memory-mb=50%,vcores=2w]", true},
		{"[memory=1,memory=2]", "[memory-mb=2]", true},
		{"[memory-100,vcores-60]", "", false},
		{"50", "", false},
	} {
		got, ok := CanonicalVector(tc.in)
		assert.Equal(t, tc.ok, ok, "%q", tc.in)
		assert.Equal(t, tc.want, got, "%q", tc.in)
	}
}
