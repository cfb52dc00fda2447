package xmlconf

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEditDistance(t *testing.T) {
	long := strings.Repeat("x", 65)
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"sarif", "sarif", 0},
		{"sarfi", "sarif", 2},
		{"capacity", "capcity", 1},
		{"", "abc", 3},
		{"kitten", "sitting", 3},
		{long, long, 0},
		{long, long[1:] + "y", 1 << 20},
	} {
		assert.Equal(t, tc.want, EditDistance(tc.a, tc.b), "%q %q", tc.a, tc.b)
	}
}
