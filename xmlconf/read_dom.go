package xmlconf

import (
	"bytes"
	"encoding/xml"
	"fmt"
)

// Hadoop 2.7 and 2.8 read a configuration file with a DOM parser and walk
// the tree (Configuration#loadResource before HADOOP-14216, which moved
// branch-2 to StAX in March 2017, first released in 2.9.0): the element
// children of the document element are the properties, whatever their
// name; a <configuration> child is read the same way, recursively; only
// the <name>, <value>, <final> and <source> children of a property count,
// and of each only its first child node, cast to Text; attributes are not
// read. Hadoop 2.9 and later (StAX) read every <property> wherever it is,
// with the text of every descendant and the short attribute form. This
// file replays the DOM walk on the streaming tokens for those profiles.

// usesDOMParser says whether profile v reads XML like Configuration's DOM
// walk. The 2.8 line (read: 2.8.5's loadResource) has no capq profile;
// 2.10 comes from branch-2 after HADOOP-14216 and keeps the StAX reading.
func usesDOMParser(v Version) bool {
	return v != (Version{}) && v.Less(Version{2, 9})
}

// xincludeNS is the namespace Xerces' XInclude handler acts on; the DOM
// parser leaves an <include> in any other namespace as a plain element.
const xincludeNS = "http://www.w3.org/2001/XInclude"

// domRole is what the DOM walk makes of an element.
type domRole uint8

const (
	domNone        domRole = iota // no parent: the document element of the top-level file
	domContainer                  // the document element, or a <configuration> child of a container
	domProperty                   // an element child of a container: read as a property
	domField                      // <name>, <value>, <final> or <source> child of a property
	domOther                      // anything deeper: not looked at
	domTransparent                // xi:include or xi:fallback, replaced by what they stand for
)

// domField is the first child node of the open field element: Hadoop 2.7
// reads ((Text) field.getFirstChild()).getData(). Comments are dropped
// while the tree is built (setIgnoringComments), so text on either side
// of one is one node; a CDATA section is a node of its own.
type domFieldText struct {
	started bool // the first child node has begun
	done    bool // it has ended: later content is not read
}

// domParent is the role of the element that contains the next one (the
// XInclude elements are looked through) and its index in the stack, -1
// for the document element.
func (p *parser) domParent() (domRole, int) {
	for i := len(p.roles) - 1; i >= 0; i-- {
		if p.roles[i] != domTransparent {
			return p.roles[i], i
		}
	}
	return p.rootParent, -1
}

// isXInclude says whether the element is in the XInclude namespace.
func (p *parser) isXInclude(n xml.Name) bool {
	return p.nsURI(n.Space) == xincludeNS
}

// domStart places the element just pushed in the DOM walk.
func (p *parser) domStart(t xml.StartElement, pos Pos) error {
	qn := xmlName(t.Name) // getTagName(): the prefix counts
	if p.isXInclude(t.Name) {
		p.roles = append(p.roles, domTransparent)
		switch t.Name.Local {
		case "include":
			return p.startInclude(t, pos)
		case "fallback":
			p.startFallback(pos)
		}
		return nil
	}
	if p.fallbackEntered && !p.fallbackAllowed {
		// The fallback of an include that was found: XInclude drops it.
		p.roles = append(p.roles, domOther)
		return nil
	}
	parent, at := p.domParent()
	role := domOther
	switch parent {
	case domNone:
		role = domContainer
	case domContainer:
		role = domProperty
		if qn == "configuration" {
			role = domContainer
		}
	case domProperty:
		switch qn {
		case "name", "value", "final", "source":
			role = domField
		}
	case domField:
		if err := p.domNotText(pos, "<"+qn+">"); err != nil {
			return err
		}
	}
	p.roles = append(p.roles, role)
	switch role {
	case domProperty:
		// Hadoop 2.7 reads no attribute: <property name=".." value=".."/> is nameless.
		p.startProperty(xml.StartElement{Name: t.Name}, pos, 0)
		p.domPropName = qn
		// Under a document element that is not <configuration>, its own
		// XML006 says the children are read as properties.
		p.domPropNoted = at >= 0 && xmlName(p.stack[at]) != "configuration"
		p.domAttrs = false
		for _, a := range t.Attr {
			switch a.Name.Local {
			case "name", "value", "final":
				p.domAttrs = p.domAttrs || !isNamespaceAttr(a.Name)
			}
		}
	case domField:
		p.field = domFieldText{}
		p.token = p.token[:0]
		p.tokPos = pos
		if qn == "value" {
			p.emptyValuePos = pos
		}
	case domOther:
		if qn == "property" {
			in := "an xi:include" // an included file's document element
			if n := len(p.stack); n >= 2 {
				in = "<" + xmlName(p.stack[n-2]) + ">"
			}
			p.domNote(pos, fmt.Sprintf("<property> inside %s is not read by Hadoop 2.7", in),
				"Hadoop 2.7 reads only the elements directly under <configuration>; move the property there")
		}
	}
	return nil
}

