package preview

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseAssert(t *testing.T) {
	tests := []struct {
		rule    string
		subject string
		metric  string
		op      Op
		rhs     string
		err     string
	}{
		{rule: "root.eng.qa wait.p95 <= 10m", subject: "root.eng.qa", metric: "wait.p95", op: OpLE, rhs: "10m"},
		{rule: "root.support usage.avg >= guarantee*0.8", subject: "root.support", metric: "usage.avg", op: OpGE, rhs: "(guarantee * 0.80)"},
		{rule: "root.a usage.peak<240gb", subject: "root.a", metric: "usage.peak", op: OpLT, rhs: "240.0 GB"},
		{rule: "user:alice completion.max <= 1h30m", subject: "user:alice", metric: "completion.max", op: OpLE, rhs: "1h30m"},
		{rule: "* starvation == 0", subject: "*", metric: "starvation", op: OpEQ, rhs: "0"},
		{rule: "root.a wait.p50 <= old * 1.1 + 30s", subject: "root.a", metric: "wait.p50", op: OpLE, rhs: "((old * 1.10) + 30s)"},
		{rule: "root.a ttfc.p95 != 250ms", subject: "root.a", metric: "first_container.p95", op: OpNE, rhs: "250ms"},
		{rule: "root.a usage.avg >= (guarantee + max) / 2", subject: "root.a", metric: "usage.avg", op: OpGE, rhs: "((guarantee + max) / 2)"},
		{rule: "root.a usage.avg >= 80% * guarantee", subject: "root.a", metric: "usage.avg", op: OpGE, rhs: "(0.80 * guarantee)"},
		{rule: "root.a apps.rejected <= 0 # none may bounce", subject: "root.a", metric: "apps.rejected", op: OpLE, rhs: "0"},
		{rule: "root.a wait.p95 <= 0", subject: "root.a", metric: "wait.p95", op: OpLE, rhs: "0"},
		{rule: "root.a usage.avg >= 512mb", subject: "root.a", metric: "usage.avg", op: OpGE, rhs: "512 MB"},

		{rule: "root.eng.qa wait.p96 <= 10m", err: `--assert #1:1:13: unknown metric "wait.p96"; did you mean "wait.p95"?`},
		{rule: "root.eng.qa wait.p95 <= 10", err: `--assert #1:1:25: wait.p95 is a duration; "10" has no unit; add a duration unit: ms, s, m or h (e.g. 10m)`},
		{rule: "root.eng.qa wait.p95 <= 10gb", err: `--assert #1:1:25: wait.p95 is a duration, but the right-hand side is a memory; add a duration unit: ms, s, m or h (e.g. 10m)`},
		{rule: "root.eng.qa wait.p95 <= 10x", err: `--assert #1:1:27: unknown unit in "10x"; durations take ms, s, m, h (1h30m); memory takes mb, gb, tb (binary: 1gb = 1024mb)`},
		{rule: "root.eng.qa wait.p95 <= 9223372036854775807h", err: `--assert #1:1:25: "9223372036854775807h" is out of range; durations go up to 2562047h (about 292 years)`},
		{rule: "root.eng.qa wait.p95 <= 2562048h", err: `--assert #1:1:25: "2562048h" is out of range; durations go up to 2562047h (about 292 years)`},
		{rule: "root.eng.qa wait.p95 <= 10h5x", err: `--assert #1:1:27: unknown unit in "10h5x"; durations take ms, s, m, h (1h30m); memory takes mb, gb, tb (binary: 1gb = 1024mb)`},
		{rule: "root.eng.qa wait.p95 = 10m", err: `--assert #1:1:22: "=" is not a comparison; use == (or <=, >=)`},
		{rule: "eng.qa wait.p95 <= 10m", err: `--assert #1:1:1: subject "eng.qa" is not a queue path, user:NAME or *; queue paths start at root, e.g. "root.eng.qa"`},
		{rule: "root.a usage.avg >= guarantee * 2gb", err: `--assert #1:1:31: cannot multiply a memory by a memory; scale by a plain number, e.g. guarantee*0.8`},
		{rule: "root.a usage.avg >= guarantee + 10m", err: `--assert #1:1:31: cannot add a memory and a duration`},
		{rule: "root.a usage.avg >= guarante", err: `--assert #1:1:21: unknown reference "guarante"; did you mean "guarantee"?`},
		{rule: "user:bob usage.avg >= guarantee", err: `--assert #1:1:23: users have no "guarantee"; compare a user's metric with a number or old`},
		{rule: "user:bob max <= 10g", err: `--assert #1:1:10: "max" is a queue setting; users have none`},
		{rule: "root.a wait.p95 <= (10m", err: `--assert #1:1:24: missing ")"; to close the "(" at column 20`},
		{rule: "root.a wait.p95 <=", err: `--assert #1:1:19: expected a value, found end of line; e.g. 10m, 200gb, 3, guarantee*0.8 or old*1.1`},
		{rule: "root.a wait.p95 <= 10m 5m", err: `--assert #1:1:24: unexpected "5m" after the expression; one assertion per line`},
		{rule: "root.a wait.p95", err: `--assert #1:1:16: expected a comparison (<=, <, >=, >, ==, !=), found end of line`},
		{rule: "root..a wait.p95 <= 1m", err: `--assert #1:1:1: queue path "root..a" has an empty segment`},
		{rule: "   # just a comment", err: `--assert #1:1:1: empty assertion; write e.g. 'root.eng.qa wait.p95 <= 10m'`},
		{rule: "root.a wait.p95 <= " + strings.Repeat("(", 70) + "1m", err: `--assert #1:1:84: expression nested deeper than 64`},
		{rule: "root.a starvation <= 10m", err: `--assert #1:1:22: starvation is a count, but the right-hand side is a duration; compare with a plain number`},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			g, err := ParseAssert(tt.rule, 1)
			if tt.err != "" {
				require.Error(t, err)
				assert.Equal(t, tt.err, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.subject, g.Subject)
			assert.Equal(t, tt.metric, g.Metric.Name)
			assert.Equal(t, tt.op, g.Op)
			assert.Equal(t, tt.rhs, g.RHS.String())
		})
	}
}

