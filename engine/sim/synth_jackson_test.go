package sim

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestSynthCoerceAsJackson: each SYNTH field takes what Jackson's default
// ObjectMapper coerces into its Java type, and refuses what Jackson
// refuses, at the value's line. capq refused every string number and
// every fraction in an int field, and took numbers too large for Java's
// int (nodes_per_rack) without a word.
func TestSynthCoerceAsJackson(t *testing.T) {
	cases := []struct {
		key, raw string // the field and its JSON value
		want     string // the value the typed read gets; "" when refused
		err      string // in the refusal
	}{
		// int: num_jobs, time, priority, nodes_per_rack.
		{"num_jobs", `"10"`, `10`, ""},
		{"num_jobs", `" 10 "`, `10`, ""},
		{"num_jobs", `"+10"`, `10`, ""},
		{"num_jobs", `"-2147483648"`, `-2147483648`, ""},
		{"num_jobs", `1.5`, `1`, ""},
		{"num_jobs", `-1.9`, `-1`, ""},
		{"num_jobs", `1e3`, `1000`, ""},
		{"num_jobs", `2147483647.0`, `2147483647`, ""},
		{"num_jobs", `""`, `0`, ""},
		{"num_jobs", `"  "`, `0`, ""},
		{"num_jobs", `"null"`, `0`, ""},
		{"num_jobs", `null`, `null`, ""},
		{"num_jobs", `2147483648`, "", "num_jobs 2147483648 is out of Java int range"},
		{"num_jobs", `2147483647.5`, "", "out of Java int range"},
		{"num_jobs", `1e10`, "", "out of Java int range"},
		{"num_jobs", `1e400`, "", "out of Java int range"},
		{"num_jobs", "1" + strings.Repeat("0", 100000), "", "num_jobs 1000000000000000000000000000000000000000… is out of Java int range"},
		{"num_jobs", `"2147483648"`, "", `num_jobs "2147483648" is out of Java int range`},
		{"num_jobs", `"1.5"`, "", `num_jobs "1.5" is not a Java int`},
		{"num_jobs", `"1e3"`, "", "is not a Java int"},
		{"num_jobs", `"0x10"`, "", "is not a Java int"},
		{"num_jobs", `"١٠"`, "", "is not a Java int"},
		{"num_jobs", `true`, "", "num_jobs is true, where SynthTraceJobProducer reads a Java int"},
		{"num_jobs", `[1]`, "", "num_jobs is an array, where SynthTraceJobProducer reads a Java int"},
		{"num_jobs", `{"a": 1}`, "", "num_jobs is an object"},
		// long: rand_seed.
		{"rand_seed", `"-123456789012"`, `-123456789012`, ""},
		{"rand_seed", `9223372036854775807`, `9223372036854775807`, ""},
		{"rand_seed", `9.2e18`, `9200000000000000000`, ""},
		{"rand_seed", `9223372036854775807.0`, `9223372036854775807`, ""}, // 2^63 as a double: (long) saturates
		{"rand_seed", `9223372036854775808`, "", "out of Java long range"},
		{"rand_seed", `-9.3e18`, "", "out of Java long range"},
		{"rand_seed", `"9223372036854775808"`, "", "out of Java long range"},
		// double: weights and the old format's averages.
		{"workload_weight", `"2.5"`, `2.5`, ""},
		{"workload_weight", `" 1e3 "`, `1000`, ""},
		{"workload_weight", `"7d"`, `7`, ""},
		{"workload_weight", `"-0.5F"`, `-0.5`, ""},
		{"workload_weight", `"0x1p3"`, `8`, ""},
		{"workload_weight", `"."`, "", "is not a number Double.parseDouble reads"},
		{"workload_weight", `"1_000"`, "", "is not a number Double.parseDouble reads"},
		{"workload_weight", `"0x_1p3"`, "", "is not a number Double.parseDouble reads"}, // Go's ParseFloat takes it
		{"workload_weight", `"inf"`, "", "is not a number Double.parseDouble reads"},
		{"workload_weight", `"0x10"`, "", "is not a number Double.parseDouble reads"},
		{"workload_weight", `""`, `0`, ""},
		{"workload_weight", `"NaN"`, "", `"NaN" is not a finite number (Jackson reads it as NaN; capq refuses it)`},
		{"workload_weight", `"-Infinity"`, "", "Jackson reads it as -Infinity"},
		{"workload_weight", `"INF"`, "", "Jackson reads it as Infinity"},
		{"workload_weight", `1e400`, "", "1e400 is not a finite number (Jackson reads it as Infinity"},
		{"workload_weight", `false`, "", "is false, where SynthTraceJobProducer reads a Java double"},
		// java.lang.Double: a Sample's val; weights' elements.
		{"val", `"5"`, `5`, ""},
		{"val", `""`, `null`, ""},
		{"weights", `["1", 2]`, `[1, 2]`, ""},
		{"weights", `[1, null]`, "", "weights[1] is null, which SynthUtils.getWeighted cannot add"},
		{"weights", `[1, ""]`, "", "is read as null"},
		{"weights", `5`, "", "weights is a number, where SynthTraceJobProducer reads a list"},
		{"weights", `"1"`, "", "weights is a string, where SynthTraceJobProducer reads a list"},
		// String: a scalar's text as written.
		{"queue_name", `10`, `"10"`, ""},
		{"queue_name", `1e3`, `"1e3"`, ""},
		{"queue_name", `true`, `"true"`, ""},
		{"queue_name", `[1]`, "", "queue_name is an array, where SynthTraceJobProducer reads a string"},
		{"discrete", `[1, 2.5, "3", false]`, `["1", "2.5", "3", "false"]`, ""},
		// Not declared: anything goes.
		{"comment", `{"a": [true, "x"]}`, `{"a": [true, "x"]}`, ""},
	}
	for _, c := range cases {
		doc, path := synthCoerceDoc(c.key, c.raw)
		out, pos, err := synthCoerce("s.json", []byte(doc))
		if c.want == "" {
			require.Error(t, err, "%s: %s", c.key, c.raw)
			assert.Contains(t, err.Error(), "s.json:4: ", "%s: %s: the value's line", c.key, c.raw)
			assert.Contains(t, err.Error(), c.err, "%s: %s", c.key, c.raw)
			continue
		}
		require.NoError(t, err, "%s: %s", c.key, c.raw)
		assert.Equal(t, strings.Count(doc, "\n"), strings.Count(string(out), "\n"), "lines stay put")
		assert.True(t, json.Valid(out), "%s: %s gave %s", c.key, c.raw, out)
		want, _ := synthCoerceDoc(c.key, c.want)
		assert.JSONEq(t, want, string(out), "%s: %s", c.key, c.raw)
		if c.key != "comment" { // an undeclared key's place is not kept
			assert.Equal(t, "s.json:4", pos.at(path), "%s: %s", c.key, c.raw)
		}
	}
}

