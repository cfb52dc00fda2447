package main

import (
	"path/filepath"
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

// TestStdinFilenameNeedsStdin: --stdin-filename names what standard input
// stands for, so it is refused (exit 2, before anything is read) when no
// input of the command is "-", whatever the command, and when it is the
// path of another of the command's inputs, where two inputs would go by
// one name in messages. Before, both were ignored without a word (only
// the Hadoop 1 file flags refused the second, with a check of their own).
func TestStdinFilenameNeedsStdin(t *testing.T) {
	dir := t.TempDir()
	cs := seedsConfig()
	w := repoFile("testdata", "workloads", "seeds-example.json")
	h1 := func(extra ...string) []string {
		return append([]string{"migrate", "hadoop1", "--mapred-site", repoFile("testdata", "hadoop1", "01-flat-basic", "mapred-site.xml")}, extra...)
	}
	unused := `--stdin-filename "conf/piped.in": no input of this command reads standard input (-)`
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"lint", []string{"lint", cs}, unused},
		{"lint of the working directory", []string{"lint"}, unused},
		{"tree", []string{"tree", cs}, unused},
		{"diff", []string{"diff", cs, cs}, unused},
		{"simulate", []string{"simulate", "--config", cs, "--workload", w}, unused},
		{"preview", []string{"preview", cs, cs, "--workload", w}, unused},
		{"gen workload", []string{"gen", "workload", "--config", cs, "--apps", "3"}, unused},
		{"migrate hadoop1", h1(), unused},
		{"rules", []string{"rules"}, `--stdin-filename "conf/piped.in": capq rules reads no standard input (-)`},
		{"explain", []string{"explain", "CS001"}, "capq explain reads no standard input"},
		{"scenario", []string{"scenario", repoFile("testdata", "hostile", "scenario-million-nodes.json")}, "capq scenario reads no standard input"},
		{"version", []string{"version"}, "capq version reads no standard input"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := hostileRun(t, dir, nil, "", append(c.args, "--stdin-filename", "conf/piped.in")...)
			assert.Equal(t, exitCannotRun, r.code, r.stdout+r.stderr)
			assert.Contains(t, r.stderr, c.want)
			assert.Empty(t, r.stdout)
		})
	}

	data := readString(t, cs)
	for _, c := range []struct {
		name string
		args []string
		flag string
	}{
		{"lint", []string{"lint", "-", cs}, "a configuration argument"},
		{"lint, the same file written another way", []string{"lint", "-", filepath.Dir(cs) + "/./" + filepath.Base(cs)}, "a configuration argument"},
		{"tree", []string{"tree", "-", "--yarn-site", cs}, "--yarn-site"},
		{"diff", []string{"diff", "-", cs}, "NEW"},
		{"simulate", []string{"simulate", "--config", "-", "--workload", w}, "--workload"},
		{"preview", []string{"preview", "-", cs, "--workload", w}, "NEW"},
		{"gen workload", []string{"gen", "workload", "--config", "-", "--from-rm-apps", w}, "--from-rm-apps"},
	} {
		t.Run("shared with "+c.name, func(t *testing.T) {
			name := cs
			if c.flag == "--workload" || c.flag == "--from-rm-apps" {
				name = w
			}
			r := hostileRun(t, dir, nil, data, append(c.args, "--stdin-filename", name)...)
			assert.Equal(t, exitCannotRun, r.code, r.stdout+r.stderr)
			assert.Contains(t, r.stderr, `--stdin-filename "`+name+`" is also the file of `+c.flag+"; give standard input another name")
			assert.Empty(t, r.stdout)
		})
	}
	t.Run("shared with a Hadoop 1 file, one message", func(t *testing.T) {
		qa := repoFile("testdata", "hadoop1", "01-flat-basic", "mapred-queue-acls.xml")
		r := hostileRun(t, dir, nil, "", append(h1("--capacity-scheduler", "-", "--queue-acls", qa), "--stdin-filename", qa)...)
		assert.Equal(t, exitCannotRun, r.code, r.stdout+r.stderr)
		assert.Contains(t, r.stderr, `--stdin-filename "`+qa+`" is also the file of --queue-acls; give standard input another name`)
	})
	t.Run("a Hadoop 1 preview whose workload is on standard input keeps the name", func(t *testing.T) {
		h1dir := repoFile("testdata", "hadoop1", "01-flat-basic")
		r := hostileRun(t, dir, nil, "not json", "preview", "--hadoop1", "--mapred-site", h1dir+"/mapred-site.xml",
			"--capacity-scheduler", h1dir+"/capacity-scheduler.xml", "--workload", "-", "--stdin-filename", "conf/piped.in")
		assert.Equal(t, exitCannotRun, r.code, r.stdout+r.stderr)
		assert.Contains(t, r.stderr, "conf/piped.in")
		assert.NotContains(t, r.stderr, "no input of this command")
	})
}
