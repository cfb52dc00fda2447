package sim

import (
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStretchesReportProgressAsBeatsWould: a stretch of futile beats
// stops before the beat that reports progress (every 65,536 events) and
// leaves it to fastRun's one-by-one path, so progress is reported at the
// same events, with the same figures, as when every beat is answered one
// by one; and the stretches still answer most beats.
func TestStretchesReportProgressAsBeatsWould(t *testing.T) {
	m, w := stretchDay(t)
	run := func(o Options) ([]Progress, *Result) {
		var seen []Progress
		o.Seed, o.Until = 3, 6*3600*1000
		o.Progress = func(p Progress) { seen = append(seen, p) }
		res, err := Run(m, w, o)
		require.NoError(t, err)
		return seen, res
	}
	bulkSeen, bulk := run(Options{})
	oneSeen, one := run(Options{oneByOne: true})
	assert.GreaterOrEqual(t, len(oneSeen), 5)
	assert.Equal(t, oneSeen, bulkSeen)
	assert.Equal(t, one.Summary, bulk.Summary)
	assert.Greater(t, bulk.stretchAnswers, bulk.futileAnswers/4)
}

// stretchDay is the contended day's shape at 40 nodes and 600 apps over
// 100 leaves, preemption on: long stretches of futile beats.
func stretchDay(t *testing.T) (*xmlconf.Model, *Workload) {
	xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
	m := modelFrom(t, withPreemption(t, xml))
	g := contendedGen()
	g.Nodes, g.Apps = 40, 600
	w, err := Generate(m, g)
	require.NoError(t, err)
	return m, w
}