func TestParseGatesFile(t *testing.T) {
	src := "# CI gates for the platform team\n\nroot.eng.qa wait.p95 <= 10m   # qa must not wait\r\nroot.eng.qa wait.p95 <= 10q\nroot.support usage.avg >= guarantee*0.8\nroot.x nope <= 1\n"
	gates, errs := ParseGates("gates.txt", []byte(src))
	require.Len(t, gates, 2)
	assert.Equal(t, "gates.txt:3", gates[0].Source)
	assert.Equal(t, "root.eng.qa wait.p95 <= 10m", gates[0].Text)
	assert.Equal(t, "gates.txt:5", gates[1].Source)
	require.Len(t, errs, 2)
	assert.Equal(t, `gates.txt:4:27: unknown unit in "10q"; durations take ms, s, m, h (1h30m); memory takes mb, gb, tb (binary: 1gb = 1024mb)`, errs[0].Error())
	assert.Contains(t, errs[1].Error(), `gates.txt:6:8: unknown metric "nope"`)
}

// statsFixture is a pair of runs in which qa waits less and development
// is capped, as in the seeds' example.
func statsFixture() (old, new *RunStats) {
	mk := func(waitQA int64, peakDev int64, guarDev int64) *RunStats {
		return &RunStats{
			Queues: map[string]*Stats{
				"root.eng.dev": {HasSeries: true, GuaranteedMB: guarDev, MaxMB: 1000 * 1024, UsagePeakMB: peakDev, UsageAvgMB: float64(peakDev) / 2,
					Wait: Dist{N: 3, P50: 1000, P95: 2000, Max: 3000}},
				"root.eng.qa":  {GuaranteedMB: 480 * 1024, Wait: Dist{N: 10, P50: waitQA / 2, P95: waitQA, Max: waitQA}},
				"root.support": {HasSeries: true, GuaranteedMB: 100 * 1024, UsageAvgMB: 90 * 1024},
			},
			Users:  map[string]*Stats{"alice": {Wait: Dist{N: 1, P95: 5000}}},
			Leaves: []string{"root.eng.dev", "root.eng.qa", "root.support"},
			Order:  []string{"root", "root.eng", "root.eng.dev", "root.eng.qa", "root.support"},
		}
	}
	return mk(20*60000, 600*1024, 120*1024), mk(4*60000, 240*1024, 120*1024)
}

