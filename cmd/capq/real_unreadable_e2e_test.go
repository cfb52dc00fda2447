package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestRealUnreadableConfigs: a real capacity-scheduler.xml that stops
// before </configuration> (Configuration#loadResource's XML parser fails on
// it, so the ResourceManager does not start) is reported by every command
// that reads a configuration, at the end of the file, with exit 2 and
// nothing half-written on stdout.
func TestRealUnreadableConfigs(t *testing.T) {
	dir := t.TempDir()
	file := "testdata/real-unreadable/sunileman-truncated/capacity-scheduler.xml"
	want := file + ":77:1: malformed XML: unexpected end of file: <configuration> is not closed"
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"lint", []string{"lint", file}},
		{"lint 2.7", []string{"lint", "--hadoop-version", "2.7", file}},
		{"tree", []string{"tree", file}},
		{"gen workload", []string{"gen", "workload", "--config", file, "--apps", "10", "-o", filepath.Join(dir, "w.json")}},
		{"simulate", []string{"simulate", "--config", file, "--workload", "testdata/workloads/small.json"}},
		{"diff", []string{"diff", file, file}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runBinary(t, "", tc.args...)
			assert.Equal(t, exitCannotRun, r.code, r.stderr)
			assert.Contains(t, r.stderr, want)
			assert.Contains(t, r.stderr, "hint: the file may be truncated")
			assert.Empty(t, r.stdout)
		})
	}
}

// TestRealUnreadableQueuesXML: a real mapred-queues.xml with a blank line
// before its XML declaration, which the JobTracker's DocumentBuilder
// refuses, is named at the declaration with exit 2 whether lint is given
// the file or its dir.
func TestRealUnreadableQueuesXML(t *testing.T) {
	dir := "testdata/real-unreadable/sarangsalunke-declaration-after-blank-line"
	want := dir + "/mapred-queues.xml:2:1: malformed XML: the XML declaration <?xml ...?> must be at the very start of the file"
	for _, arg := range []string{dir, dir + "/mapred-queues.xml"} {
		r := runBinary(t, "", "lint", arg)
		assert.Equal(t, exitCannotRun, r.code, r.stderr)
		assert.Contains(t, r.stderr, want)
		assert.Empty(t, r.stdout)
	}
}

// TestRealUnreadableERBTemplate: a real Chef template checked in as the
// scheduler's file, whose <%= ... %> stops Hadoop's parser as it stops
// capq's, is named as an unrendered ERB template (not only "expected
// element name after <") by lint and diff, with exit 2.
func TestRealUnreadableERBTemplate(t *testing.T) {
	file := "testdata/real-unreadable/hopshadoop-erb-template/capacity-scheduler.xml"
	want := file + ":36:12: malformed XML: \"<%= node.apache_hadoop.rm.scheduler_capacity.calculator_c...\" is an ERB tag: the file is an unrendered template"
	for _, args := range [][]string{{"lint", file}, {"lint", "--hadoop-version", "2.7", file}, {"diff", file, file}} {
		r := runBinary(t, "", args...)
		assert.Equal(t, exitCannotRun, r.code, r.stderr)
		assert.Contains(t, r.stderr, want)
		assert.Contains(t, r.stderr, "hint: lint the rendered file")
		assert.Empty(t, r.stdout)
	}
}
