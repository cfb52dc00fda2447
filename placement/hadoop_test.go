package placement

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// These tests reproduce TestCSMappingPlacementRule (Hadoop 3.4,
// hadoop-yarn-server-resourcemanager .../placement/) on its mock queue
// hierarchy and user groups.

var hadoopGroups = map[string][]string{
	"alice":   {"p_alice", "user", "developer"},
	"bob":     {"p_bob", "user", "developer"},
	"charlie": {"p_charlie", "user", "tester"},
	"dave":    {"user", "tester"},
	"emily":   {"user", "tester", "developer"},
}

// hadoopQueues is TestCSMappingPlacementRule#createQueueHierarchy.
func hadoopQueues() Queues {
	ix := NewIndex()
	leaves := []string{"root.unman", "root.default", "root.user.alice", "root.user.bob",
		"root.ambiguous.user.charlie", "root.ambiguous.user.dave", "root.ambiguous.user.ambi",
		"root.ambiguous.group.tester", "root.ambiguous.deep.user.charlie", "root.ambiguous.deep.user.dave",
		"root.ambiguous.deep.user.ambi", "root.ambiguous.deep.group.tester",
		"root.disambiguous.deep.disambiuser.emily", "root.disambiguous.deep.disambiuser.disambi",
		"root.disambiguous.deep.group.developer"}
	managed := []string{"root.man", "root.ambiguous.managed", "root.ambiguous.deep.managed", "root.disambiguous.deep.dman"}
	parents := map[string]bool{}
	for _, p := range append(append([]string{}, leaves...), managed...) {
		parts := strings.Split(p, ".")
		for i := 1; i < len(parts); i++ {
			parents[strings.Join(parts[:i], ".")] = true
		}
	}
	for p := range parents {
		ix.Add(p, KindParent)
	}
	for _, p := range leaves {
		ix.Add(p, KindLeaf)
	}
	for _, p := range managed {
		ix.Add(p, KindManagedParent)
	}
	return ix
}

func legacySet(entries ...string) *Set {
	s := &Set{Override: true}
	for _, e := range entries {
		f := strings.Split(e, ":")
		s.Rules = append(s.Rules, userRule(f[1], f[2], e))
	}
	return s
}

func placeFor(s *Set, user, app string) Outcome {
	return s.Place(hadoopQueues(), Request{User: user, Queue: "default", AppName: app, Groups: hadoopGroups[user]})
}

func TestHadoopLegacyPlacementToExistingQueue(t *testing.T) {
	s := legacySet("u:alice:root.ambiguous.user.ambi", "u:bob:ambi", "u:dave:disambi", "u:%user:disambiuser.%user")
	for user, want := range map[string]string{
		"alice":   "root.ambiguous.user.ambi",
		"bob":     "root.default", // ambi is ambiguous, legacy fallback is default
		"emily":   "root.disambiguous.deep.disambiuser.emily",
		"charlie": "root.default", // disambiuser.charlie does not exist
		"dave":    "root.disambiguous.deep.disambiuser.disambi",
	} {
		assert.Equal(t, want, placeFor(s, user, "Default").Queue, user)
	}
}

func TestHadoopLegacyPlacementToManagedQueues(t *testing.T) {
	s := legacySet("u:alice:root.ambiguous.managed.%user", "u:bob:managed.%user", "u:charlie:root.unman.charlie",
		"u:dave:non-existent.%user", "u:%user:root.man.%user")
	for user, want := range map[string]string{
		"alice":   "root.ambiguous.managed.alice",
		"bob":     "root.default", // managed is ambiguous
		"charlie": "root.default", // root.unman is not managed
		"dave":    "root.default", // parent does not exist
		"emily":   "root.man.emily",
	} {
		out := placeFor(s, user, "Default")
		assert.Equal(t, want, out.Queue, user)
	}
}

func TestHadoopLegacyPlacementShortReference(t *testing.T) {
	s := legacySet("u:alice:non-existent", "u:bob:root", "u:charlie:man", "u:dave:ambi")
	for _, user := range []string{"alice", "bob", "charlie", "dave"} {
		assert.Equal(t, "root.default", placeFor(s, user, "Default").Queue, user)
	}
}

