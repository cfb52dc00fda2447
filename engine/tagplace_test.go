package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestTagBasedPlacement follows RMAppManager#getUserNameForPlacement,
// #isWhitelistedUser and #getUserNameFromApplicationTag condition by
// condition: hadoop submits, u:%user:%user places each user in the
// queue of its name when one exists.
func TestTagBasedPlacement(t *testing.T) {
	for _, c := range []struct {
		name      string
		kv        map[string]string
		tags      []string
		wantQueue string
		wantErr   string
	}{
		{"the tag's user places the app", nil, []string{"userid=testuser"}, "root.testuser", ""},
		{"off: the submitter", map[string]string{xmlconf.TagPlacementKey: "false"}, []string{"userid=testuser"}, "root.hadoop", ""},
		{"submitter not whitelisted", map[string]string{xmlconf.TagPlacementWhitelistKey: "other"}, []string{"userid=testuser"}, "root.hadoop", ""},
		{"no whitelist", map[string]string{xmlconf.TagPlacementWhitelistKey: ""}, []string{"userid=testuser"}, "root.hadoop", ""},
		{"whitelist names are not trimmed", map[string]string{xmlconf.TagPlacementWhitelistKey: "other, hadoop"}, []string{"userid=testuser"}, "root.hadoop", ""},
		{"empty whitelist entries are dropped", map[string]string{xmlconf.TagPlacementWhitelistKey: ",,other,hadoop,"}, []string{"userid=testuser"}, "root.testuser", ""},
		{"no userid tag", nil, []string{"team:x"}, "root.hadoop", ""},
		{"tags are lowercased first", nil, []string{"UserId=TestUser"}, "root.testuser", ""},
		{"userid= names nobody", nil, []string{"userid="}, "root.hadoop", ""},
		{"three parts name nobody", nil, []string{"userid=a=b"}, "root.hadoop", ""},
		{"a trailing = is dropped by String.split", nil, []string{"userid=testuser="}, "root.testuser", ""},
		{"a malformed userid tag is skipped for a good one", nil, []string{"userid=a=b", "userid=testuser"}, "root.testuser", ""},
		{"no rule decides for the tag's user", nil, []string{"userid=nobody"}, "root.hadoop", ""},
		{"the submitter may not submit to the tag user's queue", nil, []string{"userid=locked"}, "root.hadoop", ""},
		{"a failed placement of the tag's user fails the submission", nil, []string{"userid=ghost"}, "",
			"Application submission have been rejected by a mapping rule. Please see the logs for details"},
	} {
		t.Run(c.name, func(t *testing.T) {
			kv := map[string]string{
				"root.queues": "hadoop,testuser,locked", "root.hadoop.capacity": "40", "root.testuser.capacity": "40", "root.locked.capacity": "20",
				"root.acl_submit_applications": " ", "root.acl_administer_queue": " ",
				"root.hadoop.acl_submit_applications": "*", "root.testuser.acl_submit_applications": "hadoop",
				"queue-mappings":                 "u:testuser:testuser,u:locked:locked,u:hadoop:hadoop,u:ghost:root.ghost",
				xmlconf.TagPlacementKey:          "true",
				xmlconf.TagPlacementWhitelistKey: "hadoop",
			}
			for k, v := range c.kv {
				kv[k] = v
			}
			e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(1, 8192), Options{})
			require.NoError(t, err)
			pl, err := e.Submit(AppSpec{ID: "app_1", User: "hadoop", Tags: c.tags, Placement: true, AM: Resource{MemoryMB: 1024, VCores: 1}})
			if c.wantErr != "" {
				require.EqualError(t, err, c.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.wantQueue, pl.Queue)
			assert.Equal(t, "hadoop", e.appByID["app_1"].user, "the app stays the submitter's")
		})
	}
}

// TestTagUserGroups: the rules see the tag user's groups, from the group
// provider, not the submitter's.
func TestTagUserGroups(t *testing.T) {
	kv := map[string]string{
		"root.queues": "hadoop,eng", "root.hadoop.capacity": "50", "root.eng.capacity": "50",
		"queue-mappings":                 "u:%user:%primary_group",
		xmlconf.TagPlacementKey:          "true",
		xmlconf.TagPlacementWhitelistKey: "hadoop",
	}
	groups := map[string][]string{"testuser": {"eng"}}
	e, err := New(build(t, kv, xmlconf.V3_4), nodesOf(1, 8192), Options{GroupsOf: func(u string) []string { return groups[u] }})
	require.NoError(t, err)
	pl, err := e.Submit(AppSpec{ID: "app_1", User: "hadoop", Groups: []string{"hadoop"}, Tags: []string{"userid=testuser"}, Placement: true, AM: Resource{MemoryMB: 1024, VCores: 1}})
	require.NoError(t, err)
	assert.Equal(t, "root.eng", pl.Queue)
}

// TestTagPlacementBefore33: RMAppManager#getUserNameForPlacement is
// YARN-9886, first released in 3.3.0 (CHANGELOG.3.3.0.md). An older
// ResourceManager places every app as its submitter, whatever the keys
// say, and capq has nothing left to warn about.
func TestTagPlacementBefore33(t *testing.T) {
	kv := map[string]string{
		"root.queues": "hadoop,testuser", "root.hadoop.capacity": "50", "root.testuser.capacity": "50",
		"queue-mappings":                 "u:testuser:testuser,u:hadoop:hadoop",
		xmlconf.TagPlacementKey:          "true",
		xmlconf.TagPlacementWhitelistKey: "hadoop",
	}
	for _, c := range []struct {
		v    xmlconf.Version
		want string
	}{{xmlconf.V2_10, "root.hadoop"}, {xmlconf.V3_2, "root.hadoop"}, {xmlconf.V3_3, "root.testuser"}, {xmlconf.V3_4, "root.testuser"}} {
		t.Run(c.v.String(), func(t *testing.T) {
			e, err := New(build(t, kv, c.v), nodesOf(1, 8192), Options{})
			require.NoError(t, err)
			pl, err := e.Submit(AppSpec{ID: "app_1", User: "hadoop", Tags: []string{"userid=testuser"}, Placement: true, AM: Resource{MemoryMB: 1024, VCores: 1}})
			require.NoError(t, err)
			assert.Equal(t, c.want, pl.Queue)
			for _, w := range e.Unmodelled() {
				assert.NotContains(t, w.Effect, "tag-based placement")
			}
		})
	}
}
