package placement

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestRuleActive covers which yarn.scheduler.queue-placement-rules lists
// make the legacy mappings count (CapacityScheduler.updatePlacementRules).
func TestRuleActive(t *testing.T) {
	cases := []struct {
		name, rules, rule string
		v                 xmlconf.Version
		want              bool
	}{
		{"default list is user-group", "", "user-group", xmlconf.V3_4, true},
		{"3.4 app-name alone reads queue-mappings", "app-name", "user-group", xmlconf.V3_4, true},
		{"3.4 CSMappingPlacementRule by class", csMappingRuleClass, "user-group", xmlconf.V3_4, true},
		{"3.4 another class only", "org.example.Rule", "user-group", xmlconf.V3_4, false},
		// getStringCollection does not trim: " app-name" is a class name
		// (which the RM cannot load; lint CS114), not the app-name rule.
		{"3.4 an untrimmed name is not the rule", " app-name", "user-group", xmlconf.V3_4, false},
		{"3.3 each name its own rule", "app-name", "user-group", xmlconf.V3_3, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conf := xmlconf.FromMap(map[string]string{KeyPlacement: c.rules}, "t")
			assert.Equal(t, c.want, RuleActive(conf, c.v, c.rule))
		})
	}
}

// TestJSONRulesNeedTheMappingRule: the JSON rules are read by
// CSMappingPlacementRule, which updatePlacementRules installs only for
// user-group, app-name or its own class; a list of other classes installs
// no mapping rule, so no JSON rule applies.
func TestJSONRulesNeedTheMappingRule(t *testing.T) {
	json := `{"rules":[{"type":"user","matches":"*","policy":"custom","customPlacement":"root.a"}]}`
	for _, c := range []struct {
		rules string
		want  int
	}{{"", 1}, {"app-name", 1}, {csMappingRuleClass, 1}, {"org.example.Rule", 0}} {
		conf := xmlconf.FromMap(map[string]string{KeyPlacement: c.rules, KeyFormat: "json", KeyJSON: json}, "t")
		s, probs := Load(conf, xmlconf.V3_4, LoadOptions{})
		assert.Empty(t, probs, c.rules)
		assert.Len(t, s.Rules, c.want, c.rules)
	}
}

// TestLegacyMappingsAsGetQueueMappingsReads: queue-mappings and the
// app-name mappings are read with Configuration#getTrimmedStringCollection
// (a repeated entry once) and each entry split with
// StringUtils.getTrimmedStringCollection(entry, ":"), which trims with
// String.trim (CapacitySchedulerConfiguration#getQueueMappings).
func TestLegacyMappingsAsGetQueueMappingsReads(t *testing.T) {
	conf := xmlconf.FromMap(map[string]string{
		KeyQueueMappings: "u:alice:root.a, u:alice:root.a,u:bob:root.b\x01,u:carl:\u00a0root.c",
	}, "t")
	rules, probs := legacyRules(conf, xmlconf.V3_3)
	assert.Empty(t, probs)
	var got []string
	for _, r := range rules {
		got = append(got, r.Matches+"->"+r.CustomPlacement)
	}
	assert.Equal(t, []string{"alice->root.a", "bob->root.b", "carl->\u00a0root.c"}, got)
}

// TestLegacyMappingsSplitOnNewlinesFrom31: getQueueMappings reads the
// value with getTrimmedStringCollection, whose getTrimmedStrings splits
// on newlines as well as commas from xmlconf.NewlineListsSince. One
// mapping per line is three mappings on 3.1+; on 2.10 it is one entry of
// seven parts, which Hadoop refuses.
func TestLegacyMappingsSplitOnNewlinesFrom31(t *testing.T) {
	conf := xmlconf.FromMap(map[string]string{
		KeyQueueMappings: "\n  u:alice:root.a\n  u:bob:root.b,\n  g:eng:root.c\n",
	}, "t")
	for _, v := range []xmlconf.Version{xmlconf.V3_1, xmlconf.V3_3, xmlconf.V3_4} {
		rules, probs := legacyRules(conf, v)
		assert.Empty(t, probs, "%s", v)
		var got []string
		for _, r := range rules {
			got = append(got, r.Matches+"->"+r.CustomPlacement)
		}
		assert.Equal(t, []string{"alice->root.a", "bob->root.b", "eng->root.c"}, got, "%s", v)
	}
	rules, probs := legacyRules(conf, xmlconf.V2_10)
	assert.Len(t, rules, 1, "g:eng:root.c after the comma")
	assert.Equal(t, []Problem{{Key: KeyQueueMappings, Msg: "Illegal queue mapping u:alice:root.a\n  u:bob:root.b"}}, probs)
}