func TestHadoopRuleFallbackHandling(t *testing.T) {
	user := func(name, policy, target, fallback string) Rule {
		return Rule{Type: "user", Matches: name, Policy: policy, CustomPlacement: target, Value: target, FallbackResult: fallback}
	}
	s := &Set{Override: true, Rules: []Rule{
		user("alice", "custom", "non-existent", "reject"),
		user("bob", "custom", "non-existent", "skip"),
		user("bob", "setDefaultQueue", "root.invalid", ""),
		// A Java action without an explicit fallback rejects
		// (MappingRuleActionBase); the JSON format's default is skip.
		user("bob", "custom", "%default", "reject"),
		user("charlie", "custom", "non-existent", "placeDefault"),
		user("emily", "setDefaultQueue", "root.invalid", ""),
		user("emily", "custom", "non-existent", "placeDefault"),
		{Type: "application", Matches: "ShouldFail", Policy: "custom", CustomPlacement: "root.default", FallbackResult: "reject"},
	}}
	assert.True(t, placeFor(s, "alice", "ShouldFail").Rejected)
	// bob skips non-existent, sets %default to root.invalid and cannot
	// place there: rejected.
	assert.True(t, placeFor(s, "bob", "ShouldFail").Rejected)
	charlie := placeFor(s, "charlie", "ShouldSucceed")
	assert.Equal(t, "root.default", charlie.Queue)
	assert.False(t, placeFor(s, "dave", "ShouldSucceed").Decided)
	assert.True(t, placeFor(s, "emily", "ShouldFail").Rejected)
}

func TestHadoopConfigValidation(t *testing.T) {
	qs := hadoopQueues()
	require.Error(t, ValidateTarget(qs, "non-existent"))
	require.Error(t, ValidateTarget(qs, "%token"), "an unknown variable is a literal queue name")
	require.NoError(t, ValidateTarget(qs, "%user"))
}

func TestHadoopKindOfModel(t *testing.T) {
	m := xmlconf.Build(xmlconf.FromMap(map[string]string{
		xmlconf.Prefix + "root.queues":                               "man,unman",
		xmlconf.Prefix + "root.man.auto-create-child-queue.enabled":  "true",
		xmlconf.Prefix + "root.unman.auto-queue-creation-v2.enabled": "false",
	}, "t"), xmlconf.BuildOptions{})
	_, k, _ := ModelQueues(m).Get("man")
	assert.Equal(t, KindManagedParent, k)
	_, k, _ = ModelQueues(m).Get("unman")
	assert.Equal(t, KindLeaf, k)
}

// TestHadoopAllowCreateFlag is TestCSMappingPlacementRule#testAllowCreateFlag
// (its rules fail validation, so it needs failOnConfigError off and has no
// scenario form).
func TestHadoopAllowCreateFlag(t *testing.T) {
	no := false
	place := func(user, target string, create bool) Rule {
		r := Rule{Type: "user", Matches: user, Policy: "custom", CustomPlacement: target, FallbackResult: "reject"}
		if !create {
			r.Create = &no
		}
		return r
	}
	s := &Set{Override: true, Rules: []Rule{
		place("alice", "non-existent", true),
		place("bob", "non-existent", false),
		place("charlie", "root.man.create", true),
		place("emily", "root.man.create", false),
	}}
	assert.True(t, placeFor(s, "alice", "app").Rejected, "target queue does not exist")
	assert.True(t, placeFor(s, "bob", "app").Rejected, "target queue does not exist")
	assert.True(t, placeFor(s, "emily", "app").Rejected, "auto-creation not allowed for this action")
	charlie := placeFor(s, "charlie", "app")
	assert.Equal(t, "root.man.create", charlie.Queue)
	assert.True(t, charlie.Create)
}

