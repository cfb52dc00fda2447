package xmlconf

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// resource is one top-level read: the state shared by a file and the files
// it includes. Hadoop hands every included resource the name of the
// top-level one, so relative hrefs at any depth resolve against its
// directory and errors name it.
type resource struct {
	opts  ReadOptions
	top   string
	chain []string // absolute paths of the include chain, for loops
	// Includes without a loop can still multiply (each file including the
	// next ten times), so the files and bytes read are bounded as a whole.
	files int
	bytes int64
	// includeRole hands an included file the DOM role of the place its
	// xi:include stood (DOM profiles only).
	includeRole domRole
}

// Bounds on one top-level read with its includes.
const (
	maxIncludedFiles = 1024
	totalBytesFactor = 4 // times ReadOptions.MaxBytes
)

// parser is the single streaming pass over one file. Its fields mirror the
// locals of Hadoop 3's Configuration.Parser so that odd inputs (nested
// elements, text in unknown children, fallbacks) behave the same.
type parser struct {
	res  *resource
	file string // name used in positions
	data []byte // the bytes the decoder reads (BOM stripped, UTF-8)
	dec  *xml.Decoder
	doc  *Document

	stack    []xml.Name
	ns       []nsDecl
	rootSeen bool
	rootDone bool

	// Hadoop's parser state.
	token           []byte
	parseToken      bool
	confName        string
	hasName         bool
	confValue       string
	hasValue        bool
	confFinal       bool
	confInclude     string
	fallbackAllowed bool
	fallbackEntered bool

	// Positions of the property being read.
	tokPos, propPos, namePos, valuePos, includePos Pos

	// col caches the last character column computed, so positions on one
	// long line cost the bytes since the previous one, not the whole line
	// again (a one-line 4 MB file was quadratic).
	col           colCursor
	emptyValuePos Pos
	fallbackNoted bool
	templateNoted bool // XML012 is reported once per file

	// The DOM walk of the older profiles (read_dom.go): dom is set for
	// them; roles parallels stack; rootParent is the role the document
	// element's parent has (an included file sits where its include was).
	dom         bool
	roles       []domRole
	rootParent  domRole
	field       domFieldText
	domPropName string // qualified name of the open property element
	domAttrs    bool   // it has attributes, which the DOM walk ignores
	// domPropNoted: the document element's XML006 already covers it.
	domPropNoted bool

	comments []Comment // comments since the last element, for the next property
	propCmts []Comment
	slab     []Property // properties are carved from here to save allocations
	strs     strArena
	entities entityBudget
}

type nsDecl struct {
	prefix string // "" for a default namespace
	uri    string
	depth  int
}

// read parses one file's bytes; name is how positions name it.
func (r *resource) read(name string, raw []byte) (*Document, error) {
	data, err := prepareBytes(name, raw)
	if err != nil {
		return nil, err
	}
	p := &parser{res: r, file: name, data: data, doc: &Document{File: name}}
	p.dom, p.rootParent = usesDOMParser(r.opts.Version), r.includeRole
	r.includeRole = domNone
	p.dec = xml.NewDecoder(bytes.NewReader(data))
	// prepareBytes already converted Latin-1 to UTF-8 and refused the rest.
	p.dec.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil }
	p.slab = make([]Property, 0, estimateProps(len(data)))
	p.doc.Props = make([]*Property, 0, cap(p.slab))
	if err := p.run(); err != nil {
		return nil, err
	}
	return p.doc, nil
}

// estimateProps guesses the property count (about 100 bytes each) so the
// slices are allocated once.
func estimateProps(n int) int {
	e := n / 120
	if e > 1<<20 {
		e = 1 << 20
	}
	return e + 8
}

func (p *parser) run() error {
	for {
		off := p.dec.InputOffset()
		line, col := p.dec.InputPos()
		tok, err := p.dec.RawToken()
		if err == io.EOF {
			return p.atEOF()
		}
		if err != nil {
			return p.syntaxError(err)
		}
		if err := p.handle(tok, off, line, col); err != nil {
			return err
		}
	}
}

