package xmlconf

import (
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
			[]PriorityACLGroup{{ACL: ParseACL("alice,bob eng"), Max: 3, Default: 1, HasDefault: true}}, nil},
		{"[ group=eng  MAX_PRIORITY=2 ]", []PriorityACLGroup{{ACL: ParseACL("eng"), Max: 2}}, nil},
		{"[group=eng user=alice max_priority=2]", []PriorityACLGroup{{ACL: ParseACL("eng alice"), Max: 2}}, nil},
		{"[user=* max_priority=5 default_priority=-3]", []PriorityACLGroup{{ACL: ACL{All: true, Raw: "*"}, Max: 5, HasDefault: true}}, nil},
		{"[usr=alice max_priority=2][user=bob max_priority=x][user=carl][max_priority=1][user=dan max_priority=4]",
			[]PriorityACLGroup{{ACL: ParseACL("dan"), Max: 4}},
			[]string{`priority ACL group "[usr=alice max_priority=2]" has key "usr"`, `priority ACL group "[user=bob max_priority=x]" has max_priority "x"`,
				`priority ACL group "[user=carl]" has no max_priority`, `priority ACL group "[max_priority=1]" has no user or group`}},
	} {
		groups, errs := ParsePriorityACL(c.in)
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
		groups, errs := ParsePriorityACL(s)
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
