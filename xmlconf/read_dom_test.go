package xmlconf

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readAs reads a document the way profile v's Configuration does.
func readAs(t *testing.T, v Version, xml string) (*Document, error) {
	t.Helper()
	return ReadBytes("t.xml", []byte(xml), ReadOptions{Version: v})
}

// TestReadDOMAndStAXProfiles: the same document read by Hadoop 2.7's DOM
// walk (Configuration#loadResource before HADOOP-14216) and by the StAX
// parser of 2.9 and later (Configuration.Parser). unset lists keys read
// without a value; a nil want means no property at all.
func TestReadDOMAndStAXProfiles(t *testing.T) {
	type want struct {
		props map[string]string
		unset []string
		final []string
		rules []string
		err   string
	}
	tests := []struct {
		name     string
		xml      string
		v27, v3x want
	}{
		{name: "root not <configuration>: both read its <property> children",
			xml: "<conf>" + prop("a", "1") + "</conf>",
			v27: want{props: map[string]string{"a": "1"}, rules: []string{RuleRootElement}},
			v3x: want{props: map[string]string{"a": "1"}, rules: []string{RuleRootElement}}},
		{name: "root-level <property>: its <name> and <value> are the DOM's properties",
			xml: prop("a", "1"),
			v27: want{rules: []string{RuleRootElement}},
			v3x: want{props: map[string]string{"a": "1"}, rules: []string{RuleRootElement}}},
		{name: "element not <property> under <configuration> (bad conf file: element not <property>)",
			xml: conf("<prop><name>a</name><value>1</value></prop>"),
			v27: want{props: map[string]string{"a": "1"}, rules: []string{RuleRootElement}},
			v3x: want{}},
		{name: "property inside another element",
			xml: conf("<group>" + prop("a", "1") + "</group>"),
			v27: want{rules: []string{RuleRootElement}},
			v3x: want{props: map[string]string{"a": "1"}}},
		{name: "nested <configuration> is read recursively",
			xml: conf("<configuration>" + prop("a", "1") + "</configuration>"),
			v27: want{props: map[string]string{"a": "1"}},
			v3x: want{props: map[string]string{"a": "1"}}},
		{name: "attribute form (testCompactFormat) is not read by the DOM walk",
			xml: conf(`<property name="c" value="d" final="true"/>`),
			v27: want{rules: []string{RuleNoName}},
			v3x: want{props: map[string]string{"c": "d"}, final: []string{"c"}}},
		{name: "name element with value attribute",
			xml: conf(`<property value="1"><name>b</name></property>`),
			v27: want{props: map[string]string{"b": ""}, unset: []string{"b"}, rules: []string{RuleRootElement}},
			v3x: want{props: map[string]string{"b": "1"}}},
		{name: "attributes of one property do not leak into the next",
			xml: conf(`<p name="a"/>`, prop("b", "1")),
			v27: want{props: map[string]string{"b": "1"}},
			v3x: want{props: map[string]string{"b": "1"}}},
		{name: "only the first text node of a value",
			xml: conf(prop("a", "x<![CDATA[y]]>z")),
			v27: want{props: map[string]string{"a": "x"}},
			v3x: want{props: map[string]string{"a": "xyz"}}},
		{name: "comments do not split the first text node",
			xml: conf(prop("a", "x<!-- c -->y")),
			v27: want{props: map[string]string{"a": "xy"}},
			v3x: want{props: map[string]string{"a": "xy"}}},
		{name: "text after a child element is not read",
			xml: conf(prop("a", "x<b>y</b>z")),
			v27: want{props: map[string]string{"a": "x"}},
			v3x: want{props: map[string]string{"a": "xyz"}}},
		{name: "value beginning with an element fails to load (ClassCastException)",
			xml: conf(prop("a", "<b>y</b>")),
			v27: want{err: "<value> begins with <b>, not text"},
			v3x: want{props: map[string]string{"a": "y"}}},
		{name: "value beginning with a processing instruction fails to load",
			xml: conf(prop("a", "<?pi x?>y")),
			v27: want{err: "<value> begins with a processing instruction, not text"},
			v3x: want{props: map[string]string{"a": "y"}}},
		{name: "value inside a wrapper is not a field",
			xml: conf("<property><name>a</name><w><value>1</value></w></property>"),
			v27: want{props: map[string]string{"a": ""}, unset: []string{"a"}},
			v3x: want{props: map[string]string{"a": "1"}}},
		{name: "empty <final/> keeps an earlier final",
			xml: conf("<property><name>a</name><value>1</value><final>true</final><final/></property>"),
			v27: want{props: map[string]string{"a": "1"}, final: []string{"a"}},
			v3x: want{props: map[string]string{"a": "1"}}},
		{name: "empty <value/> is unset in both",
			xml: conf("<property><name>a</name><value/></property>"),
			v27: want{props: map[string]string{"a": ""}, unset: []string{"a"}},
			v3x: want{props: map[string]string{"a": ""}, unset: []string{"a"}}},
		{name: "prefixed property: getTagName keeps the prefix",
			xml: conf(`<h:property xmlns:h="urn:x"><h:name>a</h:name><h:value>1</h:value></h:property>`),
			v27: want{rules: []string{RuleRootElement}},
			v3x: want{props: map[string]string{"a": "1"}}},
		{name: "stray <fallback> outside XInclude's namespace",
			xml: conf(prop("a", "1"), "<fallback/>", prop("b", "2")),
			v27: want{props: map[string]string{"a": "1", "b": "2"}},
			v3x: want{props: map[string]string{"a": "1"}}},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			v    Version
			want want
		}{{V2_7, tt.v27}, {V2_10, tt.v3x}, {V3_4, tt.v3x}} {
			t.Run(tt.name+"/"+c.v.String(), func(t *testing.T) {
				d, err := readAs(t, c.v, tt.xml)
				if c.want.err != "" {
					require.Error(t, err)
					assert.Contains(t, err.Error(), c.want.err)
					return
				}
				require.NoError(t, err)
				assert.Equal(t, c.want.rules, rules(d.Findings))
				got, unset, final := map[string]string{}, []string(nil), []string(nil)
				for _, p := range d.Props {
					got[p.Name] = p.Value
					if p.Unset {
						unset = append(unset, p.Name)
					}
					if p.Final {
						final = append(final, p.Name)
					}
				}
				if c.want.props == nil {
					c.want.props = map[string]string{}
				}
				assert.Equal(t, c.want.props, got)
				assert.Equal(t, c.want.unset, unset, "unset")
				assert.Equal(t, c.want.final, final, "final")
			})
		}
	}
}

