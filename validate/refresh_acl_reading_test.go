package validate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// spellingCase is one key written two ways: changed says whether Hadoop
// reads the two texts differently ("" is unset).
type spellingCase struct {
	name     string
	v        xmlconf.Version
	base     map[string]string // edits to baseConf on both sides
	queue    string
	key      string
	old, new string
	changed  bool
}

// runSpellingCases refreshes old → new and back for each case and checks
// the key stays listed exactly when Hadoop reads the texts differently,
// and otherwise becomes a "changes nothing" note.
func runSpellingCases(t *testing.T, cases []spellingCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			base := edit(baseConf(), tc.base)
			oldConf, newConf := edit(base, map[string]string{tc.key: tc.old}), edit(base, map[string]string{tc.key: tc.new})
			for _, dir := range [][2]map[string]string{{oldConf, newConf}, {newConf, oldConf}} {
				q := changeOf(t, refresh(tc.v, dir[0], dir[1], nil), tc.queue)
				assert.Equal(t, tc.changed, len(q.Properties) == 1, "%+v", q)
				if !tc.changed {
					assert.False(t, q.Changed(), "%+v", q)
					require.Len(t, q.Notes, 1)
					assert.Contains(t, q.Notes[0], "changes nothing")
				}
			}
		})
	}
}

// TestRefreshACLReading: an ACL is the sets AccessControlList.buildACL
// makes of its text (split(" ", 2) into users and groups, each a comma
// list of trimmed, non-blank names; "*" in either part admits everyone),
// so names in another order, twice, or with spaces around commas are the
// same ACL, while a space that moves a name from the users to the groups
// is not. The same holds for the reservation ACLs (getReservationAcl), an
// acl_application_max_priority's groups (AppPriorityACLsManager.
// addPrioirityACLs sorts them by max priority, stably, so only the order
// of groups with one max priority counts) and the ACLs of an
// auto-creation template.
func TestRefreshACLReading(t *testing.T) {
	const a1, b = "root.a.a1.", "root.b."
	v2 := map[string]string{"root.b.auto-queue-creation-v2.enabled": "true"}
	maxPrio := func(n string) map[string]string { return map[string]string{"yarn.cluster.max-application-priority": n} }
	runSpellingCases(t, []spellingCase{
		{"users in another order", xmlconf.V3_4, nil, "root.a.a1", a1 + "acl_submit_applications", "alice,bob ops", "bob,alice ops", false},
		{"groups in another order, trailing spaces", xmlconf.V3_4, nil, "root.a.a1", a1 + "acl_submit_applications", "alice,bob ops,dev", "bob,alice,bob dev , ops ", false},
		{"2.7 admin groups in another order", xmlconf.V2_7, nil, "root.b", b + "acl_administer_queue", " ops,dev", " dev,ops", false},
		{"a wildcard in the groups admits everyone", xmlconf.V3_4, nil, "root.a.a1", a1 + "acl_administer_queue", "alice *", "*", false},
		{"nobody written two ways", xmlconf.V3_4, nil, "root.a.a1", a1 + "acl_submit_applications", " ", ", ,", false},
		{"a space after a comma moves bob to the groups", xmlconf.V3_4, nil, "root.a.a1", a1 + "acl_submit_applications", "alice,bob ops", "alice, bob ops", true},
		{"another user", xmlconf.V3_4, nil, "root.a.a1", a1 + "acl_submit_applications", "alice", "bob", true},
		{"a user is not a group", xmlconf.V3_4, nil, "root.a.a1", a1 + "acl_submit_applications", "ops", " ops", true},
		{"reservation ACL users in another order", xmlconf.V3_4, nil, "root.a.a1", a1 + "acl_list_reservations", "a,b", "b,a", false},
		{"priority ACL groups in another order", xmlconf.V3_4, maxPrio("10"), "root.a.a1", a1 + "acl_application_max_priority",
			"[user=alice max_priority=5][user=bob max_priority=2]", "[user=bob max_priority=2] [user=alice max_priority=5]", false},
		{"priority ACL groups in another order, cluster maximum unknown", xmlconf.V3_4, nil, "root.a.a1", a1 + "acl_application_max_priority",
			"[user=alice max_priority=5][user=bob max_priority=2]", "[user=bob max_priority=2] [user=alice max_priority=5]", true},
		{"priority ACL groups capped to one max priority", xmlconf.V3_4, maxPrio("1"), "root.a.a1", a1 + "acl_application_max_priority",
			"[user=alice max_priority=5][user=bob max_priority=2]", "[user=bob max_priority=2][user=alice max_priority=5]", true},
		{"priority ACL users in another order", xmlconf.V3_4, nil, "root.a.a1", a1 + "acl_application_max_priority",
			"[user=alice,bob max_priority=5]", "[ user=bob,alice  max_priority=5 ]", false},
		{"priority ACL groups of one max priority swapped", xmlconf.V3_4, maxPrio("10"), "root.a.a1", a1 + "acl_application_max_priority",
			"[user=alice max_priority=5 default_priority=1][user=bob max_priority=5 default_priority=2]",
			"[user=bob max_priority=5 default_priority=2][user=alice max_priority=5 default_priority=1]", true},
		{"priority ACL unset and *", xmlconf.V3_4, nil, "root.a.a1", a1 + "acl_application_max_priority", "*", "", false},
		{"priority ACL another max", xmlconf.V3_4, maxPrio("10"), "root.a.a1", a1 + "acl_application_max_priority", "[user=alice max_priority=5]", "[user=alice max_priority=4]", true},
		{"priority ACL maxima over the cluster's read alike", xmlconf.V3_4, maxPrio("3"), "root.a.a1", a1 + "acl_application_max_priority", "[user=alice max_priority=5]", "[user=alice max_priority=4]", false},
		{"priority ACL on a parent is not read", xmlconf.V3_4, nil, "root.b", b + "acl_application_max_priority", "[user=a,b max_priority=5]", "[user=b,a max_priority=5]", true},
		{"template ACL users in another order", xmlconf.V3_4, v2, "root.b", b + "auto-queue-creation-v2.template.acl_submit_applications", "alice,bob", "bob,alice", false},
		{"legacy template admin ACL groups in another order", xmlconf.V3_4, nil, "root.b", b + "leaf-queue-template.acl_administer_queue", " x,y", " y,x", false},
		{"template ACL unset stays listed", xmlconf.V3_4, v2, "root.b", b + "auto-queue-creation-v2.leaf-template.acl_submit_applications", " ", "", true},
		{"template ACL another user", xmlconf.V3_4, v2, "root.b", b + "auto-queue-creation-v2.template.acl_submit_applications", "alice", "bob", true},
	})
}
