package xmlconf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// conf wraps properties the way TestConfiguration's startConfig and
// appendProperty write them.
func conf(props ...string) string {
	return "<?xml version=\"1.0\"?>\n<configuration>\n" + strings.Join(props, "\n") + "\n</configuration>\n"
}

func prop(name, value string) string {
	return "<property><name>" + name + "</name><value>" + value + "</value></property>"
}

func finalProp(name, value string) string {
	return "<property><name>" + name + "</name><value>" + value + "</value><final>true</final></property>"
}

func mustRead(t *testing.T, xml string) *Document {
	t.Helper()
	d, err := ReadBytes("t.xml", []byte(xml), ReadOptions{})
	require.NoError(t, err)
	return d
}

func readErr(t *testing.T, xml string, opts ReadOptions) *ReadError {
	t.Helper()
	_, err := ReadBytes("t.xml", []byte(xml), opts)
	require.Error(t, err)
	var re *ReadError
	require.ErrorAs(t, err, &re)
	return re
}

func props(d *Document) map[string]string {
	m := map[string]string{}
	for _, p := range d.Props {
		m[p.Name] = p.Value
	}
	return m
}

func rules(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule)
	}
	return out
}

// Mirrors Configuration.Parser: what each element shape reads as.
func TestReadPropertyShapes(t *testing.T) {
	tests := []struct {
		name, xml     string
		key, value    string
		unset, final  bool
		noProps       bool
		wantFindRules []string
	}{
		{name: "name trimmed, value not (testTrim)", xml: prop(" \n\tfoo1 \t", " foo1.value\n"), key: "foo1", value: " foo1.value\n"},
		{name: "empty value is unset", xml: prop("a", ""), key: "a", unset: true},
		{name: "self-closed value is unset", xml: "<property><name>a</name><value/></property>", key: "a", unset: true},
		{name: "missing value is unset", xml: "<property><name>a</name></property>", key: "a", unset: true},
		{name: "whitespace value is set", xml: prop("a", "  "), key: "a", value: "  "},
		{name: "comment dropped from value (testCommentsInValue)", xml: prop("my.comment", "this <!--comment here--> contains a comment"), key: "my.comment", value: "this  contains a comment"},
		{name: "escapes (testEscapedCharactersInValue)", xml: prop("my.comment", "&apos;&#39;&#0039;&#x27;"), key: "my.comment", value: "''''"},
		{name: "CDATA is text", xml: prop("a", "<![CDATA[<b>&x]]>"), key: "a", value: "<b>&x"},
		{name: "text of nested unknown elements counts", xml: "<property><name>a</name><value>x<b>y</b>z</value></property>", key: "a", value: "xyz"},
		{name: "later empty value keeps the earlier one", xml: "<property><name>a</name><value>1</value><value></value></property>", key: "a", value: "1"},
		{name: "description ignored", xml: "<property><name>a</name><value>1</value><description>d</description></property>", key: "a", value: "1"},
		{name: "final exact true", xml: finalProp("a", "1"), key: "a", value: "1", final: true},
		{name: "final TRUE is not final", xml: "<property><name>a</name><value>1</value><final>TRUE</final></property>", key: "a", value: "1"},
		{name: "final padded is not final", xml: "<property><name>a</name><value>1</value><final> true</final></property>", key: "a", value: "1"},
		{name: "final empty value still final (testFinalParam)", xml: finalProp("my.var", ""), key: "my.var", unset: true, final: true},
		{name: "attribute form (testCompactFormat)", xml: `<property name="c" value="d" final="true"/>`, key: "c", value: "d", final: true},
		{name: "attribute name not trimmed", xml: `<property name=" c " value="d"/>`, key: " c ", value: "d"},
		{name: "attribute empty value is an empty string in Hadoop", xml: `<property name="c" value=""/>`, key: "c", value: ""},
		{name: "element name overrides attribute", xml: `<property name="a" value="1"><name>b</name></property>`, key: "b", value: "1"},
		{name: "no name ignored", xml: "<property><value>1</value></property>", noProps: true, wantFindRules: []string{RuleNoName}},
		{name: "blank name is the empty key", xml: prop("   ", "1"), key: "", value: "1", wantFindRules: []string{RuleNoName}},
		{name: "namespaced property", xml: `<h:property xmlns:h="urn:x"><h:name>a</h:name><h:value>1</h:value></h:property>`, key: "a", value: "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustRead(t, conf(tt.xml))
			assert.Equal(t, tt.wantFindRules, rules(d.Findings))
			if tt.noProps {
				assert.Empty(t, d.Props)
				return
			}
			require.Len(t, d.Props, 1)
			p := d.Props[0]
			assert.Equal(t, tt.key, p.Name)
			assert.Equal(t, tt.value, p.Value)
			assert.Equal(t, tt.unset, p.Unset, "unset")
			assert.Equal(t, tt.final, p.Final, "final")
		})
	}
}

