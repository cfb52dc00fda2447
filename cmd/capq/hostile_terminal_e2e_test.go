package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hiddenRunes are what must never reach a terminal or a CI log as they
// are: ESC and the 8-bit CSI drive the terminal, U+202E reorders the rest
// of the line (Trojan Source, CVE-2021-42574), U+200B hides inside a
// name. safeio.Printable escapes them; these cases reach it from the
// paths that bypassed it.
var hiddenRunes = []string{"\x1b", "\u009b", "\u202e", "\u200b"}

// hostileName holds every one of hiddenRunes.
const hostileName = "x\x1b[31mRED\u009b1m\u202eexe.txt\u200b"

// TestHostileNamesReachNoTerminalRaw runs commands whose stderr quotes a
// name from the command line or an input file name: cobra's unknown-flag
// error (root.go printed it raw) and a workload's warnings, which name
// the file (streams.notes printed them raw).
func TestHostileNamesReachNoTerminalRaw(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "cs.xml", `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property>
<property><name>yarn.scheduler.capacity.root.default.capacity</name><value>100</value></property>
</configuration>
`)
	// job.start.ms before the run's start is a warning that names the
	// trace by its file name (SLS's TaskRunner starts the AM at once).
	writeFile(t, dir, hostileName+".json", `{"job.start.ms":-5,"job.end.ms":1000,"job.queue.name":"default","job.id":"j1","job.user":"u",`+
		`"job.tasks":[{"container.host":"/r/h1","container.start.ms":0,"container.end.ms":1000,"container.priority":20,"container.type":"map"}]}
`)
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"an unknown flag", []string{"lint", "--" + hostileName, "cs.xml"}, exitCannotRun},
		{"an unknown shorthand", []string{"lint", "-Z" + hostileName, "cs.xml"}, exitCannotRun},
		{"a workload's warnings name its file", []string{"simulate", "--config", "cs.xml", "--workload", hostileName + ".json"}, exitOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, c.code, res.code, res.stderr)
			assert.Contains(t, res.stderr, `x\x1b[31mRED\u009b1m\u202eexe.txt\u200b`, "the name is shown, escaped")
			assertNoHiddenRunes(t, res.stdout+res.stderr)
		})
	}
}

func assertNoHiddenRunes(t *testing.T, s string) {
	t.Helper()
	for _, r := range hiddenRunes {
		assert.NotContains(t, s, r, "%q reached the output raw", r)
	}
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	return path
}

