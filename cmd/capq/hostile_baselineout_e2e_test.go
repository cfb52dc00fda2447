package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lint --write-baseline is written after the run: a target in a missing
// directory was found only then, named by capq's temporary file
// ("nodir/.x.json.tmp-2579977860: no such file"), after the report was
// printed; "-" failed late with "standard output is not available here".
// Now they are refused before any work, naming the flag and the path.
// See hostile_e2e_test.go for the harness.
func TestHostileWriteBaselineTargets(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "file"), []byte("x"), 0o644))
	cs := seedsConfig()
	for _, c := range []struct{ target, want string }{
		{"nodir/x.json", "--write-baseline nodir/x.json: directory nodir does not exist; create it first"},
		{"file/x.json", "--write-baseline file/x.json: file is not a directory"},
		{"-", "--write-baseline -: a baseline is written to a file; standard output holds the report"},
	} {
		t.Run(c.target, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", "lint", "--write-baseline", c.target, cs)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
			assert.NotContains(t, res.stderr, ".tmp-", "the temporary file is named")
			assert.Empty(t, res.stdout, "the run went ahead")
			assert.Equal(t, []string{"file"}, listDir(t, dir))
		})
	}
}
