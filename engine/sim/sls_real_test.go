package sim

import (
	"strconv"
	"testing"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSLSRealYARN10427 reads the SLS trace of the YARN-10427 reproduction
// (testdata/sls-real/README.md) with its sls-runner.xml, field by field
// as SLS 3.x reads it, and checks what the run's own output recorded: the
// nodes of tableMapping.csv (node1..node3 on /default-rack, from the
// tasks' container.host: the trace has no num.nodes) and the start times
// of jobruntime.csv.
func TestSLSRealYARN10427(t *testing.T) {
	doc, err := xmlconf.ReadFile(repo("testdata", "sls-real", "yarn-10427", "sls-runner.xml"), xmlconf.ReadOptions{})
	require.NoError(t, err)
	set, err := xmlconf.SLSSettingsFromConf(xmlconf.NewConf(doc).Map())
	require.NoError(t, err)
	w, err := ReadSLS("inputsls.json", readFile(t, "testdata", "sls-real", "yarn-10427", "inputsls.json"), set, nil, 0)
	require.NoError(t, err)

	var nodes []string
	for _, n := range w.Cluster.Expand() {
		assert.Equal(t, [2]int64{1024000, 1000}, [2]int64{n.MemoryMB, n.VCores}, "yarn.sls.nm.memory.mb and .vcores")
		nodes = append(nodes, n.ID+" "+n.Rack)
	}
	assert.ElementsMatch(t, []string{"node1 /default-rack", "node2 /default-rack", "node3 /default-rack"}, nodes)

	require.Len(t, w.Apps, 10)
	starts := []int64{0, 25000, 50000, 50000, 55000, 60000, 70000, 80000, 90000, 100000}
	queues := []string{"sls_queue_1", "sls_queue_2", "sls_queue_3"}
	hosts := []string{"node1", "node2", "node3", "node1", "node2", "node3", "node2", "node2", "node1", "node3"}
	for i, a := range w.Apps {
		n := i + 1
		assert.Equal(t, "job_"+strconv.Itoa(n), a.ID)
		assert.Equal(t, starts[i], a.SubmitMS, a.ID)
		assert.Equal(t, queues[i%3], a.Queue, a.ID)
		assert.Equal(t, "default", a.User)
		assert.Equal(t, engine.Resource{MemoryMB: 1024, VCores: 1}, a.AM, "yarn.sls.am.container.* defaults: the runner file sets none")
		mapMS := int64(25000)
		if a.Queue == "sls_queue_1" {
			mapMS = 50000
		}
		// MRAMSimulator: maps at 20, then reduces at 10, each count the
		// job's number times ten, on the task's host and its rack.
		assert.Equal(t, []TaskGroup{
			{Count: 10 * n, MemoryMB: 5120, VCores: 1, DurationMS: mapMS, Priority: 20, Type: "map", Hosts: []string{hosts[i]}, Racks: []string{"/default-rack"}},
			{Count: 10 * n, MemoryMB: 10240, VCores: 1, DurationMS: 50000, Priority: 10, Phase: 1, Type: "reduce", Hosts: []string{hosts[i]}, Racks: []string{"/default-rack"}},
		}, a.Tasks, a.ID)
	}
	assert.Equal(t, []string{`inputsls.json:1 (job 1): key "am.type" ignored in 10 object(s): SLS 3.x reads the AM type from "yarn.sls.am.type" (AMDefinitionFactory.createFromSlsTrace, SLSConfiguration.AM_TYPE); "am.type" is SLS 2.x's key, so these jobs run as "mapreduce" unless they also set "yarn.sls.am.type"`}, w.Warnings)
}

// A key written twice keeps its last value, in a trace (Jackson puts both
// into the job's LinkedHashMap) and in a SYNTH description (Jackson calls
// the property's setter twice): a published SLS guide's job class sets
// map_execution_type to OPPORTUNISTIC, then to GUARANTEED, so SLS runs
// guaranteed maps and capq says nothing about opportunistic containers.
func TestSLSDuplicateKeysKeepTheLast(t *testing.T) {
	w, err := ReadSLS("t.json", []byte(`{"num.nodes": 1}
{"job.queue.name": "a", "job.user": "first", "job.user": "last", "job.tasks": [{"duration.ms": 5}]}`), xmlconf.DefaultSLSSettings(), nil, 0)
	require.NoError(t, err)
	assert.Equal(t, "last", w.Apps[0].User)

	desc := `{"num_nodes": 2, "nodes_per_rack": 1, "num_jobs": 3, "rand_seed": 2, "workloads": [{"workload_name": "w", "workload_weight": 1, "queue_name": "q",
 "job_classes": [{"class_name": "c", "user_name": "foobar", "map_execution_type": "OPPORTUNISTIC", "class_weight": 1,
  "mtasks_avg": 2, "mtasks_stddev": 0.001, "rtasks_avg": 1, "rtasks_stddev": 0.001, "dur_avg": 60, "dur_stddev": 5,
  "mtime_avg": 10, "mtime_stddev": 2, "rtime_avg": 20, "rtime_stddev": 4, "map_max_memory_avg": 1024, "map_max_memory_stddev": 0.001,
  "map_execution_type": "GUARANTEED", "reduce_max_memory_avg": 2048, "reduce_max_memory_stddev": 0.001,
  "map_max_vcores_avg": 1, "map_max_vcores_stddev": 0.001, "reduce_max_vcores_avg": 1, "reduce_max_vcores_stddev": 0.001,
  "chance_of_reservation": 0, "deadline_factor_avg": 10, "deadline_factor_stddev": 0.001}],
 "time_distribution": [{"time": 0, "weight": 1}]}]}`
	sw, err := ReadSynth("s.json", []byte(desc), xmlconf.DefaultSLSSettings(), 0)
	require.NoError(t, err)
	require.Len(t, sw.Apps, 3)
	for _, s := range sw.Warnings {
		assert.NotContains(t, s, "OPPORTUNISTIC")
	}
}