// synthCoerceDoc is a description with key's value raw on line 4, in the
// object that declares key, and the value's path.
func synthCoerceDoc(key, raw string) (doc, path string) {
	switch key {
	case "num_jobs", "rand_seed", "comment":
		return "{\"num_nodes\": 1,\n\"workloads\": [],\n\n\"" + key + "\": " + raw + "}", key
	case "workload_weight", "queue_name":
		return "{\"workloads\": [\n{\"workload_name\": \"w\",\n\n\"" + key + "\": " + raw + "}]}", "workloads[0]." + key
	}
	return "{\"workloads\": [{\"job_classes\": [{\"tasks\": [{\n\"count\": {\"discrete\": [\"1\"]},\n\n\"time\": {\"" + key + "\": " + raw + "}}]}]}]}",
		"workloads[0].job_classes[0].tasks[0].time." + key
}

// TestSynthCoercedReadsAsWritten: a description whose numbers are
// strings, fractions and exponents generates the jobs the plain one does.
func TestSynthCoercedReadsAsWritten(t *testing.T) {
	plain := synthOneTask(`"priority": 20, "count": {"val": 2}, "time": {"val": 5000}, "max_memory": {"val": 1024}, "max_vcores": {"discrete": ["1", "2"]}`, "")
	coerced := strings.NewReplacer(`"num_jobs": 1`, `"num_jobs": "1"`, `"priority": 20`, `"priority": 20.9`,
		`"count": {"val": 2}`, `"count": {"val": "2"}`, `"time": 0`, `"time": 0.5`,
		`"time": {"val": 5000}`, `"time": {"val": 5e3}`, `"discrete": ["1", "2"]`, `"discrete": [1, "2d"]`).Replace(plain)
	require.NotEqual(t, plain, coerced)
	want, err := ReadSynth("s.json", []byte(plain), xmlconf.DefaultSLSSettings(), 0)
	require.NoError(t, err)
	got, err := ReadSynth("s.json", []byte(coerced), xmlconf.DefaultSLSSettings(), 0)
	require.NoError(t, err)
	assert.Equal(t, want.Apps, got.Apps)
}

