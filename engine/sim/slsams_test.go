package sim

import (
	"bufio"
	"encoding/json"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// slsEvent is one line of the event log, as these tests read it.
type slsEvent struct {
	T         int64  `json:"t_ms"`
	Kind      string `json:"kind"`
	Container int64  `json:"container"`
	App       string `json:"app"`
	Priority  int32  `json:"priority"`
}

// oneNodeRun runs w on the sls-suite's queues and one 8 GB node, with 1 s
// node heartbeats and AM heartbeats of w's (1 s when unset), and returns
// the event log and the node's heartbeat phase (its first draw from the
// seeded source, as addNodeState draws it).
func oneNodeRun(t *testing.T, w *Workload) ([]slsEvent, int64, *Result) {
	t.Helper()
	w.Cluster = Cluster{Nodes: []NodeGroup{{Names: []string{"n0"}, MemoryMB: 8192, VCores: 8}}}
	w.AMHeartbeatMS = max(w.AMHeartbeatMS, 1000)
	w.NMHeartbeatMS = 1000
	var b strings.Builder
	res, err := Run(loadModel(t, "sls-suite"), w, Options{Seed: 1, Events: &b})
	require.NoError(t, err)
	var evs []slsEvent
	sc := bufio.NewScanner(strings.NewReader(b.String()))
	for sc.Scan() {
		var e slsEvent
		require.NoError(t, json.Unmarshal(sc.Bytes(), &e))
		evs = append(evs, e)
	}
	ph := rand.New(rand.NewSource(1)).Int63n(1000)
	require.Positive(t, ph, "the tests below assume the node does not beat on the AM's steps")
	return evs, ph, res
}

func find(evs []slsEvent, kind string, prio int32) (slsEvent, bool) {
	return findApp(evs, "", kind, prio)
}

// findApp is the first event of kind at prio, of app (any when "").
func findApp(evs []slsEvent, app, kind string, prio int32) (slsEvent, bool) {
	for _, e := range evs {
		if e.Kind == kind && e.Priority == prio && (app == "" || e.App == app) {
			return e, true
		}
	}
	return slsEvent{}, false
}

// mrApp is one MapReduce job: an AM, one 10 s map, one 5 s reduce, at
// SLS's MapReduce priorities.
func mrApp(id string, submit int64) App {
	return App{ID: id, Queue: "sls_queue_1", User: "u", SubmitMS: submit, AM: engine.Resource{MemoryMB: 1024, VCores: 1},
		Tasks: []TaskGroup{
			{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 10000, Priority: mrPriorityMap, Type: "map"},
			{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 5000, Priority: mrPriorityReduce, Phase: 1, Type: "reduce"},
		}}
}

// TestSLSAMTimingMRAMSimulator pins, step by step, one MapReduce AM and
// its two task containers as SLS 3.4 times them (slsams.go). The node
// beats at 1000+ph, 2000+ph, ... (NMSimulator's first heartbeat is one
// interval after its offset ph); the AM steps at 1000, 2000, ... after
// its submission at 0. Each row names the SLS method that sets the time.
func TestSLSAMTimingMRAMSimulator(t *testing.T) {
	evs, ph, res := oneNodeRun(t, &Workload{SLSAMs: true, Apps: []App{mrApp("job_1", 0)}})
	for _, c := range []struct {
		method string
		kind   string
		prio   int32
		want   int64
	}{
		// AMSimulator.firstStep submits at 0; the node's first heartbeat
		// (NMSimulator.middleStep at 1000+ph: firstStep at ph does
		// nothing) allocates the AM container (MockAMLauncher then calls
		// AMSimulator.notifyAMContainerLaunched, which registers).
		{"NMSimulator.firstStep+AMSimulator.notifyAMContainerLaunched", "allocated", amPriority, 1000 + ph},
		// AMSimulator.middleStep: the first step after the registration
		// (2000) asks for the map (MRAMSimulator.sendContainerRequest);
		// the next heartbeat allocates it.
		{"MRAMSimulator.sendContainerRequest", "allocated", mrPriorityMap, 2000 + ph},
		// The step at 3000 pulls it (allocate), the step at 4000 launches
		// it (MRAMSimulator.processResponseQueue,
		// NMSimulator.addNewContainer): it ends at 14000 and
		// NMSimulator.middleStep reports it at the next heartbeat.
		{"MRAMSimulator.processResponseQueue+NMSimulator.middleStep", "released", mrPriorityMap, 14000 + ph},
		// Pulled at 15000, processed at 16000, where the same step asks
		// for the reduce (MRAMSimulator.sendContainerRequest).
		{"MRAMSimulator.sendContainerRequest(reduce)", "allocated", mrPriorityReduce, 16000 + ph},
		// Pulled at 17000, launched at 18000, ends at 23000.
		{"NMSimulator.middleStep(reduce)", "released", mrPriorityReduce, 23000 + ph},
		// Pulled at 24000, processed at 25000: lastStep cleans up the AM
		// container (NMSimulator.cleanupContainer), which its node
		// reports at its next heartbeat; then the app finishes.
		{"AMSimulator.lastStep+NMSimulator.cleanupContainer", "released", amPriority, 25000 + ph},
	} {
		t.Run(c.method, func(t *testing.T) {
			e, ok := find(evs, c.kind, c.prio)
			require.True(t, ok, "no %s event at priority %d", c.kind, c.prio)
			assert.Equal(t, c.want, e.T)
		})
	}
	require.Len(t, res.Apps, 1)
	assert.Equal(t, AppFinished, res.Apps[0].State)
	assert.Equal(t, 25000+ph, res.Apps[0].FinishMS)
}

// TestSLSAMTimingNMSimulatorFirstStep: no node beats before one
// interval: NMRunner.startNM starts each NMSimulator at a random offset
// below the interval, its firstStep does nothing and its first heartbeat
// (middleStep) comes one interval later. With a 3 s interval and 20
// nodes, the first allocation (an AM submitted at 0) is at 3000 plus the
// smallest offset, never before 3000; capq's own workloads beat from
// their offsets at once.
func TestSLSAMTimingNMSimulatorFirstStep(t *testing.T) {
	for _, c := range []struct {
		name   string
		sls    bool
		before bool
	}{
		{"NMSimulator.firstStep", true, false},
		{"native", false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := &Workload{SLSAMs: c.sls, NMHeartbeatMS: 3000, Apps: []App{mrApp("job_1", 0)},
				Cluster: Cluster{Nodes: []NodeGroup{{Count: 20, MemoryMB: 8192, VCores: 8}}}}
			var b strings.Builder
			_, err := Run(loadModel(t, "sls-suite"), w, Options{Seed: 1, Events: &b})
			require.NoError(t, err)
			var first slsEvent
			for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
				var e slsEvent
				require.NoError(t, json.Unmarshal([]byte(line), &e))
				if e.Kind == "allocated" {
					first = e
					break
				}
			}
			require.Equal(t, "allocated", first.Kind)
			assert.Equal(t, c.before, first.T < 3000, "first allocation at %d", first.T)
			assert.Less(t, first.T, int64(6000))
		})
	}
}