func TestReadMultiByteCharacters(t *testing.T) {
	// TestConfiguration#testMultiByteCharacters
	name, value := "multi_byte_\u611b_name", "multi_byte_\u0641_value"
	d := mustRead(t, conf(prop(name, value)))
	assert.Equal(t, value, props(d)[name])
}

func TestReadPositions(t *testing.T) {
	in := "<?xml version=\"1.0\"?>\n" + // 1
		"<configuration>\n" + // 2
		"  <!-- capq:ignore CS010 legacy -->\n" + // 3
		"  <!-- second -->\n" + // 4
		"  <property>\n" + // 5
		"    <name>a</name>\n" + // 6
		"    <value>1</value>\n" + // 7
		"  </property>\n" + // 8
		"  <property><name>ü.b</name><value>2</value></property>\n" + // 9
		"  <property name=\"c\"\n" + // 10
		"      value=\"3\"/>\n" + // 11
		"  <property><name>d</name></property>\n" + // 12
		"</configuration>\n"
	d := mustRead(t, in)
	require.Len(t, d.Props, 4)
	pos := func(l, c int) Pos { return Pos{File: "t.xml", Line: l, Col: c} }

	a := d.Props[0]
	assert.Equal(t, pos(5, 3), a.Pos)
	assert.Equal(t, pos(6, 5), a.NamePos)
	assert.Equal(t, pos(7, 5), a.ValuePos)
	require.Len(t, a.Comments, 2)
	assert.Equal(t, Comment{Text: " capq:ignore CS010 legacy ", Pos: pos(3, 3)}, a.Comments[0])
	assert.Equal(t, pos(4, 3), a.Comments[1].Pos)

	b := d.Props[1] // columns count characters, not bytes
	assert.Equal(t, pos(9, 3), b.Pos)
	assert.Equal(t, pos(9, 13), b.NamePos)
	assert.Equal(t, pos(9, 29), b.ValuePos)
	assert.Empty(t, b.Comments)

	c := d.Props[2]
	assert.Equal(t, pos(10, 3), c.Pos)
	assert.Equal(t, pos(10, 13), c.NamePos)
	assert.Equal(t, pos(11, 7), c.ValuePos)

	assert.Equal(t, pos(12, 3), d.Props[3].ValuePos, "no value: the property")
}

func TestReadCommentsAttachOnlyDirectlyBefore(t *testing.T) {
	in := conf(
		"<!-- before a -->", prop("a", "1"),
		"<!-- orphan --><other/>", prop("b", "2"),
		"<!-- text between -->x", prop("c", "3"),
	)
	d, err := ReadBytes("t.xml", []byte(in), ReadOptions{})
	require.NoError(t, err)
	require.Len(t, d.Props, 3)
	require.Len(t, d.Props[0].Comments, 1)
	assert.Equal(t, " before a ", d.Props[0].Comments[0].Text)
	assert.Empty(t, d.Props[1].Comments)
	assert.Empty(t, d.Props[2].Comments)
}