// domNotText fails on an element or processing instruction that is the
// first child of a field: Hadoop 2.7's cast to Text throws, and
// loadResource does not catch a ClassCastException.
func (p *parser) domNotText(pos Pos, what string) error {
	if p.field.started {
		p.field.done = true
		return nil
	}
	field := "value"
	for i := len(p.roles) - 1; i >= 0; i-- {
		if p.roles[i] == domField {
			field = xmlName(p.stack[i])
			break
		}
	}
	return p.errAt(pos, fmt.Sprintf("<%s> begins with %s, not text: Hadoop 2.7 fails to load the file (ClassCastException in Configuration.loadResource)", field, what),
		"put only text in <name>, <value>, <final> and <source>")
}

// domText takes the text of the field being read, up to the end of its
// first child node.
func (p *parser) domText(t xml.CharData, off int64) {
	if len(p.roles) == 0 || p.roles[len(p.roles)-1] != domField || p.field.done {
		return
	}
	cdata := bytes.HasPrefix(p.data[off:], []byte("<![CDATA["))
	switch {
	case !p.field.started:
		p.field.started = true
		p.field.done = cdata
	case cdata:
		p.field.done = true
		return
	}
	p.token = append(p.token, t...)
}

// domProcInst handles a processing instruction inside the document.
func (p *parser) domProcInst(pos Pos) error {
	if len(p.roles) == 0 || p.roles[len(p.roles)-1] != domField {
		return nil
	}
	return p.domNotText(pos, "a processing instruction")
}

// domIncludeRole is the role an included document element takes where
// the xi:include stands. In a field it is the field's first child unless
// text came before: Hadoop 2.7's cast to Text fails on it. (An include
// that falls back puts its fallback's content there instead; capq reads
// that content with the include's role too.)
func (p *parser) domIncludeRole(pos Pos) (domRole, error) {
	role, _ := p.domParent()
	if role != domField {
		return role, nil
	}
	return domOther, p.domNotText(pos, "an included element")
}

// domEnd closes the element just popped, whose role was role.
func (p *parser) domEnd(t xml.EndElement, role domRole) error {
	switch role {
	case domTransparent:
		if t.Name.Local == "include" {
			return p.endInclude()
		}
	case domField:
		if !p.field.started {
			return nil // hasChildNodes() is false: the field changes nothing
		}
		switch xmlName(t.Name) {
		case "name":
			p.confName, p.hasName = p.strs.str(javaTrimBytes(p.token)), true
			p.namePos = p.tokPos
		case "value":
			p.confValue, p.hasValue = p.strs.str(p.token), true
			p.valuePos = p.tokPos
		case "final":
			p.confFinal = string(p.token) == "true"
		}
	case domProperty:
		if p.domPropName != "property" {
			p.domNotProperty(t)
			if !p.hasName {
				return nil
			}
		}
		if !p.hasName && p.domAttrs {
			p.doc.Findings = append(p.doc.Findings, Finding{
				Rule: RuleNoName, Pos: p.propPos,
				Message: "property has no <name> element; Hadoop 2.7 ignores it",
				Hint:    "Hadoop 2.7 reads no attributes: write <name> and <value> elements",
			})
			return nil
		}
		if p.domAttrs {
			p.domNote(p.propPos, "the attributes of this <property> are not read by Hadoop 2.7",
				"Hadoop 2.7 reads only <name>, <value> and <final> elements; write the value (and final) as elements")
		}
		p.endProperty()
	}
	return nil
}

// domNotProperty notes an element under <configuration> that is not
// <property>: Hadoop 2.7 logs "bad conf file: element not <property>" and
// reads it as one. A nameless one configures nothing and is noted only
// when it is a property in the eyes of Hadoop 2.9+ (a prefixed
// <h:property>); wrappers get the note of the <property> inside.
func (p *parser) domNotProperty(t xml.EndElement) {
	switch {
	case p.domPropNoted:
	case p.hasName:
		p.domNote(p.propPos, fmt.Sprintf("element <%s> is not <property>; Hadoop 2.7 reads it as a property", p.domPropName),
			`Hadoop 2.7 logs "bad conf file: element not <property>" and reads its <name> and <value>; Hadoop 2.9 and later ignore it; rename it to <property>`)
	case t.Name.Local == "property":
		p.domNote(p.propPos, fmt.Sprintf("<%s> is not read by Hadoop 2.7, which compares tag names with their prefix", p.domPropName),
			"write <property>, <name> and <value> without a namespace prefix")
	}
}

// domNote records a structure the DOM walk reads otherwise than expected.
func (p *parser) domNote(pos Pos, msg, hint string) {
	p.doc.Findings = append(p.doc.Findings, Finding{Rule: RuleRootElement, Pos: pos, Message: msg, Hint: hint})
}
