package placement

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// These tests reproduce TestLegacyMappingRuleToJson (Hadoop 3.4,
// scheduler/capacity/placement/converter). The test converts legacy
// mappings to JSON with LegacyMappingRuleToJson and checks that the rules
// read back from the JSON print as those CapacitySchedulerConfiguration
// builds from the legacy strings (MappingRule.createLegacyRule): the same
// matcher, a PlaceToQueueAction to the legacy path with creation allowed,
// and the placeDefault fallback. capq reads the legacy strings only
// through its own conversion, so each converted rule is checked against
// what createLegacyRule builds.

var legacyAppMappings = []string{
	"namedMatch:simple", "namedMatch:root.deep", "namedMatch:%application", "namedMatch:root.deep.%application",
	"%application:simple", "%application:root.deep", "%application:%application", "%application:root.deep.%application",
}

var legacyUserMappings = []string{
	"u:alice:alice", "u:beatrix:root.beatrix", "u:claire:%primary_group", "u:donna:root.deep.%primary_group",
	"u:emily:%secondary_group", "u:felicity:root.deep.%secondary_group", "u:%user:simple", "u:%user:root.deep",
	"u:%user:%primary_group", "u:%user:%secondary_group", "u:%user:root.deep.%primary_group",
	"u:%user:root.deep.%secondary_group", "u:%user:%primary_group.%user", "u:%user:root.%primary_group.%user",
	"u:%user:root.deep.%primary_group.%user", "u:%user:%secondary_group.%user",
	"u:%user:root.%secondary_group.%user", "u:%user:root.deep.%secondary_group.%user", "u:%user:%user",
	"u:%user:root.deep.%user",
}

var legacyGroupMappings = []string{
	"g:testers:simple", "g:developers:root.very.deep", "g:users:%user", "g:testers:root.very.deep.%user",
}

// loadLegacy reads queue-mappings and the app-name mappings as Hadoop
// 3.4 does with mapping-rule-format legacy.
func loadLegacy(t *testing.T, userGroup, appName []string) ([]Rule, []Problem) {
	t.Helper()
	conf := xmlconf.FromMap(map[string]string{
		KeyFormat:        "legacy",
		KeyQueueMappings: strings.Join(userGroup, ","),
		KeyAppName:       strings.Join(appName, ","),
	}, "t")
	s, probs := Load(conf, xmlconf.V3_4, LoadOptions{})
	return s.Rules, probs
}

// assertLegacyRule checks a converted rule against createLegacyRule(type,
// source, path): a %user or %application source matches everything (its
// VariableMatcher compares the variable with itself).
func assertLegacyRule(t *testing.T, entry string, r Rule) {
	t.Helper()
	f := strings.Split(entry, ":")
	typ, source, path := "application", f[0], f[1]
	if len(f) == 3 {
		typ, source, path = map[string]string{"u": "user", "g": "group"}[f[0]], f[1], f[2]
	}
	assert.Equal(t, typ, r.Type, entry)
	if source == "%user" {
		assert.Contains(t, []string{"%user", "*"}, r.Matches, entry)
	} else {
		assert.Equal(t, source, r.Matches, entry)
	}
	assert.Equal(t, path, r.Target(), "%s: PlaceToQueueAction's queue", entry)
	assert.True(t, r.CreateAllowed(), "%s: allowCreate", entry)
	assert.Equal(t, "placeDefault", r.Fallback(), "%s: fallback", entry)
}

func TestHadoopLegacyMappingRuleToJson(t *testing.T) {
	total := append(append(append([]string{}, legacyUserMappings[:8]...), legacyGroupMappings...), legacyUserMappings[8:]...)
	total = append(total[:len(total)-1], "u:%user:root.%user.something", total[len(total)-1])
	cases := []struct {
		method              string
		userGroup, appNames []string
	}{
		{"testApplicationNameMappingConversion", nil, legacyAppMappings},
		{"testGroupMappingConversion", legacyGroupMappings, nil},
		{"testUserMappingConversion", legacyUserMappings, nil},
		{"testTotalConversion", total, legacyAppMappings},
	}
	for _, c := range cases {
		t.Run(c.method, func(t *testing.T) {
			rules, probs := loadLegacy(t, c.userGroup, c.appNames)
			require.Empty(t, probs)
			entries := append(append([]string{}, c.userGroup...), c.appNames...)
			require.Len(t, rules, len(entries), "number of rules")
			for i, e := range entries {
				assertLegacyRule(t, e, rules[i])
			}
		})
	}
}

// TestHadoopLegacyMappingRuleToJsonErrorHandling is testErrorHandling:
// no mappings convert to no rules, and a malformed entry is refused with
// the message CapacitySchedulerConfiguration gives for it.
func TestHadoopLegacyMappingRuleToJsonErrorHandling(t *testing.T) {
	rules, probs := loadLegacy(t, nil, nil)
	assert.Empty(t, rules)
	assert.Empty(t, probs)
	cases := []struct {
		userGroup, appName, msg string
	}{
		{"", "%application:", "Illegal queue mapping %application:"},
		{"", "%application:sdfsdf:sdfsfd", "Illegal queue mapping %application:sdfsdf:sdfsfd"},
		{"u::root.default", "", "Illegal queue mapping u::root.default"},
		{"u:bob", "", "Illegal queue mapping u:bob"},
		{"X:bob:root.bob", "", "unknown mapping prefix X"},
	}
	for _, c := range cases {
		_, probs := loadLegacy(t, []string{c.userGroup}, []string{c.appName})
		require.Len(t, probs, 1, c.msg)
		assert.Equal(t, c.msg, probs[0].Msg)
		assert.False(t, probs[0].Warning, "%s refuses the configuration", c.msg)
	}
}
