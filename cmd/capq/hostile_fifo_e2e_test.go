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

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostileFIFOReadOnce: with --allow-special-files, a FIFO is read
// once. scenario and tree read their input a second time (to detect the
// kind, then to load), which waited for a writer that had gone: a hang.
// diff --unified read a side again without the flag and refused the FIFO
// as if --allow-special-files had not been given; it still did for a side
// named by its directory (the FIFO is the directory's
// capacity-scheduler.xml), and diff refused a FIFO as --live-state or
// --live-apps whatever the flag said.
func TestHostileFIFOReadOnce(t *testing.T) {
	cs := seedsConfig()
	live := func(name string) string { return repoFile("testdata", "diff", "live-state", name) }
	cases := []struct {
		name, src string
		args      func(fifo string) []string
		want      string
	}{
		{"scenario", repoFile("testdata", "scenarios", "absauto-application-running-with-drf-01.json"),
			func(f string) []string { return []string{"scenario", "--allow-special-files", f} }, "result: every expectation met"},
		{"tree", cs, func(f string) []string { return []string{"tree", "--allow-special-files", f} }, "6 queues (4 leaves)"},
		{"diff --unified", cs, func(f string) []string { return []string{"diff", "--unified", "--allow-special-files", f, cs} }, "refresh: accepted"},
		{"diff --unified, a directory's file", cs, func(f string) []string {
			return []string{"diff", "--unified", "--allow-special-files", filepath.Dir(f), cs}
		}, "refresh: accepted"},
		{"diff --live-state", repoFile("testdata", "diff", "live-state", "scheduler.json"), func(f string) []string {
			return []string{"diff", "--allow-special-files", live("old.xml"), live("new.xml"), "--live-state", f}
		}, "refresh:"},
		{"diff --live-apps", repoFile("testdata", "diff", "live-state", "apps.json"), func(f string) []string {
			return []string{"diff", "--allow-special-files", live("old.xml"), live("new.xml"), "--live-state", live("scheduler.json"), "--live-apps", f}
		}, "refresh:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			// Named as a configuration directory's file, so that a case
			// can name the FIFO by its directory.
			require.NoError(t, os.Mkdir(filepath.Join(dir, "conf"), 0o755))
			fifo := filepath.Join(dir, "conf", "capacity-scheduler.xml")
			require.NoError(t, syscall.Mkfifo(fifo, 0o600))
			writer := exec.Command("sh", "-c", `cat "$0" > "$1"`, c.src, fifo)
			require.NoError(t, writer.Start())
			defer func() {
				// Release the writer if capq never opened the FIFO.
				if f, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
					f.Close()
				}
				_ = writer.Wait()
			}()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, capqBin, c.args(fifo)...)
			cmd.Dir = dir
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			err := cmd.Run()
			require.NoError(t, ctx.Err(), "capq hung on the FIFO")
			require.NoError(t, err, errOut.String())
			assert.Contains(t, out.String(), c.want)
		})
	}
}
