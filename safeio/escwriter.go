package safeio

import (
	"fmt"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// JSONWriter returns a writer for JSON text (a json.Encoder's output)
// that writes every character Printable would escape, and that the
// encoder leaves raw (DEL, C1 controls, bidi overrides, zero-width
// characters, U+2028/U+2029), as a \u escape. JSON decodes the escape to
// the same character, so the value is exact, while a report printed with
// cat or shown in a log no longer carries an 8-bit CSI or a bidi override
// raw. Outside strings JSON text holds no such character, so the rewrite
// is valid anywhere.
func JSONWriter(w io.Writer) io.Writer {
	return &escWriter{w: w, escape: jsonEscape}
}

// XMLWriter is JSONWriter for XML text (an xml.Encoder's output, where
// such characters occur only in character data and attribute values):
// they become character references (&#x202e;).
func XMLWriter(w io.Writer) io.Writer {
	return &escWriter{w: w, escape: func(r rune) string { return fmt.Sprintf("&#x%x;", r) }}
}

// HTMLWriter is JSONWriter for an HTML page (html/template's output),
// which html/template leaves holding a name's control characters raw
// (ESC, BEL, CR, C1) as well as its bidi overrides: a page read with cat
// or in a CI log drove the terminal, and a browser reordered the line.
// Each becomes its JSON escape (\u001b) as visible text: the same escape
// decodes back to the character inside the page's script, where chart
// data holds names as JavaScript strings. Tab and newline stay; the
// page's own markup holds no other such character.
func HTMLWriter(w io.Writer) io.Writer {
	return &escWriter{w: w, escape: jsonEscape, c0: true}
}

type escWriter struct {
	w      io.Writer
	escape func(rune) string
	// c0 escapes C0 controls but tab and newline too (JSON and XML
	// encoders escape those themselves).
	c0 bool
}

// Write escapes what p holds in one pass: p must hold whole characters,
// as a json.Encoder's one write per value does (an xml.Encoder's buffer
// does not: encode into a buffer first).
func (e *escWriter) Write(p []byte) (int, error) {
	if !needsEscape(string(p)) {
		return e.w.Write(p)
	}
	out := make([]byte, 0, len(p)+16)
	for i := 0; i < len(p); {
		r, size := utf8.DecodeRune(p[i:])
		wanted := r >= 0x7f || e.c0 && r != '\t' && r != '\n'
		if wanted && !(r == utf8.RuneError && size == 1) && hidden(r) {
			out = append(out, e.escape(r)...)
		} else {
			out = append(out, p[i:i+size]...)
		}
		i += size
	}
	if _, err := e.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

func jsonEscape(r rune) string {
	if r > 0xffff {
		r1, r2 := utf16.EncodeRune(r)
		return fmt.Sprintf(`\u%04x\u%04x`, r1, r2)
	}
	return fmt.Sprintf(`\u%04x`, r)
}
