package sim

import (
	"bytes"
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEndsOfGoneContainersKeepTheEventLog: the end of a container that
// preemption killed earlier changes nothing in the engine
// (Engine.ReleaseRunning finds no such container), so the futile record
// stands across it (containerDone). Busy days with preemption run with
// it and with a new epoch at every end (Options.everyEndEpoch): the event
// logs are byte for byte the same, and so are the counts and progress,
// while the record kept across such ends answers beats without a walk.
func TestEndsOfGoneContainersKeepTheEventLog(t *testing.T) {
	xml := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
	generated := modelFrom(t, withPreemption(t, xml))
	seeds := loadModel(t, "workloads/seeds-preemption")
	wide := contendedGen() // 40 nodes: long stretches of futile beats
	wide.Nodes, wide.Apps = 40, 600
	small := GenOptions{Seed: 13, Apps: 100, Nodes: 20, NodeMemoryMB: 10240, NodeVCores: 16, TaskMemoryMB: []int64{1024, 4096}, DurationMeanMS: 300000, DurationMS: 3600 * 1000}
	gone, saved := 0, 0
	for _, c := range []struct {
		m   *xmlconf.Model
		g   GenOptions
		sls bool // SLS's AM timing (Workload.SLSAMs): killed tasks asked again at the AM's step
	}{{generated, contendedGen(), false}, {generated, wide, false}, {seeds, small, false}, {seeds, small, true}} {
		m := c.m
		w, err := Generate(m, c.g)
		require.NoError(t, err)
		w.SLSAMs = c.sls
		run := func(o Options) ([]byte, []Progress, *Result) { return runLogged(t, m, w, o) }
		onLog, onSeen, on := run(Options{})
		offLog, offSeen, off := run(Options{everyEndEpoch: true})
		assert.True(t, bytes.Equal(offLog, onLog), "seed %d sls %v: keeping the record across gone ends changes the event log", c.g.Seed, c.sls)
		assert.Equal(t, offSeen, onSeen, "seed %d sls %v", c.g.Seed, c.sls)
		assert.Equal(t, off.Summary, on.Summary, "seed %d sls %v", c.g.Seed, c.sls)
		assert.GreaterOrEqual(t, on.futileAnswers, off.futileAnswers, "seed %d sls %v", c.g.Seed, c.sls)
		gone += on.goneEnds
		saved += on.futileAnswers - off.futileAnswers
		t.Logf("seed %d sls %v: %d ends of gone containers, %d more beats answered without a walk (%d preempted)",
			c.g.Seed, c.sls, on.goneEnds, on.futileAnswers-off.futileAnswers, on.Summary.Preempted)
	}
	assert.Positive(t, gone, "no day ended a container preempted earlier")
	assert.Positive(t, saved, "keeping the record across gone ends saved no walk")
}
