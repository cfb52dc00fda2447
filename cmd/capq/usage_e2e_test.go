package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/migrate"
)

// TestUsageErrors: usage mistakes get a message that says what was meant
// and point at the help of the command that was run; exit 2.
func TestUsageErrors(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stderr []string
	}{
		{"typoed flag", []string{"lint", "--formt", "sarif", sample},
			[]string{`unknown flag --formt for "capq lint"; did you mean --format?`, "Run 'capq lint --help' for usage."}},
		{"typoed flag with value", []string{"diff", "--hadoop-verison=3.3", "a", "b"},
			[]string{"did you mean --hadoop-version?", "Run 'capq diff --help'"}},
		{"no close flag", []string{"tree", "--zzzzzz", sample}, []string{`unknown flag --zzzzzz for "capq tree"` + "\n"}},
		{"typoed command", []string{"lnt"}, []string{"Did you mean this?\n\tlint"}},
		{"unknown completion shell", []string{"completion", "zsh2"},
			[]string{`unknown command "zsh2" for "capq completion"; did you mean "zsh"?`, "Run 'capq completion --help' for usage."}},
		{"unknown gen kind", []string{"gen", "workloads"}, []string{`unknown command "workloads" for "capq gen"; did you mean "workload"?`}},
		{"unknown migrate source", []string{"migrate", "hadoop2"}, []string{`unknown command "hadoop2" for "capq migrate"`}},
		// The policy took all of standard input; the configuration read nothing.
		{"policy and configuration on standard input", []string{"lint", "--policy", "-", "-"}, []string{"--policy - and a configuration on standard input cannot share it"}},
		// cobra's help command printed "Unknown help topic" and exited 0.
		{"unknown help topic", []string{"help", "lnit"}, []string{`unknown help topic "lnit"`, "Run 'capq --help' for usage."}},
		{"diff with one argument", []string{"diff", "old.xml"},
			[]string{"diff takes two configurations, OLD (in force) and NEW", "got 1 argument\n", "Run 'capq diff --help'"}},
		{"explain with none", []string{"explain"},
			[]string{"explain takes one rule ID or name, e.g. capq explain CS024", "got 0 arguments", "Run 'capq explain --help'"}},
		{"unknown lint format", []string{"lint", "--format", "yaml", sample}, []string{`--format "yaml": want text, json, sarif, github or junit`}},
		{"typoed format", []string{"lint", "--format", "sarfi", sample}, []string{`--format "sarfi": want text, json, sarif, github or junit; did you mean "sarif"?`}},
		{"typoed level", []string{"lint", "--fail-on", "warn1ng", sample}, []string{`did you mean "warning"?`}},
		{"unknown diff format", []string{"diff", "--format", "junit", "a", "b"}, []string{`--format "junit": want text, json, sarif or github`}},
		{"unknown tree format", []string{"tree", "--format", "yaml", sample}, []string{`--format "yaml": want text or json`}},
		{"unknown fail-on", []string{"lint", "--fail-on", "fatal", sample}, []string{`--fail-on "fatal": want error, warning or info`}},
		{"unknown version", []string{"lint", "--hadoop-version", "2.8", sample}, []string{`--hadoop-version "2.8": capq has no profile for Hadoop 2.8; want 2.7, 2.10, 3.1, 3.2, 3.3 or 3.4` + "\n"}},
		{"typoed version", []string{"lint", "--hadoop-version", "3,4", sample}, []string{`--hadoop-version "3,4": want 2.7, 2.10, 3.1, 3.2, 3.3 or 3.4; did you mean "3.4"?`}},
		{"unknown migrate version", []string{"migrate", "hadoop1", "--mapred-site", "x.xml", "--hadoop-version", "9"},
			[]string{`--hadoop-version "9": want 2.7, 2.10, 3.1, 3.2, 3.3, 3.4, 0.20, 1.x or 0.21`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runBinary(t, "", tc.args...)
			assert.Equal(t, 2, r.code)
			for _, want := range tc.stderr {
				assert.Contains(t, r.stderr, want)
			}
			assert.NotContains(t, r.stderr, "accepts ")
			assert.NotContains(t, r.stderr, "arg(s)")
		})
	}
}