func TestReadBOMKeepsPositions(t *testing.T) {
	d, err := ReadBytes("t.xml", []byte("\xef\xbb\xbf<configuration><property><name>a</name><value>1</value></property></configuration>"), ReadOptions{})
	require.NoError(t, err)
	require.Len(t, d.Props, 1)
	assert.Equal(t, Pos{File: "t.xml", Line: 1, Col: 16}, d.Props[0].Pos)
}

func TestReadRootElement(t *testing.T) {
	d := mustRead(t, "<conf>"+prop("a", "1")+"</conf>")
	assert.Equal(t, "1", props(d)["a"], "Hadoop 3 does not check the root")
	assert.Equal(t, []string{RuleRootElement}, rules(d.Findings))
}

func TestReadCharsetInDocumentEncoding(t *testing.T) {
	// TestConfiguration#testCharsetInDocumentEncoding
	in := "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<configuration>" + prop("a", "b") + prop("c", "M\xfcller") + "</configuration>"
	d := mustRead(t, in)
	assert.Equal(t, map[string]string{"a": "b", "c": "Müller"}, props(d))
}

func TestReadEntityReference(t *testing.T) {
	// TestConfiguration#testEntityReference
	in := "<?xml version=\"1.0\"?>\n<!DOCTYPE configuration [\n<!ENTITY d \"d\">\n]><configuration>" +
		prop("a", "b") + prop("c", "&d;") + "</configuration>"
	d := mustRead(t, in)
	assert.Equal(t, map[string]string{"a": "b", "c": "d"}, props(d))
}

func TestReadSystemEntityReference(t *testing.T) {
	// TestConfiguration#testSystemEntityReference
	dir := t.TempDir()
	ent := filepath.Join(dir, "entity.txt")
	require.NoError(t, os.WriteFile(ent, []byte("d"), 0o644))
	main := filepath.Join(dir, "conf.xml")
	in := "<?xml version=\"1.0\"?>\n<!DOCTYPE configuration [\n<!ENTITY d SYSTEM \"" + ent + "\">\n]><configuration>" +
		prop("a", "b") + prop("c", "&d;") + "</configuration>"
	require.NoError(t, os.WriteFile(main, []byte(in), 0o644))
	d, err := ReadFile(main, ReadOptions{})
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"a": "b", "c": "d"}, props(d))
}

func TestReadEntityBomb(t *testing.T) {
	in := "<!DOCTYPE configuration [<!ENTITY a \"" + strings.Repeat("x", 1000) + "\">]><configuration>" +
		prop("a", strings.Repeat("&a;", 2000)) + "</configuration>"
	re := readErr(t, in, ReadOptions{MaxBytes: 1 << 20})
	assert.Contains(t, re.Msg, "entity expansion too large")
}

