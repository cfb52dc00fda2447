package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHostileGroupEmptyMember: --group P=a,,b (or a trailing comma) ran
// with the empty member dropped; a list with a hole in it is a typo, and
// is refused by name as other malformed flag values are.
func TestHostileGroupEmptyMember(t *testing.T) {
	for _, g := range []string{"team=a,,b", "team=a,b,", "team=,a", "team=a, ,b"} {
		t.Run(g, func(t *testing.T) {
			res := runBinary(t, "", h1Args("07-group-ceilings", "--group", g)...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, "--group: group \""+g+"\": empty member queue")
			assert.Empty(t, res.stdout)
		})
	}
}
