package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostileStdinTwice: two inputs of one command naming standard input
// are refused (exit 2) before anything is read, naming both, in every
// command that reads standard input (scenario, --baseline and
// simulate --hadoop1 take files only); before, the
// first took all of it and the second read nothing ("not a JSON workload",
// an empty nodes answer, a yarn-site.xml that was the configuration).
func TestHostileStdinTwice(t *testing.T) {
	dir := t.TempDir()
	cs := seedsConfig()
	stdin := readString(t, cs)
	w := repoFile("testdata", "workloads", "seeds-example.json")
	rmCS := repoFile("testdata", "rm-apps", "capacity-scheduler.xml")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"simulate config and workload", []string{"simulate", "--config", "-", "--workload", "-"}, "--config and --workload both name standard input (-)"},
		{"simulate workload and sls-nodes", []string{"simulate", "--config", cs, "--workload", "-", "--sls-nodes", "-"}, "--workload and --sls-nodes both name standard input (-)"},
		{"simulate yarn-site and config", []string{"simulate", "--config", "-", "--yarn-site", "-", "--workload", w}, "--config and --yarn-site both name standard input (-)"},
		{"simulate --hadoop1 workload and yarn-site", []string{"simulate", "--hadoop1", dir, "--workload", "-", "--yarn-site", "-"}, "--workload and --yarn-site both name standard input (-)"},
		{"gen workload rm apps and nodes", []string{"gen", "workload", "--config", rmCS, "--from-rm-apps", "-", "--rm-nodes", "-"}, "--from-rm-apps and --rm-nodes both name standard input (-)"},
		{"gen workload config and rm apps", []string{"gen", "workload", "--config", "-", "--from-rm-apps", "-"}, "--config and --from-rm-apps both name standard input (-)"},
		{"preview gate and OLD", []string{"preview", "-", cs, "--workload", w, "--gate", "-"}, "--gate and OLD both name standard input (-)"},
		{"preview sls-nodes and NEW", []string{"preview", cs, "-", "--workload", w, "--sls-nodes", "-"}, "--sls-nodes and NEW both name standard input (-)"},
		{"lint two configurations", []string{"lint", "-", "-"}, "a configuration argument names standard input (-) twice"},
		{"lint yarn-site and configuration", []string{"lint", "--yarn-site", "-", "-"}, "a configuration argument and --yarn-site both name standard input (-)"},
		{"diff yarn-site and OLD", []string{"diff", "--yarn-site", "-", "-", cs}, "OLD and --yarn-site both name standard input (-)"},
		{"diff live state and NEW", []string{"diff", cs, "-", "--live-state", "-"}, "--live-state - and a configuration on standard input cannot share it"},
		{"diff live state and yarn-site", []string{"diff", cs, cs, "--live-state", "-", "--yarn-site", "-"}, "--live-state and --yarn-site both name standard input (-)"},
		{"lint policy and yarn-site", []string{"lint", cs, "--policy", "-", "--yarn-site", "-"}, "--policy and --yarn-site both name standard input (-)"},
		{"tree file and yarn-site", []string{"tree", "-", "--yarn-site", "-"}, "FILE and --yarn-site both name standard input (-)"},
		{"tree yarn-site twice", []string{"tree", cs, "--yarn-site", "-", "--yarn-site", "-"}, "--yarn-site names standard input (-) twice"},
		{"migrate hadoop1 two files", []string{"migrate", "hadoop1", "--mapred-site", "-", "--capacity-scheduler", "-"}, "--mapred-site and --capacity-scheduler both name standard input (-)"},
		{"migrate hadoop1 three files", []string{"migrate", "hadoop1", "--mapred-site", "-", "--queue-acls", "-", "--mapred-queues", "-"}, "--mapred-site, --queue-acls and --mapred-queues all name standard input (-)"},
		{"preview --hadoop1 two files", []string{"preview", "--hadoop1", "--mapred-site", "-", "--capacity-scheduler", "-", "--workload", w}, "--mapred-site and --capacity-scheduler both name standard input (-)"},
		{"preview --hadoop1 gate and file", []string{"preview", "--hadoop1", "--mapred-site", "m.xml", "--queue-acls", "-", "--workload", w, "--gate", "-"}, "--gate and --queue-acls both name standard input (-)"},
		{"preview --hadoop1 file and yarn-site", []string{"preview", "--hadoop1", "--mapred-site", "-", "--workload", w, "--yarn-site", "-"}, "--mapred-site and --yarn-site both name standard input (-)"},
		{"preview --hadoop1 workload and file", []string{"preview", "--hadoop1", "--mapred-site", "-", "--workload", "-"}, "--workload - and a Hadoop 1 file on standard input cannot share it"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, stdin, c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stdout+res.stderr)
			assert.Contains(t, res.stderr, c.want)
			assert.Empty(t, res.stdout)
		})
	}
}

// TestReadStdinOnce: the second read of standard input in one command is
// an error, not an empty input, whatever flag asked for it.
func TestReadStdinOnce(t *testing.T) {
	s := &streams{in: strings.NewReader("data")}
	got, err := s.readStdin(100)
	require.NoError(t, err)
	assert.Equal(t, "data", string(got))
	_, err = s.readStdin(100)
	assert.ErrorIs(t, err, errStdinTwice)
}
