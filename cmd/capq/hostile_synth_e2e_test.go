package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostileSynthNumbers: a SYNTH description's numbers are read as
// SLS's Jackson reads them. Numbers written as strings, fractions and
// exponents in int fields and numbers in string fields are coerced, so
// the run is the one of the plain description (capq refused them all);
// a value Jackson refuses (a Java int overflow, a boolean, "1.5" for an
// int) or one capq cannot follow (1e400) is refused with its file:line
// (exit 2), where nodes_per_rack 99999999999 was taken without a word.
func TestHostileSynthNumbers(t *testing.T) {
	dir := t.TempDir()
	cs := repoFile("testdata", "workloads", "sls", "capacity-scheduler.xml")
	plain := readString(t, repoFile("testdata", "synth-reference", "mixed.json"))
	coerce := func(pairs ...string) string {
		out := plain
		for i := 0; i < len(pairs); i += 2 {
			require.Contains(t, out, pairs[i])
			out = strings.Replace(out, pairs[i], pairs[i+1], 1)
		}
		return out
	}
	run := func(name, desc string) result {
		return hostileRun(t, dir, nil, "", "simulate", "--config", cs, "--workload", writeFile(t, dir, name, desc), "--format", "json")
	}
	want := run("plain.json", plain)
	require.Equal(t, exitOK, want.code, want.stderr)

	got := run("coerced.json", coerce(`"num_jobs": 400`, `"num_jobs": "400"`, `"nodes_per_rack": 3`, `"nodes_per_rack": 3.7`,
		`"rand_seed": -123456789012`, `"rand_seed": " -123456789012 "`, `"priority": 20`, `"priority": 2e1`,
		`"workload_weight": 3`, `"workload_weight": "3"`, `"class_weight": 2.5`, `"class_weight": "2.5d"`))
	require.Equal(t, exitOK, got.code, got.stderr)
	assert.Equal(t, strings.ReplaceAll(want.stdout, "plain.json", "coerced.json"), got.stdout)

	line := func(desc, what string) string {
		return strconv.Itoa(strings.Count(desc[:strings.Index(desc, what)], "\n") + 1)
	}
	for _, c := range []struct{ name, from, to, want string }{
		{"int overflow", `"nodes_per_rack": 3`, `"nodes_per_rack": 99999999999`, "nodes_per_rack 99999999999 is out of Java int range (Jackson fails)"},
		{"fraction as a string", `"num_jobs": 400`, `"num_jobs": "400.5"`, `num_jobs "400.5" is not a Java int`},
		{"boolean", `"priority": 20`, `"priority": true`, "priority is true, where SynthTraceJobProducer reads a Java int"},
		{"long overflow", `"rand_seed": -123456789012`, `"rand_seed": -1e19`, "rand_seed -1e19 is out of Java long range"},
		{"infinite", `"workload_weight": 3`, `"workload_weight": 1e400`, "workload_weight 1e400 is not a finite number"},
		{"range after coercion", `"num_jobs": 400`, `"num_jobs": "-4"`, "num_jobs -4 is out of range (1 to 1000000)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			desc := coerce(c.from, c.to)
			r := run("bad.json", desc)
			assert.Equal(t, exitCannotRun, r.code, r.stderr)
			assert.Contains(t, r.stderr, "bad.json:"+line(desc, c.to)+": ")
			assert.Contains(t, r.stderr, c.want)
			assert.Empty(t, r.stdout)
		})
	}
}
