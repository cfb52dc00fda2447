package sim

import (
	"bytes"
	"testing"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShortcutsKeepTheEventLog runs busy days (reservations, user and
// queue limits binding, reduce phases) with and without each shortcut
// (skipping idle heartbeats, skipping user-limit-blocked leaves) and
// compares the event logs byte for byte: a shortcut may save work, never
// change a decision. The futile-heartbeat answer (futile) is checked with
// the others off, where it is used most.
func TestShortcutsKeepTheEventLog(t *testing.T) {
	futileAnswers := map[string]int{}
	defer func() { t.Logf("heartbeats answered without a walk: %v", futileAnswers) }()
	for _, c := range []struct {
		cfg string
		gen GenOptions
		// sls times the AMs as an SLS trace's (Workload.SLSAMs): steps
		// on the AM's own grid, releases at the nodes' heartbeats.
		sls bool
	}{
		{"seeds-example", GenOptions{Seed: 5, Apps: 300, Nodes: 20, NodeMemoryMB: 16384, NodeVCores: 16, DurationMS: 2 * 3600 * 1000, ReduceShare: 0.3}, false},
		{"seeds-dev-max40-eng-max60", GenOptions{Seed: 6, Apps: 400, Nodes: 12, NodeMemoryMB: 16384, NodeVCores: 16, DurationMS: 2 * 3600 * 1000, ReduceShare: 0.3}, false},
		{"seeds-example", GenOptions{Seed: 7, Apps: 300, Nodes: 20, NodeMemoryMB: 8192, NodeVCores: 8, TaskMemoryMB: []int64{1024}, DurationMS: 2 * 3600 * 1000}, false},
		// Preemption on (ProportionalCapacityPreemptionPolicy).
		{"workloads/seeds-preemption", GenOptions{Seed: 8, Apps: 300, Nodes: 10, NodeMemoryMB: 16384, NodeVCores: 16, DurationMS: 2 * 3600 * 1000, ReduceShare: 0.3}, false},
		// A generated tree of 10 parents of 10 leaves: whole parents are
		// skipped when every asking leaf under them is user-blocked.
		{"generated-100-leaves", GenOptions{Seed: 9, Apps: 600, Nodes: 6, DurationMS: 2 * 3600 * 1000, ReduceShare: 0.3}, false},
		// #19's contended day in small: tasks of 1, 2 and 4 GB for 20
		// minutes on average fill 128 GB nodes, preemption on; nodes keep
		// room for some asks and not others, which futile must tell apart.
		{"generated-100-leaves-preemption", contendedGen(), false},
		// Nodes left with room for small asks and not big ones: futile
		// must compare the room (each of these three fails if it does not).
		{"seeds-example", GenOptions{Seed: 11, Apps: 100, Nodes: 20, NodeMemoryMB: 16384, NodeVCores: 16, TaskMemoryMB: []int64{1024, 6144}, DurationMeanMS: 600000, DurationMS: 3600 * 1000}, false},
		{"seeds-example", GenOptions{Seed: 12, Apps: 200, Nodes: 30, NodeMemoryMB: 10240, NodeVCores: 16, TaskMemoryMB: []int64{3072, 4096}, DurationMeanMS: 300000, DurationMS: 3600 * 1000}, false},
		{"workloads/seeds-preemption", GenOptions{Seed: 13, Apps: 100, Nodes: 20, NodeMemoryMB: 10240, NodeVCores: 16, TaskMemoryMB: []int64{1024, 4096}, DurationMeanMS: 300000, DurationMS: 3600 * 1000}, false},
		// Many nodes beating in the same millisecond (heartbeat phases
		// collide: 60 nodes on a 50 ms interval), reservations and
		// preemption: a node woken at a millisecond whose heartbeats have
		// partly run beats next interval, not again at once.
		{"ties", tiesGen(), false},
		// The dominant resource calculator with vcores binding on some
		// nodes and memory on others, where the room ceiling and the
		// refusal rule are off (it does not catch either turned on: the
		// engine's TestPassRoomCeilingDRF and
		// TestRefusalNotUnderDominantCalculator do). Its first two hours:
		// preemption goes on taking back about as many containers as are
		// placed (about 1,000 an hour), so the day does not end. That is
		// Hadoop's arithmetic: every leaf is guaranteed 0 vcores here, so
		// the policy offers it none (zeroShareWarning says so).
		{"generated-100-leaves-drf", drfGen(), false},
		// SLS's AM timing, with and without ties of node heartbeats.
		{"seeds-example", GenOptions{Seed: 11, Apps: 100, Nodes: 20, NodeMemoryMB: 16384, NodeVCores: 16, TaskMemoryMB: []int64{1024, 6144}, DurationMeanMS: 600000, DurationMS: 3600 * 1000}, true},
		{"ties", tiesGen(), true},
		// And with preemption: killed tasks re-asked at the AM's step
		// (evAMReask), AMs lost failing their apps.
		{"workloads/seeds-preemption", GenOptions{Seed: 13, Apps: 100, Nodes: 20, NodeMemoryMB: 10240, NodeVCores: 16, TaskMemoryMB: []int64{1024, 4096}, DurationMeanMS: 300000, DurationMS: 3600 * 1000}, true},
	} {
		var m *xmlconf.Model
		switch c.cfg {
		case "generated-100-leaves":
			m = modelFrom(t, xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1}))
		case "generated-100-leaves-preemption", "ties":
			xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
			m = modelFrom(t, withPreemption(t, xml))
		case "generated-100-leaves-drf":
			xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
			m = modelFrom(t, withPreemption(t, withDRF(t, xml)))
			require.True(t, m.Global.DominantCalculator())
		default:
			m = loadModel(t, c.cfg)
		}
		w, err := Generate(m, c.gen)
		require.NoError(t, err)
		if c.cfg == "ties" {
			w.NMHeartbeatMS = 50
		}
		w.SLSAMs = c.sls
		run := func(o Options) ([]byte, *Result) {
			var log bytes.Buffer
			o.Seed, o.Events, o.MaxEvents = 9, &log, -1
			if c.cfg == "generated-100-leaves-drf" {
				o.Until = 2 * 3600 * 1000
			}
			res, err := Run(m, w, o)
			require.NoError(t, err)
			return log.Bytes(), res
		}
		want, all := run(Options{exhaustive: true, walkEveryLeaf: true, beatFutile: true})
		require.NotZero(t, all.Summary.ContainersAllocated)
		for name, o := range map[string]Options{
			"every shortcut":          {},
			"heartbeat skipping":      {walkEveryLeaf: true, beatFutile: true},
			"blocked-leaf skipping":   {exhaustive: true, beatFutile: true},
			"futile heartbeat answer": {exhaustive: true, walkEveryLeaf: true},
		} {
			got, res := run(o)
			assert.True(t, bytes.Equal(want, got), "%s %d: %s changes the event log (%d vs %d containers)",
				c.cfg, c.gen.Seed, name, all.Summary.ContainersAllocated, res.Summary.ContainersAllocated)
			if !o.beatFutile {
				assert.Positive(t, res.futileAnswers, "%s %d: %s never answered a heartbeat without a walk", c.cfg, c.gen.Seed, name)
			}
			futileAnswers[name] += res.futileAnswers
		}
		t.Logf("%s seed %d: %d containers, %d reservations, %d preempted", c.cfg, c.gen.Seed,
			all.Summary.ContainersAllocated, all.Summary.Reservations, all.Summary.Preempted)
	}
}

