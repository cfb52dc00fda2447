package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostileOutputIsAnIncludedFile: an output naming a file the
// configuration read through xi:include, its mapping-rule-json-file or
// the configuration a workload's refresh event reads is refused like one named on the
// command line, --force or not. Before, the guard saw only the command
// line, and `simulate --events part.xml --force` replaced the included
// part with the run's events.
func TestHostileOutputIsAnIncludedFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "cs.xml", `<configuration xmlns:xi="http://www.w3.org/2001/XInclude">
<xi:include href="part.xml"/>
<property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property>
<property><name>yarn.scheduler.capacity.mapping-rule-format</name><value>json</value></property>
<property><name>yarn.scheduler.capacity.mapping-rule-json-file</name><value>rules.json</value></property>
</configuration>
`)
	rules := `{"rules":[]}` + "\n"
	writeFile(t, dir, "rules.json", rules)
	part := `<configuration><property><name>yarn.scheduler.capacity.root.default.capacity</name><value>100</value></property></configuration>
`
	writeFile(t, dir, "part.xml", part)
	var w map[string]any
	require.NoError(t, json.Unmarshal([]byte(readString(t, repoFile("testdata", "workloads", "small.json"))), &w))
	for _, a := range w["apps"].([]any) {
		a.(map[string]any)["queue"] = "default"
	}
	data, err := json.Marshal(w)
	require.NoError(t, err)
	writeFile(t, dir, "w.json", string(data))
	// A refresh event reads ref.xml during the run.
	ref := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>default</value></property>
<property><name>yarn.scheduler.capacity.root.default.capacity</name><value>100</value></property>
</configuration>
`
	writeFile(t, dir, "ref.xml", ref)
	w["events"] = []any{map[string]any{"at_ms": 1000, "kind": "refresh", "config": "ref.xml"}}
	data, err = json.Marshal(w)
	require.NoError(t, err)
	writeFile(t, dir, "wr.json", string(data))

	tests := []struct {
		name, flag string
		args       []string
	}{
		{"simulate --events", "--events", []string{"simulate", "--config", "cs.xml", "--workload", "w.json", "--events", "part.xml", "--force"}},
		{"preview --html", "--html", []string{"preview", "cs.xml", "cs.xml", "--workload", "w.json", "--html", "part.xml", "--force"}},
		{"gen workload -o", "-o", []string{"gen", "workload", "--config", "cs.xml", "-o", "part.xml", "--force"}},
		{"simulate --events onto the mapping-rule-json-file", "--events", []string{"simulate", "--config", "cs.xml", "--workload", "w.json", "--events", "rules.json", "--force"}},
		{"preview --html onto the mapping-rule-json-file", "--html", []string{"preview", "cs.xml", "cs.xml", "--workload", "w.json", "--html", "rules.json", "--force"}},
		{"simulate --events onto a refresh event's configuration", "--events", []string{"simulate", "--config", "cs.xml", "--workload", "wr.json", "--events", "ref.xml", "--force"}},
		{"preview --html onto a refresh event's configuration", "--html", []string{"preview", "cs.xml", "cs.xml", "--workload", "wr.json", "--html", "ref.xml", "--force"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", tc.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, tc.flag+" "+tc.args[len(tc.args)-2]+" is one of this command's inputs")
			assert.Equal(t, part, readString(t, filepath.Join(dir, "part.xml")), "the included file was replaced")
			assert.Equal(t, rules, readString(t, filepath.Join(dir, "rules.json")), "the mapping rule file was replaced")
			assert.Equal(t, ref, readString(t, filepath.Join(dir, "ref.xml")), "the refresh event's configuration was replaced")
		})
	}
}
