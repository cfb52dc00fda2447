package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

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
