package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestJacksonLongAsRumenReadsIt: the values a LoggedJob long or int field
// takes as Jackson's default ObjectMapper maps it (null the primitive's
// 0, a fraction truncated, a numeric string parsed), and those that make
// the mapping fail (past the type's range, not a number).
func TestJacksonLongAsRumenReadsIt(t *testing.T) {
	for in, want := range map[string]int64{
		`null`: 0, `42`: 42, `-7`: -7, `1.9`: 1, `-1.9`: -1, `2e3`: 2000, `" 12 "`: 12, `""`: 0,
		`9223372036854775807`: 9223372036854775807, `-9223372036854775808`: -9223372036854775808,
		`9.223372036854775807e18`: 9223372036854775807,
	} {
		var v jacksonLong
		assert.NoError(t, v.UnmarshalJSON([]byte(in)), in)
		assert.Equal(t, want, int64(v), in)
	}
	for _, in := range []string{`9223372036854775808`, `9223372036854776000`, `-9223372036854776000`, `1e19`, `"9223372036854775808"`, `"1.5"`, `true`, `{}`, `[]`} {
		var v jacksonLong
		assert.Error(t, v.UnmarshalJSON([]byte(in)), in)
	}
	var i jacksonInt
	assert.NoError(t, i.UnmarshalJSON([]byte(`2147483647`)))
	assert.Equal(t, jacksonInt(2147483647), i)
	assert.ErrorContains(t, i.UnmarshalJSON([]byte(`2147483648`)), "2147483648 is out of range of a Java int")
}
