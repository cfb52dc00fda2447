package sim

import (
	"bytes"
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParkStretchesKeepTheEventLog: parking a quiet cluster's due nodes a
// stretch at a time (parkStretch) keeps the event log, every count and
// the progress reports of parking them one beat at a time, on busy days
// with reservations (so simple does not hold and quiet spells park the
// nodes), and stops at Until and at the budget where the beats would.
// Every other test of the package runs it under checkRoom, which compares
// each parked node's mirror with the engine.
func TestParkStretchesKeepTheEventLog(t *testing.T) {
	parked := sameBusyDaysWithout(t, "parkStretch", func(o *Options) { o.noParkStretch = true },
		func(r *Result) int { return r.parkStretchAnswers })
	assert.Positive(t, parked, "no day parked a stretch of heartbeats at once")
}

// sameBusyDaysWithout runs three busy days (the contended one, a small
// one without reservations, a wide one of 40 nodes) as they are and with
// off applied to the options, requires identical event logs, progress
// reports, summaries and futile-answer counts, and returns how often the
// shortcut answered (count, which must be 0 with off applied).
func sameBusyDaysWithout(t *testing.T, shortcut string, off func(*Options), count func(*Result) int) int {
	xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
	m := modelFrom(t, withPreemption(t, xml))
	wide := contendedGen() // 40 nodes: long stretches of futile beats
	wide.Nodes, wide.Apps = 40, 600
	total := 0
	for _, g := range []GenOptions{contendedGen(), {Seed: 9, Apps: 600, Nodes: 6, DurationMS: 2 * 3600 * 1000, ReduceShare: 0.3}, wide} {
		w, err := Generate(m, g)
		require.NoError(t, err)
		run := func(o Options) ([]byte, []Progress, *Result) { return runLogged(t, m, w, o) }
		onLog, onSeen, on := run(Options{})
		var o Options
		off(&o)
		offLog, offSeen, without := run(o)
		assert.True(t, bytes.Equal(offLog, onLog), "seed %d: %s changes the event log", g.Seed, shortcut)
		assert.Equal(t, offSeen, onSeen, "seed %d", g.Seed)
		assert.Equal(t, without.Summary, on.Summary, "seed %d", g.Seed)
		assert.Equal(t, without.futileAnswers, on.futileAnswers, "seed %d", g.Seed)
		assert.Zero(t, count(without))
		total += count(on)
		t.Logf("seed %d: %s answered %d of %d futile beats", g.Seed, shortcut, count(on), on.futileAnswers)
	}
	return total
}

// TestParkStretchesStopWhereBeatsWould: a stretch parked at once stops at
// Until and at the exact event that uses the work budget up, as parking
// the beats one by one does.
func TestParkStretchesStopWhereBeatsWould(t *testing.T) {
	m, w := stretchDay(t)
	parked := 0
	stops := []Options{
		{Until: 3600*1000 + 7}, {Until: 2*3600*1000 + 501}, {Until: 3*3600*1000 + 250}, {Until: 5*3600*1000 + 123},
		{MaxEvents: 150_001}, {MaxEvents: 290_017}, {MaxEvents: 333_333},
	}
	sameStopsWithout(t, m, w, stops, func(o *Options) { o.noParkStretch = true }, func(_ Options, stretch *Result) {
		parked += stretch.parkStretchAnswers
	})
	assert.Positive(t, parked, "no run parked a stretch of heartbeats at once")
}

// TestSimpleStretchesKeepTheEventLog: parking the due nodes of a cluster
// where simple holds a stretch at a time (parkStretch outside a quiet
// spell: the nodes a spell with reservations kept due, once the last
// reservation goes) keeps the event log, every count and the progress
// reports of parking them one beat at a time, on busy days, and stops at
// Until and at the budget where the beats would. Every other test of the
// package runs it under checkRoom, which compares each parked node's
// mirror with the engine.
func TestSimpleStretchesKeepTheEventLog(t *testing.T) {
	parked := sameBusyDaysWithout(t, "simple stretches", func(o *Options) { o.noSimpleStretch = true },
		func(r *Result) int { return r.simpleStretchAnswers })
	assert.Positive(t, parked, "no day parked a stretch of heartbeats at once while simple held")
	m, w := stretchDay(t)
	stops := []Options{
		{Until: 3600*1000 + 7}, {Until: 2*3600*1000 + 501}, {Until: 3*3600*1000 + 250}, {Until: 5*3600*1000 + 123},
		{MaxEvents: 150_001}, {MaxEvents: 290_017}, {MaxEvents: 333_333},
	}
	stopped := 0
	sameStopsWithout(t, m, w, stops, func(o *Options) { o.noSimpleStretch = true }, func(_ Options, stretch *Result) {
		stopped += stretch.simpleStretchAnswers
	})
	assert.Positive(t, stopped, "no run with a stop parked a stretch of heartbeats at once while simple held")
}

// TestEligAnswersKeepTheEventLog: answering a futile beat of an elig rank
// from its bit (eligCovered), with ranks joining elig whenever hasRoom
// reads their mirror, keeps the event log, every count and the progress
// reports of reading each node's mirror entry (Options.readMirror), on
// busy days with and without reservations; under checkRoom every such
// answer reads the entry too and fails if it is not covered.
func TestEligAnswersKeepTheEventLog(t *testing.T) {
	answered := sameBusyDaysWithout(t, "eligCovered", func(o *Options) { o.readMirror = true },
		func(r *Result) int { return r.eligAnswers })
	assert.Positive(t, answered, "no day answered a beat from the elig bit")
}

// runLogged runs w on m with seed 3 and returns the event log, every
// progress report and the result: what the shortcut tests compare
// between a run with a shortcut and one without.
func runLogged(t *testing.T, m *xmlconf.Model, w *Workload, o Options) ([]byte, []Progress, *Result) {
	t.Helper()
	var log bytes.Buffer
	var seen []Progress
	o.Seed, o.Events = 3, &log
	o.Progress = func(p Progress) { seen = append(seen, p) }
	res, err := Run(m, w, o)
	require.NoError(t, err)
	return log.Bytes(), seen, res
}
