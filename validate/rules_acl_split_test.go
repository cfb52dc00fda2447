package validate

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/capq/capq/xmlconf"
)

// TestACLSplitAfterComma: CS120 fires where AccessControlList's split at
// the first blank (AccessControlList(String): aclString.split(" ", 2))
// turns names of a list written across the blank into groups, and stays
// quiet on ACLs that use the blank as Hadoop means it.
func TestACLSplitAfterComma(t *testing.T) {
	for _, c := range []struct {
		acl    string
		groups string // the names reported as groups, "" for no finding
	}{
		{"alice, bob", `"bob" is read as a group`},
		{"hadoop, q2,q1", `"q2", "q1" are read as groups`},
		{"alice ,bob", `"bob" is read as a group`},
		{"alice,bob eng-team", ""},
		{" ops-team,sre", ""},
		{"alice,bob", ""},
		{"alice bob", ""},
		{"*", ""},
		{" ", ""},
		{"alice, ", ""}, // no group after the blank: alice alone, as meant
		{", bob", ""},   // no user before it: a group-only ACL
	} {
		t.Run(c.acl, func(t *testing.T) {
			xml := fmt.Sprintf(`<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>100</value></property>
<property><name>yarn.scheduler.capacity.root.a.acl_submit_applications</name><value>%s</value></property>
</configuration>`, c.acl)
			var got []string
			for _, f := range lintXML(t, xml, xmlconf.V3_4) {
				if f.Rule == "CS120" {
					got = append(got, f.Message)
				}
			}
			if c.groups == "" {
				assert.Empty(t, got)
				return
			}
			if assert.Len(t, got, 1) {
				assert.Contains(t, got[0], c.groups)
			}
		})
	}
}
