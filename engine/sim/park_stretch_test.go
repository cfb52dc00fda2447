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
	xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
	m := modelFrom(t, withPreemption(t, xml))
	wide := contendedGen() // 40 nodes: long stretches of futile beats
	wide.Nodes, wide.Apps = 40, 600
	parked := 0
	for _, g := range []GenOptions{contendedGen(), {Seed: 9, Apps: 600, Nodes: 6, DurationMS: 2 * 3600 * 1000, ReduceShare: 0.3}, wide} {
		w, err := Generate(m, g)
		require.NoError(t, err)
		run := func(o Options) ([]byte, []Progress, *Result) {
			var log bytes.Buffer
			var seen []Progress
			o.Seed, o.Events = 3, &log
			o.Progress = func(p Progress) { seen = append(seen, p) }
			res, err := Run(m, w, o)
			require.NoError(t, err)
			return log.Bytes(), seen, res
		}
		stretchLog, stretchSeen, stretch := run(Options{})
		oneLog, oneSeen, one := run(Options{noParkStretch: true})
		assert.True(t, bytes.Equal(oneLog, stretchLog), "seed %d: parkStretch changes the event log", g.Seed)
		assert.Equal(t, oneSeen, stretchSeen, "seed %d", g.Seed)
		assert.Equal(t, one.Summary, stretch.Summary, "seed %d", g.Seed)
		assert.Equal(t, one.futileAnswers, stretch.futileAnswers, "seed %d", g.Seed)
		assert.Zero(t, one.parkStretchAnswers)
		parked += stretch.parkStretchAnswers
		t.Logf("seed %d: %d of %d futile answers parked in stretches", g.Seed, stretch.parkStretchAnswers, stretch.futileAnswers)
	}
	assert.Positive(t, parked, "no day parked a stretch of heartbeats at once")
}

// TestParkStretchesStopWhereBeatsWould: a stretch parked at once stops at
// Until and at the exact event that uses the work budget up, as parking
// the beats one by one does.
func TestParkStretchesStopWhereBeatsWould(t *testing.T) {
	m, w := stretchDay(t)
	parked := 0
	for _, o := range []Options{
		{Until: 3600*1000 + 7}, {Until: 2*3600*1000 + 501}, {Until: 3*3600*1000 + 250}, {Until: 5*3600*1000 + 123},
		{MaxEvents: 150_001}, {MaxEvents: 290_017}, {MaxEvents: 333_333},
	} {
		o.Seed = 3
		stretch, stretchErr := Run(m, w, o)
		o.noParkStretch = true
		one, oneErr := Run(m, w, o)
		if o.MaxEvents > 0 {
			sameBudgetStop(t, oneErr, stretchErr, o.MaxEvents)
			continue
		}
		require.NoError(t, oneErr)
		require.NoError(t, stretchErr)
		assert.True(t, one.Summary.StoppedAtUntil)
		assert.Equal(t, one.Summary, stretch.Summary, "Until %d", o.Until)
		parked += stretch.parkStretchAnswers
	}
	assert.Positive(t, parked, "no run parked a stretch of heartbeats at once")
}

// TestEligAnswersKeepTheEventLog: answering a futile beat of an elig rank
// from its bit (eligCovered), with ranks joining elig whenever hasRoom
// reads their mirror, keeps the event log, every count and the progress
// reports of reading each node's mirror entry (Options.readMirror), on
// busy days with and without reservations; under checkRoom every such
// answer reads the entry too and fails if it is not covered.
func TestEligAnswersKeepTheEventLog(t *testing.T) {
	xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
	m := modelFrom(t, withPreemption(t, xml))
	wide := contendedGen()
	wide.Nodes, wide.Apps = 40, 600
	answered := 0
	for _, g := range []GenOptions{contendedGen(), {Seed: 9, Apps: 600, Nodes: 6, DurationMS: 2 * 3600 * 1000, ReduceShare: 0.3}, wide} {
		w, err := Generate(m, g)
		require.NoError(t, err)
		run := func(o Options) ([]byte, []Progress, *Result) {
			var log bytes.Buffer
			var seen []Progress
			o.Seed, o.Events = 3, &log
			o.Progress = func(p Progress) { seen = append(seen, p) }
			res, err := Run(m, w, o)
			require.NoError(t, err)
			return log.Bytes(), seen, res
		}
		bitLog, bitSeen, bit := run(Options{})
		readLog, readSeen, read := run(Options{readMirror: true})
		assert.True(t, bytes.Equal(readLog, bitLog), "seed %d: eligCovered changes the event log", g.Seed)
		assert.Equal(t, readSeen, bitSeen, "seed %d", g.Seed)
		assert.Equal(t, read.Summary, bit.Summary, "seed %d", g.Seed)
		assert.Equal(t, read.futileAnswers, bit.futileAnswers, "seed %d", g.Seed)
		assert.Zero(t, read.eligAnswers)
		answered += bit.eligAnswers
		t.Logf("seed %d: %d of %d futile answers from the elig bit", g.Seed, bit.eligAnswers, bit.futileAnswers)
	}
	assert.Positive(t, answered, "no day answered a beat from the elig bit")
}
