package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileQueueXML is a configuration whose one leaf is named with a
// quote, a backslash, a C1 control and a bidi override (XML allows all of
// them in a value, and Hadoop's getTrimmedStrings keeps them).
const hostileQueueXML = `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a&#x85;&#x202e;"b\</value></property>
<property><name>yarn.scheduler.capacity.root.a&#x85;&#x202e;"b\.capacity</name><value>100</value></property>
</configuration>`

// hostileQueue is the leaf's path as the engine names it.
const hostileQueue = "root.a\u0085\u202e\"b\\"

// TestHostileEventsAreJSON: --events writes one JSON object a line even
// when the app, queue and node names hold a NUL, a bell, ESC, quotes and
// backslashes; each decodes to the exact name and no hidden character is
// raw. strconv.AppendQuote wrote \x00 and \a, which no JSON reader takes.
func TestHostileEventsAreJSON(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "cs.xml", hostileQueueXML)
	app, node := "app\a\x00\x1b[2J\\\"\u009b", "n\x00\"x\x1b"
	w := map[string]any{
		"format": "capq-workload/v1", "name": "w",
		"cluster": map[string]any{"nodes": []any{map[string]any{"names": []string{node}, "memory_mb": 8192, "vcores": 8}}},
		"apps": []any{map[string]any{"id": app, "queue": hostileQueue, "user": "u", "submit_ms": 0,
			"am":    map[string]any{"memory_mb": 1024, "vcores": 1},
			"tasks": []any{map[string]any{"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 20}}}},
	}
	data, err := json.Marshal(w)
	require.NoError(t, err)
	writeFile(t, dir, "w.json", string(data))

	res := hostileRun(t, dir, nil, "", "simulate", "--config", "cs.xml", "--workload", "w.json", "--events", "ev.jsonl")
	require.Equal(t, exitOK, res.code, res.stderr)
	f, err := os.Open(filepath.Join(dir, "ev.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	lines := 0
	for sc.Scan() {
		lines++
		assertNoHiddenRunes(t, sc.Text())
		assert.NotContains(t, sc.Text(), "\x00")
		var ev struct{ App, Queue, Node string }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &ev), "line %d: %q", lines, sc.Text())
		assert.Equal(t, app, ev.App)
		assert.Equal(t, hostileQueue, ev.Queue)
		assert.Equal(t, node, ev.Node)
	}
	require.NoError(t, sc.Err())
	assert.Equal(t, 4, lines, "the AM and the task, each allocated and released")
}

// TestHostileGenWorkloadNamesEscaped: gen workload writes a leaf's name
// (and the users made from it) with its bidi override and C1 control as
// \u escapes, and simulate reads the file back to the same queue.
func TestHostileGenWorkloadNamesEscaped(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "cs.xml", hostileQueueXML)
	res := hostileRun(t, dir, nil, "", "gen", "workload", "--config", "cs.xml", "--apps", "2", "-o", "w.json")
	require.Equal(t, exitOK, res.code, res.stderr)
	out := readString(t, filepath.Join(dir, "w.json"))
	assertNoHiddenRunes(t, out)
	assert.NotContains(t, out, "\u0085")
	assert.Contains(t, out, `"queue":"root.a\u0085\u202e\"b\\"`)

	res = hostileRun(t, dir, nil, "", "simulate", "--config", "cs.xml", "--workload", "w.json", "--format", "json")
	require.Equal(t, exitOK, res.code, res.stderr)
	assert.Contains(t, res.stdout, `root.a\u0085\u202e\"b\\`)
}

// TestHostileHadoop1SnapshotText: a Hadoop 1 scenario's snapshot step,
// printed as text, writes a job name's bidi override and C1 control as
// \u escapes; before, the state's JSON went past Printable (a []byte
// argument) and carried them raw.
func TestHostileHadoop1SnapshotText(t *testing.T) {
	dir := t.TempDir()
	sc := `{"id": "h", "engine": "hadoop1", "cluster": {"trackers": [{"name": "tt1", "map_slots": 2, "reduce_slots": 1}]},
 "mapred_site": {"mapred.queue.names": "default", "mapred.jobtracker.taskScheduler": "org.apache.hadoop.mapred.CapacityTaskScheduler"},
 "capacity_scheduler": {"mapred.capacity-scheduler.queue.default.capacity": "100"},
 "steps": [{"op": "submit_job", "job": "j\u202e\u0085\u200bx", "user": "u\u009b1m", "maps": 1, "reduces": 0, "queue": "default"}, {"op": "snapshot"}]}`
	writeFile(t, dir, "s.json", sc)
	res := hostileRun(t, dir, nil, "", "scenario", "s.json")
	require.Equal(t, exitOK, res.code, res.stderr)
	assertNoHiddenRunes(t, res.stdout)
	assert.NotContains(t, res.stdout, "\u0085")
	assert.Contains(t, res.stdout, `"j\u202e\u0085\u200bx"`, "the snapshot names the job, escaped")
	assert.True(t, strings.Count(res.stdout, "\n") > 20, "the snapshot keeps its indented layout")
}