func (p *parser) handle(tok xml.Token, off int64, line, col int) error {
	switch t := tok.(type) {
	case xml.StartElement:
		return p.start(t, p.pos(off, line, col), off)
	case xml.EndElement:
		return p.end(t, off, line, col)
	case xml.CharData:
		return p.text(t, off, line, col)
	case xml.Comment:
		p.comments = append(p.comments, Comment{Text: string(t), Pos: p.pos(off, line, col)})
	case xml.Directive:
		p.comments = p.comments[:0]
		if len(p.stack) == 0 {
			return p.directive(t, p.pos(off, line, col))
		}
	case xml.ProcInst:
		p.comments = p.comments[:0]
		if off > 0 && strings.EqualFold(t.Target, "xml") {
			// encoding/xml lets this pass; Hadoop's StAX parser does not.
			return p.errAt(p.pos(off, line, col), "malformed XML: the XML declaration <?xml ...?> must be at the very start of the file",
				"remove whatever comes before <?xml (blank lines, spaces, a second declaration)")
		}
		if p.dom {
			return p.domProcInst(p.pos(off, line, col))
		}
	}
	return nil
}

func (p *parser) start(t xml.StartElement, pos Pos, off int64) error {
	if len(p.stack) >= p.res.opts.MaxDepth {
		return p.errAt(pos, fmt.Sprintf("elements are nested deeper than %d levels", p.res.opts.MaxDepth),
			"a configuration file needs 3 levels; check for a runaway or generated file")
	}
	if len(p.stack) == 0 {
		if err := p.rootStart(t, pos); err != nil {
			return err
		}
	}
	p.stack = append(p.stack, t.Name)
	if err := p.checkAttrs(t, pos); err != nil {
		return err
	}
	if err := p.checkNamespaces(t, pos); err != nil {
		return err
	}
	if p.dom {
		if err := p.domStart(t, pos); err != nil {
			return err
		}
		if p.roles[len(p.roles)-1] != domProperty {
			p.comments = p.comments[:0]
		}
		return nil
	}
	switch t.Name.Local {
	case "property":
		p.startProperty(t, pos, off)
	case "name", "value", "final", "source", "tag":
		// Hadoop never turns parseToken off again: from here on every
		// text node is appended, even inside unknown elements.
		p.parseToken = true
		p.token = p.token[:0]
		p.tokPos = pos
		if t.Name.Local == "value" {
			p.emptyValuePos = pos
		}
	case "include":
		return p.startInclude(t, pos)
	case "fallback":
		p.startFallback(pos)
	}
	if t.Name.Local != "property" {
		p.comments = p.comments[:0]
	}
	return nil
}

func (p *parser) rootStart(t xml.StartElement, pos Pos) error {
	if p.rootDone {
		return p.errAt(pos, fmt.Sprintf("malformed XML: second root element <%s> after the end of the document element", t.Name.Local),
			"a configuration file has a single <configuration> element")
	}
	p.rootSeen = true
	if p.dom && p.rootParent != domNone {
		return nil // an included file's root is an element of the including tree
	}
	name := t.Name.Local
	if p.dom {
		name = xmlName(t.Name) // getTagName(): the prefix counts
	}
	if name != "configuration" {
		p.doc.Findings = append(p.doc.Findings, Finding{
			Rule: RuleRootElement, Pos: pos,
			Message: fmt.Sprintf("root element is <%s>, expected <configuration>", xmlName(t.Name)),
			Hint:    p.rootHint(name),
		})
	}
	return nil
}

// rootHint says what Hadoop makes of a document element that is not
// <configuration>: the StAX parser does not look at it at all; the DOM
// walk logs "bad conf file" and reads the element's children.
func (p *parser) rootHint(name string) string {
	switch {
	case !p.dom:
		return "Hadoop reads the <property> elements anyway; rename the element to <configuration>"
	case name == "property":
		return "Hadoop 2.7 reads the elements under the document element as properties, so this property itself is not read; wrap it in <configuration>"
	}
	return `Hadoop 2.7 logs "bad conf file: top-level element not <configuration>" and reads the elements directly under it; rename the element to <configuration>`
}

