package xmlconf

import (
	"encoding/xml"
	"fmt"
	"strings"
)

// Well-formedness checks encoding/xml's RawToken leaves to its caller or
// does not make, and small byte helpers of the reader.

func xmlName(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

func isNamespaceAttr(n xml.Name) bool {
	return n.Space == "xmlns" || (n.Space == "" && n.Local == "xmlns")
}

func isXMLSpace(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

func javaTrimBytes(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && b[i] <= ' ' {
		i++
	}
	for j > i && b[j-1] <= ' ' {
		j--
	}
	return b[i:j]
}

// checkAttrs refuses a repeated attribute, which encoding/xml accepts and
// XML (and so Hadoop's parser) does not.
func (p *parser) checkAttrs(t xml.StartElement, pos Pos) error {
	for i := 1; i < len(t.Attr); i++ {
		for j := 0; j < i; j++ {
			if t.Attr[i].Name == t.Attr[j].Name {
				return p.errAt(pos, fmt.Sprintf("malformed XML: attribute %q repeated in <%s>", xmlName(t.Attr[i].Name), xmlName(t.Name)), "")
			}
		}
	}
	return nil
}

// checkNamespaces refuses an undeclared prefix, as Hadoop's namespace-aware
// StAX parser does (a common slip: <xi:include> without xmlns:xi).
func (p *parser) checkNamespaces(t xml.StartElement, pos Pos) error {
	for _, a := range t.Attr {
		switch {
		case a.Name.Space == "xmlns":
			p.ns = append(p.ns, nsDecl{prefix: a.Name.Local, uri: a.Value, depth: len(p.stack)})
		case a.Name.Space == "" && a.Name.Local == "xmlns":
			p.ns = append(p.ns, nsDecl{uri: a.Value, depth: len(p.stack)})
		}
	}
	if err := p.checkPrefix(t.Name.Space, pos); err != nil {
		return err
	}
	for _, a := range t.Attr {
		if a.Name.Space != "xmlns" {
			if err := p.checkPrefix(a.Name.Space, pos); err != nil {
				return err
			}
		}
	}
	return nil
}

// nsURI is the namespace prefix is bound to ("" for none).
func (p *parser) nsURI(prefix string) string {
	for i := len(p.ns) - 1; i >= 0; i-- {
		if p.ns[i].prefix == prefix {
			return p.ns[i].uri
		}
	}
	return ""
}

func (p *parser) checkPrefix(prefix string, pos Pos) error {
	if prefix == "" || prefix == "xml" {
		return nil
	}
	for i := len(p.ns) - 1; i >= 0; i-- {
		if p.ns[i].prefix == prefix {
			return nil
		}
	}
	hint := fmt.Sprintf("declare it, e.g. xmlns:%s=\"...\" on the root element", prefix)
	if prefix == "xi" {
		hint = `declare it: xmlns:xi="http://www.w3.org/2001/XInclude"`
	}
	return p.errAt(pos, fmt.Sprintf("malformed XML: undeclared namespace prefix %q", prefix), hint)
}

// attrPositions finds where each attribute of the start tag at off begins,
// since the decoder does not say. Keys are local names.
func (p *parser) attrPositions(off int64, tagPos Pos) map[string]Pos {
	out := map[string]Pos{}
	b := p.data
	i := int(off) + 1
	for i < len(b) && !isNameEnd(b[i]) {
		i++
	}
	for i < len(b) {
		for i < len(b) && isSpaceByte(b[i]) {
			i++
		}
		if i >= len(b) || b[i] == '/' || b[i] == '>' {
			break
		}
		start := i
		for i < len(b) && b[i] != '=' && !isSpaceByte(b[i]) {
			i++
		}
		name := string(b[start:i])
		if k := strings.IndexByte(name, ':'); k >= 0 {
			name = name[k+1:]
		}
		if _, seen := out[name]; !seen {
			out[name] = p.posAfter(tagPos, int(off), start)
		}
		for i < len(b) && b[i] != '"' && b[i] != '\'' {
			i++
		}
		if i >= len(b) {
			break
		}
		q := b[i]
		i++
		for i < len(b) && b[i] != q {
			i++
		}
		i++
	}
	return out
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
func isNameEnd(c byte) bool   { return isSpaceByte(c) || c == '/' || c == '>' }
