package sim

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

func repo(parts ...string) string {
	return filepath.Join(append([]string{golden.RepoRoot()}, parts...)...)
}

// loadModel loads a configuration directory as capq's commands do: its
// capacity-scheduler.xml over its yarn-site.xml, if it has one.
func loadModel(t testing.TB, dir string) *xmlconf.Model {
	t.Helper()
	opts := xmlconf.LoadOptions{CapacityScheduler: []xmlconf.Source{{Name: repo("testdata", dir, "capacity-scheduler.xml")}}}
	if ys, ok := xmlconf.ConfDirYarnSite(repo("testdata", dir)); ok {
		opts.YarnSite = []xmlconf.Source{ys}
	}
	l, err := xmlconf.Load(opts)
	require.NoError(t, err)
	return l.Model
}

func loadWorkload(t testing.TB, name string) *Workload {
	t.Helper()
	data, err := os.ReadFile(repo("testdata", "workloads", name))
	require.NoError(t, err)
	w, err := ReadNative(name, data)
	require.NoError(t, err)
	return w
}

func simulate(t testing.TB, cfg, workload string, opts Options) *Result {
	t.Helper()
	res, err := Run(loadModel(t, cfg), loadWorkload(t, workload), opts)
	require.NoError(t, err)
	return res
}

func render(t testing.TB, r *Result, json bool) []byte {
	var b bytes.Buffer
	if json {
		require.NoError(t, RenderJSON(&b, r))
	} else {
		require.NoError(t, RenderText(&b, r))
	}
	return b.Bytes()
}

func TestGoldenSmall(t *testing.T) {
	res := simulate(t, "seeds-example", "small.json", Options{Seed: 7, SampleMS: 10000, RejectUnknownQueues: true})
	golden.Assert(t, "simulate/small.txt", render(t, res, false))
	golden.Assert(t, "simulate/small.json", render(t, res, true))
}

func TestSameSeedSameBytes(t *testing.T) {
	var events [2]bytes.Buffer
	var out [2][]byte
	for i := range out {
		res := simulate(t, "seeds-example", "seeds-example.json", Options{Seed: 42, Events: &events[i]})
		out[i] = render(t, res, true)
	}
	assert.Equal(t, out[0], out[1])
	assert.Equal(t, events[0].Bytes(), events[1].Bytes())
	assert.NotZero(t, events[0].Len())
	other := render(t, simulate(t, "seeds-example", "seeds-example.json", Options{Seed: 43}), true)
	assert.NotEqual(t, out[0], other, "a different seed moves the heartbeat offsets")
}

// TestSkippingIdleHeartbeatsChangesNothing runs workloads once with idle
// skipping and once beating every node every second like the RM.
func TestSkippingIdleHeartbeatsChangesNothing(t *testing.T) {
	for _, c := range []struct{ cfg, workload string }{
		{"seeds-example", "seeds-example.json"},
		{"seeds-dev-max40-eng-max60", "seeds-example.json"},
		{"seeds-example", "small.json"},
	} {
		fast := simulate(t, c.cfg, c.workload, Options{Seed: 3, RejectUnknownQueues: true})
		slow := simulate(t, c.cfg, c.workload, Options{Seed: 3, RejectUnknownQueues: true, exhaustive: true})
		assert.Less(t, fast.Summary.Heartbeats, slow.Summary.Heartbeats)
		fast.Summary.Heartbeats, slow.Summary.Heartbeats = 0, 0
		assert.Equal(t, render(t, slow, true), render(t, fast, true), c.cfg+" "+c.workload)
	}
}

// TestSkippingIdleHeartbeatsGenerated checks the same on a busy generated
// workload (queue limits, user limits, AM limits, reduce phases) whose
// containers all fit any node with room, so nothing is reserved.
func TestSkippingIdleHeartbeatsGenerated(t *testing.T) {
	for _, cfg := range []string{"seeds-example", "seeds-dev-max40-eng-max60"} {
		m := loadModel(t, cfg)
		w, err := Generate(m, GenOptions{Seed: 5, Apps: 300, Nodes: 20, NodeMemoryMB: 8192, NodeVCores: 8,
			TaskMemoryMB: []int64{1024}, DurationMS: 2 * 3600 * 1000})
		require.NoError(t, err)
		fast, err := Run(m, w, Options{Seed: 9})
		require.NoError(t, err)
		slow, err := Run(m, w, Options{Seed: 9, exhaustive: true})
		require.NoError(t, err)
		assert.Zero(t, slow.Summary.Reservations)
		assert.Less(t, fast.Summary.Heartbeats*3, slow.Summary.Heartbeats)
		fast.Summary.Heartbeats, slow.Summary.Heartbeats = 0, 0
		assert.Equal(t, render(t, slow, true), render(t, fast, true), cfg)
	}
}

