package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestSLSSuiteCapacitySchedulerRuns runs capq simulate on the Capacity
// Scheduler inputs of SLS's own test suite (testdata/sls-suite, copied
// from hadoop-sls/src/test/resources), with no conversion step, in the
// combinations the suite uses: TestSLSRunner's SLS and OLD_SLS runs with
// and without src/test/resources/nodes.json, and TestSLSDagAMSimulator's
// sls_dag.json, and the SYNTH runs of TestSLSRunner, TestSLSGenericSynth
// and TestSLSStreamAMSynth (syn.json, syn_generic.json, syn_stream.json;
// and an excerpt of the RUMEN runs' trace). Every run finishes both jobs (the suite's exit
// invariants check that apps complete); the text output is golden.
func TestSLSSuiteCapacitySchedulerRuns(t *testing.T) {
	const dir = "testdata/sls-suite/"
	for _, c := range []struct {
		name, trace string
		nodes       bool
		nodesWant   int
	}{
		{"TestSLSRunner SLS no nodeFile", "inputsls.json", false, 3},
		{"TestSLSRunner SLS nodeFile", "inputsls.json", true, 20},
		{"TestSLSDagAMSimulator", "sls_dag.json", false, 3},
		{"TestSLSDagAMSimulator nodeFile", "sls_dag.json", true, 20},
		{"TestSLSRunner SYNTH no nodeFile", "syn.json", false, 20},
		{"TestSLSRunner SYNTH nodeFile", "syn.json", true, 20},
		{"TestSLSGenericSynth", "syn_generic.json", false, 20},
		{"TestSLSStreamAMSynth", "syn_stream.json", false, 20},
		// An excerpt of the RUMEN runs' 2jobs2min-rumen-jh.json
		// (testdata/rumen): its hosts are the trace's three.
		{"TestSLSRunner RUMEN excerpt no nodeFile", "../rumen/2jobs2min-excerpt.json", false, 3},
		{"TestSLSRunner RUMEN excerpt nodeFile", "../rumen/2jobs2min-excerpt.json", true, 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			runner := "sls-runner.xml"
			if c.trace == "sls_dag.json" {
				runner = "sls-runner-dag.xml" // the test sets yarn.sls.am.type.dag
			}
			args := []string{"simulate", "--config", dir + "capacity-scheduler.xml", "--workload", dir + c.trace,
				"--sls-runner", dir + runner}
			if c.nodes {
				args = append(args, "--sls-nodes", dir+"nodes.json")
			}
			r := runBinary(t, "", args...)
			require.Equal(t, 0, r.code, r.stderr)
			golden.Assert(t, "sls-suite/"+strings.ReplaceAll(c.name, " ", "-")+".txt", []byte(r.stdout))

			out := simulateJSON(t, args)
			assert.Equal(t, c.nodesWant, out.Cluster.Nodes)
			assert.Equal(t, int64(c.nodesWant)*100240, out.Cluster.MemoryMB, "yarn.sls.nm.memory.mb of the suite's sls-runner.xml")
			if strings.HasPrefix(c.trace, "syn") {
				// SYNTH: num_jobs jobs, every one finishing (the suite's
				// exit invariants); the containers depend on the draws.
				assert.Equal(t, map[string]int{"syn.json": 10, "syn_generic.json": 10, "syn_stream.json": 5}[c.trace], out.Summary.Finished)
				return
			}
			assert.Equal(t, 2, out.Summary.Finished)
			assert.Equal(t, int64(2+5), out.Summary.Containers, "two AMs and five tasks")
		})
	}
}

