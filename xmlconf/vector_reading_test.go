package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReadVector follows QueueCapacityConfigParser.parse: spaces are
// stripped, an entry whose suffix is not its tail is skipped, and a bare
// suffix leaves "" to Float.parseFloat. A memory entry of 0 is kept, not
// an empty vector (YARN-11646, 3.4.0: testZeroAbsoluteCapacityConfig reads
// [memory-mb=0, vcores=0] as absolute 0 for both); milli-MiB floor to 0.
func TestReadVector(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		ok   bool
		want VectorReading
	}{
		{raw: "50", ok: false},
		{raw: "2w", ok: false},
		{raw: "[memory=3w,vcores=3w]", ok: true},
		{raw: "[memory=3.0w, vcores=3.0w]", ok: true},
		{raw: "[memory=2048x,vcores=2]", ok: true},
		{raw: "[memory=4Gi,vcores=50%]", ok: true},
		{raw: "[vcores=50%]", ok: true, want: VectorReading{NoMemory: true, ZeroMemory: true}},
		{raw: "[memory=0,vcores=4]", ok: true, want: VectorReading{ZeroMemory: true}},
		{raw: "[memory-mb=0, vcores=0]", ok: true, want: VectorReading{ZeroMemory: true}},
		{raw: "[memory=0Gi,vcores=0]", ok: true, want: VectorReading{ZeroMemory: true}},
		{raw: "[memory=-5,vcores=4]", ok: true, want: VectorReading{NoMemory: true, ZeroMemory: true}},
		{raw: "[memory=4096m,vcores=4]", ok: true, want: VectorReading{ZeroMemory: true}},
		{raw: "[memory=4096,vcores=abc]", ok: true, want: VectorReading{Err: "empty String"}},
		{raw: "[memory=Gi,vcores=4]", ok: true, want: VectorReading{Err: "empty String"}},
		{raw: "[memory=4096,vcores=4,gpus=1]", ok: true, want: VectorReading{Unknown: []string{"gpus=1"}}},
		{raw: "[memory=4096,vcores=4,yarn.io/gpu=1]", ok: true},
		{raw: "[memory-100,vcores-60]", ok: true, want: VectorReading{Unmatched: true}},
		{raw: "[]", ok: true, want: VectorReading{Unmatched: true}},
	} {
		got, ok := ReadVector(tc.raw)
		assert.Equal(t, tc.ok, ok, tc.raw)
		assert.Equal(t, tc.want, got, tc.raw)
	}
}

// FuzzReadVector: any text reads without a panic, the same way twice, and
// a text that is not bracketed gives an empty reading.
func FuzzReadVector(f *testing.F) {
	for _, s := range []string{"[", "[]", "[memory=3w,vcores=3w]", "[memory=4096,vcores=abc]", "[memory=99999999999999999999Ti]", "[=,=]", "[memory-100]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		a, okA := ReadVector(raw)
		b, okB := ReadVector(raw)
		assert.Equal(t, okA, okB)
		assert.Equal(t, a, b)
		if !okA {
			assert.Equal(t, VectorReading{}, a)
		}
	})
}
