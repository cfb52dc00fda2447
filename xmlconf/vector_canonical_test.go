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

// FuzzCanonicalVector: any text renders without a panic, the same way
// twice, and renders only where ReadVector finds a vector.
func FuzzCanonicalVector(f *testing.F) {
	for _, s := range []string{"[", "[]", "[memory=3w,vcores=3w]", "[memory=4096,vcores=abc]", "[memory=99999999999999999999Ti]", "[=,=]", "[memory=-5]", "[ vcores=1 , memory=1Gi ]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		a, okA := CanonicalVector(raw)
		b, okB := CanonicalVector(raw)
		assert.Equal(t, okA, okB)
		assert.Equal(t, a, b)
		if okA {
			r, ok := ReadVector(raw)
			assert.True(t, ok && !r.Unmatched && r.Err == "", "%q renders %q but ReadVector gives %+v", raw, a, r)
		}
	})
}
