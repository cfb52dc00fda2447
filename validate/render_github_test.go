package validate

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestGitHubOutputEscapesNames: a queue or file name from a pull request
// reaches the job log (annotations) and the run's page (the step summary).
// In the log it must not drive the terminal or reorder the line, and in
// the summary it must stay text: no image, link, HTML or code span of its
// own, and one row per finding.
func TestGitHubOutputEscapesNames(t *testing.T) {
	tests := []struct {
		name, file, msg string
		// annotation is a substring of the annotation line; row of the
		// summary's row.
		annotation, row string
	}{
		{
			name: "escape sequence and C1 CSI", file: "conf/cs.xml", msg: "queue \"a\x1b[2J\u009b1m\"",
			annotation: `::queue "a\x1b[2J\u009b1m"`, row: "| `conf/cs.xml:3` | queue \"a\\\\x1b\\[2J\\\\u009b1m\" |",
		},
		{
			name: "bidi override and zero-width space", file: "conf/a\u202ecs.xml", msg: "queue \"b\u200bc\"",
			annotation: `file=conf/a\u202ecs.xml,`, row: "| `conf/a\\u202ecs.xml:3` | queue \"b\\\\u200bc\" |",
		},
		{
			name: "a newline cannot start a workflow command", file: "cs.xml", msg: "x\n::error::forged%0A",
			annotation: `::x\n::error::forged%250A`, row: "| x\\\\n::error::forged%0A |",
		},
		{
			name: "an image, a link and HTML stay text", file: "cs.xml", msg: `queue "![p](https://h/p.png)" <img src=x> [l](https://h) &amp;`,
			row: `| queue "\!\[p\](https://h/p.png)" \<img src=x\> \[l\](https://h) \&amp; |`,
		},
		{
			name: "emphasis, strikethrough, math, mention, pipe", file: "cs.xml", msg: "*a* _b_ ~~c~~ $d$ @e f|g",
			row: `| \*a\* \_b\_ \~\~c\~\~ \$d\$ \@e f\|g |`,
		},
		{
			name: "a backtick in a file name does not end its code span", file: "a`b|c.xml", msg: "m",
			row: "| ``a`b\\|c.xml:3`` | m |",
		},
		{
			name: "a file name starting with a backtick", file: "`x.xml", msg: "m",
			row: "| `` `x.xml:3 `` | m |",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fd := xmlconf.Finding{Rule: "CS024", Severity: xmlconf.SeverityError, Pos: xmlconf.Pos{File: tc.file, Line: 3, Col: 1},
				Message: tc.msg, Hint: tc.msg}
			rep := Report{Files: []string{tc.file}, Findings: []xmlconf.Finding{fd}}

			var gh bytes.Buffer
			require.NoError(t, WriteGitHub(&gh, rep))
			assertNoHidden(t, gh.String())
			assert.Equal(t, 2, strings.Count(gh.String(), "\n"), "one annotation line and the summary:\n%s", gh.String())
			assert.Contains(t, gh.String(), tc.annotation)

			var sum bytes.Buffer
			require.NoError(t, WriteGitHubSummary(&sum, rep))
			assertNoHidden(t, sum.String())
			assert.Contains(t, sum.String(), tc.row)
		})
	}
}

func assertNoHidden(t *testing.T, s string) {
	t.Helper()
	for _, r := range []string{"\x1b", "\u009b", "\u202e", "\u200b"} {
		assert.NotContains(t, s, r, "%q reached the output raw", r)
	}
}
