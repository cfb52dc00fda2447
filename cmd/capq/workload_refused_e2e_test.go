package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestWorkloadRefusedOnce: a native workload that parses but that
// Validate refuses (a task priority of 0) gets ReadNative's message and
// exit 2 whether it is in the fast reader's subset (plain) or not (an
// escaped id), named on the command line or read from standard input,
// by simulate and by preview. It is refused after one read of the file
// (sim.ReadNativeSure); Detect and ReadNative read it twice more before.
func TestWorkloadRefusedOnce(t *testing.T) {
	cs := seedsConfig()
	const msg = `:4: application "a1" task group 0: priority must be positive (0 is the AM's), got 0`
	for _, name := range []string{"workload-refused-plain.json", "workload-refused-escaped.json"} {
		path := repoFile("testdata", "hostile", name)
		for _, c := range []struct {
			what, stdin, named string
			args               []string
		}{
			{"simulate", "", path, []string{"simulate", "--config", cs, "--workload", path}},
			{"simulate from standard input", readString(t, path), "<stdin>", []string{"simulate", "--config", cs, "--workload", "-"}},
			{"preview", "", path, []string{"preview", cs, cs, "--workload", path}},
		} {
			res := hostileRun(t, t.TempDir(), nil, c.stdin, c.args...)
			assert.Equal(t, exitCannotRun, res.code, "%s %s: %s", c.what, name, res.stderr)
			assert.Equal(t, "capq: "+c.named+msg+"\n", res.stderr, "%s %s", c.what, name)
			assert.Empty(t, res.stdout, "%s %s", c.what, name)
		}
	}
}
