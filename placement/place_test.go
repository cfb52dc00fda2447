package placement

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// tree is the queue layout of TestCSMappingPlacementRule#createQueueHierarchy
// (root.unman.{a,b}, root.man (managed), root.dyn (v2), root.default, ...).
func tree(t *testing.T, extra map[string]string) (*xmlconf.Model, Queues) {
	t.Helper()
	p := xmlconf.Prefix
	m := map[string]string{
		p + "root.queues":                                "default,unman,man,dyn,groups",
		p + "root.unman.queues":                          "a,b,c",
		p + "root.groups.queues":                         "developer,testers",
		p + "root.man.auto-create-child-queue.enabled":   "true",
		p + "root.dyn.auto-queue-creation-v2.enabled":    "true",
		p + "root.groups.auto-queue-creation-v2.enabled": "false",
	}
	for k, v := range extra {
		m[k] = v
	}
	model := xmlconf.Build(xmlconf.FromMap(m, "test"), xmlconf.BuildOptions{})
	return model, ModelQueues(model)
}

func load(t *testing.T, conf map[string]string) (*Set, Queues) {
	t.Helper()
	m, qs := tree(t, conf)
	s, probs := Load(m.Conf, m.Version, LoadOptions{})
	require.Empty(t, probs)
	return s, qs
}

func TestPlaceLegacyMappings(t *testing.T) {
	p := xmlconf.Prefix
	cases := []struct {
		name     string
		mappings string
		override bool
		req      Request
		queue    string
		create   bool
		rejected bool
		decided  bool
	}{
		{"user to existing leaf by short name", "u:alice:a", false, Request{User: "alice"}, "root.unman.a", false, false, true},
		{"user mapping does not match bob", "u:alice:a", false, Request{User: "bob"}, "", false, false, false},
		{"no jurisdiction over a named queue", "u:alice:a", false, Request{User: "alice", Queue: "b"}, "", false, false, false},
		{"override applies to a named queue", "u:alice:a", true, Request{User: "alice", Queue: "b"}, "root.unman.a", false, false, true},
		{"%user under a managed parent is created", "u:%user:root.man.%user", false, Request{User: "bob"}, "root.man.bob", true, false, true},
		{"%user under a v2 parent is created", "u:%user:root.dyn.%user", false, Request{User: "bob"}, "root.dyn.bob", true, false, true},
		{"%user under a static parent falls back to default", "u:%user:root.unman.%user", false, Request{User: "bob"}, "root.default", false, false, true},
		{"%user under a static parent, existing child", "u:%user:root.unman.%user", false, Request{User: "a"}, "root.unman.a", false, false, true},
		{"%primary_group", "u:%user:%primary_group", false, Request{User: "x", Groups: []string{"developer", "b"}}, "root.groups.developer", false, false, true},
		{"%secondary_group is the first existing queue", "u:%user:%secondary_group", false, Request{User: "x", Groups: []string{"p", "nope", "testers", "developer"}}, "root.groups.testers", false, false, true},
		{"%secondary_group none exists -> default", "u:%user:%secondary_group", false, Request{User: "x", Groups: []string{"p", "nope"}}, "root.default", false, false, true},
		{"%primary_group.%user under a dynamic grandparent", "u:%user:root.dyn.%primary_group.%user", false, Request{User: "x", Groups: []string{"eng"}}, "root.dyn.eng.x", true, false, true},
		{"group mapping", "g:developer:b", false, Request{User: "x", Groups: []string{"developer"}}, "root.unman.b", false, false, true},
		{"first match wins", "u:alice:a,u:%user:b", false, Request{User: "alice"}, "root.unman.a", false, false, true},
		{"parent target falls back to default", "u:alice:unman", false, Request{User: "alice"}, "root.default", false, false, true},
		{"dotted user is cleaned", "u:%user:root.man.%user", false, Request{User: "first.last"}, "root.man.first_dot_last", true, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conf := map[string]string{p + "queue-mappings": c.mappings}
			if c.override {
				conf[p+"queue-mappings-override.enable"] = "true"
			}
			s, qs := load(t, conf)
			out := s.Place(qs, c.req)
			assert.Equal(t, c.decided, out.Decided, out.Trace)
			assert.Equal(t, c.queue, out.Queue, out.Trace)
			assert.Equal(t, c.create, out.Create)
			assert.Equal(t, c.rejected, out.Rejected)
		})
	}
}