// TestSLSRealTracesRun runs capq simulate on SLS inputs taken from other
// public repositories (testdata/sls-real/README.md): the YARN-10427
// reproduction's trace and sls-runner.xml, on the SLS suite's queues
// with that run's allocation limits (its 10240 MB reduces fit the
// maximum allocation). Every job finishes; the stderr names am.type, the
// key SLS 3.x does not read; the text output is golden.
func TestSLSRealTracesRun(t *testing.T) {
	const dir = "testdata/sls-real/yarn-10427/"
	args := []string{"simulate", "--config", dir, "--workload", dir + "inputsls.json", "--sls-runner", dir + "sls-runner.xml"}
	r := runBinary(t, "", args...)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, `key "am.type" ignored in 10 object(s)`)
	golden.Assert(t, "sls-real/yarn-10427.txt", []byte(r.stdout))

	out := simulateJSON(t, args)
	assert.Equal(t, 3, out.Cluster.Nodes, "tableMapping.csv: node1..node3")
	assert.Equal(t, int64(3*1024000), out.Cluster.MemoryMB)
	assert.Equal(t, 10, out.Summary.Finished)
	assert.Equal(t, int64(10+2*(10+20+30+40+50+60+70+80+90+100)), out.Summary.Containers, "ten AMs, and each job's maps and reduces")
}

// TestSLSSuiteNodesWithResources runs the SLS suite's trace on its other
// topology, nodes-with-resources.json (TestSLSUtils
// #testParseNodesFromNodeFile's file): four nodes on /rack1 sized 2048 MB
// and 6 vcores, the sls-runner.xml default twice, and 6144 MB and 12
// vcores. node3 and node4 name two labels each, which the RM refuses
// (CommonNodeLabelsManager.checkReplaceLabelsOnNode), so they register in
// the default partition; capq refused the file before. The text output
// is golden.
func TestSLSSuiteNodesWithResources(t *testing.T) {
	const dir = "testdata/sls-suite/"
	args := []string{"simulate", "--config", dir + "capacity-scheduler.xml", "--workload", dir + "inputsls.json",
		"--sls-runner", dir + "sls-runner.xml", "--sls-nodes", dir + "nodes-with-resources.json"}
	r := runBinary(t, "", args...)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "nodes-with-resources.json:1 (rack 1) node 3 (node3): 2 node(s) name more than one label")
	golden.Assert(t, "sls-suite/nodes-with-resources.txt", []byte(r.stdout))

	out := simulateJSON(t, args)
	assert.Equal(t, 4, out.Cluster.Nodes)
	assert.Equal(t, int64(2048+2*100240+6144), out.Cluster.MemoryMB)
	assert.Equal(t, int64(6+2*100+12), out.Cluster.VCores)
	assert.Equal(t, 2, out.Summary.Finished)
	assert.NotContains(t, out.raw, `"partitions"`, "no node is labelled")
}

// TestRumenGridmixWordCountRuns runs Hadoop's WordCount Rumen traces
// (testdata/rumen/wordcount*.json, hadoop-gridmix's test resources) with
// no conversion step on a one-queue configuration: one node from the
// trace's hosts, SLS's default 10 GB; wordcount2.json's second copy of
// the job is renamed, with a warning, and waits for the first: the AM
// limit (maximum-am-resource-percent 0.1 of 10 GB) holds one 1 GB AM at a
// time. The text output is golden.
func TestRumenGridmixWordCountRuns(t *testing.T) {
	for _, c := range []struct {
		trace string
		apps  int
	}{{"wordcount.json", 1}, {"wordcount2.json", 2}} {
		t.Run(c.trace, func(t *testing.T) {
			args := []string{"simulate", "--config", "testdata/rm-apps/capacity-scheduler.xml", "--workload", "testdata/rumen/" + c.trace}
			r := runBinary(t, "", args...)
			require.Equal(t, 0, r.code, r.stderr)
			if c.apps == 2 {
				assert.Contains(t, r.stderr, `job id "job_201009241532_0001" is used twice`)
			}
			golden.Assert(t, "rumen/"+strings.TrimSuffix(c.trace, ".json")+"-run.txt", []byte(r.stdout))

			out := simulateJSON(t, args)
			assert.Equal(t, 1, out.Cluster.Nodes, "foo.example.com")
			assert.Equal(t, c.apps, out.Summary.Finished)
			assert.Equal(t, int64(c.apps*(1+3+1)), out.Summary.Containers, "an AM, 3 maps and a reduce per job")
		})
	}
}