// TestSLSAMTimingAMSimulatorNotifyAMContainerLaunched pins when an AM
// registers and first asks, with 2 s AM heartbeats: job_b, submitted at
// 3000 (steps at 5000, 7000, ...), waits (the queue's AM limit takes one
// AM) until job_a's AM container is released at 20000+ph, where its own
// is allocated and registers (MockAMLauncher,
// AMSimulator.notifyAMContainerLaunched); its first middleStep after
// that, at 21000, asks for its map, which the node's heartbeat at
// 21000+ph allocates. (capq's own timing asks one AM heartbeat after the
// allocation, and the map waits for the heartbeat at 22000+ph.)
func TestSLSAMTimingAMSimulatorNotifyAMContainerLaunched(t *testing.T) {
	a := App{ID: "job_a", Queue: "sls_queue_1", User: "u", AM: engine.Resource{MemoryMB: 1024, VCores: 1},
		Tasks: []TaskGroup{{Count: 1, MemoryMB: 7168, VCores: 1, DurationMS: 10000, Priority: mrPriorityMap, Type: "map"}}}
	b := App{ID: "job_b", Queue: "sls_queue_1", User: "u", SubmitMS: 3000, AM: engine.Resource{MemoryMB: 1024, VCores: 1},
		Tasks: []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 1000, Priority: mrPriorityMap, Type: "map"}}}
	evs, ph, _ := oneNodeRun(t, &Workload{SLSAMs: true, AMHeartbeatMS: 2000, Apps: []App{a, b}})
	for _, c := range []struct {
		app, kind string
		prio      int32
		want      int64
	}{
		// job_a asks at its step 2000; the map is launched at the step
		// 6000 (pulled at 4000) and ends at 16000.
		{"job_a", "allocated", mrPriorityMap, 2000 + ph},
		{"job_a", "released", mrPriorityMap, 16000 + ph},
		// Seen at 20000 (pulled at 18000): lastStep.
		{"job_a", "released", amPriority, 20000 + ph},
		{"job_b", "allocated", amPriority, 20000 + ph},
		{"job_b", "allocated", mrPriorityMap, 21000 + ph},
	} {
		e, ok := findApp(evs, c.app, c.kind, c.prio)
		require.True(t, ok, "%s: no %s at priority %d", c.app, c.kind, c.prio)
		assert.Equal(t, c.want, e.T, "%s: %s at priority %d", c.app, c.kind, c.prio)
	}
}