func TestPlaceJSONRules(t *testing.T) {
	p := xmlconf.Prefix
	cases := []struct {
		name     string
		json     string
		req      Request
		queue    string
		rejected bool
	}{
		{"reject fallback", `{"rules":[{"type":"user","matches":"*","policy":"custom","customPlacement":"root.unman.nope","fallbackResult":"reject"}]}`, Request{User: "u"}, "", true},
		{"skip fallback then next rule", `{"rules":[{"type":"user","matches":"*","policy":"custom","customPlacement":"root.unman.nope"},{"type":"user","matches":"*","policy":"custom","customPlacement":"b"}]}`, Request{User: "u"}, "root.unman.b", false},
		{"create false refuses a creatable queue", `{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.man","create":false,"fallbackResult":"placeDefault"}]}`, Request{User: "u"}, "root.default", false},
		{"setDefaultQueue then placeDefault", `{"rules":[{"type":"user","matches":"*","policy":"setDefaultQueue","value":"root.unman.c"},{"type":"user","matches":"*","policy":"defaultQueue"}]}`, Request{User: "u"}, "root.unman.c", false},
		{"specified", `{"rules":[{"type":"user","matches":"*","policy":"specified","fallbackResult":"skip"}]}`, Request{User: "u", Queue: "a"}, "root.unman.a", false},
		{"application name", `{"rules":[{"type":"application","matches":"spark","policy":"applicationName","parentQueue":"root.dyn"}]}`, Request{User: "u", AppName: "spark"}, "root.dyn.spark", false},
		{"reject policy", `{"rules":[{"type":"group","matches":"bad","policy":"reject"}]}`, Request{User: "u", Groups: []string{"x", "bad"}}, "", true},
		// VariableMatcher compares a user by the name submitted, not the
		// cleaned %user, and replaces variables in the match value.
		{"dotted user matches by its own name", `{"rules":[{"type":"user","matches":"u.x","policy":"custom","customPlacement":"b"}]}`, Request{User: "u.x"}, "root.unman.b", false},
		{"dotted user does not match its cleaned name", `{"rules":[{"type":"user","matches":"u_dot_x","policy":"custom","customPlacement":"b"}]}`, Request{User: "u.x"}, "", false},
		{"%application matches every application", `{"rules":[{"type":"application","matches":"%application","policy":"custom","customPlacement":"c"}]}`, Request{User: "u", AppName: "spark"}, "root.unman.c", false},
		{"group match value with a variable", `{"rules":[{"type":"group","matches":"%primary_group","policy":"custom","customPlacement":"a"}]}`, Request{User: "u", Groups: []string{"x", "y"}}, "root.unman.a", false},
		// defaultQueue is a place to %default (createPlaceToDefaultAction):
		// a missing default takes the rule's fallback, skip by default.
		{"defaultQueue to a missing default skips", `{"rules":[{"type":"user","matches":"*","policy":"setDefaultQueue","value":"root.nope"},{"type":"user","matches":"*","policy":"defaultQueue"}]}`, Request{User: "u"}, "", false},
		{"defaultQueue to a missing default with reject fallback", `{"rules":[{"type":"user","matches":"*","policy":"setDefaultQueue","value":"root.nope"},{"type":"user","matches":"*","policy":"defaultQueue","fallbackResult":"reject"}]}`, Request{User: "u"}, "", true},
		{"placeDefault fallback to a missing default rejects", `{"rules":[{"type":"user","matches":"*","policy":"setDefaultQueue","value":"root.nope"},{"type":"user","matches":"*","policy":"custom","customPlacement":"root.unman.nope","fallbackResult":"placeDefault"}]}`, Request{User: "u"}, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, qs := load(t, map[string]string{p + "mapping-rule-format": "json", p + "mapping-rule-json": c.json, p + "queue-mappings-override.enable": "true"})
			out := s.Place(qs, c.req)
			assert.Equal(t, c.queue, out.Queue, out.Trace)
			assert.Equal(t, c.rejected, out.Rejected, out.Trace)
		})
	}
}