// TestSkippingWithReservationsIsExact: with reservations the skipping
// falls back to waking every parked node (see simple), so the result is
// the RM's exactly.
func TestSkippingWithReservationsIsExact(t *testing.T) {
	m := loadModel(t, "seeds-example")
	w, err := Generate(m, GenOptions{Seed: 5, Apps: 300, Nodes: 20, NodeMemoryMB: 16384, NodeVCores: 16, DurationMS: 2 * 3600 * 1000})
	require.NoError(t, err)
	fast, err := Run(m, w, Options{Seed: 9})
	require.NoError(t, err)
	slow, err := Run(m, w, Options{Seed: 9, exhaustive: true})
	require.NoError(t, err)
	require.NotZero(t, slow.Summary.Reservations)
	assert.Less(t, fast.Summary.Heartbeats, slow.Summary.Heartbeats)
	fast.Summary.Heartbeats, slow.Summary.Heartbeats = 0, 0
	assert.Equal(t, render(t, slow, true), render(t, fast, true))
}

// DefaultGenOptions is complete (filling defaults changes nothing), and a
// zero ReduceShare keeps its meaning (no reduce phase) instead of taking
// the default.
func TestDefaultGenOptions(t *testing.T) {
	d := DefaultGenOptions()
	assert.Equal(t, d, d.withDefaults())
	assert.Equal(t, 0.3, d.ReduceShare)
	assert.Zero(t, GenOptions{}.withDefaults().ReduceShare)
	o := GenOptions{}.withDefaults()
	o.ReduceShare, o.Seed = d.ReduceShare, d.Seed
	assert.Equal(t, d, o, "zero fields take DefaultGenOptions' values")
}

// A configuration that turns on something the engine does not model says
// so at the top of the report, in text and JSON.
func TestUnmodelledWarnings(t *testing.T) {
	m := loadModel(t, "seeds-example")
	m.Conf.Set("yarn.scheduler.capacity.lazy-preemption-enabled", "true")
	m.Conf.Set("yarn.resourcemanager.monitor.capacity.preemption.select_based_on_reserved_containers", "true")
	res, err := Run(m, loadWorkload(t, "seeds-example.json"), Options{Seed: 1})
	require.NoError(t, err)
	require.Len(t, res.Warnings, 1)
	assert.Contains(t, string(render(t, res, false)), "\nwarning: not modelled: yarn.scheduler.capacity.lazy-preemption-enabled: killable containers in the reserved-container selector")
	assert.Contains(t, string(render(t, res, true)), `"warnings": [`)
}

// RMAppImpl: an application is ACCEPTED until its AM registers
// (ATTEMPT_REGISTERED), one AM heartbeat after the AM container is
// allocated, and RUNNING from then on.
func TestAppAcceptedUntilAMRegisters(t *testing.T) {
	full := simulate(t, "seeds-example", "seeds-example.json", Options{Seed: 1})
	var first *AppResult
	for i := range full.Apps {
		if full.Apps[i].FirstContainerMS >= 0 {
			first = &full.Apps[i]
			break
		}
	}
	require.NotNil(t, first)
	at := func(until int64) string {
		res := simulate(t, "seeds-example", "seeds-example.json", Options{Seed: 1, Until: until})
		for _, a := range res.Apps {
			if a.ID == first.ID {
				require.Equal(t, first.FirstContainerMS, a.FirstContainerMS, "the AM container is allocated by then")
				return a.State
			}
		}
		return ""
	}
	assert.Equal(t, AppAccepted, at(first.FirstContainerMS), "AM allocated, not yet registered")
	assert.Equal(t, AppRunning, at(first.FirstContainerMS+DefaultAMHeartbeatMS), "registered one AM heartbeat later")
}
