package xmlconf

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/beevik/etree"
)

// WriteProperty is one property of a configuration file being written.
type WriteProperty struct {
	Name, Value string
	// Comment, when not empty, is written as an XML comment on the line
	// before the property (capq uses it to name the source of the value).
	Comment string
}

// WriteOptions shape a written configuration file.
type WriteOptions struct {
	// Header is an XML comment written before <configuration>.
	Header string
}

// MarshalConfiguration renders a Hadoop configuration file with the
// properties in the order given. Values are written exactly: a lone blank
// stays <value> </value>, and a carriage return is escaped so a reader
// does not normalise it away. Text that XML 1.0 cannot carry is an error.
func MarshalConfiguration(props []WriteProperty, opts WriteOptions) ([]byte, error) {
	for _, p := range props {
		if err := xmlSafe(p.Name); err != nil {
			return nil, fmt.Errorf("xmlconf: write property %q: name %w", p.Name, err)
		}
		if err := xmlSafe(p.Value); err != nil {
			return nil, fmt.Errorf("xmlconf: write property %q: value %w", p.Name, err)
		}
		if strings.TrimSpace(p.Name) != p.Name || p.Name == "" {
			return nil, fmt.Errorf("xmlconf: write property %q: Hadoop trims names, so it must have no blanks around it", p.Name)
		}
	}
	doc := etree.NewDocument()
	doc.WriteSettings.CanonicalText = true
	doc.CreateProcInst("xml", `version="1.0" encoding="UTF-8"`)
	doc.CreateText("\n")
	if opts.Header != "" {
		doc.CreateComment(commentText(opts.Header))
		doc.CreateText("\n")
	}
	conf := doc.CreateElement("configuration")
	for _, p := range props {
		if p.Comment != "" {
			conf.CreateText("\n  ")
			conf.CreateComment(commentText(p.Comment))
		}
		conf.CreateText("\n  ")
		prop := conf.CreateElement("property")
		prop.CreateText("\n    ")
		prop.CreateElement("name").SetText(p.Name)
		prop.CreateText("\n    ")
		prop.CreateElement("value").SetText(p.Value)
		prop.CreateText("\n  ")
	}
	conf.CreateText("\n")
	doc.CreateText("\n")
	var buf bytes.Buffer
	if _, err := doc.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("xmlconf: write configuration: %w", err)
	}
	return buf.Bytes(), nil
}

// xmlSafe reports text XML 1.0 cannot represent: invalid UTF-8 and
// control characters other than tab, newline and carriage return.
func xmlSafe(s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("is not valid UTF-8")
	}
	for _, r := range s {
		if !xmlChar(r) {
			return fmt.Errorf("contains character %U, which XML 1.0 cannot carry", r)
		}
	}
	return nil
}

func xmlChar(r rune) bool {
	return r == 0x9 || r == 0xA || r == 0xD || (r >= 0x20 && r <= 0xD7FF) ||
		(r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= 0x10FFFF)
}

// commentText makes s legal inside <!-- -->: no "--", no trailing "-",
// no characters XML cannot carry, surrounded by one blank each side.
func commentText(s string) string {
	var b strings.Builder
	for _, r := range s {
		if !xmlChar(r) || r == utf8.RuneError {
			r = '?'
		}
		b.WriteRune(r)
	}
	t := b.String()
	for strings.Contains(t, "--") {
		t = strings.ReplaceAll(t, "--", "- -")
	}
	return " " + t + " "
}