// startProperty resets the property state as Hadoop does and reads the
// short attribute form <property name=".." value=".." final="true"/>.
func (p *parser) startProperty(t xml.StartElement, pos Pos, off int64) {
	p.hasName, p.hasValue, p.confFinal = false, false, false
	p.confName, p.confValue = "", ""
	p.propPos, p.namePos, p.valuePos, p.emptyValuePos = pos, pos, pos, Pos{}
	p.propCmts = nil
	if len(p.comments) > 0 {
		p.propCmts = append([]Comment(nil), p.comments...)
		p.comments = p.comments[:0]
	}
	if len(t.Attr) == 0 {
		return
	}
	var attrPos map[string]Pos
	for _, a := range t.Attr {
		if isNamespaceAttr(a.Name) {
			continue
		}
		switch a.Name.Local {
		case "name", "value", "final":
			if attrPos == nil {
				attrPos = p.attrPositions(off, pos)
			}
		}
		switch a.Name.Local {
		case "name":
			p.confName, p.hasName = a.Value, true
			p.namePos = attrPos["name"]
		case "value":
			p.confValue, p.hasValue = a.Value, true
			p.valuePos = attrPos["value"]
		case "final":
			p.confFinal = a.Value == "true"
		}
	}
}

func (p *parser) end(t xml.EndElement, off int64, line, col int) error {
	if err := p.pop(t, off, line, col); err != nil {
		return err
	}
	p.comments = p.comments[:0]
	if p.dom {
		role := p.roles[len(p.roles)-1]
		p.roles = p.roles[:len(p.roles)-1]
		return p.domEnd(t, role)
	}
	switch t.Name.Local {
	case "name":
		if len(p.token) > 0 {
			p.confName, p.hasName = p.strs.str(javaTrimBytes(p.token)), true
			p.namePos = p.tokPos
		}
	case "value":
		if len(p.token) > 0 {
			p.confValue, p.hasValue = p.strs.str(p.token), true
			p.valuePos = p.tokPos
		}
	case "final":
		p.confFinal = string(p.token) == "true"
	case "include":
		return p.endInclude()
	case "property":
		p.endProperty()
	}
	return nil
}

// endProperty emits the property as Hadoop's loadProperty would see it.
func (p *parser) endProperty() {
	if !p.fallbackAllowed && p.fallbackEntered {
		return // an xi:fallback of an include that succeeded
	}
	if !p.hasName {
		p.doc.Findings = append(p.doc.Findings, Finding{
			Rule: RuleNoName, Pos: p.propPos,
			Message: "property has no <name>; Hadoop ignores it",
			Hint:    "add a <name> or remove the property",
		})
		return
	}
	if p.confName == "" {
		p.doc.Findings = append(p.doc.Findings, Finding{
			Rule: RuleNoName, Pos: p.namePos,
			Message: "property name is empty; Hadoop stores it under the empty key",
			Hint:    "fill in the <name> or remove the property",
		})
	}
	if len(p.slab) == cap(p.slab) {
		p.slab = make([]Property, 0, 1024)
	}
	p.slab = append(p.slab, Property{
		Name: p.confName, Value: p.confValue, Unset: !p.hasValue, Final: p.confFinal,
		Pos: p.propPos, NamePos: p.namePos, ValuePos: p.valuePos,
		Comments: p.propCmts, Fallback: p.fallbackAllowed && p.fallbackEntered,
	})
	prop := &p.slab[len(p.slab)-1]
	if !p.hasValue && !p.emptyValuePos.IsZero() {
		prop.ValuePos = p.emptyValuePos
	}
	p.doc.Props = append(p.doc.Props, prop)
}

func (p *parser) text(t xml.CharData, off int64, line, col int) error {
	if len(p.stack) == 0 {
		if !isXMLSpace(t) {
			return p.errAt(p.pos(off, line, col), "malformed XML: text outside the root element",
				"everything must be inside <configuration>...</configuration>")
		}
		return nil
	}
	if p.dom {
		p.domText(t, off)
	} else if p.parseToken {
		p.token = append(p.token, t...)
	}
	if !isXMLSpace(t) {
		p.noteTemplateText(t, off, line, col)
	}
	if len(p.comments) > 0 && !isXMLSpace(t) {
		p.comments = p.comments[:0]
	}
	return nil
}