func TestReadBadInput(t *testing.T) {
	tests := []struct {
		name, in string
		opts     ReadOptions
		want     string // the whole Error()
		hint     string // a part of the hint
	}{
		{name: "empty", in: "", want: "t.xml: file is empty"},
		{name: "blank", in: " \n", want: "t.xml: file is empty"},
		{name: "mismatched end tag", in: "<configuration>\n  <property></name>\n</configuration>", want: "t.xml:2:13: malformed XML: element <property> closed by </name>"},
		{name: "unclosed", in: "<configuration>\n<property>", want: "t.xml:2:11: malformed XML: unexpected end of file: <property> is not closed"},
		{name: "bad attribute", in: "<configuration>\n<property name=a/>\n</configuration>", want: "t.xml:2:17: malformed XML: unquoted or missing attribute value in element"},
		{name: "unknown entity", in: "<configuration>" + prop("a", "&nbsp;") + "</configuration>", want: "t.xml:1:47: malformed XML: invalid character entity &nbsp;"},
		{name: "two roots", in: "<configuration/>\n<configuration/>", want: "t.xml:2:1: malformed XML: second root element <configuration> after the end of the document element"},
		{name: "text after root", in: "<configuration/>oops", want: "t.xml:1:17: malformed XML: text outside the root element"},
		{name: "no root", in: "<?xml version=\"1.0\"?>\n<!-- nothing -->\n", want: "t.xml: no root element: the file has no <configuration>"},
		{name: "binary", in: "<configuration>\n\x00\x01</configuration>", want: "t.xml:2:1: binary data (NUL byte): not an XML configuration file"},
		{name: "invalid UTF-8", in: "<configuration>\n<property><name>\xe9</name></property></configuration>", want: "t.xml:2:17: invalid UTF-8: the file is binary or in another encoding", hint: "ISO-8859-1"},
		{name: "UTF-16 BOM", in: "\xff\xfe<\x00c\x00", want: "t.xml: file is UTF-16LE encoded; capq reads UTF-8", hint: "iconv -f UTF-16LE -t UTF-8"},
		{name: "UTF-16BE BOM", in: "\xfe\xff\x00<", want: "t.xml: file is UTF-16BE encoded; capq reads UTF-8", hint: "iconv"},
		{name: "other encoding", in: "<?xml version=\"1.0\" encoding=\"windows-1252\"?><configuration/>", want: "t.xml: unsupported encoding \"windows-1252\"; capq reads UTF-8, US-ASCII and ISO-8859-1", hint: "iconv -f windows-1252"},
		{name: "too big", in: conf(prop("a", strings.Repeat("x", 100))), opts: ReadOptions{MaxBytes: 64}, want: "t.xml: file is larger than the limit of 64 bytes", hint: "--max-file-size"},
		{name: "too deep", in: "<configuration>" + strings.Repeat("<a>", 10) + strings.Repeat("</a>", 10) + "</configuration>", opts: ReadOptions{MaxDepth: 5}, want: "t.xml:1:28: elements are nested deeper than 5 levels"},
		{name: "undeclared xi prefix", in: "<configuration>\n  <xi:include href=\"x.xml\"/>\n</configuration>", want: "t.xml:2:3: malformed XML: undeclared namespace prefix \"xi\"", hint: "xmlns:xi="},
		{name: "include without fallback", in: "<configuration xmlns:xi=\"http://www.w3.org/2001/XInclude\">\n<xi:include href=\"nope.xml\"/></configuration>", want: "t.xml:2:1: Fetch fail on include for 'nope.xml' with no fallback while loading 't.xml'"},
		{name: "declaration not at the start", in: "\n<?xml version=\"1.0\"?><configuration/>", want: "t.xml:2:1: malformed XML: the XML declaration <?xml ...?> must be at the very start of the file"},
		{name: "repeated attribute", in: "<configuration>\n<property name=\"a\" name=\"b\"/></configuration>", want: "t.xml:2:1: malformed XML: attribute \"name\" repeated in <property>"},
		// Template tags that are markup stop the parser (Hadoop's too): the
		// error names the template (hopshadoop/apache-hadoop-chef's ERB,
		// datavane/datasophon's FreeMarker capacity-scheduler.ftl).
		{name: "ERB tag", in: "<configuration>\n  <property><name>a</name><value><%= node['x'] %></value></property>\n</configuration>", want: "t.xml:2:34: malformed XML: \"<%= node['x'] %>\" is an ERB tag: the file is an unrendered template, and Hadoop's XML parser refuses it as well", hint: "lint the rendered file"},
		{name: "FreeMarker directive", in: "<configuration>\n<#list qs as q>\n</#list>\n</configuration>", want: "t.xml:2:1: malformed XML: \"<#list qs as q>\" is a FreeMarker directive: the file is an unrendered template, and Hadoop's XML parser refuses it as well", hint: "lint the rendered file"},
		{name: "FreeMarker end directive", in: "<configuration>\n</#if>\n</configuration>", want: "t.xml:2:1: malformed XML: \"</#if>\" is a FreeMarker directive: the file is an unrendered template, and Hadoop's XML parser refuses it as well"},
		{name: "FreeMarker macro", in: "<configuration><@props/></configuration>", want: "t.xml:1:16: malformed XML: \"<@props/>\" is a FreeMarker macro call: the file is an unrendered template, and Hadoop's XML parser refuses it as well"},
		{name: "lone less-than is no template", in: "<configuration><property><name>a</name><value>1 < 2</value></property></configuration>", want: "t.xml:1:50: malformed XML: expected element name after <"},
		{name: "control character", in: "<configuration><property><name>a</name><value>\x01</value></property></configuration>", want: "t.xml:1:48: malformed XML: illegal character code U+0001"},
		{name: "include URL", in: "<configuration xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\"http://example.com/a.xml\"/></configuration>", want: "t.xml:1:59: xi:include \"http://example.com/a.xml\": only local files can be included, not http: URLs"},
		{name: "include file URL without a path", in: "<configuration xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\"file:a.xml\"/></configuration>", want: "t.xml:1:59: xi:include \"file:a.xml\": a file URL names no absolute path", hint: "file:///absolute/path"},
		{name: "entity file URL without a path", in: "<!DOCTYPE configuration [<!ENTITY x SYSTEM \"file:a.xml\">]><configuration>" + prop("a", "&x;") + "</configuration>", want: "t.xml:1:1: entity \"x\": file URL \"file:a.xml\" names no absolute path", hint: "file:///absolute/path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			re := readErr(t, tt.in, tt.opts)
			assert.Equal(t, tt.want, re.Error())
			assert.Contains(t, re.Hint, tt.hint)
		})
	}
}

