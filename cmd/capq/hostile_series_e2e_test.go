package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The per-queue series are bounded (sim.MaxSeriesPoints): a long span or
// a fine --sample is refused, or stopped at the cap, with a message
// naming --sample, never after memory is exhausted.
func TestHostileSeriesSize(t *testing.T) {
	dir := t.TempDir()
	cs := seedsConfig()
	late := repoFile("testdata", "hostile", "sim-submit-2e40.json")
	long := repoFile("testdata", "hostile", "sim-task-2e40.json")
	example := repoFile("testdata", "workloads", "seeds-example.json")
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"simulate JSON, a submission 34 years out", []string{"simulate", "--config", cs, "--workload", late, "--format", "json"}, exitCannotRun,
			"a run of 34 years sampled every 1m00s would keep 18325194 points per queue (6 queues), at most 333333: raise --sample"},
		{"preview, a submission 34 years out", []string{"preview", cs, cs, "--workload", late}, exitCannotRun, "a run of 34 years sampled every 1m00s"},
		{"simulate JSON sampled every millisecond", []string{"simulate", "--config", cs, "--workload", example, "--format", "json", "--sample", "1ms"}, exitCannotRun,
			"would keep 600001 points per queue (6 queues), at most 333333: raise --sample"},
		{"preview sampled every millisecond", []string{"preview", cs, cs, "--workload", example, "--sample", "1ms"}, exitCannotRun, "raise --sample"},
		{"preview text, a task of 2^40 ms, stopped at the cap", []string{"preview", cs, cs, "--workload", long}, exitCannotRun,
			"sampling every 1m00s until 305419h53m (34 years) would keep more than 333333 points per queue (6 queues): raise --sample"},
		{"simulate text keeps no series", []string{"simulate", "--config", cs, "--workload", late}, exitOK, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, c.code, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
			assert.NotContains(t, res.stderr, "fatal error")
		})
	}
}
