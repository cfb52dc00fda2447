package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func doc(t *testing.T, name string, props ...string) *Document {
	t.Helper()
	d, err := ReadBytes(name, []byte(conf(props...)), ReadOptions{})
	require.NoError(t, err)
	return d
}

func raw(c *Conf, key string) any {
	v, ok := c.Raw(key)
	if !ok {
		return nil
	}
	return v
}

// Merge rules of Configuration.loadProperty, across and within resources.
func TestConfMerge(t *testing.T) {
	tests := []struct {
		name      string
		resources [][]string
		key       string
		want      any // nil: not set
		final     bool
		rules     []string
	}{
		{name: "testFinalParam: final empty value blocks later resources",
			resources: [][]string{{finalProp("my.var", "")}, {prop("my.var", "myval")}},
			key:       "my.var", want: nil, final: true, rules: []string{RuleFinalOverride}},
		{name: "testFinalWarnings: final wins over the next resource",
			resources: [][]string{{finalProp("prop", "A")}, {finalProp("prop", "BB")}},
			key:       "prop", want: "A", final: true, rules: []string{RuleFinalOverride}},
		{name: "testNoFinalWarnings: same value again is not reported",
			resources: [][]string{{finalProp("prop", "A")}, {finalProp("prop", "A")}},
			key:       "prop", want: "A", final: true},
		{name: "testFinalWarningsMultiple: repeated in one resource",
			resources: [][]string{{finalProp("prop", "A"), finalProp("prop", "A")}},
			key:       "prop", want: "A", final: true},
		{name: "testFinalWarningsMultipleOverride: first final wins in one resource",
			resources: [][]string{{finalProp("prop", "A"), finalProp("prop", "BB")}},
			key:       "prop", want: "A", final: true, rules: []string{RuleFinalOverride}},
		{name: "testNullValueProperties: empty final after a value keeps it",
			resources: [][]string{{finalProp("attr", "value"), finalProp("attr", "")}},
			key:       "attr", want: "value", final: true},
		{name: "duplicate: last wins",
			resources: [][]string{{prop("a", "1"), prop("a", "2")}},
			key:       "a", want: "2", rules: []string{RuleDuplicate}},
		{name: "duplicate across resources: later resource wins",
			resources: [][]string{{prop("a", "1")}, {prop("a", "2")}},
			key:       "a", want: "2", rules: []string{RuleDuplicate}},
		{name: "empty value sets nothing",
			resources: [][]string{{prop("a", "1"), prop("a", "")}},
			key:       "a", want: "1"},
		{name: "non-final then final: the final one wins and stays",
			resources: [][]string{{prop("a", "1")}, {finalProp("a", "2")}, {prop("a", "3")}},
			key:       "a", want: "2", final: true, rules: []string{RuleDuplicate, RuleFinalOverride}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var docs []*Document
			for i, r := range tt.resources {
				docs = append(docs, doc(t, []string{"core-site.xml", "yarn-site.xml", "capacity-scheduler.xml"}[i], r...))
			}
			c := NewConf(docs...)
			assert.Equal(t, tt.want, raw(c, tt.key))
			e := c.Entry(tt.key)
			require.NotNil(t, e)
			assert.Equal(t, tt.final, e.Final)
			assert.Equal(t, tt.rules, rules(c.Findings))
		})
	}
}

func TestConfDuplicateReportsBothPlaces(t *testing.T) {
	c := NewConf(doc(t, "cs.xml", prop("a", "1"), prop("a", "2")))
	require.Len(t, c.Findings, 1)
	f := c.Findings[0]
	assert.Equal(t, Pos{File: "cs.xml", Line: 4, Col: 11}, f.Pos, "at the later definition")
	assert.Contains(t, f.Message, "cs.xml:3:11", "naming the earlier one")
	assert.Equal(t, "a", f.Property)
	e := c.Entry("a")
	require.Len(t, e.Earlier, 1)
	assert.Equal(t, "1", e.Earlier[0].Value)
}