func TestReadDeepNestingDefaultLimit(t *testing.T) {
	in := "<configuration>" + strings.Repeat("<a>", 10000) + strings.Repeat("</a>", 10000) + "</configuration>"
	re := readErr(t, in, ReadOptions{})
	assert.Contains(t, re.Msg, "nested deeper than 64 levels")
}

func TestReadFileErrors(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.xml")
	require.NoError(t, os.WriteFile(big, []byte(conf(prop("a", strings.Repeat("x", 200)))), 0o644))

	_, err := ReadFile(filepath.Join(dir, "missing.xml"), ReadOptions{})
	assert.EqualError(t, err, filepath.Join(dir, "missing.xml")+": no such file")
	assert.ErrorIs(t, err, os.ErrNotExist)

	_, err = ReadFile(dir, ReadOptions{})
	assert.EqualError(t, err, dir+": is a directory, not a configuration file")

	_, err = ReadFile(big, ReadOptions{MaxBytes: 100})
	var re *ReadError
	require.ErrorAs(t, err, &re)
	assert.Contains(t, re.Msg, "larger than the limit of 100 bytes")
	assert.Contains(t, re.Hint, "--max-file-size")
}

func TestReadFilesCombinesFailures(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.xml")
	bad := filepath.Join(dir, "bad.xml")
	require.NoError(t, os.WriteFile(good, []byte(conf(prop("a", "1"))), 0o644))
	require.NoError(t, os.WriteFile(bad, []byte("<configuration>"), 0o644))
	missing := filepath.Join(dir, "missing.xml")

	docs, err := ReadFiles([]string{bad, good, missing}, ReadOptions{})
	require.Error(t, err)
	assert.Equal(t, bad+":1:16: malformed XML: unexpected end of file: <configuration> is not closed\n"+
		missing+": no such file", err.Error())
	require.Len(t, docs, 3)
	assert.Nil(t, docs[0])
	assert.Equal(t, "1", props(docs[1])["a"])
	assert.Nil(t, docs[2])

	docs, err = ReadFiles([]string{good}, ReadOptions{})
	require.NoError(t, err)
	require.Len(t, docs, 1)
}

func readerCase(name string) string {
	return filepath.Join("..", "testdata", "reader", name, "capacity-scheduler.xml")
}

