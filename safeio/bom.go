package safeio

import "bytes"

// UTF8BOM is the UTF-8 encoding of U+FEFF, the byte-order mark some
// Windows editors write at the start of a text file.
const UTF8BOM = "\xef\xbb\xbf"

// CutBOM returns data without a leading UTF-8 byte-order mark, and
// whether it had one. Whether a reader may skip it is the reader's
// decision (Hadoop's Jackson readers differ, see engine/sim/bom.go).
func CutBOM(data []byte) ([]byte, bool) {
	return bytes.CutPrefix(data, []byte(UTF8BOM))
}
