package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSimulateRefreshUnreadable: the configuration a workload's refresh
// event names is a file the user named, so one that cannot be read at
// all (missing, a dangling link, a directory without a
// capacity-scheduler.xml, past --max-file-size, not readable) is exit 2
// before the run, with the event and the file named and the hint lint
// and diff give for it, and nothing on stdout. It was simulated and
// reported as a refused refresh, exit 0. One that reads but does not
// parse stays a refused refresh (TestSimulateRefreshEvents): that is
// what refreshQueues does with it.
func TestSimulateRefreshUnreadable(t *testing.T) {
	dir := t.TempDir()
	cs := readString(t, seedsConfig())
	writeFile(t, dir, "cs.xml", cs)
	writeFile(t, dir, "big.xml", strings.Replace(cs, "<configuration>", "<configuration><!--"+strings.Repeat("x", 4096)+"-->", 1))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "empty-conf"), 0o755))
	require.NoError(t, os.Symlink("nowhere.xml", filepath.Join(dir, "dangling.xml")))
	workload := func(config string) string {
		return writeFile(t, dir, "w.json", `{"format": "capq-workload/v1",
  "cluster": {"nodes": [{"count": 2, "memory_mb": 10240, "vcores": 10}]},
  "apps": [{"id": "a", "queue": "development", "user": "u", "submit_ms": 0, "am": {"memory_mb": 1024, "vcores": 1},
            "tasks": [{"count": 2, "memory_mb": 1024, "vcores": 1, "duration_ms": 60000, "priority": 20}]}],
  "events": [{"at_ms": 1000, "kind": "refresh", "config": "cs.xml"},
             {"at_ms": 2000, "kind": "refresh", "config": "`+config+`"}]}`)
	}
	for _, c := range []struct {
		name, config, want string
		extra              []string
	}{
		{"missing", "missing.xml", "missing.xml: no such file\n  hint: check the path\n", nil},
		{"a dangling link", "dangling.xml", `dangling.xml: is a symbolic link to "nowhere.xml", which does not exist`, nil},
		{"a conf dir without the file", "empty-conf", "empty-conf is a directory without a capacity-scheduler.xml", nil},
		{"past --max-file-size", "big.xml", "big.xml: file is larger than the limit of " + strconv.Itoa(len(cs)+100) + " bytes",
			[]string{"--max-file-size", strconv.Itoa(len(cs) + 100)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := workload(c.config)
			r := hostileRun(t, dir, nil, "", append([]string{"simulate", "--config", "cs.xml", "--workload", w}, c.extra...)...)
			assert.Equal(t, exitCannotRun, r.code, r.stdout+r.stderr)
			assert.Contains(t, r.stderr, "capq: workload "+w+": event at 2000 ms: "+filepath.Join(dir, c.config))
			assert.Contains(t, r.stderr, c.want)
			assert.Empty(t, r.stdout)
		})
	}
	t.Run("not readable by this user", func(t *testing.T) {
		writeFile(t, dir, "secret.xml", cs)
		require.NoError(t, os.Chmod(filepath.Join(dir, "secret.xml"), 0))
		w := workload("secret.xml")
		r := runAsNonRoot(t, dir, "simulate", "--config", filepath.Join(dir, "cs.xml"), "--workload", w)
		assert.Equal(t, exitCannotRun, r.code, r.stdout+r.stderr)
		assert.Contains(t, r.stderr, "event at 2000 ms: "+filepath.Join(dir, "secret.xml")+": permission denied\n  hint: make the file readable by this user")
		assert.Empty(t, r.stdout)
	})
}

