package safeio

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// JSONPlace names where a JSON decoding error is in data: path:line:col from
// the error's offset (syntax and type errors carry one) or, failing that,
// from how far the decoder got (the end of a truncated file, or the
// field an unknown-field error is at: decoded is then the decoder's
// InputOffset).
func JSONPlace(path string, data []byte, decoded int64, err error) string {
	off := decoded
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case errors.As(err, &typ):
		off = typ.Offset
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		off = int64(len(data))
	}
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Sprintf("%s:%d:%d", path, line, col)
}