// TestHadoopRulesFromConfiguration is TestCSMappingPlacementRule's
// testLegacyConfiguration, testJSONConfiguration and
// testJSONFileConfiguration: each reads one rule matching user bob that
// places to %primary_group.
func TestHadoopRulesFromConfiguration(t *testing.T) {
	p := xmlconf.Prefix
	rule := `{"rules": [{    "type": "user",    "matches": "bob",    "policy": "custom",    "customPlacement": "%primary_group",    "fallbackResult":"skip"}]}`
	file := t.TempDir() + "/testJSONFileConfiguration.json"
	require.NoError(t, os.WriteFile(file, []byte(rule), 0o600))
	for name, conf := range map[string]map[string]string{
		"testLegacyConfiguration":   {p + "mapping-rule-format": "legacy", p + "queue-mappings": "u:bob:%primary_group"},
		"testJSONConfiguration":     {p + "mapping-rule-format": "json", p + "mapping-rule-json": rule},
		"testJSONFileConfiguration": {p + "mapping-rule-format": "json", p + "mapping-rule-json-file": file},
	} {
		t.Run(name, func(t *testing.T) {
			c := xmlconf.FromMap(conf, "t")
			s, probs := Load(c, xmlconf.V3_4, LoadOptions{ReadFile: os.ReadFile})
			require.Empty(t, probs)
			require.Len(t, s.Rules, 1, "we only specified one rule")
			r := s.Rules[0]
			assert.Equal(t, "user", r.Type)
			assert.Equal(t, "bob", r.Matches)
			assert.Equal(t, "%primary_group", r.Target())
		})
	}
}

// mockIndex builds a queue index as MockQueueHierarchyBuilder does: every
// prefix of a listed path is a parent, the listed paths are leaves unless
// named managed (legacy auto-create) or dynamic (v2) parents.
func mockIndex(leaves, managed, dynamic []string) Queues {
	ix := NewIndex()
	all := append(append(append([]string{}, leaves...), managed...), dynamic...)
	for _, p := range all {
		parts := strings.Split(p, ".")
		for i := 1; i < len(parts); i++ {
			ix.Add(strings.Join(parts[:i], "."), KindParent)
		}
	}
	for _, p := range leaves {
		ix.Add(p, KindLeaf)
	}
	for _, p := range managed {
		ix.Add(p, KindManagedParent)
	}
	for _, p := range dynamic {
		ix.Add(p, KindDynamicParent)
	}
	return ix
}

func assertPaths(t *testing.T, qs Queues, valid, invalid []string) {
	t.Helper()
	for _, p := range valid {
		assert.NoError(t, ValidateTarget(qs, p), "path %q should be valid", p)
	}
	for _, p := range invalid {
		assert.Error(t, ValidateTarget(qs, p), "path %q should be invalid", p)
	}
}

// TestHadoopStaticQueueValidation is
// TestMappingRuleValidationContextImpl#testStaticQueueValidation.
func TestHadoopStaticQueueValidation(t *testing.T) {
	qs := mockIndex([]string{"root.unmanaged", "root.deep.queue.path", "root.ambi.ambileaf", "root.deep.ambi.ambileaf",
		"root.deep.ambi.very.deeepleaf", "root.dynamic.static.static"}, []string{"root.managed"}, []string{"root.dynamic"})
	assertPaths(t, qs,
		[]string{"root.unmanaged", "unmanaged", "root.ambi.ambileaf", "root.dynamic.static.static", "root.dynamic.any.thing",
			"root.managed.a", "deep.queue.path", "queue.path", "path", "root.deep.queue.path"},
		[]string{"root", "managed", "root.managed", "fail", "ambi", "ambileaf", "ambi.ambileaf", "root.dynamic.static",
			"root.dynamic.static.any", "root.dynamic.any.thing.deep", "root.deep", "deep", "deep.queue", "root.deep.queue",
			"ambi.very.deeepleaf", "queue.invalidPath"})
}

