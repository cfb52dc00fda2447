package xmlconf

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// entityBudget bounds what entity references can expand to, so a small
// file cannot grow into gigabytes ("billion laughs").
type entityBudget struct{ total int64 }

// directive reads <!ENTITY> declarations of a DOCTYPE internal subset, as
// Hadoop's StAX parser expands them (TestConfiguration#testEntityReference,
// #testSystemEntityReference). Parameter entities and markup inside entity
// values are not supported: the value is used as text.
func (p *parser) directive(d xml.Directive, pos Pos) error {
	s := string(d)
	if !strings.HasPrefix(s, "DOCTYPE") {
		return nil
	}
	open := strings.IndexByte(s, '[')
	if open < 0 {
		return nil
	}
	subset := s[open+1:]
	for {
		i := strings.Index(subset, "<!ENTITY")
		if i < 0 {
			return nil
		}
		subset = subset[i+len("<!ENTITY"):]
		name, value, rest, err := p.entityDecl(subset, pos)
		if err != nil {
			return err
		}
		subset = rest
		if name == "" {
			continue
		}
		if err := p.defineEntity(name, value, pos); err != nil {
			return err
		}
	}
}

// entityDecl parses `name "value">` or `name SYSTEM "uri">`; name is ""
// for declarations that define no general text entity.
func (p *parser) entityDecl(s string, pos Pos) (name, value, rest string, err error) {
	s = strings.TrimLeft(s, " \t\r\n")
	param := strings.HasPrefix(s, "%")
	if param {
		s = strings.TrimLeft(s[1:], " \t\r\n")
	}
	end := strings.IndexAny(s, " \t\r\n")
	if end < 0 {
		return "", "", "", nil
	}
	name, s = s[:end], strings.TrimLeft(s[end:], " \t\r\n")
	var system string
	switch {
	case strings.HasPrefix(s, "SYSTEM"):
		system, s = literal(strings.TrimLeft(s[len("SYSTEM"):], " \t\r\n"))
	case strings.HasPrefix(s, "PUBLIC"):
		_, s = literal(strings.TrimLeft(s[len("PUBLIC"):], " \t\r\n"))
		system, s = literal(strings.TrimLeft(s, " \t\r\n"))
	default:
		value, s = literal(s)
	}
	unparsed := false
	if gt := strings.IndexByte(s, '>'); gt >= 0 {
		unparsed = strings.Contains(s[:gt], "NDATA")
		s = s[gt+1:]
	}
	if param || unparsed {
		return "", "", s, nil
	}
	if system != "" {
		value, err = p.systemEntity(name, system, pos)
		if err != nil {
			return "", "", "", err
		}
		return name, value, s, nil
	}
	return name, p.expandLiteral(value), s, nil
}

// literal splits a quoted literal off s.
func literal(s string) (string, string) {
	if s == "" || (s[0] != '"' && s[0] != '\'') {
		return "", s
	}
	j := strings.IndexByte(s[1:], s[0])
	if j < 0 {
		return s[1:], ""
	}
	return s[1 : 1+j], s[j+2:]
}

// systemEntity reads a SYSTEM entity from a local file, resolved against
// the directory of the file that declares it.
//
// Untrusted input reads no external entity at all: the entity is defined
// as empty text and a finding (XML008) says so.
func (p *parser) systemEntity(name, system string, pos Pos) (string, error) {
	if p.res.opts.Untrusted {
		p.refuseExternal(pos, fmt.Sprintf("external entity %q (SYSTEM %q)", name, system))
		return "", nil
	}
	path := system
	if u, err := url.Parse(system); err == nil && len(u.Scheme) > 1 {
		if !strings.EqualFold(u.Scheme, "file") {
			return "", p.errAt(pos, fmt.Sprintf("entity %q: only local files can be read, not %s: URLs", name, u.Scheme), "")
		}
		if path = u.Path; !filepath.IsAbs(path) {
			return "", p.errAt(pos, fmt.Sprintf("entity %q: file URL %q names no absolute path", name, system), "write file:///absolute/path, or a path relative to this file without file:")
		}
	} else if !filepath.IsAbs(path) {
		path = filepath.Join(filepath.Dir(p.file), path)
	}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		return "", p.errAt(pos, fmt.Sprintf("entity %q: %s is not a regular file", name, system), "")
	}
	data, err := readLimited(path, p.res.opts)
	if err != nil {
		return "", p.wrapIncluded(err, pos)
	}
	// An external parsed entity may start with a text declaration.
	if bytes.HasPrefix(data, []byte("<?xml")) {
		if end := bytes.Index(data, []byte("?>")); end >= 0 {
			data = data[end+2:]
		}
	}
	return string(data), nil
}

// expandLiteral replaces character references, the predefined entities
// and entities declared earlier in an entity value.
func (p *parser) expandLiteral(v string) string {
	if !strings.Contains(v, "&") {
		return v
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(v, '&')
		if i < 0 {
			b.WriteString(v)
			return b.String()
		}
		b.WriteString(v[:i])
		v = v[i:]
		semi := strings.IndexByte(v, ';')
		if semi < 0 {
			b.WriteString(v)
			return b.String()
		}
		b.WriteString(p.entityText(v[1:semi]))
		v = v[semi+1:]
	}
}

func (p *parser) entityText(ref string) string {
	switch ref {
	case "lt":
		return "<"
	case "gt":
		return ">"
	case "amp":
		return "&"
	case "apos":
		return "'"
	case "quot":
		return `"`
	}
	if strings.HasPrefix(ref, "#") {
		n, err := parseCharRef(ref[1:])
		if err == nil {
			return string(rune(n))
		}
	}
	if v, ok := p.dec.Entity[ref]; ok {
		return v
	}
	return "&" + ref + ";"
}

func parseCharRef(s string) (int64, error) {
	if strings.HasPrefix(s, "x") {
		return strconv.ParseInt(s[1:], 16, 32)
	}
	return strconv.ParseInt(s, 10, 32)
}

// defineEntity registers an entity with the decoder after checking that
// its uses cannot blow past the size limit.
func (p *parser) defineEntity(name, value string, pos Pos) error {
	if p.dec.Entity == nil {
		p.dec.Entity = map[string]string{}
	}
	if _, dup := p.dec.Entity[name]; dup {
		return nil // the first declaration binds, as in XML
	}
	uses := int64(bytes.Count(p.data, []byte("&"+name+";")))
	p.entities.total += uses * int64(len(value))
	if p.entities.total > p.res.opts.MaxBytes {
		return p.errAt(pos, fmt.Sprintf("entity expansion too large: the references to &%s; expand past %d bytes", name, p.res.opts.MaxBytes),
			"this looks like an entity bomb; Hadoop configuration files do not need entities")
	}
	p.dec.Entity[name] = value
	return nil
}
