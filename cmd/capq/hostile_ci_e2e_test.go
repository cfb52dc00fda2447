package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostileStepSummaryTarget: $GITHUB_STEP_SUMMARY is only a name. A
// FIFO there hung capq (the open waited for a reader), and the
// configuration being linted, a link to it, or the baseline got the
// Markdown table appended. Each is now a warning on stderr; the
// annotations are still written and the exit code is the findings'.
func TestHostileStepSummaryTarget(t *testing.T) {
	dir := t.TempDir()
	cs := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>90</value></property>
</configuration>
`
	writeFile(t, dir, "cs.xml", cs)
	writeFile(t, dir, "new.xml", cs)
	require.NoError(t, os.Symlink("cs.xml", filepath.Join(dir, "link")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o644))
	res := hostileRun(t, dir, nil, "", "lint", "--write-baseline", "baseline.txt", "cs.xml")
	require.Equal(t, exitFindings, res.code, res.stderr)
	baseline := readString(t, filepath.Join(dir, "baseline.txt"))

	tests := []struct {
		name, summary, warning string
		args                   []string
	}{
		{"a FIFO with no reader", "fifo", "fifo is a FIFO with no reader", nil},
		{"standard output, a pipe here", "/dev/stdout", "/dev/stdout is a named pipe (FIFO): not a regular file", nil},
		{"the configuration linted", "cs.xml", "cs.xml is one of this command's inputs", nil},
		{"a link to it", "link", "link is one of this command's inputs (cs.xml)", nil},
		{"the baseline", "baseline.txt", "baseline.txt is one of this command's inputs", []string{"--baseline", "baseline.txt"}},
		{"a file diff reads", "new.xml", "new.xml is one of this command's inputs", []string{"diff"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"lint", "--format", "github"}, tc.args...)
			args = append(args, "cs.xml")
			if len(tc.args) > 0 && tc.args[0] == "diff" {
				args = []string{"diff", "--format", "github", "cs.xml", "new.xml"}
			}
			res := hostileRun(t, dir, []string{"GITHUB_STEP_SUMMARY=" + tc.summary}, "", args...)
			assert.Contains(t, res.stderr, "capq: warning: GITHUB_STEP_SUMMARY: "+tc.warning)
			assert.NotContains(t, res.stdout, "| Severity |", "the table went to standard output")
			assert.Equal(t, cs, readString(t, filepath.Join(dir, "cs.xml")))
			assert.Equal(t, cs, readString(t, filepath.Join(dir, "new.xml")))
			assert.Equal(t, baseline, readString(t, filepath.Join(dir, "baseline.txt")))
		})
	}
}
