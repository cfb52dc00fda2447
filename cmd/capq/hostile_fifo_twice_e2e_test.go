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

// TestHostileFIFONamedTwice: with --allow-special-files, one FIFO named
// twice in a command (both sides of diff, a side and --yarn-site, two
// refresh events, or the refresh event both runs of preview read) is read
// once, and every naming gets its bytes (safeio.readSpecial). The second
// read opened the FIFO again: it waited for a writer that had gone (a
// hang) or met the first reader's writer and read nothing ("file is
// empty"). The writer here writes the FIFO once, as `cat conf > fifo`
// does.
func TestHostileFIFONamedTwice(t *testing.T) {
	cs, dev40 := seedsConfig(), repoFile("testdata", "seeds-dev-max40", "capacity-scheduler.xml")
	refreshes := `{"format": "capq-workload/v1",
  "cluster": {"nodes": [{"count": 2, "memory_mb": 10240, "vcores": 10}]},
  "apps": [{"id": "a", "queue": "development", "user": "u", "submit_ms": 0, "am": {"memory_mb": 1024, "vcores": 1},
            "tasks": [{"count": 2, "memory_mb": 1024, "vcores": 1, "duration_ms": 60000, "priority": 20}]}],
  "events": [{"at_ms": 1000, "kind": "refresh", "config": "fifo.xml"},
             {"at_ms": 2000, "kind": "refresh", "config": "fifo.xml"}]}`
	cases := []struct {
		name, src string
		args      []string
		want      []string
	}{
		{"diff, both sides", cs, []string{"diff", "fifo.xml", "fifo.xml"}, []string{"refresh: accepted"}},
		{"diff --unified, both sides", cs, []string{"diff", "--unified", "fifo.xml", "fifo.xml"}, []string{"refresh: accepted"}},
		{"diff, a side by its directory", cs, []string{"diff", ".", "fifo.xml"}, []string{"refresh: accepted"}},
		{"lint, a file and --yarn-site", cs, []string{"lint", "--yarn-site", "fifo.xml", "fifo.xml"}, []string{"1 file: 0 errors"}},
		{"simulate, two refresh events", dev40, []string{"simulate", "--config", "cs.xml", "--workload", "w.json"},
			[]string{"refresh fifo.xml at 1s: accepted", "refresh fifo.xml at 2s: accepted"}},
		{"preview, both runs' refresh events", dev40, []string{"preview", "cs.xml", "cs.xml", "--workload", "w.json"},
			[]string{"Refresh: accepted by refreshQueues"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "cs.xml", readString(t, cs))
			writeFile(t, dir, "w.json", refreshes)
			// Named capacity-scheduler.xml too, so a side can be "." (the
			// conf dir's file is the FIFO).
			fifo := filepath.Join(dir, "fifo.xml")
			require.NoError(t, syscall.Mkfifo(fifo, 0o600))
			require.NoError(t, os.Symlink("fifo.xml", filepath.Join(dir, "capacity-scheduler.xml")))
			writer := exec.Command("sh", "-c", `cat "$0" > "$1"`, c.src, fifo)
			require.NoError(t, writer.Start())
			defer func() {
				// Release the writer if capq never opened the FIFO.
				if f, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
					f.Close()
				}
				_ = writer.Wait()
			}()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, capqBin, append(c.args, "--allow-special-files")...)
			cmd.Dir, cmd.Env = dir, append(environWithout("CI"), "NO_COLOR=1")
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			err := cmd.Run()
			require.NoError(t, ctx.Err(), "capq hung on the FIFO's second naming")
			require.NoError(t, err, errOut.String())
			for _, w := range c.want {
				assert.Contains(t, out.String(), w)
			}
		})
	}
}

// TestHostileStdinNamedTwice: "-" and /dev/stdin name one pipe; with
// --allow-special-files each gets its bytes, in either order
// (safeio.ReadStdin). The second reader met the end the first had left:
// "/dev/stdin: file is empty", exit 2.
func TestHostileStdinNamedTwice(t *testing.T) {
	if _, err := os.Stat("/dev/stdin"); err != nil {
		t.Skip("no /dev/stdin")
	}
	cs := readString(t, seedsConfig())
	for _, args := range [][]string{{"-", "/dev/stdin"}, {"/dev/stdin", "-"}} {
		t.Run(args[0]+" "+args[1], func(t *testing.T) {
			res := hostileRun(t, t.TempDir(), nil, cs, append([]string{"diff", "--allow-special-files"}, args...)...)
			assert.Equal(t, exitOK, res.code, res.stderr)
			assert.Contains(t, res.stdout, "queues: 6 unchanged")
		})
	}
}
