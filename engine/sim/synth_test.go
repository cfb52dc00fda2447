package sim

import (
	"strings"
	"testing"

	"github.com/capq/capq/xmlconf"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSynthFromSLSTestResources reads the SYNTH descriptions of SLS's
// test suite (hadoop-sls/src/test/resources: syn.json in the old job
// class format, syn_generic.json and syn_stream.json in the new one) and
// checks what SLS's generator guarantees whatever its random stream:
// num_jobs jobs for sls_queue_1 by foobar, submitted in the time
// distribution's first bucket ([1 s, 60 s) or [1 s, 2 s)), memory at
// least 1024 MB, maps at priority 20 then reduces at 10 (phase 1) for
// the MapReduce AM, and the same workload from the same seed.
func TestSynthFromSLSTestResources(t *testing.T) {
	for _, c := range []struct {
		file      string
		jobs      int
		lastSubMS int64
		stream    bool
		reserved  string
	}{
		{"syn.json", 10, 59000, false, "3 of 10 jobs drew a reservation"},
		{"syn_generic.json", 10, 59000, false, "4 of 10 jobs drew a reservation"},
		{"syn_stream.json", 5, 1000, true, "2 of 5 jobs drew a reservation"},
	} {
		t.Run(c.file, func(t *testing.T) {
			data := readFile(t, "testdata", "sls-suite", c.file)
			f, err := Detect(data)
			require.NoError(t, err)
			assert.Equal(t, FormatSynth, f)
			w, err := ReadSynth(c.file, data, xmlconf.DefaultSLSSettings(), 0)
			require.NoError(t, err)
			require.Len(t, w.Apps, c.jobs)
			warnings := strings.Join(w.Warnings, "\n")
			assert.Contains(t, warnings, c.reserved, "SynthJob.hasDeadline, as SynthRef prints")
			assert.Contains(t, warnings, "SLS 3.4 starts every SYNTH job at time 0")
			assert.Equal(t, "job_job_mock_class_1_000000_0000", w.Apps[0].ID, "SynthJob.getJobID().toString()")
			assert.Len(t, w.Cluster.Expand(), 20)
			assert.Equal(t, "/rack4", w.Cluster.Expand()[4].Rack, "20 nodes in racks of 4: /rack<i % 5>")
			for _, a := range w.Apps {
				assert.Equal(t, "sls_queue_1", a.Queue)
				assert.Equal(t, "foobar", a.User)
				assert.GreaterOrEqual(t, a.SubmitMS, int64(1000))
				assert.LessOrEqual(t, a.SubmitMS, c.lastSubMS)
				for _, g := range a.Tasks {
					assert.GreaterOrEqual(t, g.MemoryMB, int64(1024))
					if c.stream {
						// Held for the job's duration (about 30 s), not the
						// task's 60 s: the stream AM ends then.
						assert.InDelta(t, 30000, g.DurationMS, 15000)
						g.DurationMS = 0
						assert.Equal(t, TaskGroup{Count: 2, MemoryMB: 4096, VCores: 4, Priority: 20, Type: "stream"}, g)
						continue
					}
					want := map[string][2]int32{"map": {20, 0}, "reduce": {10, 1}}[g.Type]
					assert.Equal(t, want, [2]int32{g.Priority, int32(g.Phase)}, g.Type)
				}
			}
			again, err := ReadSynth(c.file, data, xmlconf.DefaultSLSSettings(), 0)
			require.NoError(t, err)
			assert.Equal(t, w.Apps, again.Apps, "same seed, same jobs")
			res, err := Run(loadModel(t, "sls-suite"), w, Options{Seed: 1})
			require.NoError(t, err)
			assert.Equal(t, c.jobs, res.Summary.AppsFinished)
		})
	}
}

// synthOneTask is a description with one stream class of one task whose
// samples are given; extra adds keys to the class.
func synthOneTask(task, extra string) string {
	return `{"num_jobs": 1, "num_nodes": 1, "workloads": [{"queue_name": "q", "workload_weight": 1, "job_classes": [{"class_name": "c", "class_weight": 1, "type": "stream", ` +
		`"deadline_factor": {"val": 1}, "duration": {"val": 5}, "reservation": {"val": 0}` + extra + `, "tasks": [{"type": "s", ` + task + `}]}], "time_distribution": [{"time": 0, "weight": 1}]}]}`
}

func TestSynthBadInputs(t *testing.T) {
	const sizes = `"max_memory": {"val": 1}, "max_vcores": {"val": 1}`
	for in, want := range map[string]string{
		`{"num_jobs": 0, "num_nodes": 1, "workloads": []}`:                                                                   "num_jobs 0 is out of range",
		`{"num_jobs": 5000000, "num_nodes": 1, "workloads": []}`:                                                             "num_jobs 5000000 is out of range",
		`{"num_jobs": 1, "num_nodes": 1, "workloads": []}`:                                                                   "no workloads",
		`{"num_jobs": 1, "num_nodes": 1, "workloads": [{"queue_name": "q"}]}`:                                                "needs queue_name, job_classes and time_distribution",
		synthOneTask(`"count": {"val": 1e8}, "time": {"val": 5}, `+sizes, ""):                                                "too many containers",
		synthOneTask(`"count": {"val": 1}, "time": {"val": -5, "std": 1}, `+sizes, ""):                                       "positive val",
		synthOneTask(`"count": {"discrete": ["x"]}, "time": {"val": 5}, `+sizes, ""):                                         `discrete value "x" is not a number`,
		synthOneTask(`"count": {"val": 3e9}, "time": {"val": 5}, `+sizes, ""):                                                "out of Java int range",
		synthOneTask(`"count": {"val": 1}, "time": {"val": 5}, "max_memory": {"val": 1e300}, "max_vcores": {"val": 1}`, ""):  "max_memory drew 1e+300, out of range (at most 2147483647, Java's int)",
		synthOneTask(`"count": {"val": 1}, "time": {"val": 5}, "max_memory": {"val": 1024}, "max_vcores": {"val": 3e9}`, ""): "max_vcores drew 3e+09, out of range",
		`{"num_nodes": 4, "num_jobs": 1, "workloads": [{"workload_name": "w", "workload_weight": 1, "queue_name": "q", "job_classes": [{"class_name": "c", "class_weight": 1, "mtasks_avg": 1, "rtasks_avg": 1, "mtime_avg": 10, "rtime_avg": 20, "map_max_memory_avg": 1e300, "map_max_memory_stddev": 1, "reduce_max_memory_avg": 2048, "map_max_vcores_avg": 1, "reduce_max_vcores_avg": 1, "dur_avg": 60, "deadline_factor_avg": 1}], "time_distribution": [{"time": 1, "weight": 1}]}]}`: "s.json:1: workloads[0].job_classes[0].map_max_memory_avg 1e300 is out of Java long range (Jackson fails)",
		synthOneTask(`"count": {"val": 1}, "time": {"val": 5, "dist": "NORM"}, `+sizes, ""):                                            "takes no dist",
		synthOneTask(`"count": {"val": 1}, "time": {"val": 5, "std": 1, "dist": "norm"}, `+sizes, ""):                                  `unknown dist "norm"`,
		synthOneTask(`"count": {"discrete": [1, 2], "weights": [1]}, "time": {"val": 5}, `+sizes, ""):                                  "differ in length",
		synthOneTask(`"count": {"discrete": [1, 2], "weights": [0, 0]}, "time": {"val": 5}, `+sizes, ""):                               "SLS fails with an index out of bounds",
		synthOneTask(`"count": {"discrete": [true]}, "time": {"val": 5}, `+sizes, ""):                                                  `discrete value "true" is not a number`,
		synthOneTask(`"count": {"discrete": [null]}, "time": {"val": 5}, `+sizes, ""):                                                  "neither a string nor a number",
		synthOneTask(`"count": {"val": 1}, "time": {"val": 5}, "max_memory": {"val": 1}`, ""):                                          "task s max_vcores is missing",
		synthOneTask(`"count": {"val": 1}, "time": {"val": 0}, `+sizes, ""):                                                            "Duration of a task shouldn't be less or equal to 0!",
		strings.Replace(synthOneTask(`"count": {"val": 1}, "time": {"val": 5}, `+sizes, ""), `"deadline_factor": {"val": 1}, `, "", 1): "deadline_factor is missing",
		`[1]`: "not a SYNTH description",
		"{\n\"workloads\": [{\"workload_name\": [1]}]}": "s.json:2: workloads[0].workload_name is an array, where SynthTraceJobProducer reads a string (Jackson fails)",
	} {
		_, err := ReadSynth("s.json", []byte(in), xmlconf.DefaultSLSSettings(), 0)
		require.Error(t, err, in)
		assert.Contains(t, err.Error(), want)
	}
	// The same shape with valid samples reads: the cases above fail for
	// the reason they name.
	w, err := ReadSynth("s.json", []byte(synthOneTask(`"count": {"discrete": [1, "2"]}, "time": {"val": 5}, `+sizes, "")), xmlconf.DefaultSLSSettings(), 0)
	require.NoError(t, err)
	assert.Len(t, w.Apps, 1)
}

// TestSynthAMTypeIsItsSLSRunnerClass checks AMRunner.runNewAM for SYNTH
// jobs: the job's type is looked up in sls-runner.xml's
// yarn.sls.am.type.<type> classes, so a type mapped to MRAMSimulator is a
// MapReduce AM (maps at 20, reduces at 10 after them, other task types
// dropped) whatever its name, and a type with no class fails SLS:
// startAMFromSynthGenerator, unlike the trace readers, does not skip the
// job, so the read stops.
func TestSynthAMTypeIsItsSLSRunnerClass(t *testing.T) {
	desc := func(typ string) []byte {
		return []byte(`{"description": "t", "num_nodes": 2, "nodes_per_rack": 1, "num_jobs": 1, "rand_seed": 2,
 "workloads": [{"workload_name": "w", "workload_weight": 1, "queue_name": "sls_queue_1",
  "time_distribution": [{"time": 1, "weight": 1}],
  "job_classes": [{"class_name": "c", "class_weight": 1, "type": "` + typ + `", "user_name": "u",
   "deadline_factor": {"val": 10}, "duration": {"val": 60}, "reservation": {"val": 0},
   "tasks": [{"type": "reduce", "priority": 3, "count": {"val": 1}, "time": {"val": 5000}, "max_memory": {"val": 1024}, "max_vcores": {"val": 1}},
             {"type": "cleanup", "priority": 3, "count": {"val": 1}, "time": {"val": 5000}, "max_memory": {"val": 1024}, "max_vcores": {"val": 1}}]}]}]}`)
	}
	set, err := xmlconf.SLSSettingsFromConf(map[string]string{"yarn.sls.am.type.mr": "org.apache.hadoop.yarn.sls.appmaster.MRAMSimulator"})
	require.NoError(t, err)
	w, err := ReadSynth("s.json", desc("mr"), set, 0)
	require.NoError(t, err)
	require.Len(t, w.Apps, 1)
	assert.Equal(t, []TaskGroup{{Count: 1, MemoryMB: 1024, VCores: 1, DurationMS: 5000, Priority: 10, Phase: 1, Type: "reduce"}}, w.Apps[0].Tasks)

	_, err = ReadSynth("s.json", desc("spark"), set, 0)
	assert.ErrorContains(t, err, `AM type "spark" has no yarn.sls.am.type.spark class (known: mr): AMRunner cannot create the AM and SLS fails`)
}