// contendedGen is a small contended day: DefaultGenOptions' task sizes
// and phases on 4 nodes, tasks long enough to keep them full.
func contendedGen() GenOptions {
	o := DefaultGenOptions()
	o.Seed, o.Apps, o.Nodes, o.DurationMS, o.DurationMeanMS = 10, 120, 4, 3600*1000, 20*60*1000
	return o
}

// tiesGen is a contended five minutes on 60 small nodes whose heartbeats
// (on a 50 ms interval) share milliseconds.
func tiesGen() GenOptions {
	o := DefaultGenOptions()
	o.Seed, o.Apps, o.Nodes, o.DurationMS, o.DurationMeanMS = 14, 20, 60, 300*1000, 60*1000
	o.NodeMemoryMB, o.NodeVCores = 8192, 8
	return o
}

// drfGen is a small contended hour for the dominant resource calculator:
// 2-vcore tasks of 1, 2 and 8 GB on nodes of 32 GB and 8 vcores, so small
// tasks run out of vcores first and big ones out of memory.
func drfGen() GenOptions {
	o := DefaultGenOptions()
	o.Seed, o.Apps, o.Nodes, o.DurationMS, o.DurationMeanMS = 15, 120, 8, 3600*1000, 20*60*1000
	o.NodeMemoryMB, o.NodeVCores, o.TaskVCores = 32768, 8, 2
	o.TaskMemoryMB = []int64{1024, 2048, 8192}
	return o
}

// withDRF switches a generated configuration to the dominant resource
// calculator; like withPreemption it fails rather than return the bytes
// unchanged.
func withDRF(t testing.TB, xml []byte) []byte {
	t.Helper()
	from := []byte("org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator")
	if bytes.Count(xml, from) != 1 {
		t.Fatalf("withDRF: want one %s in the configuration, found %d", from, bytes.Count(xml, from))
	}
	return bytes.Replace(xml, from, []byte("org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"), 1)
}