// TestNativeAMTimingUnchanged pins the timing of workloads not read from
// an SLS-style trace (SLSAMs unset): first asks one AM heartbeat after
// the AM's allocation, tasks released their duration after allocation,
// the app finished with its last task.
func TestNativeAMTimingUnchanged(t *testing.T) {
	evs, ph, res := oneNodeRun(t, &Workload{Apps: []App{mrApp("app_1", 0)}})
	for _, c := range []struct {
		kind string
		prio int32
		want int64
	}{
		{"allocated", amPriority, ph},
		{"allocated", mrPriorityMap, 1000 + ph},
		{"released", mrPriorityMap, 11000 + ph},
		{"allocated", mrPriorityReduce, 11000 + ph},
		{"released", mrPriorityReduce, 16000 + ph},
		{"released", amPriority, 16000 + ph},
	} {
		e, ok := find(evs, c.kind, c.prio)
		require.True(t, ok)
		assert.Equal(t, c.want, e.T, "%s at priority %d", c.kind, c.prio)
	}
	assert.Equal(t, 16000+ph, res.Apps[0].FinishMS)
}

// TestSLSAMTimingStreamAMSimulator: a stream AM running 30 s from its
// submission at 0 stops at the first step at or past 30000
// (StreamAMSimulator.processResponseQueue), releasing its streams in
// that step's allocate call (sendContainerRequest); lastStep at the next
// step cleans up the AM container, released at the node's heartbeat
// after 31000.
func TestSLSAMTimingStreamAMSimulator(t *testing.T) {
	app := App{ID: "job_s", Queue: "sls_queue_1", User: "u", AM: engine.Resource{MemoryMB: 1024, VCores: 1}, StreamMS: 30000,
		Tasks: []TaskGroup{{Count: 2, MemoryMB: 1024, VCores: 1, DurationMS: 30000, Priority: 20}}}
	evs, ph, res := oneNodeRun(t, &Workload{SLSAMs: true, Apps: []App{app}})
	var streams []int64
	for _, e := range evs {
		if e.Kind == "released" && e.Priority == 20 {
			streams = append(streams, e.T)
		}
	}
	assert.Equal(t, []int64{30000, 30000}, streams, "StreamAMSimulator.sendContainerRequest releases every stream")
	am, ok := find(evs, "released", amPriority)
	require.True(t, ok)
	assert.Equal(t, 31000+ph, am.T, "AMSimulator.lastStep one step later")
	assert.Equal(t, AppFinished, res.Apps[0].State)
}

// TestSLSAMTimingDAGAMSimulatorBatchReplaces: DAGAMSimulator asks each
// batch alone, and a ResourceRequest's count replaces the last one, so a
// batch asked while earlier containers wait drops them: here the node
// fits one more container at a time, the second batch replaces the
// first's waiting container, and the app never finishes, with a warning.
func TestSLSAMTimingDAGAMSimulatorBatchReplaces(t *testing.T) {
	app := App{ID: "job_d", Queue: "sls_queue_1", User: "u", AM: engine.Resource{MemoryMB: 1024, VCores: 1},
		Tasks: []TaskGroup{
			{Count: 2, MemoryMB: 3584, VCores: 1, DurationMS: 60000, Priority: 20},
			{Count: 1, MemoryMB: 3584, VCores: 1, DurationMS: 1000, Priority: 20, DelayMS: 3000},
		}}
	_, _, res := oneNodeRun(t, &Workload{SLSAMs: true, Apps: []App{app}})
	require.Len(t, res.Apps, 1)
	assert.NotEqual(t, AppFinished, res.Apps[0].State, "the replaced container is never allocated")
	assert.Equal(t, int64(1+2), res.Apps[0].Containers, "the AM, the first batch's first and the second batch's")
	found := false
	for _, w := range res.Warnings {
		if strings.Contains(w, `app "job_d"`) && strings.Contains(w, "DAGAMSimulator asks each batch alone") {
			found = true
		}
	}
	assert.True(t, found, "warnings: %v", res.Warnings)
}