// TestSLSRunnerSettingsCapqLeavesOut: the yarn.sls.* keys of an
// sls-runner.xml that the run does not use are warnings naming file and
// line (xmlconf.slsNotes), whatever the trace format; a number SLS's
// Configuration.getInt cannot read stops the run, as it stops SLS.
func TestSLSRunnerSettingsCapqLeavesOut(t *testing.T) {
	dir := t.TempDir()
	runner := filepath.Join(dir, "sls-runner.xml")
	require.NoError(t, os.WriteFile(runner, []byte(`<configuration>
<property><name>yarn.sls.nm.resource.utilization.ratio</name><value>0.8</value></property>
<property><name>yarn.sls.nm.memroy.mb</name><value>2048</value></property>
<property><name>yarn.sls.am.type.mapreduce</name><value>org.apache.hadoop.yarn.sls.appmaster.MRAMSimulator</value></property>
</configuration>
`), 0o644))
	const dir0 = "testdata/sls-suite/"
	for _, trace := range []string{"inputsls.json", "syn.json", "../rumen/wordcount.json"} {
		r := runBinary(t, "", "simulate", "--config", dir0+"capacity-scheduler.xml", "--workload", dir0+trace, "--sls-runner", runner)
		require.Equal(t, 0, r.code, r.stderr)
		assert.Contains(t, r.stderr, "sls-runner.xml:2: yarn.sls.nm.resource.utilization.ratio 0.8: NMSimulator reports", trace)
		assert.Contains(t, r.stderr, "sls-runner.xml:3: yarn.sls.nm.memroy.mb: SLS reads yarn.sls.nm.<type> only", trace)
	}
	require.NoError(t, os.WriteFile(runner, []byte(`<configuration>
<property><name>yarn.sls.nm.memory.mb</name><value>4294967296</value></property>
</configuration>
`), 0o644))
	r := runBinary(t, "", "simulate", "--config", dir0+"capacity-scheduler.xml", "--workload", dir0+"inputsls.json", "--sls-runner", runner)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, `yarn.sls.nm.memory.mb: "4294967296" is not a number (Configuration.getInt`)
}

// TestSLSRealSampleConfRuns runs SLS's shipped sample configuration
// (testdata/sls-real/sample-conf, hadoop-sls/src/main/sample-conf) on the
// suite's trace: its yarn-site.xml names the FairScheduler, which capq
// warns it does not simulate (lint CS117 says the same), and sets
// yarn.scheduler.capacity.maximum-applications, which the Capacity
// Scheduler reads from yarn-site.xml too (1000: every job is admitted).
// The text output is golden.
func TestSLSRealSampleConfRuns(t *testing.T) {
	args := []string{"simulate", "--config", "testdata/sls-real/sample-conf", "--workload", "testdata/sls-suite/inputsls.json"}
	r := runBinary(t, "", args...)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "warning: not modelled: yarn.resourcemanager.scheduler.class: the scheduler yarn-site.xml names (org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler)")
	assert.Contains(t, r.stdout, "2 apps submitted, 2 finished, 0 rejected")
	golden.Assert(t, "sls-real/sample-conf.txt", []byte(r.stdout))
}

// simRun is what the SLS suite's tests read of simulate's JSON output.
type simRun struct {
	Cluster struct {
		Nodes    int   `json:"nodes"`
		MemoryMB int64 `json:"memory_mb"`
		VCores   int64 `json:"vcores"`
	} `json:"cluster"`
	Summary struct {
		Finished   int   `json:"apps_finished"`
		Containers int64 `json:"containers_allocated"`
	} `json:"summary"`
	raw string
}

// simulateJSON runs simulate with args and --format json, and decodes it.
func simulateJSON(t *testing.T, args []string) simRun {
	t.Helper()
	j := runBinary(t, "", append(args, "--format", "json")...)
	require.Equal(t, 0, j.code, j.stderr)
	var out simRun
	require.NoError(t, json.Unmarshal([]byte(j.stdout), &out))
	out.raw = j.stdout
	return out
}
