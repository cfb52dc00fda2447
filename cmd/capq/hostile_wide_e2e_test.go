package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Wide configurations: a few megabytes of names that every command used
// to expand into gigabytes (a 4 MB root.queues of 500,000 names crashed
// lint and tree). Each is refused with exit 2 and a message naming the
// bound, in bounded memory (hostileRun's guards).

// wideConfig writes a capacity-scheduler.xml whose props are given as
// key suffixes after yarn.scheduler.capacity.
func wideConfig(t *testing.T, dir string, props [][2]string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("<configuration>\n")
	for _, p := range props {
		fmt.Fprintf(&b, "<property><name>yarn.scheduler.capacity.%s</name><value>%s</value></property>\n", p[0], p[1])
	}
	b.WriteString("</configuration>\n")
	path := filepath.Join(dir, "capacity-scheduler.xml")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path
}

func nameList(prefix string, n int) string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return strings.Join(out, ",")
}

// everyCommand runs each command that reads a configuration on path.
func everyCommand(path string) [][]string {
	wl := repoFile("testdata", "workloads", "small.json")
	return [][]string{
		{"lint", path},
		{"tree", path},
		{"tree", "--format", "json", path},
		{"diff", seedsConfig(), path},
		{"simulate", "--config", path, "--workload", wl},
		{"preview", seedsConfig(), path, "--workload", wl},
	}
}

func TestHostileWideConfigs(t *testing.T) {
	for _, tc := range []struct {
		name  string
		props [][2]string
		want  string
	}{
		{"root.queues of 150,000 names", [][2]string{{"root.queues", nameList("q", 150_000)}},
			"the queue tree passes 100,000 queues, at most 100,000 are supported"},
		{"a queue listed 150,000 times", [][2]string{{"root.queues", strings.Repeat("a,", 150_000)}},
			"at most 100,000 are supported"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := wideConfig(t, dir, tc.props)
			for _, args := range everyCommand(path) {
				res := hostileRun(t, dir, nil, "", args...)
				assert.Equal(t, exitCannotRun, res.code, "capq %s: %s", args[0], res.stderr)
				assert.Contains(t, res.stderr, tc.want, "capq %s", args[0])
				assert.Less(t, len(res.stderr), 4<<10, "capq %s: the message must not repeat the input", args[0])
			}
		})
	}
}
