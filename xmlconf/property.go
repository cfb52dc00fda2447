package xmlconf

// Property is one <property> element as Hadoop's Configuration parser sees it.
type Property struct {
	// Name is the trimmed <name> text (or the untrimmed name attribute, as
	// Hadoop does for the attribute form).
	Name string
	// Value is the raw <value> text: not trimmed, entities decoded.
	Value string
	// Unset is true for an empty or missing <value>: Hadoop treats such a
	// property as not set, so the default applies.
	Unset bool
	// Final is true when <final> is exactly "true".
	Final bool
	// Pos is the start of the <property> element; NamePos and ValuePos the
	// start of the name and value text (the element or attribute).
	Pos, NamePos, ValuePos Pos
	// Comments are the XML comments that stand directly before the
	// property (only whitespace between), used for capq:ignore directives.
	Comments []Comment
	// Fallback marks a property read from an <xi:fallback> because the
	// include it belongs to could not be found.
	Fallback bool
}

// Comment is an XML comment and where it starts.
type Comment struct {
	Text string
	Pos  Pos
}

// Document is one configuration resource: the properties of a file (with
// those of its xi:includes spliced in, in document order) and the
// non-fatal problems met while reading it.
type Document struct {
	// File is the path the document was read from, as given by the user.
	File string
	// Props holds every property element in document order, duplicates too.
	Props []*Property
	// Findings are non-fatal problems (an include that used its fallback, …).
	Findings []Finding
	// Included are the files xi:include read into the document, nested
	// ones too, as paths capq opened: inputs an output must not replace.
	Included []string
	// Bytes is how much was read for the document: its file and every
	// file it included, for a caller that bounds work by input size (a
	// simulation charging a refresh event's read, sim.RefreshCost).
	Bytes int64
}
