package safeio

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAppendJSONString: every value decodes back (invalid UTF-8 as
// encoding/json reads it, U+FFFD), the result is what json.Marshal
// writes up to the hidden characters' escapes, and nothing hidden is raw.
// strconv.AppendQuote, which the --events log used, fails the first three
// (\x00, \a, \xff are not JSON).
func TestAppendJSONString(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"plain", "root.a", `"root.a"`},
		{"NUL", "a\x00b", `"a\u0000b"`},
		{"bell and vertical tab", "a\a\vb", `"a\u0007\u000bb"`},
		{"invalid UTF-8", "q\xffz\xc3", `"q\ufffdz\ufffd"`},
		{"quote and backslash", `a"b\c`, `"a\"b\\c"`},
		{"newline, return, tab", "a\nb\rc\td", `"a\nb\rc\td"`},
		{"ESC and DEL", "\x1b[31m\x7f", `"\u001b[31m\u007f"`},
		{"C1 CSI and NEL", "a\u009b\u0085", `"a\u009b\u0085"`},
		{"bidi override and zero width", "u\u202egnp\u200b", `"u\u202egnp\u200b"`},
		{"line separator", "a\u2028b\u2029", `"a\u2028b\u2029"`},
		{"tag character past the BMP", "x\U000e0001", `"x\udb40\udc01"`},
		{"letters kept", "équipe 队列 🙂", `"équipe 队列 🙂"`},
		{"empty", "", `""`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := AppendJSONString([]byte("x:"), c.in)
			require.True(t, strings.HasPrefix(string(got), "x:"), "appends")
			assert.Equal(t, c.want, string(got[2:]))
			assert.False(t, hasRawHidden(string(got)), "a hidden character is raw: %q", got)
			var back string
			require.NoError(t, json.Unmarshal(got[2:], &back), "%s", got)
			assert.Equal(t, strings.ToValidUTF8(c.in, "\ufffd"), back)
			if utf8.ValidString(c.in) {
				assert.Equal(t, c.in, back)
			}
		})
	}
}
