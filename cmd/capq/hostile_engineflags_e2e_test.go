package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHostileSimulateEngineFlags: simulate --hadoop1 refuses the flags
// only a YARN run reads (exit 2, naming them) instead of running without
// them: before, --events wrote no file and --end-tree printed nothing,
// with exit 0. --hadoop1-version without --hadoop1 is refused the same
// way, and the flags both engines read still run.
func TestHostileSimulateEngineFlags(t *testing.T) {
	dir := t.TempDir()
	h1 := []string{"simulate", "--hadoop1", repoFile("testdata", "hadoop1", "02-acls-stopped"),
		"--workload", repoFile("testdata", "preview", "hadoop1-acls", "workload.json")}
	with := func(extra ...string) []string { return append(append([]string(nil), h1...), extra...) }
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"events", with("--events", "ev.jsonl"), "--events applies only to a YARN run (--config)"},
		{"end tree", with("--end-tree"), "--end-tree applies only to a YARN run"},
		{"seed", with("--seed", "7"), "--seed applies only to a YARN run"},
		{"reject unknown queues", with("--reject-unknown-queues"), "--reject-unknown-queues applies only to a YARN run"},
		{"yarn-site", with("--yarn-site", "y.xml"), "--yarn-site applies only to a YARN run"},
		{"hadoop-version", with("--hadoop-version", "3.3"), "--hadoop-version applies only to a YARN run"},
		{"cluster", with("--cluster", "memory=100g,vcores=100"), "--cluster applies only to a YARN run"},
		{"several", with("--events", "ev.jsonl", "--force", "--end-tree"), "--events, --force and --end-tree apply only to a YARN run"},
		{"hadoop1-version without --hadoop1", []string{"simulate", "--config", seedsConfig(), "--workload", repoFile("testdata", "workloads", "seeds-example.json"),
			"--hadoop1-version", "1.0"}, "--hadoop1-version needs --hadoop1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stdout+res.stderr)
			assert.Contains(t, res.stderr, c.want)
			assert.Empty(t, res.stdout)
			assertNoFiles(t, dir)
		})
	}
	t.Run("shared flags still run", func(t *testing.T) {
		res := hostileRun(t, dir, nil, "", with("--hadoop1-version", "1.0", "--until", "1h", "--sample", "30s", "--max-events", "1000000", "--format", "json")...)
		assert.Equal(t, exitOK, res.code, res.stderr)
		assert.Contains(t, res.stdout, `"queues"`)
	})
}
