package xmlconf

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/capq/capq/safeio"
)

// prepareBytes checks what the XML decoder cannot explain well (binary
// data, UTF-16, undeclared Latin-1) and returns UTF-8 without a BOM.
func prepareBytes(name string, data []byte) ([]byte, error) {
	fail := func(off int, msg, hint string) error {
		pos := Pos{File: name}
		if off >= 0 {
			pos = offsetPos(name, data, off)
		}
		return &ReadError{Pos: pos, Msg: msg, Hint: hint}
	}
	if len(data) == 0 {
		return nil, fail(-1, "file is empty", "a configuration file is <configuration> with <property> elements")
	}
	if enc := safeio.WideEncoding(data); enc != "" {
		return nil, fail(-1, "file is "+enc+" encoded; capq reads UTF-8",
			fmt.Sprintf("convert it: iconv -f %s -t UTF-8 %s > %s.utf8", enc, name, name))
	}
	// Positions are counted on the text after the BOM, as editors do.
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return nil, fail(i, "binary data (NUL byte): not an XML configuration file", "")
	}
	enc := declaredEncoding(data)
	switch normEncoding(enc) {
	case "utf-8", "us-ascii":
	case "iso-8859-1":
		return latin1ToUTF8(data), nil
	default:
		return nil, fail(-1, fmt.Sprintf("unsupported encoding %q; capq reads UTF-8, US-ASCII and ISO-8859-1", enc),
			fmt.Sprintf("convert it: iconv -f %s -t UTF-8 %s > %s.utf8, then set encoding=\"UTF-8\"", enc, name, name))
	}
	if !utf8.Valid(data) {
		return nil, fail(invalidUTF8(data), "invalid UTF-8: the file is binary or in another encoding",
			fmt.Sprintf("if it is Latin-1, declare encoding=\"ISO-8859-1\" or convert it: iconv -f ISO-8859-1 -t UTF-8 %s > %s.utf8", name, name))
	}
	return data, nil
}

// declaredEncoding returns the encoding pseudo-attribute of the XML
// declaration, or "" when there is none.
func declaredEncoding(b []byte) string {
	if !bytes.HasPrefix(b, []byte("<?xml")) {
		return ""
	}
	end := bytes.Index(b, []byte("?>"))
	if end < 0 || end > 1024 {
		return ""
	}
	decl := string(b[5:end])
	i := strings.Index(decl, "encoding")
	if i < 0 {
		return ""
	}
	rest := strings.TrimLeft(decl[i+len("encoding"):], " \t\r\n")
	if !strings.HasPrefix(rest, "=") {
		return ""
	}
	rest = strings.TrimLeft(rest[1:], " \t\r\n")
	if rest == "" || (rest[0] != '"' && rest[0] != '\'') {
		return ""
	}
	j := strings.IndexByte(rest[1:], rest[0])
	if j < 0 {
		return ""
	}
	return rest[1 : 1+j]
}

func normEncoding(enc string) string {
	switch strings.ToLower(enc) {
	case "", "utf-8", "utf8":
		return "utf-8"
	case "us-ascii", "ascii", "us_ascii", "iso646-us":
		return "us-ascii"
	case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "iso-latin-1", "8859_1":
		return "iso-8859-1"
	}
	return enc
}

func latin1ToUTF8(b []byte) []byte {
	out := make([]byte, 0, len(b)+len(b)/8)
	for _, c := range b {
		out = utf8.AppendRune(out, rune(c))
	}
	return out
}

func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// offsetPos is the line and character column of data[off].
func offsetPos(name string, data []byte, off int) Pos {
	if off > len(data) {
		off = len(data)
	}
	line, start := 1, 0
	for i := 0; i < off; i++ {
		if data[i] == '\n' {
			line++
			start = i + 1
		}
	}
	col := 1
	for i := start; i < off; {
		_, size := utf8.DecodeRune(data[i:off])
		i += size
		col++
	}
	return Pos{File: name, Line: line, Col: col}
}
