package xmlconf

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// H1QueuesDoc is a 0.21/0.22 mapred-queues.xml as QueueConfigurationParser
// reads it: not a Configuration file but its own <queues> tree. Texts are
// kept untrimmed, as the parser uses them.
type H1QueuesDoc struct {
	File string
	// ACLsEnabled is the aclsEnabled attribute of <queues> (0.21: "true",
	// any case, enables ACLs); Raw is empty when absent.
	ACLsEnabled Value[bool]
	Queues      []*H1QueueElem
	// Findings are the structural problems the JobTracker refuses.
	Findings []Finding
}

// H1QueueElem is one <queue> element.
type H1QueueElem struct {
	Pos                 Pos
	Name, State         *H1Text
	SubmitACL, AdminACL *H1Text
	// Properties are the <property key= value=/> entries with both
	// attributes, as Properties (Name=key, Value=value).
	Properties []*Property
	Children   []*H1QueueElem
}

// H1Text is an element's text content (DOM getTextContent) and where the
// element starts.
type H1Text struct {
	Text string
	Pos  Pos
}

// xnode is a minimal positioned DOM built from encoding/xml tokens.
type xnode struct {
	name     string
	attrs    []xml.Attr
	pos      Pos
	children []*xnode
	// segs are the node's text and child elements in document order:
	// textContent walks them only for the elements whose text is read.
	// Copying each element's text into its parent as the parse went
	// copied a deep element's text once per level (60 levels of a 60 MB
	// text ran capq out of memory).
	segs     []xseg
	hasChild bool // any child node (element or text), like hasChildNodes
}

// xseg is a run of text or a child element of an xnode.
type xseg struct {
	text  string
	child *xnode
}

// textContent is all descendant text, like getTextContent.
func (n *xnode) textContent() string {
	var b strings.Builder
	n.writeText(&b)
	return b.String()
}

func (n *xnode) writeText(b *strings.Builder) {
	for _, s := range n.segs {
		if s.child != nil {
			s.child.writeText(b)
		} else {
			b.WriteString(s.text)
		}
	}
}

// ReadMapredQueuesFile reads a mapred-queues.xml file.
func ReadMapredQueuesFile(path string, opts ReadOptions) (*H1QueuesDoc, error) {
	data, err := readLimited(path, opts.withDefaults())
	if err != nil {
		return nil, err
	}
	return ReadMapredQueues(path, data, opts)
}

// ReadMapredQueues parses mapred-queues.xml from memory. Malformed XML is
// an error; a well-formed file the JobTracker refuses yields findings.
func ReadMapredQueues(name string, data []byte, opts ReadOptions) (*H1QueuesDoc, error) {
	root, err := parseXNodes(name, data, opts)
	if err != nil {
		return nil, err
	}
	d := &H1QueuesDoc{File: name}
	if root == nil || root.name != "queues" {
		pos := Pos{File: name}
		if root != nil {
			pos = root.pos
		}
		d.addFinding(pos, "", "the root element is not <queues>", "the JobTracker fails: \"No queues defined \"")
		return d, nil
	}
	d.readACLsEnabled(root)
	for _, c := range root.children {
		if c.name != "queue" {
			d.addFinding(c.pos, "", fmt.Sprintf("<%s> directly under <queues>; only <queue> is allowed", c.name),
				"the JobTracker fails: \"Malformed xml document no queue defined \"")
			continue
		}
		if q := d.readQueue(c, ""); q != nil {
			d.Queues = append(d.Queues, q)
		}
	}
	return d, nil
}

func (d *H1QueuesDoc) addFinding(pos Pos, queue, msg, hint string) {
	d.Findings = append(d.Findings, Finding{Rule: RuleH1QueuesXML, Pos: pos,
		Queue: queue, Message: msg, Hint: hint})
}

func (d *H1QueuesDoc) readACLsEnabled(root *xnode) {
	for _, a := range root.attrs {
		if a.Name.Local == "aclsEnabled" && a.Name.Space == "" {
			prop := &Property{Name: "aclsEnabled", Value: a.Value, Pos: root.pos, NamePos: root.pos, ValuePos: root.pos}
			d.ACLsEnabled = Value[bool]{V: strings.EqualFold(a.Value, "true"), Raw: a.Value, Origin: FromGlobal, Prop: prop}
		}
	}
}

