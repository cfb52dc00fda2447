package xmlconf

import (
	"bytes"
	"fmt"
	"strings"
)

// RuleTemplateText: text between a configuration's elements holds a
// template statement or placeholder ({% if %}, {{ var }}), so the file
// is an unrendered template even where its properties hold plain values.
const RuleTemplateText = "XML012"

// TemplateMarker returns the first "{{ ... }}", "{% ... %}" or "[% ... %]"
// (Template Toolkit, which dimajix/docker-hadoop's yarn-site.xml uses for
// "[% YARN_SCHEDULER_MAXIMUM_ALLOCATION_MB %]") in s, shortened for a
// message. Both halves must be there: a lone brace is text, and JSON
// (mapping-rule-json) never holds "{{" or "[%" outside a string.
func TemplateMarker(s string) (string, bool) {
	m, _, ok := templateMarkerAt(s)
	return m, ok
}

// templateMarkerAt is TemplateMarker with the marker's byte offset in s.
func templateMarkerAt(s string) (string, int, bool) {
	best, at := "", -1
	for _, d := range [][2]string{{"{{", "}}"}, {"{%", "%}"}, {"[%", "%]"}} {
		i := strings.Index(s, d[0])
		if i < 0 {
			continue
		}
		j := strings.Index(s[i+2:], d[1])
		if j < 0 {
			continue
		}
		if at < 0 || i < at {
			best, at = s[i:i+2+j+2], i
		}
	}
	if at < 0 {
		return "", -1, false
	}
	return ShortenMarker(best), at, true
}

// ShortenMarker keeps a quoted placeholder to one readable line.
func ShortenMarker(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return s
}

// noteTemplateText records the first template marker in text that sits
// directly in <configuration> or a <property> (where Jinja's {% for %}
// and {% if %} go), not in a name, value or description. Hadoop's parser
// ignores that text, so it reads the literal properties of every branch.
// The text token t starts at byte off, line and column line, col. The
// depth alone says where the text is: parseToken cannot, since Hadoop
// never turns it off after the first <name> (a {% if %} after the first
// property went unreported).
func (p *parser) noteTemplateText(t []byte, off int64, line, col int) {
	if len(p.stack) > 2 || p.templateNoted {
		return
	}
	mark, i, ok := templateMarkerAt(string(t))
	if !ok {
		return
	}
	p.templateNoted = true
	at := p.pos(off, line, col)
	if end := int(off) + len(t); end <= len(p.data) && bytes.Equal(p.data[off:end], t) {
		at = p.posAfter(at, int(off), int(off)+i) // no entity moved the bytes
	}
	p.doc.Findings = append(p.doc.Findings, Finding{
		Rule: RuleTemplateText, Pos: at,
		Message: fmt.Sprintf("text between the elements holds the template statement %q: the file is an unrendered template; "+
			"Hadoop ignores that text and reads every property in it, in every branch", mark),
		Hint: "lint the rendered file (capq linted the literal properties)",
	})
}