// TestHadoopManagedQueueValidation is
// TestMappingRuleValidationContextImpl#testManagedQueueValidation. The
// test registers its own variables %dynamic and %user; capq knows only
// the built-in ones, so %application stands for %dynamic.
func TestHadoopManagedQueueValidation(t *testing.T) {
	qs := mockIndex([]string{"root.unmanaged", "root.unmanagedwithchild.child", "root.leaf"}, []string{"root.managed"}, nil)
	assertPaths(t, qs,
		[]string{"%application", "root.%application", "%user.%application", "root.managed.%application", "managed.%application",
			"root.unmanagedwithchild.%user", "unmanagedwithchild.%user"},
		[]string{"root.invalid.%application", "root.unmanaged.%application"})
}

// TestHadoopDynamicQueueValidation is
// TestMappingRuleValidationContextImpl#testDynamicQueueValidation
// (%application for the test's %dynamic, as above).
func TestHadoopDynamicQueueValidation(t *testing.T) {
	qs := mockIndex([]string{"root.unmanaged", "root.unmanagedwithchild.child", "root.leaf"}, nil, []string{"root.managed"})
	assertPaths(t, qs,
		[]string{"%application", "root.%application", "%user.%application", "root.managed.%application", "managed.%application",
			"managed.static", "managed.static.%application", "managed.static.%application.%application",
			"root.unmanagedwithchild.%user", "unmanagedwithchild.%user"},
		[]string{"root.invalid.%application", "root.unmanaged.%application"})
}

// TestHadoopDefaultRule is TestMappingRuleCreator#testDefaultRule (Hadoop
// 3.4, scheduler/capacity/placement): a defaultQueue rule evaluates to a
// placement to %default (root.default) that does not allow creation.
func TestHadoopDefaultRule(t *testing.T) {
	rules, err := ParseJSON([]byte(`{"rules":[{"type":"user","matches":"*","policy":"defaultQueue","fallbackResult":"skip"}]}`))
	require.NoError(t, err)
	r := &rules[0]
	v := newVars(hadoopQueues(), Request{User: "testuser", Queue: "root.users.hadoop", AppName: "testapplication"})
	assert.Equal(t, "place", evaluate(r, v))
	assert.Equal(t, "root.default", v.target)
	assert.False(t, r.CreateAllowed(), "create flag")
}

// TestHadoopSetDefaultRule is TestMappingRuleCreator#testSetDefaultRule:
// a setDefaultQueue rule places nothing (its result is a skip, create
// still allowed) and leaves %default at its value.
func TestHadoopSetDefaultRule(t *testing.T) {
	rules, err := ParseJSON([]byte(`{"rules":[{"type":"user","matches":"*","policy":"setDefaultQueue","value":"root.users.default","fallbackResult":"skip"}]}`))
	require.NoError(t, err)
	r := &rules[0]
	v := newVars(hadoopQueues(), Request{User: "testuser", Queue: "root.users.hadoop", AppName: "testapplication"})
	assert.Equal(t, "skip", evaluate(r, v))
	assert.Equal(t, "root.users.default", v.values["%default"], "default queue")
	assert.True(t, r.CreateAllowed(), "create flag")
}

