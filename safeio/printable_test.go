package safeio

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPrintable(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain", "root.eng.qa", "root.eng.qa"},
		{"non-ASCII letters stay", "root.équipe.数据", "root.équipe.数据"},
		{"a tab stays", "a\tb", "a\tb"},
		{"a newline cannot start a workflow command", "b\n::error::x", `b\n::error::x`},
		{"carriage return", "a\r\nb", `a\r\nb`},
		{"terminal escape", "x\x1b[2J\x1b]0;t\x07", `x\x1b[2J\x1b]0;t\a`},
		{"NUL and DEL", "a\x00b\x7f", `a\x00b\x7f`},
		{"C1 control (NEL, CSI)", "a\u0085b\u009b", `a\u0085b\u009b`},
		{"invalid UTF-8", "a\xffb", `a\xffb`},
		{"control after non-ASCII", "é\n", `é\n`},
		{"bidi override and isolate (Trojan Source)", "a\u202eexe.txt\u2066b\u2069", `a\u202eexe.txt\u2066b\u2069`},
		{"zero-width space, joiner, marks and BOM", "a\u200bb\u200dc\u200ed\u200f\ufeff", `a\u200bb\u200dc\u200ed\u200f\ufeff`},
		{"line and paragraph separators", "a\u2028b\u2029", `a\u2028b\u2029`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, Printable(c.in))
		})
	}
}
