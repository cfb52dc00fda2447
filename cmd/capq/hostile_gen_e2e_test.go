package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every number gen workload takes is checked before anything is drawn or
// allocated: finite, in its documented range, one message naming the
// flag, exit 2 (the sweep's values took up to 184 GB or 14 s before).
func TestHostileGenWorkloadFlags(t *testing.T) {
	dir := t.TempDir()
	gen := func(extra ...string) []string {
		return append([]string{"gen", "workload", "--config", seedsConfig()}, extra...)
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"a billion apps", gen("--apps", "1000000000"), "--apps 1000000000: want at most 2000000"},
		{"three million apps", gen("--apps", "3000000"), "--apps 3000000: want at most 2000000"},
		{"tasks mean NaN", gen("--tasks-mean", "NaN"), "--tasks-mean NaN: want a positive number, at most 2000000"},
		{"tasks mean 1e308", gen("--tasks-mean", "1e308"), "--tasks-mean 1e+308: want a positive number"},
		{"tasks sigma 1e308", gen("--tasks-sigma", "1e308"), "--tasks-sigma 1e+308: want a positive number, at most 3"},
		{"tasks sigma NaN", gen("--tasks-sigma", "NaN"), "--tasks-sigma NaN: want a positive number, at most 3"},
		{"tasks sigma negative", gen("--tasks-sigma", "-1"), "--tasks-sigma -1: want a positive number"},
		{"duration sigma negative", gen("--duration-sigma", "-1"), "--duration-sigma -1: want a positive number"},
		{"reduce share NaN", gen("--reduce-share", "NaN"), "--reduce-share NaN: want a fraction between 0 and 1"},
		{"node memory at int64 max", gen("--node-memory", "9223372036854775807"), "--node-memory 9223372036854775807: want at most 1073741824"},
		{"task memory past a petabyte", gen("--task-memory", "1024,9223372036854775807"), "--task-memory 9223372036854775807: want sizes from 1 to 1073741824 MB"},
		{"max tasks", gen("--max-tasks", "2000000000"), "--max-tasks 2000000000: want at most 2000000"},
		{"users per queue", gen("--users-per-queue", "9999999999"), "--users-per-queue 9999999999: want at most 1000000"},
		{"duration of a million hours", gen("--duration", "1000000h"), `--duration "1000000h": want a positive duration such as 24h, at most 87600h (10 years)`},
		{"task duration at int64 max", gen("--task-duration", "9223372036854775807"), `--task-duration "9223372036854775807": want a positive duration`},
		{"a long tail needing too many apps", gen("--nodes", "2400", "--tasks-sigma", "3", "--duration-sigma", "3"), "needs more than 2000000 apps"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
			assert.Empty(t, res.stdout)
		})
	}
	t.Run("the sigmas' bound is allowed", func(t *testing.T) {
		res := hostileRun(t, dir, nil, "", gen("--apps", "20", "--tasks-sigma", "3", "--duration-sigma", "3")...)
		assert.Equal(t, exitOK, res.code, res.stderr)
		assert.Contains(t, res.stdout, `"apps"`)
	})
}