func TestReadRootElementHintPerProfile(t *testing.T) {
	d, err := readAs(t, V3_4, prop("a", "1"))
	require.NoError(t, err)
	require.Len(t, d.Findings, 1)
	assert.Contains(t, d.Findings[0].Hint, "Hadoop reads the <property> elements anyway")
	d, err = readAs(t, V2_7, prop("a", "1"))
	require.NoError(t, err)
	require.Len(t, d.Findings, 1)
	assert.Contains(t, d.Findings[0].Hint, "this property itself is not read")
	d, err = readAs(t, V2_7, "<conf>"+prop("a", "1")+"</conf>")
	require.NoError(t, err)
	assert.Contains(t, d.Findings[0].Hint, "bad conf file: top-level element not <configuration>")
}

func TestReadIncludeNestedPerProfile(t *testing.T) {
	// Hadoop 3's Parser resolves against the top-level resource; Xerces'
	// XInclude (2.7) against the including file, sub/queues.xml.
	for _, c := range []struct {
		v    Version
		want string
	}{{V3_4, "5000"}, {V2_10, "5000"}, {V2_7, "read by Hadoop 2.7: XInclude resolves against sub/"}} {
		d, err := ReadFile(readerCase("include-nested"), ReadOptions{Version: c.v})
		require.NoError(t, err, c.v)
		assert.Equal(t, c.want, props(d)["yarn.scheduler.capacity.maximum-applications"], c.v)
	}
}

