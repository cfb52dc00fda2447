package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/capq/capq/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostileOutputTakenMeanwhile: two runs writing the same output both
// pass the checks before the run; the one that commits second loses. Its
// error named the file but not the flag ("write out.xml: file exists"),
// unlike every other output error ("-o: write out.xml: ..."). The run is
// held between its checks and its commit by an input FIFO, which the test
// fills only after it has written the target itself, as the winner would.
func TestHostileOutputTakenMeanwhile(t *testing.T) {
	root := golden.RepoRoot()
	cases := []struct {
		name, src, flag string
		args            func(fifo, out string) []string
	}{
		{"gen workload -o", filepath.Join(root, "testdata", "rm-apps", "apps.json"), "-o", func(fifo, out string) []string {
			return []string{"gen", "workload", "--config", filepath.Join(root, "testdata", "rm-apps"),
				"--allow-special-files", "--from-rm-apps", fifo, "-o", out}
		}},
		{"migrate hadoop1 -o", filepath.Join(root, "testdata", "hadoop1", "01-flat-basic", "mapred-site.xml"), "-o", func(fifo, out string) []string {
			return []string{"migrate", "hadoop1", "--allow-special-files", "--mapred-site", fifo,
				"--capacity-scheduler", filepath.Join(root, "testdata", "hadoop1", "01-flat-basic", "capacity-scheduler.xml"), "-o", out}
		}},
		{"migrate hadoop1 --report", filepath.Join(root, "testdata", "hadoop1", "01-flat-basic", "mapred-site.xml"), "--report", func(fifo, out string) []string {
			return []string{"migrate", "hadoop1", "--allow-special-files", "--mapred-site", fifo,
				"--capacity-scheduler", filepath.Join(root, "testdata", "hadoop1", "01-flat-basic", "capacity-scheduler.xml"),
				"-o", filepath.Join(filepath.Dir(out), "cs.xml"), "--report", out}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			fifo, out := filepath.Join(dir, "in.fifo"), filepath.Join(dir, "out")
			require.NoError(t, syscall.Mkfifo(fifo, 0o600))
			src, err := os.ReadFile(c.src)
			require.NoError(t, err)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, capqBin, c.args(fifo, out)...)
			cmd.Env = environWithout("CI")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Start())
			// Opening for writing waits for capq to open it for reading:
			// by then its output checks have passed.
			w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(out, []byte("the winner's\n"), 0o644))
			_, err = w.Write(src)
			require.NoError(t, err)
			require.NoError(t, w.Close())
			err = cmd.Wait()
			require.NoError(t, ctx.Err(), "capq hung")
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, stderr.String())
			assert.Equal(t, 2, ee.ExitCode())
			assert.Contains(t, stderr.String(), "capq: "+c.flag+": write "+out+": file exists (use --force to overwrite)")
			got, err := os.ReadFile(out)
			require.NoError(t, err)
			assert.Equal(t, "the winner's\n", string(got), "the winner's file is kept")
			left, err := filepath.Glob(filepath.Join(dir, ".*tmp-*"))
			require.NoError(t, err)
			assert.Empty(t, left, "no temporary file is left behind")
			assert.NoFileExists(t, filepath.Join(dir, "cs.xml"), "migrate writes all its outputs or none")
		})
	}
}