func TestEvalGates(t *testing.T) {
	old, new := statsFixture()
	tests := []struct {
		rule    string
		pass    []bool
		oldPass *bool
		note    string
		err     string
	}{
		{rule: "root.eng.qa wait.p95 <= 10m", pass: []bool{true}, oldPass: ptr(false, true)},
		{rule: "root.eng.qa wait.p95 <= old*0.5", pass: []bool{true}},
		{rule: "root.eng.dev usage.peak >= old", pass: []bool{false}, oldPass: ptr(true, true)},
		{rule: "root.eng.dev usage.peak <= 240gb", pass: []bool{true}},
		{rule: "root.support usage.avg >= guarantee*0.8", pass: []bool{true}},
		{rule: "root.support usage.avg >= guarantee", pass: []bool{false}},
		{rule: "root.support wait.p95 <= 1m", pass: []bool{true}, note: "no data in the new run"},
		{rule: "user:alice wait.p95 <= 4s", pass: []bool{false}},
		{rule: "* apps.rejected == 0", pass: []bool{true, true, true}},
		{rule: "root.eng.qaa wait.p95 <= 1m", err: `--assert #1: queue "root.eng.qaa" is in neither run; did you mean "root.eng.qa"?`},
		{rule: "user:bob wait.p95 <= 1m", err: `--assert #1: user "bob" is in neither run`},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			g, err := ParseAssert(tt.rule, 1)
			require.NoError(t, err)
			rs, errs := EvalGates([]Gate{g}, old, new)
			if tt.err != "" {
				require.Len(t, errs, 1)
				assert.Equal(t, tt.err, errs[0].Error())
				return
			}
			require.Empty(t, errs)
			require.Len(t, rs, len(tt.pass))
			for i, p := range tt.pass {
				assert.Equal(t, p, rs[i].Pass, "result %d", i)
			}
			if tt.oldPass != nil {
				assert.Equal(t, tt.oldPass, rs[0].OldPass)
			}
			assert.Equal(t, tt.note, rs[0].Note)
		})
	}
}

func TestEvalGateRemovedQueue(t *testing.T) {
	old, new := statsFixture()
	delete(new.Queues, "root.support")
	g, err := ParseAssert("root.support usage.avg >= 1g", 1)
	require.NoError(t, err)
	rs, errs := EvalGates([]Gate{g}, old, new)
	require.Empty(t, errs)
	require.Len(t, rs, 1)
	assert.False(t, rs[0].Pass)
	assert.Equal(t, `queue "root.support" is not in the new configuration`, rs[0].Note)
}

func TestWriteGates(t *testing.T) {
	old, new := statsFixture()
	var gates []Gate
	for i, r := range []string{"root.eng.qa wait.p95 <= 10m", "root.eng.dev usage.peak >= old"} {
		g, err := ParseAssert(r, i+1)
		require.NoError(t, err)
		gates = append(gates, g)
	}
	rs, errs := EvalGates(gates, old, new)
	require.Empty(t, errs)
	var buf bytes.Buffer
	require.NoError(t, WriteGates(&buf, rs))
	assert.Equal(t, `GATE  SUBJECT       METRIC      OLD                   NEW                   SOURCE
PASS  root.eng.qa   wait.p95    20m <= 10m            4m <= 10m             --assert #1
FAIL  root.eng.dev  usage.peak  600.0 GB >= 600.0 GB  240.0 GB >= 600.0 GB  --assert #2
1 of 2 gates failed
`, buf.String())
}

func TestFormatDuration(t *testing.T) {
	for ms, want := range map[int64]string{0: "0s", 250: "250ms", 1000: "1s", 12500: "12.5s", 600000: "10m", 3723000: "1h2m3s", 3600000: "1h", -5000: "-5s"} {
		assert.Equal(t, want, formatDuration(ms), "%d", ms)
	}
}