// TestMissingFileWordedOnce: a missing file reads the same whichever
// command or flag named it, with no Go "open" or package prefixes.
func TestMissingFileWordedOnce(t *testing.T) {
	for _, args := range [][]string{
		{"tree", "nope.xml"},
		{"lint", "nope.xml"},
		{"diff", "nope.xml", sample},
		{"scenario", "nope.xml"},
		{"lint", "--policy", "nope.xml", sample},
		{"simulate", "--config", "nope.xml", "--workload", "nope.xml"},
		{"simulate", "--config", "testdata/seeds-example", "--workload", "nope.xml"},
		{"preview", "testdata/seeds-example", "testdata/seeds-example", "--workload", "nope.xml"},
		{"diff", "--live-state", "nope.xml", sample, sample},
		{"lint", "--baseline", "nope.xml", sample},
		{"lint", "--yarn-site", "nope.xml", sample},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := runBinary(t, "", args...)
			assert.Equal(t, 2, r.code)
			assert.Contains(t, r.stderr, "nope.xml: no such file\n  hint: check the path")
			assert.NotContains(t, r.stderr, "open nope.xml")
			assert.NotContains(t, r.stderr, "no such file or directory")
			assert.NotContains(t, r.stderr, "stat ")
			assert.NotContains(t, r.stderr, "read nope.xml")
			assert.Equal(t, 1, strings.Count(r.stderr, "nope.xml"), "the path is named once")
		})
	}
}

// TestMigrateOutputDirMissing: -o into a directory that does not exist
// fails before any work, naming the directory, not a temporary file.
func TestMigrateOutputDirMissing(t *testing.T) {
	out := filepath.Join(t.TempDir(), "nodir", "capacity-scheduler.xml")
	r := runBinary(t, "", "migrate", "hadoop1", "--mapred-site", "testdata/hadoop1/01-flat-basic/mapred-site.xml",
		"--capacity-scheduler", "testdata/hadoop1/01-flat-basic/capacity-scheduler.xml", "-o", out)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "directory "+filepath.Dir(out)+" does not exist; create it first")
	assert.NotContains(t, r.stderr, ".tmp-")
	assert.NotContains(t, r.stderr, "xmlconf:")
	_, err := os.Stat(filepath.Dir(out))
	assert.True(t, os.IsNotExist(err))
}

// TestPolicyFlagHelp: --policy reads as a FILE in help, not as the
// contents of one.
func TestPolicyFlagHelp(t *testing.T) {
	r := runBinary(t, "", "lint", "--help")
	require.Equal(t, 0, r.code)
	assert.Contains(t, r.stdout, "--policy FILE")
	assert.NotContains(t, r.stdout, "--policy RULE")
}

// TestCompletion: flag values and rule IDs complete.
func TestCompletion(t *testing.T) {
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"lint", "--format", ""}, lintFormats},
		{[]string{"diff", "--format", ""}, diffFormats},
		{[]string{"tree", "--format", ""}, textJSON},
		{[]string{"lint", "--fail-on", ""}, failOnLevels},
		{[]string{"diff", "--fail-on", ""}, failOnLevels},
		{[]string{"lint", "--hadoop-version", ""}, hadoopVersions()},
		{[]string{"tree", "x", "--hadoop-version", ""}, hadoopVersions()},
		{[]string{"explain", ""}, []string{"CS024\t", "CS001\t"}},
		{[]string{"explain", "cs02"}, []string{"CS024\t", "CS020\t"}},
		{[]string{"migrate", "hadoop1", "--hadoop-version", ""}, migrate.VersionChoices()},
		{[]string{"lint", "--disable", ""}, []string{"CS024\t", "capacity\tcategory"}},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runBinary(t, "", append([]string{"__complete"}, tc.args...)...)
			require.Equal(t, 0, r.code, r.stderr)
			for _, w := range tc.want {
				assert.Contains(t, r.stdout, w)
			}
			assert.Contains(t, r.stdout, ":4\n", "no file completion for values")
			if tc.args[0] == "explain" && tc.args[1] != "" {
				assert.NotContains(t, r.stdout, "CS001\t", "filtered by what was typed")
			}
		})
	}
}