// readQueue mirrors QueueConfigurationParser.createHierarchy for one
// <queue>: name rules, container vs leaf rules, properties.
func (d *H1QueuesDoc) readQueue(n *xnode, parent string) *H1QueueElem {
	q := &H1QueueElem{Pos: n.pos}
	for _, c := range n.children {
		// Only these elements' text is read; each is read once, so the
		// walks cover the file at most once.
		var t *H1Text
		switch c.name {
		case "name", "state", "acl-submit-job", "acl-administer-jobs":
			t = &H1Text{Text: c.textContent(), Pos: c.pos}
		}
		switch c.name {
		case "name":
			q.Name = t
		case "state":
			q.State = t
		case "acl-submit-job":
			q.SubmitACL = t
		case "acl-administer-jobs":
			q.AdminACL = t
		case "properties":
			// Queue.setProperties replaces: the last <properties> wins.
			q.Properties = readQueueProps(c)
		}
	}
	if q.Name == nil {
		d.addFinding(n.pos, parent, "<queue> has no <name>", "the JobTracker fails: \" Malformed xml formation queue name not specified \"")
		return nil
	}
	if JavaTrim(q.Name.Text) == "" || strings.Contains(q.Name.Text, ":") {
		d.addFinding(q.Name.Pos, parent, fmt.Sprintf("queue name %q is blank or contains ':'", q.Name.Text),
			fmt.Sprintf("the JobTracker fails: \"Improper queue name : %s\"", q.Name.Text))
		return nil
	}
	full := q.Name.Text
	if parent != "" {
		full = parent + ":" + q.Name.Text
	}
	for _, c := range n.children {
		if c.name == "queue" && c.hasChild {
			if child := d.readQueue(c, full); child != nil {
				q.Children = append(q.Children, child)
			}
		}
	}
	if len(q.Children) > 0 && (q.State != nil || q.SubmitACL != nil || q.AdminACL != nil) {
		d.addFinding(n.pos, full, fmt.Sprintf("container queue %q has a <state> or ACL element; only leaf queues may", full),
			"the JobTracker fails: \" Malformed xml formation queue tag and acls tags or state tags are siblings \"")
	}
	return q
}

func readQueueProps(n *xnode) []*Property {
	var out []*Property
	for _, c := range n.children {
		if c.name != "property" {
			continue
		}
		var key, val *string
		for i := range c.attrs {
			a := &c.attrs[i]
			switch {
			case a.Name.Space != "":
			case a.Name.Local == "key":
				key = &a.Value
			case a.Name.Local == "value":
				val = &a.Value
			}
		}
		if key == nil || val == nil {
			continue // QueueConfigurationParser skips incomplete entries
		}
		out = append(out, &Property{Name: *key, Value: *val, Pos: c.pos, NamePos: c.pos, ValuePos: c.pos})
	}
	return out
}

// parseXNodes builds the positioned tree, bounded in size and depth.
func parseXNodes(name string, data []byte, opts ReadOptions) (*xnode, error) {
	maxBytes, maxDepth := opts.MaxBytes, opts.MaxDepth
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth
	}
	if int64(len(data)) > maxBytes {
		return nil, fmt.Errorf("xmlconf: read %s: larger than %d bytes", name, maxBytes)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	var root *xnode
	var stack []*xnode
	for {
		line, col := dec.InputPos()
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("xmlconf: read %s: %w", name, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxDepth {
				return nil, fmt.Errorf("xmlconf: read %s:%d:%d: elements nested deeper than %d", name, line, col, maxDepth)
			}
			n := &xnode{name: t.Name.Local, attrs: t.Attr, pos: Pos{File: name, Line: line, Col: col}}
			if len(stack) == 0 {
				if root != nil {
					return nil, fmt.Errorf("xmlconf: read %s:%d:%d: more than one root element", name, line, col)
				}
				root = n
			} else {
				parent := stack[len(stack)-1]
				parent.children = append(parent.children, n)
				parent.segs = append(parent.segs, xseg{child: n})
				parent.hasChild = true
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				top.segs = append(top.segs, xseg{text: string(t)})
				top.hasChild = true
			}
		case xml.Comment:
			if len(stack) > 0 {
				stack[len(stack)-1].hasChild = true
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("xmlconf: read %s: no root element", name)
	}
	return root, nil
}
