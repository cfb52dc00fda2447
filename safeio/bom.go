package safeio

import (
	"bytes"
	"fmt"
)

// UTF8BOM is the UTF-8 encoding of U+FEFF, the byte-order mark some
// Windows editors write at the start of a text file.
const UTF8BOM = "\xef\xbb\xbf"

// CutBOM returns data without a leading UTF-8 byte-order mark, and
// whether it had one. Whether a reader may skip it is the reader's
// decision (Hadoop's Jackson readers differ, see engine/sim/bom.go).
func CutBOM(data []byte) ([]byte, bool) {
	return bytes.CutPrefix(data, []byte(UTF8BOM))
}

// WideEncoding names the encoding of text written in UTF-16 or UTF-32
// ("UTF-16LE", ...), by its byte-order mark or, without one, by the NUL
// bytes beside a leading ASCII character; "" for anything else. Every
// reader of capq takes UTF-8: a JSON decoder said only "invalid
// character 'ÿ' looking for beginning of value" of a file a Windows
// editor saved as "Unicode".
//
// UTF-32 without a mark is told first, by the first four bytes, as
// Jackson's ByteSourceJsonBootstrapper.checkUTF32 and Woodstox's
// StreamBootstrapper.resolveStreamEncoding (Hadoop's Configuration
// parser) tell it: 00 00 00 xx is UTF-32BE, xx 00 00 00 UTF-32LE. It
// was called UTF-16LE (xx 00 …) or binary data (00 00 …), and a SYNTH
// trace in it was not read as Jackson reads it.
func WideEncoding(b []byte) string {
	ascii := func(c byte) bool { return c > 0 && c < 0x80 }
	switch {
	case bytes.HasPrefix(b, []byte{0, 0, 0xfe, 0xff}), bytes.HasPrefix(b, []byte{0xff, 0xfe, 0, 0}):
		return "UTF-32"
	case len(b) >= 4 && b[0] == 0 && b[1] == 0 && b[2] == 0 && ascii(b[3]):
		return "UTF-32BE"
	case len(b) >= 4 && ascii(b[0]) && b[1] == 0 && b[2] == 0 && b[3] == 0:
		return "UTF-32LE"
	case bytes.HasPrefix(b, []byte{0xfe, 0xff}), len(b) >= 3 && b[0] == 0 && ascii(b[1]) && b[2] == 0:
		return "UTF-16BE"
	case bytes.HasPrefix(b, []byte{0xff, 0xfe}), len(b) >= 2 && ascii(b[0]) && b[1] == 0:
		return "UTF-16LE"
	}
	return ""
}

// RefuseWide is the one check every UTF-8 reader of capq makes first: an
// error naming the encoding of UTF-16 or UTF-32 text and the iconv line
// that converts it ("file is UTF-16LE encoded; capq reads UTF-8 JSON
// (convert it: iconv -f UTF-16LE -t UTF-8)"), nil for anything else.
// format says what capq reads there ("JSON"), "" for plain text. The
// error is a *WideError: it is about the whole file, not a line of it.
func RefuseWide(data []byte, format string) error {
	enc := WideEncoding(data)
	if enc == "" {
		return nil
	}
	return &WideError{Encoding: enc, format: format}
}

// RefuseWideAs is RefuseWide for a file whose Hadoop reader decodes it
// as UTF-8 whatever its bytes (an InputStreamReader given UTF-8, which
// Jackson cannot look behind): reader names that reader, and the error
// says capq reads the file as it does. A file Jackson reads as bytes
// detects its encoding instead (JacksonUTF8).
func RefuseWideAs(data []byte, format, reader string) error {
	enc := WideEncoding(data)
	if enc == "" {
		return nil
	}
	return &WideError{Encoding: enc, format: format, reader: reader}
}

// WideError is RefuseWide's refusal of a file in UTF-16 or UTF-32.
type WideError struct {
	Encoding string // "UTF-16LE", ...
	format   string
	reader   string // RefuseWideAs's reader
}

func (e *WideError) Error() string {
	format := e.format
	if format != "" {
		format = " " + format
	}
	as := ""
	if e.reader != "" {
		as = fmt.Sprintf(" here, as %s does: it decodes the file as UTF-8 and detects no other encoding", e.reader)
	}
	return fmt.Sprintf("file is %s encoded; capq reads UTF-8%s%s (convert it: iconv -f %s -t UTF-8)", e.Encoding, format, as, e.Encoding)
}