// TestHadoopMappingRuleCreator reproduces TestMappingRuleCreator's
// evaluation cases: one JSON rule (by default user "*", policy user,
// fallback skip) evaluated on the test's variable context, checking the
// result, the evaluated queue and the create flag.
func TestHadoopMappingRuleCreator(t *testing.T) {
	cases := []struct {
		method, rule string
		result       string // place, reject or skip
		queue        string
		create       bool
		user         string // the submitter when not testuser
	}{
		{"testAllUserMatcher", `"policy":"user"`, "place", "testuser", true, ""},
		{"testAllUserMatcher", `"policy":"user"`, "place", "dummyuser", true, "dummyuser"},
		{"testSpecificUserMatcherPasses", `"matches":"testuser","policy":"user"`, "place", "testuser", true, ""},
		{"testSpecificUserMatcherFails", `"matches":"testuser","policy":"user"`, "skip", "", true, "dummyuser"},
		{"testSpecificGroupMatcher", `"type":"group","matches":"superuser","policy":"user"`, "place", "", true, ""},
		{"testApplicationNameMatcherPasses", `"type":"application","matches":"testapplication","policy":"user"`, "place", "", true, ""},
		{"testApplicationNameMatcherFails", `"type":"application","matches":"dummyApplication","policy":"user"`, "skip", "", true, ""},
		{"testDefaultRule", `"policy":"defaultQueue"`, "place", "root.default", false, ""},
		{"testSpecifiedRule", `"policy":"specified"`, "place", "root.users.hadoop", true, ""},
		{"testSpecifiedRuleWithNoCreate", `"policy":"specified","create":false`, "place", "root.users.hadoop", false, ""},
		{"testRejectRule", `"policy":"reject"`, "reject", "", true, ""},
		{"testPrimaryGroupRule", `"policy":"primaryGroup"`, "place", "superuser", true, ""},
		{"testPrimaryGroupRuleWithNoCreate", `"policy":"primaryGroup","create":false`, "place", "superuser", false, ""},
		{"testPrimaryGroupRuleWithParent", `"policy":"primaryGroup","parentQueue":"root"`, "place", "root.superuser", true, ""},
		{"testSecondaryGroupRule", `"policy":"secondaryGroup"`, "place", "users", true, ""},
		{"testSecondaryGroupRuleWithNoCreate", `"policy":"secondaryGroup","create":false`, "place", "users", false, ""},
		{"testSecondaryGroupRuleWithParent", `"policy":"secondaryGroup","parentQueue":"root"`, "place", "root.users", true, ""},
		{"testUserRule", `"policy":"user"`, "place", "testuser", true, ""},
		{"testUserRuleWithParent", `"policy":"user","parentQueue":"root.users"`, "place", "root.users.testuser", true, ""},
		{"testCustomRule", `"policy":"custom","customPlacement":"root.%primary_group.%secondary_group"`, "place", "root.superuser.users", true, ""},
		{"testCustomRuleWithNoCreate", `"policy":"custom","customPlacement":"root.%primary_group.%secondary_group","create":false`, "place", "root.superuser.users", false, ""},
		{"testPrimaryGroupUserRule", `"policy":"primaryGroupUser"`, "place", "superuser.testuser", true, ""},
		{"testPrimaryGroupUserRuleWithNoCreate", `"policy":"primaryGroupUser","create":false`, "place", "superuser.testuser", false, ""},
		{"testPrimaryGroupNestedRuleWithParent", `"policy":"primaryGroupUser","parentQueue":"root"`, "place", "root.superuser.testuser", true, ""},
		{"testSecondaryGroupNestedRule", `"policy":"secondaryGroupUser"`, "place", "users.testuser", true, ""},
		{"testSecondaryGroupNestedRuleWithNoCreate", `"policy":"secondaryGroupUser","create":false`, "place", "users.testuser", false, ""},
		{"testSecondaryGroupNestedRuleWithParent", `"policy":"secondaryGroupUser","parentQueue":"root"`, "place", "root.users.testuser", true, ""},
		{"testApplicationNamePlacement", `"policy":"applicationName"`, "place", "testapplication", true, ""},
		{"testApplicationNamePlacementWithParent", `"policy":"applicationName","parentQueue":"root.applications"`, "place", "root.applications.testapplication", true, ""},
	}
	for _, c := range cases {
		t.Run(c.method, func(t *testing.T) {
			text := `{"type":"user","matches":"*","fallbackResult":"skip",` + c.rule + `}`
			// Later keys win in encoding/json, as the test's setters do.
			rules, err := ParseJSON([]byte(`{"rules":[` + text + `]}`))
			require.NoError(t, err)
			r := &rules[0]
			user := "testuser"
			if c.user != "" {
				user = c.user
			}
			v := newVars(hadoopQueues(), Request{User: user, Queue: "root.users.hadoop", AppName: "testapplication",
				Groups: []string{"superuser", "users"}})
			// The test's context holds %secondary_group as a plain value.
			v.values["%secondary_group"], v.secondary = "users", nil
			assert.Equal(t, c.result, evaluate(r, v))
			if c.queue != "" {
				assert.Equal(t, c.queue, v.target)
			}
			assert.Equal(t, c.create, r.CreateAllowed(), "create flag")
		})
	}
}

