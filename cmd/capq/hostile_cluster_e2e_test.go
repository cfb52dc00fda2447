package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A --cluster size past the bound is refused, exit 2, before any output:
// one at int64's edge printed negative memory for every queue.
func TestHostileClusterSize(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, cluster, want string }{
		{"petabytes past int64", "memory=9223372036854775807p", `--cluster: resource "memory=9223372036854775807p": memory "9223372036854775807p" is out of range, want at most 1048576p`},
		{"MB at int64 max", "memory=9223372036854775807", `memory "9223372036854775807" is out of range`},
		{"vcores at int64 max", "memory=1g,vcores=9223372036854775807", `vcores "9223372036854775807" is out of range`},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", "tree", seedsConfig(), "--cluster", c.cluster)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
			assert.Empty(t, res.stdout)
		})
	}
}
