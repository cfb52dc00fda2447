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
		// A kilobyte asking for a million jobs drew them for seconds and
		// ran for half a minute in 7 GB; now refused at num_jobs's line.
		{"SYNTH description of a million jobs, refused before they are drawn", sim(h("synth-million-jobs.json")),
			"synth-million-jobs.json:4: num_jobs 1000000: work budget used up: 1000000 applications are more work than the budget of 5000000 simulated events allows (each is charged 25, so at most 200000; raise it with --max-events, -1 for none)"},
		{"a lowered budget lowers the SYNTH bound", sim(repoFile("testdata", "synth-reference", "mixed.json"), "--max-events", "5000"),
			"mixed.json:5: num_jobs 400: work budget used up: 400 applications are more work than the budget of 5000 simulated events allows (each is charged 25, so at most 200;"},
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