func TestReadIncludeRelative(t *testing.T) {
	// TestConfiguration#testRelativeIncludes
	path := readerCase("include-relative")
	d, err := ReadFile(path, ReadOptions{})
	require.NoError(t, err)
	require.Len(t, d.Props, 3)
	names := []string{d.Props[0].Name, d.Props[1].Name, d.Props[2].Name}
	assert.Equal(t, []string{"yarn.scheduler.capacity.root.queues", "yarn.scheduler.capacity.root.eng.capacity",
		"yarn.scheduler.capacity.root.default.capacity"}, names, "spliced in document order")
	inc := filepath.Join(filepath.Dir(path), "conf.d", "eng.xml")
	assert.Equal(t, Pos{File: inc, Line: 4, Col: 5}, d.Props[1].NamePos, "positions refer to the included file")
	assert.Empty(t, d.Findings)
	top, err := os.Stat(path)
	require.NoError(t, err)
	part, err := os.Stat(inc)
	require.NoError(t, err)
	assert.Equal(t, top.Size()+part.Size(), d.Bytes, "the bytes read: the file and what it included")
	l, err := Load(LoadOptions{CapacityScheduler: []Source{{Name: path}}})
	require.NoError(t, err)
	assert.Equal(t, d.Bytes, l.Model.SourceBytes, "what a simulation charges a refresh for")
}

func TestReadIncludeNestedResolvesAgainstTopLevel(t *testing.T) {
	// Configuration.Parser passes the top-level resource name to included
	// resources, so a relative href inside sub/queues.xml resolves next to
	// capacity-scheduler.xml.
	d, err := ReadFile(readerCase("include-nested"), ReadOptions{})
	require.NoError(t, err)
	assert.Equal(t, map[string]string{
		"yarn.scheduler.capacity.root.queues":          "default",
		"yarn.scheduler.capacity.maximum-applications": "5000",
	}, props(d))
}

func TestReadIncludesWithFallback(t *testing.T) {
	// TestConfiguration#testIncludesWithFallback
	path := readerCase("include-fallback")
	d, err := ReadFile(path, ReadOptions{})
	require.NoError(t, err)
	c := NewConf(d)
	for k, want := range map[string]string{"a": "b", "c": "d", "e": "f", "g": "h", "i": "j.fallback", "k": "l.fallback"} {
		got, ok := c.Raw(k)
		assert.True(t, ok, k)
		assert.Equal(t, want, got, k)
	}
	assert.False(t, c.Entry("c").Final, "the unused fallback's final is dropped")
	assert.True(t, c.Entry("k").Final)
	p, _ := c.Lookup("i")
	assert.True(t, p.Fallback)
	p, _ = c.Lookup("a")
	assert.False(t, p.Fallback)
	require.Len(t, d.Findings, 1)
	f := d.Findings[0]
	assert.Equal(t, RuleIncludeFallbak, f.Rule)
	assert.Zero(t, f.Severity, "a fact: validate's XML005 rule declares the severity")
	assert.Equal(t, Pos{File: path, Line: 11, Col: 3}, f.Pos)
}

func TestReadIncludeMissing(t *testing.T) {
	path := readerCase("include-missing")
	_, err := ReadFile(path, ReadOptions{})
	require.Error(t, err)
	assert.Equal(t, path+":4:3: Fetch fail on include for 'queues.d/missing.xml' with no fallback while loading '"+path+"'", err.Error())
}

func TestReadIncludeLoop(t *testing.T) {
	_, err := ReadFile(readerCase("include-loop"), ReadOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "xi:include loop: capacity-scheduler.xml -> b.xml -> capacity-scheduler.xml")
}

func TestReadIncludeWithoutNamespace(t *testing.T) {
	_, err := ReadFile(readerCase("include-no-namespace"), ReadOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `undeclared namespace prefix "xi"`)
}

func TestReadIncludesAbsoluteAndFileURL(t *testing.T) {
	// TestConfiguration#testIncludes: an absolute path and a file: URL.
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	c2 := write("config2.xml", conf(prop("a", "b"), prop("c", "d")))
	uri := write("config-uri.xml", conf(prop("e", "f"), prop("g", "h")))
	main := write("config.xml", "<configuration xmlns:xi=\"http://www.w3.org/2001/XInclude\">"+
		"<xi:include href=\""+c2+"\"></xi:include><xi:include href=\"file://"+uri+"\"></xi:include>"+
		prop("i", "j")+prop("k", "l")+"</configuration>")
	d, err := ReadFile(main, ReadOptions{})
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"a": "b", "c": "d", "e": "f", "g": "h", "i": "j", "k": "l"}, props(d))
}