func TestConfFinalOverrideNamesTheFinalPlace(t *testing.T) {
	c := NewConf(doc(t, "yarn-site.xml", finalProp("a", "1")), doc(t, "cs.xml", prop("a", "2")))
	require.Len(t, c.Findings, 1)
	assert.Equal(t, "cs.xml", c.Findings[0].File)
	assert.Contains(t, c.Findings[0].Message, "yarn-site.xml:3:11")
	assert.Len(t, c.Entry("a").Ignored, 1)
}

func TestConfOverlay(t *testing.T) {
	// TestConfiguration#testOverlay, without the programmatic set() calls.
	c := NewConf(
		doc(t, "config.xml", prop("a", "b"), prop("b", "c"), prop("d", "e"), finalProp("e", "f")),
		doc(t, "config2.xml", prop("a", "b"), prop("b", "d"), prop("e", "e")),
	)
	assert.Equal(t, map[string]string{"a": "b", "b": "d", "d": "e", "e": "f"}, c.Map())
}

func TestConfLayeredYarnSiteThenCapacityScheduler(t *testing.T) {
	yarnSite := doc(t, "yarn-site.xml",
		prop("yarn.scheduler.capacity.root.queues", "a"),
		finalProp("yarn.scheduler.maximum-allocation-mb", "8192"),
		prop("yarn.scheduler.capacity.maximum-applications", "500"))
	cs := doc(t, "capacity-scheduler.xml",
		prop("yarn.scheduler.capacity.root.queues", "a,b"),
		prop("yarn.scheduler.maximum-allocation-mb", "16384"))
	c := NewConf(yarnSite, cs)
	assert.Equal(t, "a,b", raw(c, "yarn.scheduler.capacity.root.queues"))
	assert.Equal(t, "8192", raw(c, "yarn.scheduler.maximum-allocation-mb"))
	assert.Equal(t, "500", raw(c, "yarn.scheduler.capacity.maximum-applications"))
	p, _ := c.Lookup("yarn.scheduler.capacity.root.queues")
	assert.Equal(t, "capacity-scheduler.xml", p.Pos.File)
	assert.Equal(t, []string{RuleDuplicate, RuleFinalOverride}, rules(c.Findings))
	assert.Equal(t, 3, c.Len())
	assert.Equal(t, []string{"yarn.scheduler.capacity.maximum-applications", "yarn.scheduler.capacity.root.queues",
		"yarn.scheduler.maximum-allocation-mb"}, c.Keys())
}

func TestConfReadFindingsCarriedOver(t *testing.T) {
	d := doc(t, "cs.xml", "<property><value>1</value></property>")
	c := NewConf(nil, d)
	assert.Equal(t, []string{RuleNoName}, rules(c.Findings))
}

func TestConfTrimmedKeys(t *testing.T) {
	// TestConfiguration#testGetSetTrimmedNames
	c := NewConf()
	c.Set(" name", "value")
	assert.Equal(t, "value", raw(c, "name"))
	assert.Equal(t, "value", raw(c, " name"))
	assert.Equal(t, "value", raw(c, "  name  "))
	// An attribute-form name keeps its spaces and so can never be read.
	c = NewConf(doc(t, "cs.xml", `<property name=" x " value="1"/>`))
	assert.Nil(t, raw(c, " x "))
	assert.Nil(t, raw(c, "x"))
}

func TestConfCloneIsIndependent(t *testing.T) {
	c := NewConf(doc(t, "cs.xml", prop("a", "1"), prop("b", "2")))
	n := c.Clone()
	n.Set("a", "9")
	n.Unset("b")
	assert.Equal(t, "1", raw(c, "a"))
	assert.Equal(t, "2", raw(c, "b"))
	assert.Equal(t, "9", raw(n, "a"))
	assert.Nil(t, raw(n, "b"))
}

func TestFromMap(t *testing.T) {
	c := FromMap(map[string]string{" a ": "1", "b": ""}, "scenario.yaml")
	assert.Equal(t, "1", raw(c, "a"))
	assert.Nil(t, raw(c, "b"))
	p, _ := c.Lookup("a")
	assert.Equal(t, Pos{File: "scenario.yaml"}, p.Pos)
}