// TestHostileNamesInEveryFormat: queue names holding an 8-bit CSI, a
// bidi override and a zero-width space (testdata/hostile/names-escapes)
// reach no output raw, in any format of lint and diff. Text and GitHub
// output show Go escapes; JSON, SARIF and JUnit carry \u escapes and
// character references, which decode to the exact name (checked for
// JSON). Before, the machine formats carried them raw, so `cat` of a
// report or a log that showed it drove the terminal.
func TestHostileNamesInEveryFormat(t *testing.T) {
	dir := repoFile("testdata", "hostile", "names-escapes")
	for _, format := range []string{"text", "json", "sarif", "github", "junit"} {
		t.Run("lint "+format, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", "lint", "--format", format, ".")
			assert.Equal(t, exitFindings, res.code, res.stderr)
			assertNoHiddenRunes(t, res.stdout+res.stderr)
			if format == "json" {
				assert.Contains(t, res.stdout, `root.b\u009b31mRED\u202etxt`)
				var out struct {
					Findings []struct{ Queue string } `json:"findings"`
				}
				require.NoError(t, json.Unmarshal([]byte(res.stdout), &out))
				var queues []string
				for _, f := range out.Findings {
					queues = append(queues, f.Queue)
				}
				assert.Contains(t, queues, "root.b\u009b31mRED\u202etxt", "the exact name, once decoded")
			}
		})
	}
	t.Run("diff --unified quotes the file's lines", func(t *testing.T) {
		// The characters written as they are in the file, not as
		// character references: the unified diff shows the bytes.
		raw := strings.NewReplacer("&#x9b;", "\u009b", "&#x202e;", "\u202e", "&#x200b;", "\u200b").
			Replace(readString(t, filepath.Join(dir, "capacity-scheduler.xml")))
		tmp := t.TempDir()
		writeFile(t, tmp, "new.xml", raw)
		res := hostileRun(t, tmp, nil, "", "diff", "--unified", seedsConfig(), "new.xml")
		assert.Contains(t, res.stdout, `+<property><name>yarn.scheduler.capacity.root.queues</name><value>default,b\u009b31mRED\u202etxt,`)
		assertNoHiddenRunes(t, res.stdout+res.stderr)
	})
	t.Run("tree json", func(t *testing.T) {
		res := hostileRun(t, dir, nil, "", "tree", "--format", "json", ".")
		assert.Equal(t, exitOK, res.code, res.stderr)
		assert.Contains(t, res.stdout, `b\u009b31mRED\u202etxt`)
		assertNoHiddenRunes(t, res.stdout+res.stderr)
	})
	t.Run("simulate json", func(t *testing.T) {
		var w map[string]any
		require.NoError(t, json.Unmarshal([]byte(readString(t, repoFile("testdata", "workloads", "small.json"))), &w))
		for _, a := range w["apps"].([]any) {
			a.(map[string]any)["queue"] = "default"
			a.(map[string]any)["user"] = "u\u009b1m\u202e"
		}
		data, err := json.Marshal(w)
		require.NoError(t, err)
		wdir := t.TempDir()
		writeFile(t, wdir, "w.json", string(data))
		res := hostileRun(t, wdir, nil, "", "simulate", "--format", "json", "--config", filepath.Join(dir, "capacity-scheduler.xml"), "--workload", "w.json")
		assert.Equal(t, exitOK, res.code, res.stderr)
		assert.Contains(t, res.stdout, `u\u009b1m\u202e`)
		assertNoHiddenRunes(t, res.stdout+res.stderr)
	})
	t.Run("diff --unified names a file on one line", func(t *testing.T) {
		// A newline in a file name started a line of its own in the
		// header: "+++ x\n+++ y" is two headers to patch or a reader.
		tmp := t.TempDir()
		name := hostileName + "\n+++ other.xml"
		writeFile(t, tmp, name, readString(t, filepath.Join(dir, "capacity-scheduler.xml")))
		header := `+++ x\x1b[31mRED\u009b1m\u202eexe.txt\u200b\n+++ other.xml`
		for format, want := range map[string]string{
			"text": header + "\n@@",
			"json": strings.ReplaceAll(header, `\`, `\\`) + `\n@@`, // a JSON string of it
		} {
			res := hostileRun(t, tmp, nil, "", "diff", "--unified", "--format", format, seedsConfig(), name)
			assert.Contains(t, res.stdout, want, format)
			assertNoHiddenRunes(t, res.stdout+res.stderr)
		}
	})
	t.Run("preview --html", func(t *testing.T) {
		// html/template escapes markup, not control characters: the
		// page held the names' ESC, CSI and bidi override raw.
		tmp := t.TempDir()
		writeFile(t, tmp, hostileName+".xml", readString(t, filepath.Join(dir, "capacity-scheduler.xml")))
		res := hostileRun(t, tmp, nil, "", "preview", seedsConfig(), hostileName+".xml",
			"--workload", repoFile("testdata", "workloads", "seeds-example.json"), "--html", "out.html")
		assert.Contains(t, []int{exitOK, exitFindings}, res.code, res.stderr)
		page := readString(t, filepath.Join(tmp, "out.html"))
		assert.Contains(t, page, `<title>capq preview: `)
		assert.Contains(t, page, `x\u001b[31mRED\u009b1m\u202eexe.txt\u200b.xml`, "the file name, escaped")
		assert.Contains(t, page, `b\u009b31mRED\u202etxt`, "a queue name, escaped")
		assertNoHiddenRunes(t, page)
	})
	for _, format := range []string{"text", "json", "sarif", "github"} {
		t.Run("diff "+format, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", "diff", "--format", format, seedsConfig(), ".")
			assert.Contains(t, []int{exitOK, exitFindings}, res.code, res.stderr)
			assertNoHiddenRunes(t, res.stdout+res.stderr)
		})
	}
}
