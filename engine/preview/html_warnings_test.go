package preview

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The page lists what the text and JSON outputs warn of, each warning
// once, with the side it belongs to.
func TestWarningRows(t *testing.T) {
	r := &Report{Old: Side{Warnings: []string{"only old", "shared"}}, New: Side{Warnings: []string{"shared", "only new"}}}
	assert.Equal(t, []warningRow{{"old", "only old"}, {"both", "shared"}, {"new", "only new"}}, warningRows(r))
	assert.Empty(t, warningRows(&Report{}))
}

func TestHTMLShowsWarnings(t *testing.T) {
	rep := syntheticReport(t)
	rep.New.Warnings = []string{"not modelled: <x>"}
	var buf bytes.Buffer
	require.NoError(t, WriteHTML(&buf, rep))
	page := buf.String()
	assert.Contains(t, page, `<details class="warnings" id="warnings" open><summary>1 warning:`)
	assert.Contains(t, page, `<li data-side="new"><span class="side">new</span> not modelled: &lt;x&gt;</li>`)

	buf.Reset()
	require.NoError(t, WriteHTML(&buf, syntheticReport(t)))
	assert.False(t, strings.Contains(buf.String(), `id="warnings"`), "no warnings, no section")
}
