package safeio

import (
	"strconv"
	"unicode/utf8"
)

// MaxExcerpt is the most runes of an input line an error message quotes.
const MaxExcerpt = 32

// Excerpt quotes s for an error message about a line of an input file:
// at most MaxExcerpt runes, Go-quoted (control bytes, NULs and invalid
// UTF-8 escaped, so it cannot forge terminal output or annotations),
// with "…" after the quote when it was cut. A line may be anything (a
// symbolic link to /proc/self/environ reads as one long line), so no
// message echoes a whole one; in untrusted mode callers quote none.
func Excerpt(s string) string {
	if utf8.RuneCountInString(s) <= MaxExcerpt {
		return strconv.Quote(s)
	}
	n := 0
	for i := range s {
		if n == MaxExcerpt {
			return strconv.Quote(s[:i]) + "…"
		}
		n++
	}
	return strconv.Quote(s)
}
