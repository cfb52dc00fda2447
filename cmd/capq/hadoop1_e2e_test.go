package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// capq scenario detects a Hadoop 1 scenario by its keys and runs it on the
// slot-mode engine; text explains why jobs got no slot, JSON is golden.
func TestScenarioHadoop1E2E(t *testing.T) {
	for _, name := range []string{"seed-high-ram-reserves-tracker", "tcs-user-limits-3"} {
		t.Run(name, func(t *testing.T) {
			r := runBinary(t, "", "scenario", "testdata/hadoop1-scenarios/"+name+".json", "--format", "json")
			require.Equal(t, 0, r.code, r.stderr)
			golden.Assert(t, "scenario/hadoop1-"+name+".json", []byte(r.stdout))
		})
	}
	r := runBinary(t, "", "scenario", "testdata/hadoop1-scenarios/seed-poller-limits.json")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "scenario seed-poller-limits")
	assert.Contains(t, r.stdout, `why: b2: the initialization poller has not initialized it: queue "default" has 18 active tasks; 15 more would exceed maximum-initialized-active-tasks 30`)
	assert.Contains(t, r.stdout, `why: c1: the initialization poller stops scanning the queue at the earlier job "b2"`)
	assert.Contains(t, r.stdout, "result: every expectation met")
}

// An unmet expectation exits 1 and names the field; a broken file exits 2.
func TestScenarioHadoop1Failures(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"engine":"hadoop1","capacity_scheduler":{"mapred.capacity-scheduler.queue.default.capacity":"100"},
 "cluster":{"trackers":[{"name":"tt1","map_slots":2,"reduce_slots":1}]},
 "steps":[{"op":"expect","queues":{"default":{"map":{"capacity_slots":3}}}}]}`), 0o644))
	r := runBinary(t, "", "scenario", bad)
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "queues.default.map.capacity_slots: got 2, want 3")

	broken := filepath.Join(dir, "broken.json")
	require.NoError(t, os.WriteFile(broken, []byte(`{"engine":"hadoop1","hadoop_version":"0.21","steps":[]}`), 0o644))
	r = runBinary(t, "", "scenario", broken)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "0.21/0.22 schedule differently")

	refused := filepath.Join(dir, "refused.json")
	require.NoError(t, os.WriteFile(refused, []byte(`{"engine":"hadoop1","capacity_scheduler":{"mapred.capacity-scheduler.queue.default.capacity":"90"},"steps":[]}`), 0o644))
	r = runBinary(t, "", "scenario", refused)
	assert.Equal(t, 1, r.code, "a refused startup is an unmet expectation unless expect_startup says so")
	assert.Contains(t, r.stdout, "the JobTracker would not start")
}

// capq simulate --hadoop1 DIR: the summary of a YARN run, plus notes.
func TestSimulateHadoop1E2E(t *testing.T) {
	r := runBinary(t, "", "simulate", "--hadoop1", "testdata/hadoop1/02-acls-stopped", "--workload", "testdata/preview/hadoop1-acls/workload.json")
	require.Equal(t, 0, r.code, r.stderr)
	golden.Assert(t, "simulate/hadoop1-02-acls-stopped.txt", []byte(r.stdout))
	assert.Contains(t, r.stdout, "User mallory cannot perform operation SUBMIT_JOB on queue finance.")
	assert.Contains(t, r.stdout, "Hadoop 1 engine (CapacityTaskScheduler, profile 1.2.1)")

	r = runBinary(t, "", "simulate", "--hadoop1", "testdata/hadoop1/05-hierarchical-0.21", "--workload", "testdata/preview/hadoop1-acls/workload.json")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "not a 1.x config")
}

// A Hadoop 1 file given with an explicit --hadoop-version is linted with
// Hadoop 1's rules, and capq says the YARN profile did not apply; without
// the flag it says nothing, and the findings are the same either way.
func TestLintHadoop1WithYarnVersionSaysSo(t *testing.T) {
	const f = "testdata/hadoop1/01-flat-basic/capacity-scheduler.xml"
	with := runCapq(t, "", "lint", "--hadoop-version", "3.4", f)
	without := runCapq(t, "", "lint", f)
	assert.Contains(t, with.stderr, "is a Hadoop 1 (JobTracker) configuration, linted with Hadoop 1's rules; --hadoop-version 3.4 applies to YARN configurations only")
	assert.NotContains(t, without.stderr, "Hadoop 1 (JobTracker)")
	assert.Equal(t, without.stdout, with.stdout)
	assert.Equal(t, without.code, with.code)
}