// TestSLSAMSubmitAppMaxAttemptsOne: an SLS app whose AM container is lost
// fails: AMSimulator.submitApp sets maxAppAttempts 1 and
// RMAppImpl.AttemptFailedTransition starts no second attempt. Here the
// AM's only node is removed at 5000; a native app instead asks for a new
// AM (a second attempt), which waits for want of a node.
func TestSLSAMSubmitAppMaxAttemptsOne(t *testing.T) {
	for _, c := range []struct {
		name     string
		sls      bool
		state    string
		attempts int
	}{
		{"AMSimulator.submitApp", true, AppFailed, 1},
		{"native", false, AppAccepted, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := &Workload{SLSAMs: c.sls, Apps: []App{mrApp("job_1", 0)},
				Events: []Event{{AtMS: 5000, Kind: EventRemoveNodes, Names: []string{"n0"}}}}
			_, _, res := oneNodeRun(t, w)
			require.Len(t, res.Apps, 1)
			assert.Equal(t, c.state, res.Apps[0].State)
			assert.Equal(t, c.attempts, res.Apps[0].Attempts)
			if c.sls {
				assert.Contains(t, res.Apps[0].Reason, "maxAppAttempts 1")
				assert.Equal(t, int64(5000), res.Apps[0].FinishMS)
			}
		})
	}
}

// TestSLSAMTimingMRAMSimulatorFailedMaps: a task container the RM kills
// is asked for again when the AM processes its completion:
// MRAMSimulator.processResponseQueue moves it to pendingFailedMaps at the
// second step after the kill (the first pulls it), and that step's
// sendContainerRequest asks. The map runs on node m, removed at 10000
// (the AM's steps are at 11000, 12000): the SLS AM asks at 12000, a
// native AM at once, and node m2 (added at 10500) allocates it at its
// first heartbeat after the ask, and the re-run lasts the map's 10 s.
func TestSLSAMTimingMRAMSimulatorFailedMaps(t *testing.T) {
	for _, c := range []struct {
		name string
		sls  bool
		ask  int64
	}{
		{"MRAMSimulator.processResponseQueue", true, 12000},
		{"native", false, 10500},
	} {
		t.Run(c.name, func(t *testing.T) {
			app := mrApp("job_1", 0)
			app.Tasks[0].MemoryMB = 4096
			w := &Workload{SLSAMs: c.sls, Apps: []App{app},
				Events: []Event{
					{AtMS: 1500, Kind: EventAddNodes, Nodes: []NodeGroup{{Names: []string{"m"}, MemoryMB: 8192, VCores: 8}}},
					{AtMS: 10000, Kind: EventRemoveNodes, Names: []string{"m"}},
					{AtMS: 10500, Kind: EventAddNodes, Nodes: []NodeGroup{{Names: []string{"m2"}, MemoryMB: 8192, VCores: 8}}},
				}}
			w.Cluster = Cluster{Nodes: []NodeGroup{{Names: []string{"n0"}, MemoryMB: 2048, VCores: 8}}}
			w.AMHeartbeatMS, w.NMHeartbeatMS = 1000, 1000
			var b strings.Builder
			res, err := Run(loadModel(t, "sls-suite"), w, Options{Seed: 1, Events: &b})
			require.NoError(t, err)
			var maps []int64
			for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
				var e slsEvent
				require.NoError(t, json.Unmarshal([]byte(line), &e))
				if e.Kind == "allocated" && e.Priority == mrPriorityMap {
					maps = append(maps, e.T)
				}
			}
			require.Len(t, maps, 2, "the map and its re-run")
			assert.Less(t, maps[0], int64(10000))
			assert.GreaterOrEqual(t, maps[1], c.ask)
			assert.Less(t, maps[1], c.ask+1000)
			assert.Equal(t, AppFinished, res.Apps[0].State)
			// The re-run lasts the map's own 10 s (its duration came
			// back in the kill's release event), then the 5 s reduce runs.
			assert.GreaterOrEqual(t, res.Apps[0].FinishMS, maps[1]+app.Tasks[0].DurationMS+app.Tasks[1].DurationMS)
		})
	}
}