// TestHadoopMappingRuleCreatorChecks reproduces TestMappingRuleCreator's
// fallback and refused-rule cases.
func TestHadoopMappingRuleCreatorChecks(t *testing.T) {
	fallbacks := map[string]struct{ rule, want string }{
		"testDefaultQueueFallback": {`"fallbackResult":"placeDefault"`, "placeDefault"},
		"testRejectFallback":       {`"fallbackResult":"reject"`, "reject"},
		"testSkipFallback":         {`"fallbackResult":"skip"`, "skip"},
		"testFallbackResultUnset":  {`"type":"user"`, "skip"},
	}
	for method, c := range fallbacks {
		t.Run(method, func(t *testing.T) {
			rules, err := ParseJSON([]byte(`{"rules":[{"type":"user","matches":"*","policy":"user",` + c.rule + `}]}`))
			require.NoError(t, err)
			assert.Equal(t, c.want, rules[0].Fallback())
		})
	}
	refused := map[string]struct{ rule, msg string }{
		"testAllGroupMatcherFailsDueToMatchString": {`"type":"group","matches":"*","policy":"user"`, "Cannot match '*' for groups"},
		"testSetDefaultRuleWithMissingQueue":       {`"type":"user","matches":"*","policy":"setDefaultQueue"`, "default queue is undefined"},
		"testCustomRuleWithMissingQueue":           {`"type":"user","matches":"*","policy":"custom"`, "custom queue is undefined"},
		"testTypeUnset":                            {`"matches":"*","policy":"user"`, "Rule type is undefined"},
		"testMatchesUnset":                         {`"type":"user","policy":"user"`, "Match string is undefined"},
		"testMatchesEmpty":                         {`"type":"user","matches":"","policy":"user"`, "Match string is empty"},
		"testPolicyUnset":                          {`"type":"user","matches":"*"`, "Rule policy is undefined"},
	}
	for method, c := range refused {
		t.Run(method, func(t *testing.T) {
			_, err := ParseJSON([]byte(`{"rules":[{"fallbackResult":"skip",` + c.rule + `}]}`))
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.msg)
		})
	}
}

// MappingRuleCreator reads rules with Jackson, which matches field names
// exactly: "Create" and "fallbackresult" are not create and
// fallbackResult, so the rule keeps create true and fallback skip. Go's
// decoder alone would take them case-insensitively.
func TestParseJSONKeysAreCaseSensitive(t *testing.T) {
	data := []byte(`{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.users","Create":false,"fallbackresult":"reject","extra":1}]}`)
	rules, err := ParseJSON(data)
	require.NoError(t, err)
	require.Len(t, rules, 1)
	assert.Nil(t, rules[0].Create)
	assert.Equal(t, "", rules[0].FallbackResult)
	unknown := UnknownRuleKeys(data)
	require.Len(t, unknown, 3)
	assert.Contains(t, unknown[0], `key "Create" is not read: fields are case-sensitive, this is "create"`)
	assert.Contains(t, unknown[1], `key "extra" is not a field of a mapping rule`)
	assert.Contains(t, unknown[2], `key "fallbackresult" is not read`)

	// "Rules" is not the description's "rules": no rule is read.
	data = []byte(`{"Rules":[{"type":"user","matches":"*","policy":"reject"}]}`)
	rules, err = ParseJSON(data)
	require.NoError(t, err)
	assert.Empty(t, rules)
	assert.Equal(t, []string{`key "Rules" beside "rules" is not read (the description has only "rules"; case matters)`}, UnknownRuleKeys(data))
}

// A hostile rule file of many stray keys gets maxUnknownKeys findings and
// a count, not one finding each.
func TestUnknownRuleKeysAreBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"rules":[{"type":"user","matches":"*","policy":"reject"`)
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&b, `,"k%04d":1`, i)
	}
	b.WriteString(`}]}`)
	got := UnknownRuleKeys([]byte(b.String()))
	require.Len(t, got, maxUnknownKeys+1)
	assert.Contains(t, got[0], `key "k0000"`)
	assert.Equal(t, "and 980 more keys that are not read (the first 20 are named)", got[maxUnknownKeys])
}
