package xmlconf

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Columns on one long line are counted incrementally; they must still be
// character columns, exact after multi-byte text, and in document order.
func TestReadOneLinePositionsWithMultibyte(t *testing.T) {
	var b strings.Builder
	b.WriteString("<configuration>")
	for i := 0; i < 50; i++ {
		b.WriteString("<property><name>k")
		b.WriteString(strings.Repeat("é", i%3))
		b.WriteString("</name><value>ü€</value></property>")
	}
	b.WriteString("</configuration>")
	data := b.String()
	doc, err := ReadBytes("one.xml", []byte(data), ReadOptions{})
	require.NoError(t, err)
	require.Len(t, doc.Props, 50)
	search := 0
	for _, p := range doc.Props {
		byteOff := strings.Index(data[search:], "<name>"+p.Name+"</name>") + search
		search = byteOff + 1
		wantCol := utf8.RuneCountInString(data[:byteOff]) + 1
		assert.Equal(t, 1, p.NamePos.Line)
		assert.Equal(t, wantCol, p.NamePos.Col, p.Name)
	}
}