func TestReadIncludeDepthLimit(t *testing.T) {
	dir := t.TempDir()
	for i := 0; i < 5; i++ {
		body := "<configuration xmlns:xi=\"http://www.w3.org/2001/XInclude\"><xi:include href=\"" +
			filepath.Join(dir, "f"+string(rune('0'+i+1))+".xml") + "\"/></configuration>"
		require.NoError(t, os.WriteFile(filepath.Join(dir, "f"+string(rune('0'+i))+".xml"), []byte(body), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "f5.xml"), []byte(conf()), 0o644))
	_, err := ReadFile(filepath.Join(dir, "f0.xml"), ReadOptions{MaxIncludeDepth: 3})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "xi:include nested deeper than 3 files")
	_, err = ReadFile(filepath.Join(dir, "f0.xml"), ReadOptions{})
	require.NoError(t, err)
}

func TestReadFallbackOutsideIncludeDropsProperties(t *testing.T) {
	// Hadoop sets fallbackEntered at any <fallback> and only clears it at
	// </include>: properties after a stray fallback are dropped.
	d := mustRead(t, conf(prop("a", "1"), "<fallback/>", prop("b", "2")))
	assert.Equal(t, map[string]string{"a": "1"}, props(d))
}

func TestGenerateConfigIsReadable(t *testing.T) {
	data := GenerateConfig(GenOptions{Queues: 50, Seed: 7})
	assert.Equal(t, data, GenerateConfig(GenOptions{Queues: 50, Seed: 7}), "deterministic")
	assert.NotEqual(t, data, GenerateConfig(GenOptions{Queues: 50, Seed: 8}))
	d, err := ReadBytes("gen.xml", data, ReadOptions{})
	require.NoError(t, err)
	c := NewConf(d)
	assert.Empty(t, c.Findings)
	// Children of every parent sum to exactly 100 in float32.
	var walk func(path string) int
	walk = func(path string) int {
		qs, ok := c.Raw(Prefix + path + ".queues")
		if !ok {
			return 1
		}
		var sum float32
		n := 1
		for _, q := range strings.Split(qs, ",") {
			v, _ := c.Raw(Prefix + path + "." + q + ".capacity")
			f, err := ParseJavaFloat(v)
			require.NoError(t, err)
			sum += f
			n += walk(path + "." + q)
		}
		assert.Equal(t, float32(100), sum, path)
		return n
	}
	assert.Equal(t, 51, walk("root"))
}

func TestGenerateConfigDepth(t *testing.T) {
	data := GenerateConfig(GenOptions{Queues: 30, Depth: 2, Seed: 1, Descriptions: true})
	d, err := ReadBytes("gen.xml", data, ReadOptions{})
	require.NoError(t, err)
	c := NewConf(d)
	qs, _ := c.Raw(Prefix + "root.queues")
	assert.Len(t, strings.Split(qs, ","), 5, "fan-out 5 fits 30 queues in 2 levels")
}

func TestReadIncludeBombIsBounded(t *testing.T) {
	// No loop, but every file includes the next one ten times.
	dir := t.TempDir()
	for i := 0; i < 6; i++ {
		inc := strings.Repeat("<xi:include href=\"f"+string(rune('0'+i+1))+".xml\"/>", 10)
		body := "<configuration xmlns:xi=\"http://www.w3.org/2001/XInclude\">" + inc + "</configuration>"
		require.NoError(t, os.WriteFile(filepath.Join(dir, "f"+string(rune('0'+i))+".xml"), []byte(body), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "f6.xml"), []byte(conf(prop("a", "1"))), 0o644))
	_, err := ReadFile(filepath.Join(dir, "f0.xml"), ReadOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more than 1024 xi:include reads")
}
