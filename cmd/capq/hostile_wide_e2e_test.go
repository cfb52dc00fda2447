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

// Node labels × queues: 2,000 labels listed on one of 2,000 queues (22 KB),
// each with a capacity, ran tree --format json, simulate and preview out
// of memory and took lint 13 s. Lint, diff and the text tree now cost what
// is configured; the views that hold every queue in every label refuse
// past xmlconf.MaxLabelPairs.
func TestHostileLabelsTimesQueues(t *testing.T) {
	dir := t.TempDir()
	props := [][2]string{{"root.queues", nameList("q", 2000)}, {"root.q0.accessible-node-labels", nameList("l", 2000)}}
	for i := 0; i < 2000; i++ {
		props = append(props, [2]string{fmt.Sprintf("root.q0.accessible-node-labels.l%d.capacity", i), "1"})
	}
	path := wideConfig(t, dir, props)
	wl := filepath.Join(dir, "w.json")
	require.NoError(t, os.WriteFile(wl, []byte(`{"format": "capq-workload/v1", "name": "w",
 "cluster": {"nodes": [{"count": 2, "prefix": "n", "racks": 1, "memory_mb": 8192, "vcores": 8}]},
 "apps": [{"id": "app_1", "queue": "q1", "user": "u", "submit_ms": 0, "am": {"memory_mb": 1024, "vcores": 1},
   "tasks": [{"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 20}]}]}`), 0o644))
	const refusal = "2,000 node labels for 2,001 queues, at most 124 are supported"
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"lint", path}, exitFindings},
		{[]string{"diff", seedsConfig(), path}, exitFindings},
		{[]string{"tree", path}, exitOK},
		{[]string{"tree", "--partition", "l7", path}, exitOK},
		{[]string{"tree", "--format", "json", path}, exitCannotRun},
		{[]string{"simulate", "--config", path, "--workload", wl}, exitCannotRun},
		{[]string{"preview", path, path, "--workload", wl}, exitCannotRun},
	} {
		res := hostileRun(t, dir, nil, "", tc.args...)
		assert.Equal(t, tc.code, res.code, "capq %v: %s", tc.args, res.stderr)
		if tc.code == exitCannotRun {
			assert.Contains(t, res.stderr, refusal, "capq %v", tc.args)
		}
	}
}
