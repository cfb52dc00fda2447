package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostileOutputDirLinksOut: in a pull request's checkout (CI), out/
// may be a symbolic link to a directory of the runner; every output capq
// writes there (gen -o, --events, --html, --write-baseline, migrate's -o,
// --yarn-site and --report) landed outside the working directory, and
// with --force could replace a runner's file of that name. Untrusted, such
// an output is refused before any work (exit 2), naming the flag and the
// path as given; trusted, it is written as before.
func TestHostileOutputDirLinksOut(t *testing.T) {
	cs, workload := seedsConfig(), repoFile("testdata", "workloads", "seeds-example.json")
	mapred := repoFile("testdata", "hadoop1", "01-flat-basic", "mapred-site.xml")
	cases := []struct {
		flag string
		args []string
	}{
		{"-o", []string{"gen", "workload", "--config", cs, "--apps", "2", "-o", "out/w.json"}},
		{"--events", []string{"simulate", "--config", cs, "--workload", workload, "--events", "out/events.json"}},
		{"--html", []string{"preview", cs, cs, "--workload", workload, "--html", "out/p.html"}},
		{"--write-baseline", []string{"lint", "--write-baseline", "out/baseline.txt", cs}},
		{"-o", []string{"migrate", "hadoop1", "--mapred-site", mapred, "-o", "out/cs.xml"}},
		{"--yarn-site", []string{"migrate", "hadoop1", "--mapred-site", mapred, "--yarn-site", "out/yarn-site.xml"}},
		{"--report", []string{"migrate", "hadoop1", "--mapred-site", mapred, "--report", "out/report.txt"}},
	}
	for _, c := range cases {
		t.Run(c.args[0]+" "+c.flag, func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			require.NoError(t, os.Symlink(outside, filepath.Join(dir, "out")))
			target := c.args[len(c.args)-1]
			if c.args[0] == "lint" {
				target = c.args[2]
			}
			r := hostileRun(t, dir, []string{"CI=true"}, "", c.args...)
			assert.Equal(t, exitCannotRun, r.code, r.stdout+r.stderr)
			assert.Contains(t, r.stderr, "capq: "+c.flag+": write "+target+": its directory is a symbolic link, or passes through one, that leads outside the working directory")
			assert.NotContains(t, r.stderr, outside, "the path as given, never where the link leads")
			left, err := os.ReadDir(outside)
			require.NoError(t, err)
			assert.Empty(t, left, "nothing written outside the checkout")

			r = hostileRun(t, dir, nil, "", c.args...)
			assert.Contains(t, []int{exitOK, exitFindings}, r.code, "trusted, the link is the user's own: %s", r.stderr)
			assert.FileExists(t, filepath.Join(outside, filepath.Base(target)))
		})
	}
}