// SkipSeries drops the series and nothing else.
func TestSkipSeriesChangesNothingElse(t *testing.T) {
	m := loadModel(t, "seeds-example")
	o := DefaultGenOptions()
	o.Apps, o.Nodes, o.DurationMS = 200, 10, 3600*1000
	w, err := Generate(m, o)
	require.NoError(t, err)
	with, err := Run(m, w, Options{Seed: 2})
	require.NoError(t, err)
	without, err := Run(m, w, Options{Seed: 2, SkipSeries: true})
	require.NoError(t, err)
	require.NotEmpty(t, with.Series.TimesMS)
	assert.Empty(t, without.Series.TimesMS)
	for _, q := range without.Series.Queues {
		assert.Empty(t, q.UsedMB, q.Path)
	}
	with.Series, without.Series = Series{}, Series{}
	assert.Equal(t, render(t, with, true), render(t, without, true))
	assert.Equal(t, render(t, with, false), render(t, without, false))
}

// TestFastBeatCountsAsHeartbeat: answering futile heartbeats in the
// sweep's fast path (fastBeat) keeps the event log and every count of the
// path through heartbeat and settle, on busy days with and without
// reservations; so does answering stretches of them at once (fastBulk)
// rather than one by one.
func TestFastBeatCountsAsHeartbeat(t *testing.T) {
	xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
	m := modelFrom(t, bytes.Replace(xml, []byte("</configuration>"), []byte(preemptionOn+"</configuration>"), 1))
	stretches := 0
	wide := contendedGen() // 40 nodes: long stretches of futile beats
	wide.Nodes, wide.Apps = 40, 600
	for _, g := range []GenOptions{contendedGen(), {Seed: 9, Apps: 600, Nodes: 6, DurationMS: 2 * 3600 * 1000, ReduceShare: 0.3}, wide} {
		w, err := Generate(m, g)
		require.NoError(t, err)
		run := func(o Options) ([]byte, *Result) {
			var log bytes.Buffer
			o.Seed, o.Events = 3, &log
			res, err := Run(m, w, o)
			require.NoError(t, err)
			return log.Bytes(), res
		}
		fastLog, fast := run(Options{})
		slowLog, slow := run(Options{slowFutile: true})
		oneLog, one := run(Options{oneByOne: true})
		assert.True(t, bytes.Equal(slowLog, fastLog), "seed %d: fastBeat changes the event log", g.Seed)
		assert.True(t, bytes.Equal(oneLog, fastLog), "seed %d: fastBulk changes the event log", g.Seed)
		assert.Positive(t, fast.futileAnswers)
		stretches += fast.stretchAnswers
		assert.Zero(t, one.stretchAnswers)
		assert.Equal(t, slow.futileAnswers, fast.futileAnswers)
		assert.Equal(t, one.futileAnswers, fast.futileAnswers)
		assert.Equal(t, slow.Summary, fast.Summary)
		assert.Equal(t, one.Summary, fast.Summary)
		t.Logf("seed %d: %d of %d futile answers in stretches", g.Seed, fast.stretchAnswers, fast.futileAnswers)
	}
	assert.Positive(t, stretches, "no day answered a stretch of heartbeats at once")
}

// TestStretchesStopWhereBeatsWould: a stretch of futile beats answered at
// once (fastBulk) stops where answering them one by one would: at Until,
// and at the exact event that uses the work budget up (the error names
// the event count and the simulated time).
func TestStretchesStopWhereBeatsWould(t *testing.T) {
	m, w := stretchDay(t)
	stops := []Options{
		{Until: 5*3600*1000 + 123},
		{Until: 11 * 3600 * 1000},
		{Until: 3600*1000 + 7}, {Until: 2*3600*1000 + 501}, {Until: 3*3600*1000 + 250}, {Until: 4*3600*1000 + 999},
		{Until: 6*3600*1000 + 1}, {Until: 7*3600*1000 + 640},
		{MaxEvents: 150_001},
		{MaxEvents: 290_017},
	}
	sameStopsWithout(t, m, w, stops, func(o *Options) { o.oneByOne = true }, func(o Options, bulk *Result) {
		assert.Positive(t, bulk.stretchAnswers, "Until %d", o.Until)
	})
}

