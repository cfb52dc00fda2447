package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// An empty path, as a script's unset variable gives (`capq lint "$CONF"`),
// was reported as "-: no such file", the name of standard input. It is
// refused as an empty path, exit 2, for every input kind that reads a
// file. See hostile_e2e_test.go for the harness.
func TestHostileEmptyPath(t *testing.T) {
	dir := t.TempDir()
	cs := seedsConfig()
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"lint", []string{"lint", ""}, `capq: "": is an empty path`},
		{"tree", []string{"tree", ""}, `capq: "": is an empty path`},
		{"diff", []string{"diff", "", cs}, `capq: "": is an empty path`},
		{"lint with others", []string{"lint", cs, ""}, `capq: "": is an empty path`},
		{"scenario", []string{"scenario", ""}, `scenario: "" is an empty path`},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
			assert.NotContains(t, res.stderr, "-: no such file")
		})
	}
}
