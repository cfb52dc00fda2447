package sim

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/capq/capq/xmlconf"
)

// The readers must never panic, whatever the input; errors are fine.

func FuzzReadSLS(f *testing.F) {
	f.Add([]byte(`{"num.nodes": 3, "num.racks": 2}` + "\n" + `{"job.queue.name": "a", "job.count": 2, "job.tasks": [{"count": 2, "container.host": "/r/h", "duration.ms": 5, "container.type": "reduce"}]}`))
	f.Add([]byte(`{"am.type": "stream", "job.queue.name": "a", "job.tasks": [{"container.start.ms": 1, "container.end.ms": 9, "container.memory": "12"}]}`))
	f.Add([]byte(`{"job.tasks": [1, "x", null]}`))
	f.Add([]byte(`{"job.queue.name": "a", "job.label.expression": "gpu", "job.tasks": [{"count": 1, "duration.ms": 5}]}`))
	f.Add([]byte(`{"job.queue.name": "a", "job.tasks": [{"duration.ms": 5, "container.allocation.id": 7, "container.memory-mb": 2048}, {"duration.ms": 5, "container.allocation.id": -1}, {"duration.ms": 6, "container.allocation.id": 7, "container.type": "reduce"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := ReadSLS("f.json", data, xmlconf.DefaultSLSSettings(), nil, 0)
		if err == nil && w == nil {
			t.Fatal("nil workload without error")
		}
		_, _ = Detect(data)
	})
}

func FuzzReadNative(f *testing.F) {
	f.Add([]byte(`{"cluster": {"nodes": [{"count": 2, "memory_mb": 1024, "vcores": 1}]}, "apps": [{"id": "a", "queue": "q", "user": "u", "am": {"memory_mb": 1, "vcores": 1}, "tasks": [{"count": 1, "memory_mb": 1, "vcores": 1, "duration_ms": 1, "priority": 1}]}], "events": [{"at_ms": 1, "kind": "remove_nodes", "names": ["node0"]}]}`))
	f.Add([]byte(`{"apps": [{"tasks": [{"count": -1}]}]}`))
	f.Add([]byte(`{"cluster": {"node_labels": [{"name": "gpu", "exclusive": false}], "nodes": [{"count": 1, "memory_mb": 1024, "vcores": 1, "partition": "gpu"}]}, "apps": [{"id": "a", "queue": "q", "user": "u", "node_label_expression": "gpu", "am_node_label_expression": "", "am": {"memory_mb": 1, "vcores": 1}, "tasks": [{"count": 1, "memory_mb": 1, "vcores": 1, "duration_ms": 1, "priority": 1, "node_label_expression": "gpu&&x"}]}]}`))
	f.Add([]byte(`{"users": {"u": ["g1", "g2"]}, "cluster": {"nodes": [{"count": 1, "memory_mb": 1024, "vcores": 1}]}, "apps": [{"id": "a", "queue": "root.users.u", "user": "u", "app_name": "x", "tags": ["WorkflowID:x", "a\u00e9"], "lifetime_s": 5, "am": {"memory_mb": 1, "vcores": 1}, "tasks": []}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = ReadNative("f.json", data)
	})
}

func FuzzReadSLSNodes(f *testing.F) {
	f.Add([]byte(`{"rack": "r1", "nodes": [{"node": "n1", "memory-mb": 2048, "vcores": 2}, {}]}`))
	f.Add([]byte(`{"rack": "r1", "nodes": [{"node": "n1", "labels": "gpu(exclusive=false)"}, {"node": "n2", "labels": "gpu"}, {"node": "n3", "labels": "a,b"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = ReadSLSNodes("n.json", data, xmlconf.DefaultSLSSettings())
	})
}

// FuzzRun runs small fuzzed native workloads end to end on the seeds
// configuration, the root.users.%user one (placement, dynamic queues) and
// the GPU partition one (node labels): no panic, and every app ends in a
// known state.
func FuzzRun(f *testing.F) {
	for _, seed := range fuzzRunSeeds {
		f.Add([]byte(seed))
	}
	models := []*xmlconf.Model{loadModel(f, "seeds-example"), loadModel(f, "users-dynamic"), loadModel(f, "workloads/labels")}
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := ReadNative("f.json", data)
		if err != nil || len(w.Apps) > 20 || w.Cluster.count() > 50 {
			return
		}
		for _, a := range w.Apps {
			if a.Containers() > 500 {
				return
			}
		}
		for _, m := range models {
			res, err := Run(m, w, Options{RejectUnknownQueues: true, Until: 24 * 3600 * 1000})
			if err != nil {
				continue
			}
			for _, a := range res.Apps {
				switch a.State {
				case AppFinished, AppRejected, AppRunning, AppAccepted, AppFailed, AppKilled, AppNotArrived:
				default:
					t.Fatalf("app %s in state %q", a.ID, a.State)
				}
			}
		}
	})
}

func FuzzReadRMApps(f *testing.F) {
	f.Add([]byte(`{"apps": {"app": [{"id": "application_1_0001", "user": "u", "queue": "qa", "state": "FINISHED", "startedTime": 1000, "finishedTime": 9000, "elapsedTime": 8000, "memorySeconds": 151730, "vcoreSeconds": 103}]}}`))
	f.Add([]byte(`{"apps": {"app": [{"id": "a", "queue": "qa", "startedTime": 1, "elapsedTime": 1e15, "memorySeconds": 1e300}]}}`))
	f.Add([]byte(`{"apps": null}`))
	f.Add([]byte(`{"apps": {"app": [{"id": "a", "queue": "qa", "startedTime": 1, "elapsedTime": 9, "memorySeconds": 9, "applicationTags": "workflowid:w,userid=bob,,x", "priority": -3}]}}`))
	m := loadModel(f, "seeds-example")
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := ReadRMApps("a.json", data, m, RMAppsOptions{Cluster: Cluster{Nodes: []NodeGroup{{Count: 2, MemoryMB: 8192, VCores: 8}}}})
		if err == nil && len(w.Apps) == 0 {
			t.Fatal("a workload without apps and without error")
		}
		// The --live-apps reader shares the decoding: it accepts what
		// ReadRMApps decodes, app for app.
		refs, rerr := ReadRMAppRefs("a.json", data)
		if err == nil && (rerr != nil || len(refs) < len(w.Apps)) {
			t.Fatalf("ReadRMApps read %d apps, ReadRMAppRefs %d (%v)", len(w.Apps), len(refs), rerr)
		}
	})
}

func FuzzReadRMNodes(f *testing.F) {
	f.Add([]byte(`{"nodes": {"node": [{"rack": "/r", "state": "RUNNING", "id": "h1:1", "nodeHostName": "h1", "availMemoryMB": 8192, "availableVirtualCores": 8, "nodeLabels": ["gpu"]}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _, _ = ReadRMNodes("n.json", data)
	})
}

// FuzzParseNodeLabels: YarnClientUtils.buildNodeLabelsFromStr's grammar
// never panics, and whatever it accepts is a list of valid label names.
func FuzzParseNodeLabels(f *testing.F) {
	for _, s := range []string{"gpu", "gpu(exclusive=false),x", "a(", ")b(", "x(exclusive=maybe)", " , ", "é", "a()"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ls, err := ParseNodeLabels(s)
		if err != nil {
			return
		}
		if len(ls) == 0 {
			t.Fatal("no label and no error")
		}
		for _, l := range ls {
			if CheckNodeLabelName(l.Name) != nil {
				t.Fatalf("accepted invalid name %q", l.Name)
			}
		}
	})
}

func FuzzReadSynth(f *testing.F) {
	f.Add([]byte(`{"num_nodes": 4, "nodes_per_rack": 2, "num_jobs": 3, "rand_seed": 2, "workloads": [{"workload_name": "w", "workload_weight": 1, "queue_name": "q", "job_classes": [{"class_name": "c", "class_weight": 1, "mtasks_avg": 3, "mtasks_stddev": 1, "rtasks_avg": 1, "mtime_avg": 10, "rtime_avg": 20, "map_max_memory_avg": 1024, "reduce_max_memory_avg": 2048, "map_max_vcores_avg": 1, "reduce_max_vcores_avg": 1}], "time_distribution": [{"time": 1, "weight": 1}, {"time": 9, "weight": 0}]}]}`))
	f.Add([]byte(`{"num_nodes": 2, "num_jobs": 2, "workloads": [{"queue_name": "q", "workload_weight": 1, "job_classes": [{"class_name": "c", "class_weight": 1, "type": "stream", "deadline_factor": {"val": 2}, "duration": {"val": 9, "std": 1}, "reservation": {"discrete": [0, "1"]}, "tasks": [{"type": "s", "count": {"discrete": ["1", "2"], "weights": [1, 3]}, "time": {"val": 5, "std": 2, "dist": "NORM"}, "max_memory": {"val": 1}, "max_vcores": {"val": 1}}]}], "time_distribution": [{"time": 0, "weight": 1}]}]}`))
	// Jackson's coercions: numbers as strings, fractions and exponents in
	// int fields, scalars in string fields, values past Java's ranges.
	f.Add([]byte(`{"num_nodes": "2", "num_jobs": 2.9, "rand_seed": "-7", "nodes_per_rack": 1e1, "workloads": [{"queue_name": 5, "workload_weight": "1d", "job_classes": [{"class_name": true, "class_weight": " 1 ", "type": "stream", "deadline_factor": {"val": "2"}, "duration": {"val": 9, "std": ""}, "reservation": {"discrete": [0, false]}, "tasks": [{"type": "s", "priority": "3", "count": {"discrete": ["1", 2e0], "weights": ["1", 3]}, "time": {"val": "0x1p3"}, "max_memory": {"val": 1}, "max_vcores": {"val": 1}}]}], "time_distribution": [{"time": "0", "weight": "1"}, {"time": 5.5, "weight": null}]}]}`))
	f.Add([]byte(`{"num_nodes": 2147483648, "num_jobs": "1e3", "rand_seed": 9223372036854775808, "workloads": [{"workload_weight": 1e400, "job_classes": [{"map_max_memory_avg": "9.5", "mtasks_avg": "NaN"}], "time_distribution": [{"time": [1]}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		// A budget of 10,000 jobs: the default one lets num_jobs reach
		// 200,000, a third of a second to draw (TestSynthJobsBudget
		// checks that bound), and the fuzzer hunts for crashes, not for
		// the largest allowed input.
		w, err := readSynth("s.json", data, xmlconf.DefaultSLSSettings(), 0, 10_000*appCost)
		if err == nil && w == nil {
			t.Fatal("nil workload without error")
		}
	})
}

// FuzzSynthCoerce: Jackson's coercions keep every line where it was (the
// typed read's errors keep their lines) and valid JSON valid.
func FuzzSynthCoerce(f *testing.F) {
	f.Add([]byte("{\"num_jobs\": \"10\",\n\"workloads\": [{\"queue_name\": 1e3, \"workload_weight\": \"2.5\",\n\"time_distribution\": [{\"time\": 1.5}]}]}"))
	f.Add([]byte(`{"workloads": [{"job_classes": [{"tasks": [{"count": {"val": "", "weights": ["1", null]}}]}]}]}`))
	f.Add([]byte(`{"rand_seed": -9.2e18, "description": 5, "params": {"a": 1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, _, err := synthCoerce("s.json", data)
		if err != nil {
			return
		}
		if bytes.Count(out, []byte("\n")) != bytes.Count(data, []byte("\n")) {
			t.Fatalf("lines moved: %q became %q", data, out)
		}
		if json.Valid(data) && !json.Valid(out) {
			t.Fatalf("%q became invalid JSON %q", data, out)
		}
	})
}

func FuzzReadRumen(f *testing.F) {
	f.Add([]byte(`{"jobID": "job_1", "user": "u", "queue": "a", "submitTime": 5, "mapTasks": [{"attempts": [{"hostName": "/r/h", "startTime": 1, "finishTime": 4}]}], "reduceTasks": [{"attempts": [{"hostName": "h2", "startTime": 4, "finishTime": 9}]}]} {"jobID": "job_2", "queue": "b", "submitTime": 1, "mapTasks": [{"attempts": []}]}`))
	f.Add([]byte(`{"jobID": "job_1", "user": "u", "queue": "a", "submitTime": 1371222159703, "finishTime": 1371222169703, "mapTasks": [{"attempts": [{"hostName": "/r/h", "startTime": 1371222159800, "finishTime": 1371222159900}, {"hostName": "/r/g", "startTime": 1371222159800, "finishTime": 1371222159950}]}], "reduceTasks": []}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, base := range []RumenTimeBase{RumenTimeSLS, RumenTimeConverted} {
			w, err := ReadRumen("r.json", data, xmlconf.DefaultSLSSettings(), nil, base, 0)
			if err == nil && w == nil {
				t.Fatal("nil workload without error")
			}
		}
	})
}

// fuzzRunSeeds are the small workloads FuzzRun and
// FuzzShortcutsKeepTheEventLog start from.
var fuzzRunSeeds = []string{
	// Mixed task sizes on three full nodes: walks that find nothing at
	// one room and would at more (the futile record's room ceiling, which
	// the fuzzer did not reach in 90 s without this seed).
	`{"cluster": {"nodes": [{"count": 3, "memory_mb": 8192, "vcores": 8}]}, "apps": [{"id": "a0", "queue": "qa", "user": "u0", "submit_ms": 1848, "am": {"memory_mb": 1024, "vcores": 1}, "tasks": [{"count": 4, "memory_mb": 1024, "vcores": 1, "duration_ms": 6392, "priority": 1}, {"count": 3, "memory_mb": 1024, "vcores": 1, "duration_ms": 18968, "priority": 2}]}, {"id": "a1", "queue": "qa", "user": "u1", "submit_ms": 1871, "am": {"memory_mb": 1024, "vcores": 1}, "tasks": [{"count": 3, "memory_mb": 3072, "vcores": 1, "duration_ms": 4094, "priority": 1}, {"count": 5, "memory_mb": 3072, "vcores": 1, "duration_ms": 1261, "priority": 2}]}, {"id": "a2", "queue": "qa", "user": "u1", "submit_ms": 4463, "am": {"memory_mb": 1024, "vcores": 1}, "tasks": [{"count": 5, "memory_mb": 2048, "vcores": 1, "duration_ms": 14702, "priority": 1}]}, {"id": "a3", "queue": "qb", "user": "u0", "submit_ms": 2095, "am": {"memory_mb": 1024, "vcores": 1}, "tasks": [{"count": 3, "memory_mb": 3072, "vcores": 1, "duration_ms": 2719, "priority": 1}, {"count": 9, "memory_mb": 2048, "vcores": 1, "duration_ms": 9449, "priority": 2}]}]}`,
	`{"cluster": {"nodes": [{"count": 2, "memory_mb": 4096, "vcores": 4}]}, "apps": [{"id": "d", "queue": "qa", "user": "u", "am": {"memory_mb": 1024, "vcores": 1}, "tasks": [{"count": 2, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 20, "delay_ms": 5000}, {"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 700, "priority": 20}, {"count": 1, "memory_mb": 2048, "vcores": 1, "duration_ms": 300, "priority": 10, "phase": 1, "delay_ms": 100}]}]}`,
	`{"cluster": {"node_labels": [{"name": "gpu", "exclusive": false}], "nodes": [{"count": 2, "memory_mb": 4096, "vcores": 4}, {"names": ["g0"], "memory_mb": 4096, "vcores": 4, "partition": "gpu"}]}, "apps": [{"id": "a", "queue": "qa", "user": "u", "node_label_expression": "gpu", "am": {"memory_mb": 1024, "vcores": 1}, "tasks": [{"count": 2, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 1}, {"count": 1, "memory_mb": 1024, "vcores": 1, "duration_ms": 1000, "priority": 2, "node_label_expression": ""}]}]}`,
	`{"cluster": {"nodes": [{"count": 3, "memory_mb": 4096, "vcores": 4}]}, "apps": [{"id": "a", "queue": "qa", "user": "u", "am": {"memory_mb": 1024, "vcores": 1}, "tasks": [{"count": 5, "memory_mb": 2048, "vcores": 1, "duration_ms": 1000, "priority": 1, "hosts": ["node1"]}, {"count": 2, "memory_mb": 3000, "vcores": 1, "duration_ms": 500, "priority": 2, "phase": 1}]}], "events": [{"at_ms": 1500, "kind": "remove_nodes", "names": ["node0"]}, {"at_ms": 2500, "kind": "add_nodes", "nodes": [{"count": 1, "prefix": "x", "memory_mb": 8192, "vcores": 8}]}]}`,
	`{"cluster": {"node_labels": [{"name": "gpu", "exclusive": false}], "nodes": [{"count": 2, "memory_mb": 4096, "vcores": 4}, {"count": 2, "prefix": "g", "memory_mb": 4096, "vcores": 4, "partition": "gpu"}]}, "apps": [{"id": "e", "queue": "etl", "user": "u", "am": {"memory_mb": 1024, "vcores": 1}, "tasks": [{"count": 9, "memory_mb": 1024, "vcores": 1, "duration_ms": 5000, "priority": 1}]}, {"id": "m", "queue": "ml", "user": "v", "submit_ms": 2000, "node_label_expression": "gpu", "am_node_label_expression": "", "am": {"memory_mb": 1024, "vcores": 1}, "tasks": [{"count": 3, "memory_mb": 2048, "vcores": 1, "duration_ms": 3000, "priority": 1}]}], "events": [{"at_ms": 4000, "kind": "add_nodes", "nodes": [{"count": 1, "prefix": "h", "memory_mb": 4096, "vcores": 4, "partition": "gpu"}]}, {"at_ms": 6000, "kind": "remove_nodes", "names": ["g0"]}, {"at_ms": 3000, "kind": "update_node_labels", "partitions": {"node0": "gpu", "g1": ""}}]}`,
}