// TestTreeHadoop1: tree on a Hadoop 1 file set says what it is and what
// to run instead of printing a lone root queue.
func TestTreeHadoop1(t *testing.T) {
	for _, arg := range []string{"testdata/hadoop1/01-flat-basic", "testdata/hadoop1/01-flat-basic/capacity-scheduler.xml", "testdata/hadoop1/05-hierarchical-0.21"} {
		r := runBinary(t, "", "tree", arg)
		assert.Equal(t, 2, r.code, arg)
		assert.Empty(t, r.stdout)
		assert.Contains(t, r.stderr, arg+" is a Hadoop 1 (MRv1) queue configuration")
		assert.Contains(t, r.stderr, "capq migrate hadoop1")
	}
	r := runBinary(t, "", "tree", "testdata/seeds-example")
	assert.Equal(t, 0, r.code, r.stderr)
}

// TestLintCountsEveryFile: findings in a yarn-site.xml read beside the
// capacity-scheduler.xml make "2 files".
func TestLintCountsEveryFile(t *testing.T) {
	r := runBinary(t, "", "lint", "testdata/lint/cs051-min-over-max-allocation")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stdout, "yarn-site.xml:3:13: error CS051")
	assert.Contains(t, r.stdout, "2 files: 1 error")
}

// TestNewerHadoopVersionRefused: a Hadoop line newer than capq's newest
// profile is refused in plain words, naming the newest profile and what
// is not modelled, never with a profile chosen by spelling ("3.5" used to
// get "did you mean "3.1"?"). Hadoop 3.5.0 (CHANGELOG.3.5.0.md,
// 2026-03-24) turns asynchronous scheduling on by default (YARN-7327),
// among other Capacity Scheduler changes capq does not model yet.
func TestNewerHadoopVersionRefused(t *testing.T) {
	const newest = "capq's newest profile is 3.4 ("
	const use = "); use --hadoop-version 3.4 to check against 3.4's rules\n"
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"lint 3.5", []string{"lint", "--hadoop-version", "3.5", sample},
			`--hadoop-version "3.5": ` + newest + "Hadoop 3.5 changes the Capacity Scheduler in ways capq does not model yet, among them asynchronous scheduling on by default (YARN-7327)" + use},
		{"lint 3.5.0", []string{"lint", "--hadoop-version", "3.5.0", sample}, `--hadoop-version "3.5.0": ` + newest + "Hadoop 3.5 changes"},
		{"lint 3.6", []string{"lint", "--hadoop-version", "3.6", sample},
			`--hadoop-version "3.6": ` + newest + "what Hadoop 3.6 changes in the Capacity Scheduler is not modelled" + use},
		{"tree 4.0", []string{"tree", "--hadoop-version", "4.0", sample}, `--hadoop-version "4.0": ` + newest + "what Hadoop 4.0 changes"},
		{"rules 3.5", []string{"rules", "--hadoop-version", "3.5"}, `--hadoop-version "3.5": ` + newest},
		{"migrate 3.5", []string{"migrate", "hadoop1", "--mapred-site", "x.xml", "--hadoop-version", "3.5"}, `--hadoop-version "3.5": ` + newest},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runBinary(t, "", tc.args...)
			assert.Equal(t, 2, r.code)
			assert.Empty(t, r.stdout)
			assert.Contains(t, r.stderr, tc.want)
			assert.NotContains(t, r.stderr, "did you mean")
		})
	}
}
