package xmlconf

import "fmt"

// Pos is a place in an input file. Line and Col are 1-based; a zero Line
// means the value did not come from a file (a default, a flag, a map).
type Pos struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"column,omitempty"`
}

// PosLess orders places by file, line and column.
func PosLess(a, b Pos) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Col < b.Col
}

// IsZero reports whether p names no place.
func (p Pos) IsZero() bool { return p.File == "" && p.Line == 0 }

// String renders p as file:line:col, leaving out the parts that are unknown.
func (p Pos) String() string {
	switch {
	case p.File == "" && p.Line == 0:
		return "-"
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}
