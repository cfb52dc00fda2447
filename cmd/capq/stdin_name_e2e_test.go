package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStdinFilenameNamesEveryInput: whatever input reads standard input
// (a workload, a trace's nodes, a gate or policy file, the RM's answers,
// a live state), --stdin-filename is its name in messages, as it is a
// configuration's; without it, every one is <stdin>. Before, a workload
// was always <stdin>, and a gate, policy or live state "-".
func TestStdinFilenameNamesEveryInput(t *testing.T) {
	dir := t.TempDir()
	cs := seedsConfig()
	w := repoFile("testdata", "workloads", "seeds-example.json")
	rmCS := repoFile("testdata", "rm-apps", "capacity-scheduler.xml")
	sls := repoFile("testdata", "workloads", "sls")
	cases := []struct {
		name  string
		stdin string
		args  []string
	}{
		{"simulate workload", "not json", []string{"simulate", "--config", cs, "--workload", "-"}},
		{"simulate sls-nodes", "not json", []string{"simulate", "--config", sls + "/capacity-scheduler.xml",
			"--workload", sls + "/trace.json", "--sls-runner", sls + "/sls-runner.xml", "--sls-nodes", "-"}},
		{"preview workload", "not json", []string{"preview", cs, cs, "--workload", "-"}},
		{"preview gate", "garbage\n", []string{"preview", cs, cs, "--workload", w, "--gate", "-"}},
		{"lint policy", "garbage\n", []string{"lint", cs, "--policy", "-"}},
		{"gen rm apps", "x", []string{"gen", "workload", "--config", rmCS, "--from-rm-apps", "-"}},
		{"gen rm nodes", "x", []string{"gen", "workload", "--config", rmCS, "--from-rm-apps",
			repoFile("testdata", "rm-apps", "apps.json"), "--rm-nodes", "-"}},
		{"diff live state", "x", []string{"diff", cs, cs, "--live-state", "-"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			named := hostileRun(t, dir, nil, c.stdin, append(c.args, "--stdin-filename", "conf/piped.in")...)
			assert.Equal(t, exitCannotRun, named.code, named.stdout+named.stderr)
			assert.Contains(t, named.stderr, "conf/piped.in")
			assert.NotContains(t, named.stderr, "<stdin>")
			assert.NotContains(t, named.stderr, " -:")

			unnamed := hostileRun(t, dir, nil, c.stdin, c.args...)
			assert.Equal(t, exitCannotRun, unnamed.code, unnamed.stdout+unnamed.stderr)
			assert.Contains(t, unnamed.stderr, "<stdin>")
			assert.NotContains(t, unnamed.stderr, " -:")
		})
	}
}
