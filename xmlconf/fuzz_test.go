package xmlconf

import (
	"bytes"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// FuzzReadBytes: the reader never panics, and every property it returns
// points inside the input, as the StAX profiles and 2.7's DOM walk read it.
func FuzzReadBytes(f *testing.F) {
	seeds := []string{
		conf(prop("a", "1"), finalProp("b", ""), `<property name="c" value="d" final="true"/>`),
		conf("<!-- capq:ignore X y -->", prop(" n ", " v "), "<property><value>1</value></property>"),
		conf(prop("a", "x<b>y</b><![CDATA[z]]>&amp;&#39;")),
		"\xef\xbb\xbf" + conf(prop("ü", "ß")),
		"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><configuration>" + prop("c", "M\xfcller") + "</configuration>",
		"<!DOCTYPE configuration [<!ENTITY d \"d&#65;\">]><configuration>" + prop("c", "&d;") + "</configuration>",
		"<configuration xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\"missing.xml\"><xi:fallback>" +
			prop("i", "j") + "</xi:fallback></xi:include></configuration>",
		"<configuration><fallback/>" + prop("a", "1") + "</configuration>",
		"<conf><property><name>a<value>v</value></name></property></conf>",
		"<configuration><property></name></configuration>",
		"\xff\xfe<\x00",
		"",
		conf("<prop><name>a</name><value>x<?p?><![CDATA[y]]></value></prop><g>" + prop("b", "<c/>") + "</g>"),
		`<h:property xmlns:h="urn:x"><configuration><name>a</name></configuration></h:property>`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	dir := f.TempDir() // relative includes resolve into an empty directory
	name := filepath.Join(dir, "capacity-scheduler.xml")
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, v := range []Version{DefaultVersion, V2_7} {
			checkFuzzRead(t, name, data, v)
		}
	})
}

func checkFuzzRead(t *testing.T, name string, data []byte, v Version) {
	d, err := ReadBytes(name, data, ReadOptions{MaxBytes: 1 << 20, Version: v})
	if err != nil {
		if _, ok := err.(*ReadError); !ok {
			t.Fatalf("%s: error of type %T: %v", v, err, err)
		}
		return
	}
	lines := bytes.Count(data, []byte("\n")) + 1
	for _, p := range d.Props {
		for _, pos := range []Pos{p.Pos, p.NamePos, p.ValuePos} {
			if pos.File != name {
				continue // from an absolute include elsewhere
			}
			if pos.Line < 1 || pos.Line > lines || pos.Col < 1 || pos.Col > len(data)+1 {
				t.Fatalf("%s: property %q at %v is outside the input (%d lines)", v, p.Name, pos, lines)
			}
		}
	}
}

// FuzzParseJavaFloat: never panics, and agrees with strconv wherever Java's
// grammar and Go's coincide (plain decimals with an optional exponent).
func FuzzParseJavaFloat(f *testing.F) {
	for _, s := range []string{"50", " 12.5 ", "1e2", "-0", ".5", "5.", "1e39", "1e-50", "0x1p3", "50f", "NaN",
		"-Infinity", "1_0", "", "+", "1e", "3.4028235e38", "1.17549435E-38", "\t7\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseJavaFloat(s)
		trimmed := JavaTrim(s)
		if trimmed == "" || strings.Trim(trimmed, "0123456789.eE+-") != "" {
			return // hex, suffixes, NaN, Infinity: Java-only spellings
		}
		want, gerr := strconv.ParseFloat(trimmed, 32)
		if ne, ok := gerr.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			gerr = nil // Java rounds to ±Infinity or ±0 as well
		}
		if (err == nil) != (gerr == nil) {
			t.Fatalf("%q: java err %v, strconv err %v", s, err, gerr)
		}
		if err != nil {
			return
		}
		if got != float32(want) && !(math.IsNaN(float64(got)) && math.IsNaN(want)) {
			t.Fatalf("%q: java %v, strconv %v", s, got, float32(want))
		}
		if math.Signbit(float64(got)) != math.Signbit(want) {
			t.Fatalf("%q: sign differs", s)
		}
	})
}