// TestSLSAMTimingStreamAMSimulatorUnlaunched: a stream AM stopping before
// it launched its streams does not release them. Running 3 s, it
// registers at 1000+ph, asks at 2000, its first stream is allocated at
// 2000+ph; at 3000 StreamAMSimulator.processResponseQueue stops at its
// run-time check before launching it, and sendContainerRequest releases
// only assignedStreams (none) and cancels no ask, so the second stream
// is allocated at 3000+ph. Both stay until the app ends, at the AM
// container's release after lastStep (4000+ph).
func TestSLSAMTimingStreamAMSimulatorUnlaunched(t *testing.T) {
	app := App{ID: "job_s", Queue: "sls_queue_1", User: "u", AM: engine.Resource{MemoryMB: 1024, VCores: 1}, StreamMS: 3000,
		Tasks: []TaskGroup{{Count: 2, MemoryMB: 1024, VCores: 1, DurationMS: 3000, Priority: 20}}}
	evs, ph, res := oneNodeRun(t, &Workload{SLSAMs: true, Apps: []App{app}})
	var allocs, streams []int64
	for _, e := range evs {
		if e.Priority != 20 {
			continue
		}
		switch e.Kind {
		case "allocated":
			allocs = append(allocs, e.T)
		case "released":
			streams = append(streams, e.T)
		}
	}
	assert.Equal(t, []int64{2000 + ph, 3000 + ph}, allocs)
	assert.Equal(t, []int64{4000 + ph, 4000 + ph}, streams, "kept until the app ends")
	am, ok := find(evs, "released", amPriority)
	require.True(t, ok)
	assert.Equal(t, 4000+ph, am.T)
	assert.Equal(t, AppFinished, res.Apps[0].State)
}

// TestSLSNMHeartbeatDefault: an SLS trace's nodes beat every
// yarn.sls.nm.heartbeat.interval.ms, 1000 unless sls-runner.xml sets it
// (NMRunner.startNM reads SLSConfiguration.NM_HEARTBEAT_INTERVAL_MS
// alone), whatever yarn-site.xml's
// yarn.resourcemanager.nodemanagers.heartbeat-interval-ms says; the run
// warns that the latter is not used.
func TestSLSNMHeartbeatDefault(t *testing.T) {
	site := `<configuration><property><name>` + xmlconf.NodeHeartbeatKey + `</name><value>3000</value></property></configuration>`
	l, err := xmlconf.Load(xmlconf.LoadOptions{
		YarnSite:          []xmlconf.Source{{Name: "yarn-site.xml", Data: []byte(site)}},
		CapacityScheduler: []xmlconf.Source{{Name: "cs.xml", Data: []byte(twoQueues)}},
	})
	require.NoError(t, err)
	trace := `{"job.start.ms": 0, "job.end.ms": 5000, "job.queue.name": "a", "job.id": "job_1", "job.user": "u",
	  "job.tasks": [{"count": 1, "container.host": "/r/n0", "container.start.ms": 0, "container.end.ms": 5000, "container.priority": 20, "container.type": "map"}]}`
	for _, c := range []struct {
		name string
		conf map[string]string
		hb   int64
		warn bool
	}{
		{"NMRunner.startNM default", map[string]string{}, 1000, true},
		{"sls-runner.xml sets it", map[string]string{"yarn.sls.nm.heartbeat.interval.ms": "3000"}, 3000, false},
		{"sls-runner.xml sets 1000", map[string]string{"yarn.sls.nm.heartbeat.interval.ms": "1000"}, 1000, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.conf["yarn.sls.am.type.mapreduce"] = "org.apache.hadoop.yarn.sls.appmaster.MRAMSimulator"
			set, err := xmlconf.SLSSettingsFromConf(c.conf)
			require.NoError(t, err)
			w, err := ReadSLS("t.json", []byte(trace), set, nil, 0)
			require.NoError(t, err)
			res, err := Run(l.Model, w, Options{Seed: 1})
			require.NoError(t, err)
			assert.Equal(t, c.hb, res.HeartbeatMS)
			found := false
			for _, s := range res.Warnings {
				found = found || strings.Contains(s, "heartbeat-interval-ms = 3000 is not used")
			}
			assert.Equal(t, c.warn, found, "warnings: %v", res.Warnings)
		})
	}
}