func TestReadIncludePlacementPerProfile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	write("conf.xml", conf(prop("a", "1")))
	write("other.xml", "<queues>"+prop("b", "2")+"</queues>")
	main := write("main.xml", `<configuration xmlns:xi="http://www.w3.org/2001/XInclude">`+
		`<xi:include href="conf.xml"/><xi:include href="other.xml"/>`+
		`<group><xi:include href="conf.xml"/></group>`+
		`<xi:include href="missing.xml"><xi:fallback>`+prop("c", "3")+`</xi:fallback></xi:include>`+
		`<include href="conf.xml"/></configuration>`)
	// 2.7: an included <configuration> is a nested one; an included
	// <queues> is a non-property element; an include inside <group> puts
	// the file where the DOM walk does not look; <include> outside the
	// XInclude namespace is a plain (nameless) element.
	d, err := ReadFile(main, ReadOptions{Version: V2_7})
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"a": "1", "c": "3"}, props(d))
	d, err = ReadFile(main, ReadOptions{Version: V3_4})
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"a": "1", "b": "2", "c": "3"}, props(d))
}

func TestReadIncludeInsideFieldOrWrapper(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	write("p.xml", prop("a", "1"))
	head := `<configuration xmlns:xi="http://www.w3.org/2001/XInclude">`
	inField := write("field.xml", head+`<property><name>x</name><value><xi:include href="p.xml"/></value></property></configuration>`)
	_, err := ReadFile(inField, ReadOptions{Version: V2_7})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "<value> begins with an included element, not text")
	afterText := write("text.xml", head+`<property><name>x</name><value>v<xi:include href="p.xml"/></value></property></configuration>`)
	d, err := ReadFile(afterText, ReadOptions{Version: V2_7})
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"x": "v"}, props(d))
	wrapped := write("wrapped.xml", head+`<group><xi:include href="p.xml"/></group>`+
		`<xi:include href="p.xml"><xi:fallback><w>`+prop("z", "9")+`</w></xi:fallback></xi:include></configuration>`)
	d, err = ReadFile(wrapped, ReadOptions{Version: V2_7})
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"a": "1"}, props(d), "the found include's fallback is dropped")
	assert.Equal(t, []string{RuleRootElement}, rules(d.Findings), "only the property inside <group> is noted")
	assert.Contains(t, d.Findings[0].Message, "<property> inside an xi:include is not read")
}

func TestReadIncludeMissingPerProfile(t *testing.T) {
	_, err := ReadFile(readerCase("include-missing"), ReadOptions{Version: V2_7})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "An 'include' failed, and no 'fallback' element was found")
}

func TestUsesDOMParser(t *testing.T) {
	assert.True(t, usesDOMParser(V2_7))
	for _, v := range []Version{{}, V2_10, V3_1, V3_4} {
		assert.False(t, usesDOMParser(v), v)
	}
}

func TestLoadReadsAsBuildVersion(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "capacity-scheduler.xml")
	require.NoError(t, os.WriteFile(p, []byte(conf(prop("yarn.scheduler.capacity.root.queues", "a"),
		`<property name="yarn.scheduler.capacity.maximum-applications" value="7"/>`)), 0o644))
	for _, c := range []struct {
		v    Version
		want bool
	}{{V2_7, false}, {V3_4, true}} {
		l, err := Load(LoadOptions{CapacityScheduler: []Source{{Name: p}}, Build: BuildOptions{Version: c.v}})
		require.NoError(t, err)
		seen := false
		for _, pr := range l.Docs[0].Props {
			seen = seen || pr.Name == "yarn.scheduler.capacity.maximum-applications"
		}
		assert.Equal(t, c.want, seen, c.v)
	}
}
