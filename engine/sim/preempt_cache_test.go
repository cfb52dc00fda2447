package sim

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// preemptProps turns the ProportionalCapacityPreemptionPolicy on with
// the FIFO selector, and with more the reserved-container and
// balance-after-satisfied selectors (each keeps its own trees), and with
// intra the intra-queue selector too (its calculator's under-served sets
// need fresh trees).
func preemptProps(more, intra bool) string {
	const p = "yarn.resourcemanager.monitor.capacity.preemption."
	s := preemptionOn
	if more {
		s += prop(p+"select_based_on_reserved_containers", "true") +
			prop(p+"preemption-to-balance-queue-after-satisfied.enabled", "true")
	}
	if intra {
		s += prop(p+"intra-queue-preemption.enabled", "true")
	}
	return s
}

func prop(k, v string) string {
	return "<property><name>" + k + "</name><value>" + v + "</value></property>"
}

// withProps loads a configuration with extra properties appended.
func withProps(t *testing.T, xml []byte, props string) *xmlconf.Model {
	t.Helper()
	return modelFrom(t, bytes.Replace(xml, []byte("</configuration>"), []byte(props+"</configuration>"), 1))
}

// readConfig is dir's capacity-scheduler.xml with its yarn-site.xml's
// properties, if it has one, added at the end: one configuration for
// modelFrom.
func readConfig(t *testing.T, dir string) []byte {
	t.Helper()
	b, err := os.ReadFile(repo("testdata", dir, "capacity-scheduler.xml"))
	require.NoError(t, err)
	site, err := os.ReadFile(repo("testdata", dir, "yarn-site.xml"))
	if os.IsNotExist(err) {
		return b
	}
	require.NoError(t, err)
	props := site[bytes.Index(site, []byte("<property>")):bytes.LastIndex(site, []byte("</configuration>"))]
	return bytes.Replace(b, []byte("</configuration>"), append(props, "</configuration>"...), 1)
}

// preemptionDay is one busy day with preemption on.
type preemptionDay struct {
	name string
	m    *xmlconf.Model
	w    *Workload
	load func(string) (*xmlconf.Model, error) // the refreshes' configurations
}

func preemptionDays(t *testing.T) []preemptionDay {
	wide := xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: queuesFor(100), FanOut: 10, Seed: 1})
	contended := contendedGen()
	seeds := GenOptions{Seed: 8, Apps: 150, Nodes: 10, NodeMemoryMB: 16384, NodeVCores: 16, DurationMS: 3600 * 1000, ReduceShare: 0.3}
	var days []preemptionDay
	add := func(name string, m *xmlconf.Model, o GenOptions) {
		w, err := Generate(m, o)
		require.NoError(t, err)
		days = append(days, preemptionDay{name: name, m: m, w: w})
	}
	add("100 leaves, contended", withProps(t, wide, preemptProps(false, false)), contended)
	add("100 leaves, contended, reserved and balance selectors", withProps(t, wide, preemptProps(true, false)), contended)
	add("100 leaves, contended, every selector", withProps(t, wide, preemptProps(true, true)), contended)
	add("seeds-preemption", withProps(t, readConfig(t, "workloads/seeds-preemption"), ""), seeds)
	add("seeds-preemption, reserved and balance selectors", withProps(t, readConfig(t, "workloads/seeds-preemption"), preemptProps(true, false)), seeds)
	add("seeds-preemption, every selector", withProps(t, readConfig(t, "workloads/seeds-preemption"), preemptProps(true, true)), seeds)
	m := withProps(t, readConfig(t, "workloads/labels"), preemptProps(true, false))
	add("labels, gpu partition", m, GenOptions{Seed: 11, Apps: 100, Nodes: 12, NodeMemoryMB: 16384, NodeVCores: 16, DurationMS: 3600 * 1000, ReduceShare: 0.3})
	labelGPU(days[len(days)-1].m, days[len(days)-1].w)
	ev := []Event{{AtMS: 30 * 60000, Kind: EventUpdateNodeLabels, Partitions: map[string]string{"node1": "gpu", "node0": ""}}}
	days[len(days)-1].w.Events = ev
	return append(days, changingDay(t, seeds))
}

