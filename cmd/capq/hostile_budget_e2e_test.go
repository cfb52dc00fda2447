package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Issue 12, done-when: no input file under 1 MB makes capq run longer than
// 10 s unless the user raised a limit. Small workloads asking for many
// nodes, a long heartbeat-driven run or huge repeat counts are refused up
// front or stopped by the work budget (--max-events) with a message naming
// the flag; none of these assertions is timed.
func TestHostileWorkBudget(t *testing.T) {
	dir := t.TempDir()
	cs := seedsConfig()
	h := func(name string) string { return repoFile("testdata", "hostile", name) }
	sim := func(w string, extra ...string) []string {
		return append([]string{"simulate", "--config", cs, "--workload", w}, extra...)
	}
	h1 := repoFile("testdata", "hadoop1", "01-flat-basic")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"a million nodes, refused up front", sim(h("sim-million-nodes.json")), "more work than the budget of 5000000 simulated events allows (raise it with --max-events"},
		{"40,000 nodes beating for 2 million short tasks, stopped", sim(h("sim-heartbeat-flood.json")), "work budget used up: stopped after"},
		{"SLS trace of a million nodes", sim(h("sls-million-nodes.json")), "--max-events"},
		{"preview runs both simulations under the budget", []string{"preview", cs, cs, "--workload", h("sim-heartbeat-flood.json")}, "raise the budget with --max-events"},
		{"Hadoop 1: 40,000 TaskTrackers, stopped", []string{"simulate", "--hadoop1", h1, "--workload", h("hadoop1-heartbeat-flood.json")}, "on 40000 TaskTrackers"},
		{"scenario of a million nodes", []string{"scenario", h("scenario-million-nodes.json")}, "at most 100000"},
		{"scenario repeating a million times", []string{"scenario", h("scenario-repeat-flood.json")}, "repeats 999000 times, at most 100000"},
		{"a lowered budget applies", sim(repoFile("testdata", "workloads", "seeds-example.json"), "--max-events", "5000"), "work budget used up: stopped after"},
		{"a budget of 0 is refused", sim(repoFile("testdata", "workloads", "seeds-example.json"), "--max-events", "0"), "--max-events must be positive"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
		})
	}
	t.Run("the bundled example runs within the default budget", func(t *testing.T) {
		res := hostileRun(t, dir, nil, "", sim(repoFile("testdata", "workloads", "seeds-example.json"))...)
		assert.Equal(t, exitOK, res.code, res.stderr)
	})
}
