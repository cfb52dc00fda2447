package xmlconf

import (
	"bytes"
	"fmt"
)

// Template engines whose tags look like markup: Chef's and Puppet's ERB
// (<%= node[...] %>) and FreeMarker (<#list ...>, <@macro/>, as
// datasophon's capacity-scheduler.ftl). Unlike {{ }} and {% %}
// (XML011/XML012), such a tag is not text: the parser stops on it. So does
// the ResourceManager's (Configuration#loadResource, StAX: "Unexpected
// character '%' ... (malformed start element?)"), so the file is refused,
// and the error says it is an unrendered template rather than quoting the
// decoder alone.
var templateTags = []struct{ open, kind string }{
	{"<%", "an ERB tag"},
	{"</#", "a FreeMarker directive"},
	{"<#", "a FreeMarker directive"},
	{"</@", "a FreeMarker macro call"},
	{"<@", "a FreeMarker macro call"},
}

// templateTagNear returns the template tag that starts at most a few bytes
// before off (where the decoder gave up), shortened for a message, with
// what kind of tag it is and its byte offset.
func templateTagNear(data []byte, off int) (tag, kind string, at int, ok bool) {
	if off > len(data) {
		off = len(data)
	}
	start := off - 3
	if start < 0 {
		start = 0
	}
	lt := bytes.LastIndexByte(data[start:off], '<')
	if lt < 0 {
		return "", "", -1, false
	}
	at = start + lt
	for _, t := range templateTags {
		if !bytes.HasPrefix(data[at:], []byte(t.open)) {
			continue
		}
		end := len(data)
		if nl := bytes.IndexByte(data[at:], '\n'); nl >= 0 {
			end = at + nl
		}
		line := data[at:end]
		if t.open == "<%" {
			if c := bytes.Index(line, []byte("%>")); c >= 0 {
				line = line[:c+2]
			}
		} else if c := bytes.IndexByte(line, '>'); c >= 0 {
			line = line[:c+1]
		}
		return ShortenMarker(string(bytes.TrimSpace(line))), t.kind, at, true
	}
	return "", "", -1, false
}

// templateTagError is the read error for a parser stop on a template tag.
func templateTagError(pos Pos, tag, kind string) *ReadError {
	return &ReadError{Pos: pos,
		Msg: fmt.Sprintf("malformed XML: %q is %s: the file is an unrendered template, and Hadoop's XML parser refuses it as well",
			tag, kind),
		Hint: "lint the rendered file, not the template",
	}
}
