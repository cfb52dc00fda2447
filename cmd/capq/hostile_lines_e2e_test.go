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

// A name from input holding a newline (XML keeps one inside a queue name:
// getTrimmedStrings trims only the ends) or an escape sequence (a JSON
// workload's user) is escaped in text output and error messages: it never
// starts a line of its own, which a CI runner would read as a workflow
// command ("::error::..."), nor drives the terminal. See
// hostile_e2e_test.go for the harness.
func TestHostileNamesForgeNoLines(t *testing.T) {
	dir := t.TempDir()
	cs := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>default,b
::error::FORGED</value></property>
<property><name>yarn.scheduler.capacity.root.default.capacity</name><value>100</value></property>
</configuration>
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cs.xml"), []byte(cs), 0o644))
	var w map[string]any
	require.NoError(t, json.Unmarshal([]byte(readString(t, repoFile("testdata", "workloads", "small.json"))), &w))
	for _, a := range w["apps"].([]any) {
		a.(map[string]any)["queue"] = "default"
		a.(map[string]any)["user"] = "u\x1b[2J\r\n::warning::FORGED"
	}
	data, err := json.Marshal(w)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "w.json"), data, 0o644))
	unknown := strings.Replace(string(data), `"queue":"default"`, `"queue":"nope\n::error::FORGED"`, 1)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "unknown.json"), []byte(unknown), 0o644))

	cases := []struct {
		name string
		args []string
	}{
		{"lint", []string{"lint", "cs.xml"}},
		{"tree", []string{"tree", "cs.xml"}},
		{"diff", []string{"diff", seedsConfig(), "cs.xml"}},
		{"simulate", []string{"simulate", "--config", "cs.xml", "--workload", "w.json"}},
		{"an error naming the leaf queues", []string{"simulate", "--config", "cs.xml", "--workload", "unknown.json"}},
		{"preview", []string{"preview", "cs.xml", "cs.xml", "--workload", "w.json"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			all := res.stdout + res.stderr
			assert.Contains(t, all, "FORGED", "the name is still shown")
			for _, line := range strings.Split(all, "\n") {
				assert.False(t, strings.HasPrefix(strings.TrimSpace(line), "::"), "a forged line: %q", line)
			}
			assert.NotContains(t, all, "\x1b", "an escape sequence reached the output")
			assert.NotContains(t, all, "\r", "a carriage return reached the output")
		})
	}
}
