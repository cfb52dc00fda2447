package xmlconf

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// AppPriorityACLConfigurationParser.getPriorityAcl: groups in brackets,
// key=value pairs in any case, the first user/group entry read as users
// and the second as groups, a negative default read as 0; a group Hadoop
// fails on is reported and left out.
func TestParsePriorityACL(t *testing.T) {
	for _, c := range []struct {
		in     string
		groups []PriorityACLGroup
		errs   []string
	}{
		{"*", nil, nil},
		{"[user=alice,bob group=eng max_priority=3 default_priority=1]",
			[]PriorityACLGroup{{ACL: ParseACL("alice,bob eng", V3_4), Max: 3, Default: 1, HasDefault: true}}, nil},
		{"[ group=eng  MAX_PRIORITY=2 ]", []PriorityACLGroup{{ACL: ParseACL("eng", V3_4), Max: 2}}, nil},
		{"[group=eng user=alice max_priority=2]", []PriorityACLGroup{{ACL: ParseACL("eng alice", V3_4), Max: 2}}, nil},
		// Integer.parseInt reads any Unicode decimal digit (Character.digit);
		// a fullwidth one in a user name is no priority.
		{"[user=u１ max_priority=１０ DEFAULT_PRIORITY=２]",
			[]PriorityACLGroup{{ACL: ParseACL("u１", V3_4), Max: 10, Default: 2, HasDefault: true,
				NonASCII: []string{"max_priority=１０", "default_priority=２"}}}, nil},
		{"[user=* max_priority=5 default_priority=-3]", []PriorityACLGroup{{ACL: ACL{All: true, Raw: "*"}, Max: 5, HasDefault: true}}, nil},
		{"[usr=alice max_priority=2][user=bob max_priority=x][user=carl][max_priority=1][user=dan max_priority=4]",
			[]PriorityACLGroup{{ACL: ParseACL("dan", V3_4), Max: 4}},
			[]string{`priority ACL group "[usr=alice max_priority=2]" has key "usr"`, `priority ACL group "[user=bob max_priority=x]" has max_priority "x"`,
				`priority ACL group "[user=carl]" has no max_priority`, `priority ACL group "[max_priority=1]" has no user or group`}},
	} {
		groups, errs := ParsePriorityACL(c.in, V3_4)
		assert.Equal(t, c.groups, groups, c.in)
		assert.Len(t, errs, len(c.errs), c.in)
		for i := range c.errs {
			if i < len(errs) {
				assert.Contains(t, errs[i], c.errs[i], c.in)
			}
		}
	}
}

// Any value parses without panicking; no group kept has a negative
// default, and each group is either kept or reported. (A kept group may
// admit nobody: [user==1 max_priority=2] builds the ACL "" as Hadoop's
// createACLStringForPriority does.)
func FuzzParsePriorityACL(f *testing.F) {
	for _, s := range []string{"*", "[user=a max_priority=1]", "[group=g user=u MAX_PRIORITY=3 default_priority=-2][usr=x]", "[[]]", "[user==1 max_priority=2147483648]", "[ ]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		groups, errs := ParsePriorityACL(s, V3_4)
		for _, g := range groups {
			if g.HasDefault && g.Default < 0 {
				t.Fatalf("negative default kept: %q", s)
			}
		}
		if n := len(priorityACLGroupPattern.FindAllStringSubmatch(s, -1)); len(groups)+len(errs) > n {
			t.Fatalf("more results (%d) than groups (%d): %q", len(groups)+len(errs), n, s)
		}
	})
}

// TestApplicationPriorityACLConfiguration reproduces
// TestApplicationPriorityACLConfiguration (hadoop-yarn-server-resourcemanager
// .../scheduler/capacity/): the values CapacitySchedulerConfiguration.setPriorityAcls
// writes (keys from AppPriorityACLKeyType, upper case) read back as the
// asserted ACL string, max_priority and default_priority. The cluster's
// maximum priority is left out: capq caps max_priority where the engine
// checks it (priorityAllowed), after capping the app's own priority the
// same way, so testACLMaxPriorityAboveClusterMaxIsReset's reset (9 to 5)
// admits exactly what the uncapped 9 does.
func TestApplicationPriorityACLConfiguration(t *testing.T) {
	for _, tc := range []struct {
		method string
		value  string
		acl    string
		max    int32
		def    int32
	}{
		{"testSimpleACLConfiguration", "[USER=queueA_user GROUP=queueA_group max_priority=5 default_priority=3]", "queueA_user queueA_group", 5, 3},
		{"testACLConfigurationForInvalidCases/queueA", "[USER=queueA_user GROUP=queueA_group max_priority=5 default_priority=3]", "queueA_user queueA_group", 5, 3},
		{"testACLConfigurationForInvalidCases/queueB", "[USER=queueB_user max_priority=10 default_priority=-1]", "queueB_user", 10, 0},
		{"testACLMaxPriorityAboveClusterMaxIsReset", "[USER=queueA_user max_priority=9 default_priority=1]", "queueA_user", 9, 1},
	} {
		t.Run(tc.method, func(t *testing.T) {
			groups, errs := ParsePriorityACL(tc.value, V3_4)
			assert.Empty(t, errs)
			if assert.Len(t, groups, 1) {
				assert.Equal(t, PriorityACLGroup{ACL: ParseACL(tc.acl, V3_4), Max: tc.max, Default: tc.def, HasDefault: true}, groups[0])
				assert.Equal(t, tc.acl, strings.TrimSpace(groups[0].ACL.String()))
			}
		})
	}
}
