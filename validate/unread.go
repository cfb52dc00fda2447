package validate

import (
	"errors"
	"io/fs"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Unread is an input the run could not read (a malformed XML file, a
// missing path). It is not a finding: the run exits 2 and says so on
// stderr. The CI formats carry it too, so that a pull request that breaks
// a file's XML gets an annotation on the line, the SARIF upload says the
// run failed instead of an empty file failing to parse, and a JUnit
// consumer sees an error instead of no report.
type Unread struct {
	// File, Line and Col say where, when known (Line 0: the file as a
	// whole; File "": not a file, e.g. a bad flag value).
	File      string
	Line, Col int
	// Message says what is wrong, with the hint after a newline.
	Message string
}

// UnreadOf describes err as an Unread: a positioned xmlconf.ReadError
// keeps its place, a path error names its file, and describe (the
// command's rendering of errors) words the rest.
func UnreadOf(err error, describe func(error) string) Unread {
	if re, ok := asReadError(err); ok {
		msg := re.Msg
		if re.Hint != "" {
			msg += "\n" + re.Hint
		}
		return Unread{File: re.Pos.File, Line: re.Pos.Line, Col: re.Pos.Col, Message: msg}
	}
	msg := describe(err)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return Unread{File: pe.Path, Message: strings.TrimPrefix(msg, pe.Path+": ")}
	}
	return Unread{Message: msg}
}

func asReadError(err error) (*xmlconf.ReadError, bool) {
	var re *xmlconf.ReadError
	ok := errors.As(err, &re)
	return re, ok && re.Pos.File != ""
}