func TestParseJSONErrors(t *testing.T) {
	cases := map[string]string{
		`{"rules":[{"type":"user","matches":"*"}]}`:                                    "Rule policy is undefined",
		`{"rules":[{"policy":"user","matches":"*"}]}`:                                  "Rule type is undefined",
		`{"rules":[{"type":"user","policy":"user"}]}`:                                  "Match string is undefined",
		`{"rules":[{"type":"user","policy":"user","matches":""}]}`:                     "Match string is empty",
		`{"rules":[{"type":"group","matches":"*","policy":"user"}]}`:                   "Cannot match '*' for groups",
		`{"rules":[{"type":"user","matches":"*","policy":"custom"}]}`:                  "custom queue is undefined",
		`{"rules":[{"type":"user","matches":"*","policy":"setDefaultQueue"}]}`:         "default queue is undefined",
		`{"rules":[{"type":"user","matches":"*","policy":"nope"}]}`:                    `policy "nope" is not one of`,
		`{"rules":[{"type":"user","matches":"*","policy":"user","fallbackResult":1}]}`: "not valid JSON",
		// Jackson's UTF8StreamJsonParser: "Invalid UTF-8 start byte 0xff".
		"{\"rules\":[{\"type\":\"user\",\"matches\":\"a\xffb\",\"policy\":\"user\",\"parentQueue\":\"root.u\"}]}": "not valid JSON: invalid UTF-8 byte 0xff at byte 37",
	}
	for in, want := range cases {
		_, err := ParseJSON([]byte(in))
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want)
	}
}

// Jackson's ObjectMapper.readValue binds the first value and stops:
// DeserializationFeature.FAIL_ON_TRAILING_TOKENS is off by default, so
// text after the description (a second object, a stray brace) is never
// read. capq called it "not valid JSON" (CS074), an error Hadoop does not
// raise.
func TestParseJSONIgnoresTrailingText(t *testing.T) {
	for _, in := range []string{
		`{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.users","Create":false}]} x`,
		`{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.users","Create":false}]}}`,
		`{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.users","Create":false}]}{"rules":[{"type":"nope"}]}`,
		"{\"rules\":[{\"type\":\"user\",\"matches\":\"*\",\"policy\":\"user\",\"parentQueue\":\"root.users\",\"Create\":false}]} \xff (never read)",
	} {
		rules, err := ParseJSON([]byte(in))
		require.NoError(t, err, in)
		require.Len(t, rules, 1, "the second object's rules are not read")
		assert.Equal(t, []string{`rule #1: key "Create" is not read: fields are case-sensitive, this is "create"`}, UnknownRuleKeys([]byte(in)), "unknown keys are still named")
	}
}

func TestCheck(t *testing.T) {
	p := xmlconf.Prefix
	js := `{"rules":[
	 {"type":"user","matches":"a","policy":"custom","customPlacement":"root.unman.nope"},
	 {"type":"user","matches":"b","policy":"user","parentQueue":"root.unman.a"},
	 {"type":"user","matches":"c","policy":"custom","customPlacement":"root.%usr"},
	 {"type":"user","matches":"d","policy":"user","parentQueue":"root.unman"},
	 {"type":"user","matches":"*","policy":"user","parentQueue":"root.man","fallbackResult":"placeDefault"},
	 {"type":"user","matches":"e","policy":"custom","customPlacement":"b"}]}`
	s, qs := load(t, map[string]string{p + "mapping-rule-format": "json", p + "mapping-rule-json": js})
	var got []string
	for _, is := range s.Check(qs) {
		got = append(got, is.Kind+": "+is.Msg)
	}
	assert.Equal(t, []string{
		"target: Mapping rule specified a parent queue 'root.unman', but it is not a dynamic parent queue, and no queue exists with name 'nope' under it.",
		"target: Queue path 'root.unman.a.%user' is invalid because 'root.unman.a' is a leaf queue, which can have no other queues under it.",
		"variable: rule #3: '%usr' is not a variable (known: %user, %primary_group, %secondary_group, %application, %specified, %default); Hadoop takes it as a queue name",
		"target: Mapping rule specified a parent queue 'root', but it is not a dynamic parent queue, and no queue exists with name '%usr' under it.",
		"unreachable: rule #6 never runs: rule #5 before it decides every submission",
	}, got)
}
