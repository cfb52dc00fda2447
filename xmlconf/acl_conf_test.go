package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCapacitySchedulerConfigurationSubmitACL reproduces the submit-ACL
// methods of TestCapacitySchedulerConfiguration (hadoop-yarn-server-resourcemanager
// .../scheduler/capacity/) that a scenario cannot: the test sets the
// value with conf.set, and an empty string set that way is a value, not
// an unset key; in a file only the attribute form (value="") keeps it, so
// the file here uses that form. The queue's own ACL is what the test
// reads (getAcl); a submission would also pass root's. root.test is
// declared (root.queues) so that the model holds it.
func TestCapacitySchedulerConfigurationSubmitACL(t *testing.T) {
	for _, tc := range []struct {
		method string
		value  string // root's acl_submit_applications
		queue  string // the queue whose own ACL the test reads
		users  []string
		groups []string
	}{
		{"testSpecifiedEmptySubmitACLForRoot", "", "root", nil, nil},
		{"testSpecifiedEmptySubmitACLForRootIsNotInherited", "", "root.test", nil, nil},
		{"testSpecifiedSubmitACLForRootIsNotInherited", "user1 group1", "root.test", nil, nil},
		{"testSpecifiedSubmitACLForRoot", "user1 group1", "root", []string{"user1"}, []string{"group1"}},
	} {
		t.Run(tc.method, func(t *testing.T) {
			xml := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>test</value></property>
<property name="yarn.scheduler.capacity.root.acl_submit_applications" value="` + tc.value + `"/>
</configuration>`
			doc, err := ReadBytes("capacity-scheduler.xml", []byte(xml), ReadOptions{})
			require.NoError(t, err)
			m := Build(NewConf(doc), BuildOptions{Version: V3_4})
			q := m.Queue(tc.queue)
			require.NotNil(t, q)
			acl := q.SubmitACL.V
			assert.False(t, acl.All, "isAllAllowed")
			assert.ElementsMatch(t, tc.users, acl.Users, "users")
			assert.ElementsMatch(t, tc.groups, acl.Groups, "groups")
		})
	}
}
