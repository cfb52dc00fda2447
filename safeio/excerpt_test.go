package safeio

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestExcerpt(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"short", "CS005 fatal", `"CS005 fatal"`},
		{"empty", "", `""`},
		{"at the limit", strings.Repeat("x", MaxExcerpt), `"` + strings.Repeat("x", MaxExcerpt) + `"`},
		{"cut", strings.Repeat("x", MaxExcerpt) + "SECRET", `"` + strings.Repeat("x", MaxExcerpt) + `"…`},
		{"control bytes escaped", "CI=1\x00TOKEN=\x1b[31m", `"CI=1\x00TOKEN=\x1b[31m"`},
		{"runes, not bytes", strings.Repeat("é", MaxExcerpt+1), `"` + strings.Repeat("é", MaxExcerpt) + `"…`},
		{"invalid UTF-8", "a\xffb", `"a\xffb"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, Excerpt(c.in))
		})
	}
}
