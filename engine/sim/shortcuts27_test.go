package sim

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/xmlconf"
)

// TestShortcutsKeepTheEventLog27: on the 2.7 profile the user limit is
// computed per app and request (engine/userlimit27.go) and the per-user
// pass cache and blocked-leaf marks are not used; every other shortcut
// must still change no decision. A generated tree of 100 leaves under
// contention (many users at their limits) gives the same event log with
// every shortcut as with none.
func TestShortcutsKeepTheEventLog27(t *testing.T) {
	xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
	doc, err := xmlconf.ReadBytes("cs.xml", xml, xmlconf.ReadOptions{})
	require.NoError(t, err)
	m := xmlconf.Build(xmlconf.NewConf(doc), xmlconf.BuildOptions{Version: xmlconf.V2_7})
	w, err := Generate(m, GenOptions{Seed: 9, Apps: 600, Nodes: 6, DurationMS: 2 * 3600 * 1000, ReduceShare: 0.3})
	require.NoError(t, err)
	run := func(o Options) ([]byte, *Result) {
		var log bytes.Buffer
		o.Seed, o.Events, o.MaxEvents = 9, &log, -1
		res, err := Run(m, w, o)
		require.NoError(t, err)
		return log.Bytes(), res
	}
	want, all := run(Options{exhaustive: true, walkEveryLeaf: true, beatFutile: true})
	require.NotZero(t, all.Summary.ContainersAllocated)
	got, res := run(Options{})
	assert.True(t, bytes.Equal(want, got), "2.7: the shortcuts change the event log (%d vs %d containers)",
		all.Summary.ContainersAllocated, res.Summary.ContainersAllocated)
}
