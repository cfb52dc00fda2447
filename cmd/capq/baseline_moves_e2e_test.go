package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBaselineMatchesAfterMoves: a baseline written at the top of a git
// work tree still leaves the recorded findings out when capq runs from a
// subdirectory, on a git:REV:PATH input, and after the file is moved
// (git mv), because files are recorded from the repository root, as SARIF
// names them. Before, the file was recorded as named from the working
// directory, and each of these runs failed on the old findings.
func TestBaselineMatchesAfterMoves(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"}, args...)...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, string(out))
	}
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "conf"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "prod"), 0o755))
	writeFile(t, dir, "conf/capacity-scheduler.xml", `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>90</value></property>
</configuration>
`)
	git("init", "-q")
	git("add", ".")
	git("commit", "-qm", "x")
	res := hostileRun(t, dir, nil, "", "lint", "--write-baseline", "baseline.txt", "conf/capacity-scheduler.xml")
	require.Equal(t, exitFindings, res.code, res.stderr)

	tests := []struct {
		name, sub string
		args      []string
		move      bool
	}{
		{"from a subdirectory", "conf", []string{"--baseline", "../baseline.txt", "capacity-scheduler.xml"}, false},
		{"a git: input", "", []string{"--baseline", "baseline.txt", "git:HEAD:conf/capacity-scheduler.xml"}, false},
		{"after git mv", "", []string{"--baseline", "baseline.txt", "prod/capacity-scheduler.xml"}, true},
		{"after git mv, SARIF", "", []string{"--format", "sarif", "--baseline", "baseline.txt", "prod/capacity-scheduler.xml"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.move {
				if _, err := os.Stat(filepath.Join(dir, "prod", "capacity-scheduler.xml")); err != nil {
					git("mv", "conf/capacity-scheduler.xml", "prod/capacity-scheduler.xml")
				}
			}
			res := hostileRun(t, filepath.Join(dir, tc.sub), nil, "", append([]string{"lint"}, tc.args...)...)
			assert.Equal(t, exitOK, res.code, "stdout:\n%s\nstderr:\n%s", res.stdout, res.stderr)
		})
	}
}