// pop checks the end tag against the open element, which RawToken leaves
// to the caller, with encoding/xml's own messages.
func (p *parser) pop(t xml.EndElement, off int64, line, col int) error {
	n := len(p.stack)
	if n == 0 {
		return p.errAt(p.pos(off, line, col), "malformed XML: unexpected end element </"+xmlName(t.Name)+">", "")
	}
	open := p.stack[n-1]
	if open != t.Name {
		return p.errAt(p.pos(off, line, col), fmt.Sprintf("malformed XML: element <%s> closed by </%s>", xmlName(open), xmlName(t.Name)),
			"check that every start tag has its matching end tag")
	}
	p.stack = p.stack[:n-1]
	for len(p.ns) > 0 && p.ns[len(p.ns)-1].depth > len(p.stack) {
		p.ns = p.ns[:len(p.ns)-1]
	}
	if len(p.stack) == 0 {
		p.rootDone = true
	}
	return nil
}

func (p *parser) atEOF() error {
	if n := len(p.stack); n > 0 {
		return p.errAt(offsetPos(p.file, p.data, int(p.dec.InputOffset())),
			fmt.Sprintf("malformed XML: unexpected end of file: <%s> is not closed", xmlName(p.stack[n-1])),
			"the file may be truncated")
	}
	if !p.rootSeen {
		msg := "no root element: the file has no <configuration>"
		if len(bytes.TrimSpace(p.data)) == 0 {
			msg = "file is empty"
		}
		return p.errAt(Pos{File: p.file}, msg, "a configuration file is <configuration> with <property> elements")
	}
	return nil
}

// syntaxError reports a decoder error at the place the decoder stopped.
func (p *parser) syntaxError(err error) error {
	// After an error the decoder's line and column can disagree with its
	// offset (it may have pushed back a newline), so count from the start.
	off := p.dec.InputOffset()
	pos := offsetPos(p.file, p.data, int(off))
	if tag, kind, at, ok := templateTagNear(p.data, int(off)); ok {
		return templateTagError(offsetPos(p.file, p.data, at), tag, kind)
	}
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		// Point at the reference rather than past it.
		if ent, ok := strings.CutPrefix(se.Msg, "invalid character entity "); ok {
			if i := bytes.LastIndex(p.data[:off], []byte(ent)); i >= 0 {
				pos = offsetPos(p.file, p.data, i)
			}
		}
		return &ReadError{Pos: pos, Msg: "malformed XML: " + se.Msg, Err: err}
	}
	return &ReadError{Pos: pos, Msg: "malformed XML: " + err.Error(), Err: err}
}

func (p *parser) errAt(pos Pos, msg, hint string) error {
	return &ReadError{Pos: pos, Msg: msg, Hint: hint}
}

// pos turns the decoder's byte column into a character column, which is
// what editors and Hadoop's own messages count.
func (p *parser) pos(off int64, line, col int) Pos {
	start, o := int(off)-(col-1), int(off)
	if col < 1 || start < 0 || o > len(p.data) {
		return offsetPos(p.file, p.data, o)
	}
	c := &p.col
	if c.lineStart == start && c.off <= o && c.valid {
		c.runes += utf8.RuneCount(p.data[c.off:o])
	} else {
		c.runes = utf8.RuneCount(p.data[start:o])
	}
	c.lineStart, c.off, c.valid = start, o, true
	return Pos{File: p.file, Line: line, Col: c.runes + 1}
}

// colCursor remembers how many characters precede byte off on the line
// that starts at byte lineStart.
type colCursor struct {
	lineStart, off, runes int
	valid                 bool
}

// posAfter is the position of data[target], counted from a known position.
func (p *parser) posAfter(base Pos, baseOff, target int) Pos {
	line, lineStart := base.Line, -1
	for i := baseOff; i < target && i < len(p.data); i++ {
		if p.data[i] == '\n' {
			line++
			lineStart = i + 1
		}
	}
	if lineStart < 0 {
		return Pos{File: p.file, Line: line, Col: base.Col + utf8.RuneCount(p.data[baseOff:target])}
	}
	return Pos{File: p.file, Line: line, Col: utf8.RuneCount(p.data[lineStart:target]) + 1}
}
