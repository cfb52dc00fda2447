package safeio

import (
	"encoding/binary"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// encode writes s in enc ("UTF-16BE", ... "UTF-32LE"), after bom.
func encode(t *testing.T, enc string, bom bool, s string) []byte {
	t.Helper()
	var out []byte
	switch enc {
	case "UTF-16BE", "UTF-16LE":
		var order binary.AppendByteOrder = binary.BigEndian
		if enc == "UTF-16LE" {
			order = binary.LittleEndian
		}
		units := utf16.Encode([]rune(s))
		if bom {
			units = append([]uint16{0xFEFF}, units...)
		}
		for _, u := range units {
			out = order.AppendUint16(out, u)
		}
	case "UTF-32BE", "UTF-32LE":
		var order binary.AppendByteOrder = binary.BigEndian
		if enc == "UTF-32LE" {
			order = binary.LittleEndian
		}
		rs := []rune(s)
		if bom {
			rs = append([]rune{0xFEFF}, rs...)
		}
		for _, r := range rs {
			out = order.AppendUint32(out, uint32(r))
		}
	default:
		t.Fatalf("no encoding %s", enc)
	}
	return out
}

// TestJacksonUTF8 follows ByteSourceJsonBootstrapper.detectEncoding: a
// byte-order mark names and is skipped (handleBOM), else the NULs about
// the first (ASCII) character name the encoding (checkUTF32, then
// checkUTF16); everything else is UTF-8, as it is.
func TestJacksonUTF8(t *testing.T) {
	const doc = `{"rules":[{"value":"é€𝄞"}]}`
	for _, enc := range []string{"UTF-16BE", "UTF-16LE", "UTF-32BE", "UTF-32LE"} {
		for _, bom := range []bool{false, true} {
			got, gotEnc, err := JacksonUTF8(encode(t, enc, bom, doc))
			require.NoError(t, err, enc)
			assert.Equal(t, enc, gotEnc)
			assert.Equal(t, doc, string(got), "%s, BOM %v", enc, bom)
		}
	}
	for _, c := range []struct {
		name, in, want, enc string
	}{
		{"UTF-8", doc, doc, "UTF-8"},
		{"UTF-8 BOM skipped", UTF8BOM + doc, doc, "UTF-8"},
		{"short UTF-8", "{}", "{}", "UTF-8"},
		{"one byte", "1", "1", "UTF-8"},
		{"empty", "", "", "UTF-8"},
		{"under four bytes: only checkUTF16 of the first two", "1\x00", "1", "UTF-16LE"},
		{"a UTF-8 BOM needs four bytes to be seen", UTF8BOM, UTF8BOM, "UTF-8"},
		{"UTF-16 lone surrogate: U+FFFD as InputStreamReader", "\x00\"\xd8\x00\x00\"", "\"\uFFFD\"", "UTF-16BE"},
		{"UTF-16 odd last byte: U+FFFD", "{\x00}\x00\x01", "{}\uFFFD", "UTF-16LE"},
		{"four NULs: UTF-32BE", "\x00\x00\x00\x00", "\x00", "UTF-32BE"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, enc, err := JacksonUTF8([]byte(c.in))
			require.NoError(t, err)
			assert.Equal(t, c.want, string(got))
			assert.Equal(t, c.enc, enc)
		})
	}
	for _, c := range []struct{ name, in, want string }{
		{"UCS-4 2143 BOM", "\x00\x00\xff\xfe{\x00\x00\x00", "unsupported UCS-4 byte order (2143)"},
		{"UCS-4 3412 BOM", "\xfe\xff\x00\x00", "unsupported UCS-4 byte order (3412)"},
		{"UCS-4 3412 by NULs", "\x00{\x00\x00", "unsupported UCS-4 byte order (3412)"},
		{"UCS-4 2143 by NULs", "\x00\x00{\x00", "unsupported UCS-4 byte order (2143)"},
		{"UTF-32 above U+10FFFF", "\x00\x00\x00{\x00\x11\x00\x00", "invalid UTF-32 character 0x110000 (above 0x10ffff) at char #1, byte #4"},
		{"UTF-32 cut short", "{\x00\x00\x00}\x00", "in the middle of a 4-byte UTF-32 character: got 2 bytes of 4, at char #1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := JacksonUTF8([]byte(c.in))
			assert.ErrorContains(t, err, c.want)
		})
	}
}

// FuzzJacksonUTF8: any bytes give valid UTF-8 or an error, never a panic.
func FuzzJacksonUTF8(f *testing.F) {
	for _, s := range []string{"", "{}", UTF8BOM + "{}", "\xff\xfe{\x00", "\x00\x00\xfe\xff", "{\x00\x00\x00", "\x00{", "\x00\x00\x00"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		out, enc, err := JacksonUTF8(b)
		if err != nil {
			return
		}
		if enc != "UTF-8" {
			assert.True(t, utf8.Valid(out), "%s decoded to invalid UTF-8", enc)
		}
	})
}
