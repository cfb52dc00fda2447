package xmlconf

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestACLCanonical: AccessControlList.buildACL keeps sets of users and
// groups (split(" ", 2), names trimmed, blanks dropped, "*" in either
// part for everyone), so Canonical sorts and de-duplicates each set.
func TestACLCanonical(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"bob,alice ops", "alice,bob ops"},
		{"bob,alice,bob dev , ops ", "alice,bob dev,ops"},
		{" ", " "},
		{", ,", " "},
		{"alice *", "*"},
		{"alice, bob ops", "alice bob ops"}, // the space ends the users: groups "bob ops"
	} {
		assert.Equal(t, tc.want, ParseACL(tc.in, V3_4).Canonical(), "%q", tc.in)
	}
}
