package safeio

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Printable returns s with every control character but tab (C0, DEL and
// C1), every invisible format character (Unicode Cf: the bidi overrides
// and isolates U+202A-U+202E and U+2066-U+2069, the zero-width U+200B-U+200F,
// U+FEFF), the line and paragraph separators U+2028/U+2029 and every
// invalid UTF-8 byte written as a Go escape (\n, \r, \x1b, \u0085,
// \u202e, \xff), for human-readable output that quotes input
// verbatim. A bidi override in a queue or file name reorders what the
// reader sees of the rest of the line ("Trojan Source", CVE-2021-42574),
// and a zero-width character makes two different names look the same. A queue name holding "\n::error::..." (XML allows a newline
// in a value, and Hadoop's getTrimmedStrings keeps it inside a name) must
// not start a line of capq's output, which a CI runner would read as a
// workflow command, nor a workload's user name drive the terminal with
// escape sequences. Machine formats (JSON, SARIF, JUnit) escape on their
// own and keep the exact value.
func Printable(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case r != '\t' && hidden(r):
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// needsEscape reports whether Printable changes s; most strings are
// plain and are returned as they are.
func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 && c != '\t' || c == 0x7f {
			return true
		}
		if c >= 0x80 {
			return !utf8.ValidString(s[i:]) || strings.ContainsFunc(s[i:], hidden)
		}
	}
	return false
}

// hidden reports whether r would not show as itself on a terminal or in
// a log viewer: a control character, an invisible format character, or a
// line or paragraph separator (which some viewers break lines on).
func hidden(r rune) bool {
	return unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
}

// Fprintf is fmt.Fprintf with every string, error and fmt.Stringer
// argument passed through Printable, for text renderers whose arguments
// are names and values from input; the format's own newlines stay.
func Fprintf(w io.Writer, format string, args ...any) (int, error) {
	return fmt.Fprintf(w, format, printableArgs(args)...)
}

// Fprintln is fmt.Fprintln with Fprintf's escaping.
func Fprintln(w io.Writer, args ...any) (int, error) {
	return fmt.Fprintln(w, printableArgs(args)...)
}

func printableArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case string:
			out[i] = Printable(v)
		case error:
			out[i] = Printable(v.Error())
		case fmt.Stringer:
			out[i] = Printable(v.String())
		default:
			out[i] = a
		}
	}
	return out
}