// sameStopsWithout runs each stop (an Until or a MaxEvents budget) as it
// is and with off applied, and requires both to stop at the same place:
// the same budget error, or the same summary at Until, which each
// reaches; on sees every run that stopped at Until, with the shortcut on.
func sameStopsWithout(t *testing.T, m *xmlconf.Model, w *Workload, stops []Options, off func(*Options), on func(Options, *Result)) {
	for _, o := range stops {
		o.Seed = 3
		fast, fastErr := Run(m, w, o)
		off(&o)
		one, oneErr := Run(m, w, o)
		if o.MaxEvents > 0 {
			sameBudgetStop(t, oneErr, fastErr, o.MaxEvents)
			continue
		}
		require.NoError(t, oneErr)
		require.NoError(t, fastErr)
		assert.True(t, one.Summary.StoppedAtUntil)
		assert.Equal(t, one.Summary, fast.Summary, "Until %d", o.Until)
		on(o, fast)
	}
}

// TestReReservationsCounted: answering reserved nodes' beats with the
// engine's counted re-reservations (standing.go) keeps the event log and
// every count of running each through the engine (beatReserved), on busy
// days with thousands of reservations, and stops at Until and at the
// budget where the passes would.
func TestReReservationsCounted(t *testing.T) {
	xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
	m := modelFrom(t, withPreemption(t, xml))
	wide := contendedGen()
	wide.Nodes, wide.Apps = 40, 600
	counted := 0
	for _, g := range []GenOptions{contendedGen(), {Seed: 9, Apps: 600, Nodes: 6, DurationMS: 2 * 3600 * 1000, ReduceShare: 0.3}, wide} {
		w, err := Generate(m, g)
		require.NoError(t, err)
		run := func(o Options) ([]byte, *Result, error) {
			var log bytes.Buffer
			o.Seed, o.Events = 3, &log
			res, err := Run(m, w, o)
			return log.Bytes(), res, err
		}
		for _, o := range []Options{{}, {Until: 3*3600*1000 + 250}, {MaxEvents: 20_001}} {
			fastLog, fast, fastErr := run(o)
			o.beatReserved = true
			slowLog, slow, slowErr := run(o)
			if o.MaxEvents > 0 {
				sameBudgetStop(t, slowErr, fastErr, o.MaxEvents)
				continue
			}
			require.NoError(t, fastErr)
			require.NoError(t, slowErr)
			assert.True(t, bytes.Equal(slowLog, fastLog), "seed %d until %d: counting re-reservations changes the event log", g.Seed, o.Until)
			assert.Equal(t, slow.Summary, fast.Summary, "seed %d until %d", g.Seed, o.Until)
			assert.Zero(t, slow.countedReReservations)
			counted += fast.countedReReservations
			t.Logf("seed %d until %d: %d beats counted, %d reservations", g.Seed, o.Until, fast.countedReReservations, fast.Summary.Reservations)
		}
	}
	assert.Positive(t, counted, "no day counted a re-reservation")
}

// sameBudgetStop checks that a run and its reference both ran out of the
// budget of maxEvents, at the same event and simulated time (the error
// names both).
func sameBudgetStop(t *testing.T, want, got error, maxEvents int64) {
	t.Helper()
	require.Error(t, want, "MaxEvents %d: the budget should run out mid-run", maxEvents)
	require.Error(t, got)
	assert.Equal(t, want.Error(), got.Error())
}

// TestReusedContainersKeepTheEventLog: the engine reuses a released
// container's record for the next one (engine/recycle.go) except under
// its checks, which every other test of the package runs with and which
// poison a released record at the next allocation instead. Two busy
// days with preemption and reservations give the same event log both
// ways.
func TestReusedContainersKeepTheEventLog(t *testing.T) {
	xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
	for _, c := range []struct {
		m   *xmlconf.Model
		gen GenOptions
	}{
		{modelFrom(t, withPreemption(t, xml)), contendedGen()},
		{loadModel(t, "workloads/seeds-preemption"), GenOptions{Seed: 13, Apps: 100, Nodes: 20, NodeMemoryMB: 10240, NodeVCores: 16, TaskMemoryMB: []int64{1024, 4096}, DurationMeanMS: 300000, DurationMS: 3600 * 1000}},
	} {
		w, err := Generate(c.m, c.gen)
		require.NoError(t, err)
		run := func(checks bool) ([]byte, *Result) {
			defer engine.SetShortcutChecksForTests(checks)()
			var log bytes.Buffer
			res, err := Run(c.m, w, Options{Seed: 9, Events: &log, MaxEvents: -1})
			require.NoError(t, err)
			return log.Bytes(), res
		}
		want, all := run(true)
		got, _ := run(false)
		require.Positive(t, all.Summary.Preempted)
		assert.True(t, bytes.Equal(want, got), "seed %d: reusing containers changes the event log", c.gen.Seed)
	}
}
