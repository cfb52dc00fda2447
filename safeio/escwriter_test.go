package safeio

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEscapingWriters: JSON and XML written through them carry no hidden
// character raw and decode to the exact value.
func TestEscapingWriters(t *testing.T) {
	values := []string{
		"root.plain.équipe",
		"b\u009b31mRED\u202etxt\u200b\u2028\u2066x\u2069",
		"del\x7f and a tag \U000e0001",
		"c\n::error::x\t\x1b[2J",
	}
	for _, v := range values {
		t.Run(v, func(t *testing.T) {
			var j bytes.Buffer
			require.NoError(t, json.NewEncoder(JSONWriter(&j)).Encode(map[string]string{"queue": v}))
			assert.False(t, hasRawHidden(j.String()), "a hidden character is raw: %q", j.String())
			var back map[string]string
			require.NoError(t, json.Unmarshal(j.Bytes(), &back))
			assert.Equal(t, v, back["queue"])

			type doc struct {
				Name string `xml:"name,attr"`
				Text string `xml:",chardata"`
			}
			var x bytes.Buffer
			xv := string(bytes.ReplaceAll([]byte(v), []byte("\x1b"), nil)) // XML 1.0 has no ESC
			xv = string(bytes.ReplaceAll([]byte(xv), []byte("\x7f"), nil))
			require.NoError(t, xml.NewEncoder(XMLWriter(&x)).Encode(doc{Name: xv, Text: xv}))
			assert.False(t, hasRawHidden(x.String()), "a hidden character is raw: %q", x.String())
			var xback doc
			require.NoError(t, xml.Unmarshal(x.Bytes(), &xback))
			assert.Equal(t, xv, xback.Name)
			assert.Equal(t, xv, xback.Text)
		})
	}
}

// hasRawHidden reports a character Printable escapes other than the
// newline an encoder ends a value with.
func hasRawHidden(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r != '\n' && hidden(r) })
}

// TestHTMLWriter: html/template escapes markup, not control characters;
// HTMLWriter writes each (but tab and newline) as its JSON escape, which
// shows as text and decodes back inside the page's script.
func TestHTMLWriter(t *testing.T) {
	var b bytes.Buffer
	page := "<title>a\x1b[31m\a\r\u009b\u202e\u200b</title>\n<td>\tx</td><script>var d=[\"q\u202e\"]</script>"
	_, err := HTMLWriter(&b).Write([]byte(page))
	require.NoError(t, err)
	assert.Equal(t, "<title>a\\u001b[31m\\u0007\\u000d\\u009b\\u202e\\u200b</title>\n<td>\tx</td><script>var d=[\"q\\u202e\"]</script>", b.String())
	assert.False(t, hasRawHidden(strings.ReplaceAll(b.String(), "\t", "")), "only the tab stays raw")
}