// changingDay is seeds-preemption under the dominant resource calculator
// with the cluster and the configuration changing under the kept
// totals and trees: nodes leave and join, and a refresh moves the
// capacities and back.
func changingDay(t *testing.T, o GenOptions) preemptionDay {
	const drf = "<property><name>yarn.scheduler.capacity.resource-calculator</name>" +
		"<value>org.apache.hadoop.yarn.util.resource.DominantResourceCalculator</value></property>"
	xml := readConfig(t, "workloads/seeds-preemption")
	m := withProps(t, xml, drf)
	moved := bytes.Replace(xml, []byte("<value>60</value>"), []byte("<value>40</value>"), 1)
	moved = bytes.Replace(moved, []byte("<value>10</value>"), []byte("<value>30</value>"), 1)
	refreshed := withProps(t, moved, drf)
	w, err := Generate(m, o)
	require.NoError(t, err)
	w.Events = []Event{
		{AtMS: 10 * 60000, Kind: EventRemoveNodes, Names: []string{"node0", "node1"}},
		{AtMS: 20 * 60000, Kind: EventAddNodes, Nodes: []NodeGroup{{Count: 3, Prefix: "new", MemoryMB: 16384, VCores: 16}}},
		{AtMS: 30 * 60000, Kind: EventRefresh, Config: "moved"},
		{AtMS: 45 * 60000, Kind: EventRefresh, Config: "back"},
	}
	// Run trusts Generate's Validate (Workload.validated): the events
	// added since are validated here, as a reader would.
	require.NoError(t, w.Validate())
	load := func(name string) (*xmlconf.Model, error) {
		if name == "moved" {
			return refreshed, nil
		}
		return m, nil
	}
	return preemptionDay{name: "seeds-preemption, DRF, nodes and refreshes", m: m, w: w, load: load}
}

// TestPreemptCacheKeepsTheEventLog: busy days with preemption, run with
// the preemption round's cached totals (preempt_cache.go), without them,
// and with every reused total checked against a fresh walk, give
// byte-identical event logs (allocations, reservations, marks and kills).
func TestPreemptCacheKeepsTheEventLog(t *testing.T) {
	sameLogInEveryMode(t, "the cache", engine.SetPreemptCacheForTests)
}

// TestFixpointOrderKeepsTheEventLog: busy days with preemption, run with
// each fixpoint pass's need list ordered from what the pass changed
// (engine/preempt_fixpoint.go), with a reset and sort every pass, and
// with every ordered list checked against a reset and sort, give
// byte-identical event logs.
func TestFixpointOrderKeepsTheEventLog(t *testing.T) {
	sameLogInEveryMode(t, "ordering the need lists", engine.SetFixpointForTests)
}

// sameLogInEveryMode runs each preemption day with a shortcut "off",
// "on" and under "check" (set chooses the mode and returns its restore)
// and requires the three event logs to be identical.
func sameLogInEveryMode(t *testing.T, what string, set func(mode string) (restore func())) {
	if testing.Short() {
		t.Skip("whole simulated days")
	}
	for _, d := range preemptionDays(t) {
		run := func(mode string) ([]byte, *Result) {
			defer set(mode)()
			var log bytes.Buffer
			res, err := Run(d.m, d.w, Options{Seed: 9, Events: &log, LoadConfig: d.load})
			require.NoError(t, err)
			return log.Bytes(), res
		}
		want, ref := run("off")
		require.NotZero(t, ref.Summary.Preempted, "%s: nothing preempted, the day shows nothing", d.name)
		for _, r := range ref.Refreshes {
			require.True(t, r.Accepted, "%s: %s refused: %v", d.name, r.Config, r.Errors)
		}
		for _, mode := range []string{"on", "check"} {
			got, res := run(mode)
			assert.True(t, bytes.Equal(want, got), "%s: %s (%s) changes the event log (%d vs %d preempted)",
				d.name, what, mode, ref.Summary.Preempted, res.Summary.Preempted)
		}
		t.Logf("%s: %d containers, %d preempted", d.name, ref.Summary.ContainersAllocated, ref.Summary.Preempted)
	}
}