// TestParseAsserts: every rule is parsed; each bad one is reported under
// its --assert number, and the good ones are kept in order.
func TestParseAsserts(t *testing.T) {
	gates, errs := ParseAsserts([]string{"root.a wait.p95 <= 10m", "root.b nosuch <= 1", "", "* apps.rejected == 0"})
	require.Len(t, gates, 2)
	assert.Equal(t, "root.a", gates[0].Subject)
	assert.Equal(t, "*", gates[1].Subject)
	require.Len(t, errs, 2)
	assert.Contains(t, errs[0].Error(), "--assert #2")
	assert.Contains(t, errs[1].Error(), "--assert #3")
}

// A gate file may be a link to a file of the runner (/proc/self/environ
// is one line of every variable): errors quote at most a short excerpt,
// and nothing of the file when it is untrusted.
func TestParseGatesQuotesLittle(t *testing.T) {
	const canary = "CANARY-GATE"
	pad := strings.Repeat("x", 40)
	cases := []struct {
		name      string
		line      string
		untrusted bool
		want      string
	}{
		{"environ", "CI=1\x00" + pad + canary + "\x00HOME=/root", false, `f:1:1: subject "CI=1\x00` + pad[:27] + `"… is not a queue path, user:NAME or *`},
		{"long metric", "root.a " + pad + canary + " <= 1", false, `f:1:8: unknown metric "` + pad[:32] + `"…`},
		{"long trailer", "root.a wait.p95 <= 1m " + pad + canary, false, `f:1:23: unexpected "` + pad[:32] + `"… after the expression`},
		{"untrusted subject", "CI=1\x00SECRET=" + canary, true, "f:1:1: subject is not a queue path, user:NAME or *; queue paths start at root, e.g. root.eng.qa"},
		{"untrusted queue path", "root..a" + canary + " wait.p95 <= 1m", true, "f:1:1: queue path has an empty segment"},
		{"untrusted metric", "root.a " + canary + " <= 1", true, "f:1:8: unknown metric; one of "},
		{"untrusted comparison", "root.a wait.p95 " + canary, true, "f:1:17: expected a comparison (<=, <, >=, >, ==, !=)"},
		{"untrusted character", "root.a wait.p95 <= $" + canary, true, "f:1:20: unexpected character"},
		{"untrusted reference", "root.a wait.p95 <= x" + canary, true, "f:1:20: unknown reference; references are guarantee, max and old"},
		{"untrusted number", "root.a wait.p95 <= 1.2.3", true, "f:1:20: the value is not a number"},
		{"untrusted unit", "root.a wait.p95 <= 10" + canary, true, "f:1:22: unknown unit; durations take"},
		{"untrusted no unit", "root.a wait.p95 <= 10", true, "f:1:20: wait.p95 is a duration; the right-hand side has no unit"},
		{"untrusted trailer", "root.a wait.p95 <= 1m " + canary, true, "f:1:23: unexpected text after the expression"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, errs := ParseGatesWith("f", []byte(c.line), GateOptions{Untrusted: c.untrusted})
			require.Len(t, errs, 1)
			msg := errs[0].Error()
			assert.Contains(t, msg, c.want)
			assert.NotContains(t, msg, canary)
			if c.untrusted {
				assert.NotContains(t, msg, `"`+"1.2.3", "untrusted mode quotes nothing of the file")
			}
		})
	}
}

// A hostile gate file is bounded: 200,000 bad lines (3 MB) printed 24 MB
// of errors, and every gate is evaluated and printed.
func TestParseGatesBounds(t *testing.T) {
	good := "root.a wait.p95 <= 10m\n"
	cases := []struct {
		name, data, last string
		errs             int
	}{
		{"bad lines past the error bound", strings.Repeat("bogus line\n", 500), "g: and 480 more bad lines", maxGateErrors + 1},
		{"gate lines past the bound", strings.Repeat(good, maxGates+1), "g:10001: more than 10000 gate lines", 1},
		{"gates at the bound", strings.Repeat(good, maxGates) + "\n# a comment\n", "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, errs := ParseGates("g", []byte(c.data))
			require.Len(t, errs, c.errs)
			if c.errs > 0 {
				assert.Equal(t, c.last, errs[len(errs)-1].Error())
			}
		})
	}
}
