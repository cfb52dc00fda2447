package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLintHadoop1Dialect: capq lint chooses a Hadoop 1 dialect the way capq
// migrate hadoop1 does, --source-dialect or a Hadoop 1 release as
// --hadoop-version (migrate.ResolveVersion). Without them a file mixing
// 0.20 and 1.x keys (testdata/hadoop1/20-chef-cookbook-mixed-keys) is
// always read as 1.x, its 0.20 key H1015; lint refused --hadoop-version
// 0.20.2 ("no profile") and had no --source-dialect at all.
func TestLintHadoop1Dialect(t *testing.T) {
	const mixed = "testdata/hadoop1/20-chef-cookbook-mixed-keys"
	const yarn = "testdata/lint/cs003-distinct-leaves/capacity-scheduler.xml"
	const key020 = "default-maximum-initialized-jobs-per-user"
	const key1x = `"mapred.capacity-scheduler.queue.default.user-limit-factor" is not read by Hadoop 0.20`
	for _, tc := range []struct {
		name        string
		args        []string
		code        int
		has, hasNot []string // in stdout
		stderr      string
	}{
		{"detected: 1.x", []string{mixed}, exitOK, []string{"H1015", key020}, []string{key1x}, ""},
		{"--source-dialect 0.20", []string{"--source-dialect", "0.20", mixed}, exitOK, []string{key1x}, []string{"H1015"}, ""},
		{"--hadoop-version 0.20.2", []string{"--hadoop-version", "0.20.2", mixed}, exitOK, []string{key1x}, []string{"H1015"}, ""},
		{"--source-dialect 1.x", []string{"--source-dialect", "1.x", mixed}, exitOK, []string{"H1015"}, []string{key1x}, ""},
		{"versions that disagree", []string{"--hadoop-version", "1.2.1", "--source-dialect", "0.20", mixed}, exitCannotRun, nil, nil,
			"--hadoop-version 1.2.1 contradicts --source-dialect 0.20"},
		{"unknown dialect", []string{"--source-dialect", "0.19", mixed}, exitCannotRun, nil, nil, "--source-dialect"},
		{"Hadoop 1 release for a YARN file", []string{"--hadoop-version", "1.2.1", yarn}, exitCannotRun, nil, nil,
			"is a YARN configuration, and --hadoop-version 1.2.1 is a Hadoop 1 release"},
		{"--source-dialect on a YARN file", []string{"--source-dialect", "0.20", yarn}, exitOK, nil, nil,
			"--source-dialect 0.20 applies to Hadoop 1 (JobTracker) configurations only"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runBinary(t, "", append([]string{"lint"}, tc.args...)...)
			assert.Equal(t, tc.code, r.code, r.stdout+r.stderr)
			for _, s := range tc.has {
				assert.Contains(t, r.stdout, s)
			}
			for _, s := range tc.hasNot {
				assert.NotContains(t, r.stdout, s)
			}
			assert.Contains(t, r.stderr, tc.stderr)
			assert.NotContains(t, r.stderr, "applies to YARN configurations only", "a Hadoop 1 release is not a YARN profile")
		})
	}
}
