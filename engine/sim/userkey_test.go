package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestUserForKeepsPairsApart: user c of queue root.a|b and user b|c of
// root.a once shared the key "root.a|b|c", so the second user's figures
// were added to the first's.
func TestUserForKeepsPairsApart(t *testing.T) {
	r := &run{queues: []queueStat{{path: "root.a|b"}, {path: "root.a"}}, uIdx: map[userKey]int32{}}
	first := r.userFor(0, "c")
	second := r.userFor(1, "b|c")
	assert.NotEqual(t, first, second)
	assert.Equal(t, first, r.userFor(0, "c"))
	assert.Len(t, r.users, 2)
	assert.Equal(t, "b|c", r.users[second].name)
}