// TestSynthCheckErrorsPlaced: the checks after the read name the line of
// the workload, bucket, class, task or sample they concern, in the
// second workload's second class (paths counted from 0 must not fall on
// the first), and a class of the old format at the class itself.
func TestSynthCheckErrorsPlaced(t *testing.T) {
	lines := []string{
		`{"num_jobs": 1, "num_nodes": 1, "workloads": [`,
		`{"workload_name": "a", "queue_name": "q", "workload_weight": 0, "job_classes": [{"class_name": "a0", "class_weight": 1, "type": "stream",`,
		`  "deadline_factor": {"val": 1}, "duration": {"val": 5}, "reservation": {"val": 0}, "tasks": [{"type": "s",`,
		`  "count": {"val": 1}, "time": {"val": 5}, "max_memory": {"val": 1}, "max_vcores": {"val": 1}}]}],`,
		`  "time_distribution": [{"time": 0, "weight": 1}]},`,
		`{"workload_name": "b", "queue_name": "q", "workload_weight": 1, "job_classes": [`,
		`  {"class_name": "b0", "class_weight": 0, "deadline_factor": {"val": 1}, "duration": {"val": 5}, "reservation": {"val": 0}, "tasks": []},`,
		`  {"class_name": "b1", "class_weight": 1, "type": "stream",`,
		`  "deadline_factor": {"val": 1}, "duration": {"val": 5}, "reservation": {"val": 0}, "tasks": [`,
		`  {"type": "s",`,
		`  "count": {"val": 1},`,
		`  "time": {"val": 5}, "max_memory": {"val": 1}, "max_vcores": {"val": 1}}]}],`,
		`  "time_distribution": [{"time": 0, "weight": 1},`,
		`  {"time": 1, "weight": 1}]}]}`,
	}
	doc := strings.Join(lines, "\n")
	w, err := ReadSynth("s.json", []byte(doc), xmlconf.DefaultSLSSettings(), 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	for _, c := range []struct {
		name, from, to string
		line           int
		err            string
	}{
		{"bad sample", `  "time": {"val": 5}`, `  "time": {"val": 5, "dist": "NORM"}`, 12, `class "b1": task s time: `},
		{"bad draw", `  "time": {"val": 5}`, `  "time": {"val": -5, "std": 1}`, 8, `class "b1"): task "s": time: `},
		{"missing sample", `  "count": {"val": 1},` + "\n", "\n", 10, "task s count is missing"},
		{"missing class sample", `"duration": {"val": 5}, "reservation": {"val": 0}, "tasks": [` + "\n", `"reservation": {"val": 0}, "tasks": [` + "\n", 8, "duration is missing"},
		{"bucket", `{"time": 1, "weight": 1}`, `{"time": -1, "weight": 1}`, 14, "time_distribution time -1"},
		{"workload", `"workload_name": "b", "queue_name": "q",`, `"workload_name": "b",`, 6, `workload "b" needs queue_name`},
		{"old format", `"deadline_factor": {"val": 1}, "duration": {"val": 5}, "reservation": {"val": 0}, "tasks": [` + "\n",
			`"not_tasks": [` + "\n", 8, `class "b1"): duration: `},
	} {
		in := strings.Replace(doc, c.from, c.to, 1)
		require.Equal(t, 1, strings.Count(doc, c.from), c.name)
		_, err := ReadSynth("s.json", []byte(in), xmlconf.DefaultSLSSettings(), 0)
		require.Error(t, err, c.name)
		assert.Contains(t, err.Error(), "s.json:"+strconv.Itoa(c.line)+": ", c.name)
		assert.Contains(t, err.Error(), c.err, c.name)
	}
}

// TestSynthTrailingTextIgnored: Jackson's readValue reads the first
// value and ignores what follows (FAIL_ON_TRAILING_TOKENS is off); capq
// refused it, with no line, and now reads the description and warns.
func TestSynthTrailingTextIgnored(t *testing.T) {
	desc := synthOneTask(`"count": {"val": 1}, "time": {"val": 5}, "max_memory": {"val": 1}, "max_vcores": {"val": 1}`, "")
	want, err := ReadSynth("s.json", []byte(desc), xmlconf.DefaultSLSSettings(), 0)
	require.NoError(t, err)
	for _, tail := range []string{"\n\ngarbage", "\n\n" + desc} {
		got, err := ReadSynth("s.json", []byte(desc+tail), xmlconf.DefaultSLSSettings(), 0)
		require.NoError(t, err, tail)
		assert.Equal(t, want.Apps, got.Apps)
		assert.Contains(t, got.Warnings, "s.json:3: text after the description is ignored, as SynthTraceJobProducer ignores it")
	}
	assert.NotContains(t, strings.Join(want.Warnings, "\n"), "text after")
}
