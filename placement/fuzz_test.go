package placement

import (
	"testing"

	"github.com/capq/capq/xmlconf"
)

// FuzzParseJSON: any bytes give rules or an error, never a panic, and
// rules that parse can be evaluated and checked against a tree.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{
		`{"rules":[{"type":"user","matches":"*","policy":"user","parentQueue":"root.users","fallbackResult":"placeDefault"}]}`,
		`{"rules":[{"type":"group","matches":"dev","policy":"secondaryGroupUser","parentQueue":"root"}]}`,
		`{"rules":[{"type":"application","matches":"x","policy":"setDefaultQueue","value":"root.%user"},{"type":"user","matches":"a","policy":"defaultQueue"}]}`,
		`{"rules":[{"type":"user","matches":"*","policy":"custom","customPlacement":"..%user."}]}`,
		`{"rules":null}`, `[]`, `{`, ``,
	} {
		f.Add([]byte(s))
	}
	m := xmlconf.Build(xmlconf.FromMap(map[string]string{
		xmlconf.Prefix + "root.queues":                               "default,users",
		xmlconf.Prefix + "root.users.auto-queue-creation-v2.enabled": "true",
	}, "fuzz"), xmlconf.BuildOptions{})
	qs := ModelQueues(m)
	f.Fuzz(func(t *testing.T, data []byte) {
		rules, err := ParseJSON(data)
		if err != nil {
			return
		}
		s := &Set{Rules: rules, Override: true}
		s.Check(qs)
		s.Place(qs, Request{User: "u.x", Queue: "q", AppName: "%user", Groups: []string{"g", "users"}})
	})
}

// FuzzLegacyMappings: queue-mappings text of any shape loads without a
// panic and evaluates.
func FuzzLegacyMappings(f *testing.F) {
	for _, s := range []string{"u:%user:root.users.%user", "g:dev:%primary_group.%user,u:a:b", "u::", ":::", "u:%user:%secondary_group"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, mappings string) {
		m := xmlconf.Build(xmlconf.FromMap(map[string]string{
			xmlconf.Prefix + "root.queues":    "default,users",
			xmlconf.Prefix + "queue-mappings": mappings,
		}, "fuzz"), xmlconf.BuildOptions{})
		s, _ := Load(m.Conf, m.Version, LoadOptions{})
		s.Check(ModelQueues(m))
		s.Place(ModelQueues(m), Request{User: "u", Groups: []string{"default", "users"}})
	})
}
