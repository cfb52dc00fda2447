package safeio

import (
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// AppendJSONString appends s to dst as a JSON string, quotes included,
// for JSON written by hand (the --events log's millions of lines, where
// a json.Encoder per line costs too much). It escapes what RFC 8259
// requires (the quote, the backslash, C0 controls), writes every invalid
// UTF-8 byte as \ufffd as encoding/json does (strconv.Quote's \xff or
// \a are not JSON), and writes every character JSONWriter escapes (DEL,
// C1 controls, bidi overrides, zero-width characters, U+2028/U+2029) as
// a \u escape, so the line decodes to the value and carries nothing
// hidden raw.
func AppendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '"' && c != '\\' {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			dst = append(dst, s[start:i]...)
			dst = appendJSONByte(dst, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case hidden(r):
			dst = append(dst, s[start:i]...)
			dst = append(dst, jsonEscape(r)...)
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendJSONByte escapes one ASCII byte that may not appear raw in a
// JSON string (or, for DEL, that JSONWriter would not leave raw).
func appendJSONByte(dst []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(dst, '\\', c)
	case '\n':
		return append(dst, `\n`...)
	case '\r':
		return append(dst, `\r`...)
	case '\t':
		return append(dst, `\t`...)
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
}