// TestRefreshUnreadableMeanwhile: a refresh event's file that passed the
// check before the run but cannot be read when its event comes (removed
// meanwhile, or a FIFO that delivers more than --max-file-size) is exit 2
// naming the event and the file, as before the run. It was reported as a
// refused refresh ("cannot load ...") and the run exited 0: an I/O
// failure is not refreshQueues refusing the configuration. The first
// event reads a FIFO, which holds the run at that event while the test
// removes the second event's file. capq preview's two runs
// (preview.Simulate) each read the refresh event's file when its event
// comes, and each says so, under "workload W: " (the workload was not
// named: the error of the two runs printed a line per run without it);
// they read the FIFO once between them (safeio.readSpecial), so one open
// holds both.
func TestRefreshUnreadableMeanwhile(t *testing.T) {
	cs := readString(t, seedsConfig())
	max := strconv.Itoa(len(cs) + 100)
	for _, c := range []struct {
		name    string
		args    []string // after the workload's flag
		runs    []string // what each run's error starts with, after "workload W: "
		fifoGet string   // what the FIFO delivers
		remove  bool     // remove later.xml while the run waits on the FIFO
		want    string
	}{
		{"simulate, removed meanwhile", []string{"simulate", "--config", "cs.xml"}, []string{""},
			cs, true, "event at 2000 ms: %DIR%/later.xml: no such file\n  hint: check the path\n"},
		{"simulate, a FIFO past --max-file-size", []string{"simulate", "--config", "cs.xml"}, []string{""},
			cs + strings.Repeat(" ", len(cs)), false, "event at 1000 ms: %DIR%/fifo.xml: file is larger than the limit of " + max + " bytes"},
		{"preview, removed meanwhile", []string{"preview", "cs.xml", "cs.xml"}, []string{"old configuration: ", "new configuration: "},
			cs, true, "event at 2000 ms: %DIR%/later.xml: no such file\n  hint: check the path\n"},
		{"preview, a FIFO past --max-file-size", []string{"preview", "cs.xml", "cs.xml"}, []string{"old configuration: ", "new configuration: "},
			cs + strings.Repeat(" ", len(cs)), false, "event at 1000 ms: %DIR%/fifo.xml: file is larger than the limit of " + max + " bytes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			later, fifo, w := fifoRefreshWorkload(t, dir, cs)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, capqBin, append(c.args, "--workload", w,
				"--allow-special-files", "--max-file-size", max)...)
			cmd.Dir, cmd.Env = dir, environWithout("CI")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			require.NoError(t, cmd.Start())
			// Opening for writing waits for a run to reach the first
			// event: the check before the run has passed.
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			require.NoError(t, err)
			if c.remove {
				require.NoError(t, os.Remove(later))
			}
			_, _ = f.WriteString(c.fifoGet) // capq may stop reading past the limit
			require.NoError(t, f.Close())
			err = cmd.Wait()
			require.NoError(t, ctx.Err(), "capq hung")
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee, "exit 0:\n"+stdout.String()+stderr.String())
			assert.Equal(t, exitCannotRun, ee.ExitCode(), stderr.String())
			for _, run := range c.runs {
				assert.Contains(t, stderr.String(), "capq: workload "+w+": "+run+strings.ReplaceAll(c.want, "%DIR%", dir))
			}
			assert.Empty(t, stdout.String())
		})
	}
}

// fifoRefreshWorkload writes, in dir, cs.xml and a workload whose refresh
// events read a FIFO (fifo.xml, at 1000 ms) and later.xml (at 2000 ms), the
// setup of TestRefreshUnreadableMeanwhile.
func fifoRefreshWorkload(t *testing.T, dir, cs string) (later, fifo, workload string) {
	t.Helper()
	writeFile(t, dir, "cs.xml", cs)
	later = writeFile(t, dir, "later.xml", cs)
	fifo = filepath.Join(dir, "fifo.xml")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	workload = writeFile(t, dir, "w.json", `{"format": "capq-workload/v1",
  "cluster": {"nodes": [{"count": 2, "memory_mb": 10240, "vcores": 10}]},
  "apps": [{"id": "a", "queue": "development", "user": "u", "submit_ms": 0, "am": {"memory_mb": 1024, "vcores": 1},
            "tasks": [{"count": 2, "memory_mb": 1024, "vcores": 1, "duration_ms": 60000, "priority": 20}]}],
  "events": [{"at_ms": 1000, "kind": "refresh", "config": "fifo.xml"},
             {"at_ms": 2000, "kind": "refresh", "config": "later.xml"}]}`)
	return later, fifo, workload
}
