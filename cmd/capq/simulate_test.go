package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
	"github.com/capq/capq/xmlconf"
)

func TestSimulateSeedsExampleText(t *testing.T) {
	r := runBinary(t, "", "simulate", "--config", "testdata/seeds-example/capacity-scheduler.xml",
		"--workload", "testdata/workloads/seeds-example.json")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stderr, "no progress bar when stderr is not a terminal")
	golden.Assert(t, "simulate/seeds-example.txt", []byte(r.stdout))
}

func TestSimulateJSONSummary(t *testing.T) {
	r := runBinary(t, "", "simulate", "--config", "testdata/seeds-dev-max40", "--workload",
		"testdata/workloads/seeds-example.json", "--format", "json", "--seed", "5")
	require.Equal(t, 0, r.code, r.stderr)
	var out struct {
		Summary map[string]any `json:"summary"`
		Queues  []struct {
			Path       string `json:"path"`
			MaxMB      int64  `json:"max_mb"`
			PeakUsedMB int64  `json:"peak_used_mb"`
		} `json:"queues"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out))
	for _, k := range []string{"containers_allocated", "apps_submitted", "apps_finished", "apps_rejected", "simulated_ms"} {
		assert.Contains(t, out.Summary, k)
	}
	for _, q := range out.Queues {
		if q.Path == "root.engineering.development" {
			assert.Equal(t, int64(400*1024), q.PeakUsedMB)
		}
	}
}

func TestSimulateSLSWithEvents(t *testing.T) {
	dir := t.TempDir()
	events := filepath.Join(dir, "events.jsonl")
	r := runBinary(t, "", "simulate", "--config", "testdata/workloads/sls", "--workload", "testdata/workloads/sls/trace.json",
		"--sls-nodes", "testdata/workloads/sls/nodes.json", "--sls-runner", "testdata/workloads/sls/sls-runner.xml",
		"--events", events)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, `the MapReduce AM ignores tasks of type "cleanup"`)
	golden.Assert(t, "simulate/sls-trace.txt", []byte(r.stdout))
	data, err := os.ReadFile(events)
	require.NoError(t, err)
	golden.Assert(t, "simulate/sls-trace.events.jsonl", data)
	left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*"))
	assert.Empty(t, left)
}

func TestSimulateBadInputWritesNothing(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte("{\"job.queue.name\": \"sls_queue_1\",\n\"job.tasks\": [{\"duration.ms\": -5}]}\n"), 0o644))
	events := filepath.Join(dir, "events.jsonl")
	r := runBinary(t, "", "simulate", "--config", "testdata/workloads/sls", "--workload", bad, "--events", events)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "bad.json:1 (job 1) task 0: Duration of a task shouldn't be less or equal to 0!")
	assert.Empty(t, r.stdout)
	_, err := os.Stat(events)
	assert.True(t, os.IsNotExist(err), "no events file after a failed run")
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1, "no temporary file left")
}

func TestSimulateFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--workload", "testdata/workloads/small.json"}, "--config and --workload are required"},
		{[]string{"--config", "testdata/seeds-example", "--workload", "testdata/workloads/small.json", "--format", "xml"}, `--format "xml"`},
		{[]string{"--config", "testdata/seeds-example", "--workload", "testdata/workloads/small.json", "--until", "soon"}, `--until "soon"`},
		{[]string{"--config", "testdata/seeds-example", "--workload", "testdata/workloads/small.json"}, `unknown queue "nosuch"`},
		{[]string{"--config", "testdata/seeds-example", "--workload", "testdata/workloads/small.json", "--sls-nodes", "x.json"}, "apply only to SLS traces"},
	} {
		r := runCapq(t, "", append([]string{"simulate"}, c.args...)...)
		assert.Equal(t, 2, r.code, c.args)
		assert.Contains(t, r.stderr, c.want)
	}
}

func TestSimulateUntilAndStdin(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata/workloads/small.json"))
	require.NoError(t, err)
	r := runCapq(t, string(data), "simulate", "--config", "testdata/seeds-example", "--workload", "-",
		"--reject-unknown-queues", "--until", "30s", "--format", "json")
	require.Equal(t, 0, r.code, r.stderr)
	var out struct {
		Summary struct {
			SimulatedMS int64 `json:"simulated_ms"`
			Stopped     bool  `json:"stopped_at_until"`
		} `json:"summary"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out))
	assert.Equal(t, int64(30000), out.Summary.SimulatedMS)
	assert.True(t, out.Summary.Stopped)
}

func TestGenWorkloadIsSeededAndRuns(t *testing.T) {
	args := []string{"gen", "workload", "--config", "testdata/seeds-example", "--apps", "50", "--duration", "1h", "--nodes", "20", "--seed", "3"}
	a := runBinary(t, "", args...)
	require.Equal(t, 0, a.code, a.stderr)
	b := runBinary(t, "", args...)
	assert.Equal(t, a.stdout, b.stdout, "same seed, same bytes")
	c := runBinary(t, "", append(args[:len(args)-1], "4")...)
	assert.NotEqual(t, a.stdout, c.stdout)

	r := runBinary(t, a.stdout, "simulate", "--config", "testdata/seeds-example", "--workload", "-", "--format", "json")
	require.Equal(t, 0, r.code, r.stderr)
	var out struct {
		Summary struct {
			Submitted int `json:"apps_submitted"`
			Finished  int `json:"apps_finished"`
		} `json:"summary"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out))
	assert.Equal(t, 50, out.Summary.Submitted)
	assert.Equal(t, 50, out.Summary.Finished)

	dir := t.TempDir()
	file := filepath.Join(dir, "w.json")
	require.Equal(t, 0, runBinary(t, "", append(args, "-o", file)...).code)
	again := runBinary(t, "", append(args, "-o", file)...)
	assert.Equal(t, 2, again.code, "no overwrite without --force")
	assert.Contains(t, again.stderr, "--force")
	bad := runBinary(t, "", "gen", "workload", "--config", "testdata/seeds-example", "--task-memory", "1g")
	assert.Equal(t, 2, bad.code)
	assert.Contains(t, bad.stderr, "--task-memory")
}

// TestSimulateUsersDynamic: a root.users.%user cluster with 50 users; the
// u:%user mapping places each user's apps into a queue created under
// root.users with weight 1 (abs capacity shrinking as siblings appear),
// and idle queues expire after queue-expiration-time (600 s).
func TestSimulateUsersDynamic(t *testing.T) {
	r := runBinary(t, "", "simulate", "--config", "testdata/users-dynamic", "--workload", "testdata/workloads/users-dynamic.json")
	require.Equal(t, 0, r.code, r.stderr)
	// testdata/users-dynamic's yarn-site.xml runs AutoCreatedQueueDeletionPolicy
	// every 600 s: a queue idle at one run and still idle past 600 s at the
	// next goes; one user's queue comes back for a later app.
	assert.Contains(t, r.stdout, "dynamic queues: 66 created, 66 expired")
	assert.Contains(t, r.stdout, "root.users.user49")
	golden.Assert(t, "simulate/users-dynamic.txt", []byte(r.stdout))
}

// Refresh events load their configuration relative to the workload (a
// Hadoop conf directory means its capacity-scheduler.xml) and are judged
// by capq diff's rules (preview.WithRefreshes): a bad sum refuses the
// refresh with the rule's ID, and so does XML that does not parse, as
// refreshQueues refuses it (a file that cannot be read at all is an
// input error: TestSimulateRefreshUnreadable).
func TestSimulateRefreshEvents(t *testing.T) {
	dir := t.TempDir()
	seeds := filepath.Join(golden.RepoRoot(), "testdata", "seeds-example", "capacity-scheduler.xml")
	data, err := os.ReadFile(seeds)
	require.NoError(t, err)
	require.NoError(t, os.Mkdir(filepath.Join(dir, "confdir"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "confdir", "capacity-scheduler.xml"), data, 0o644))
	bad := strings.Replace(string(data), "development.capacity</name>\n    <value>20<", "development.capacity</name>\n    <value>30<", 1)
	require.NotEqual(t, string(data), bad)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.xml"), []byte(bad), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "truncated.xml"), data[:len(data)/2], 0o644))
	workload := `{"format": "capq-workload/v1", "name": "refreshes",
  "cluster": {"nodes": [{"count": 2, "memory_mb": 10240, "vcores": 10}]},
  "apps": [{"id": "a", "queue": "development", "user": "u", "submit_ms": 0, "am": {"memory_mb": 1024, "vcores": 1},
            "tasks": [{"count": 2, "memory_mb": 1024, "vcores": 1, "duration_ms": 600000, "priority": 20}]}],
  "events": [{"at_ms": 1000, "kind": "refresh", "config": "confdir"},
             {"at_ms": 2000, "kind": "refresh", "config": "bad.xml"},
             {"at_ms": 3000, "kind": "refresh", "config": "truncated.xml"}]}`
	wpath := filepath.Join(dir, "w.json")
	require.NoError(t, os.WriteFile(wpath, []byte(workload), 0o644))
	r := runBinary(t, "", "simulate", "--config", seeds, "--workload", wpath, "--format", "json")
	require.Equal(t, 0, r.code, r.stderr)
	var out struct {
		Refreshes []struct {
			Config   string   `json:"config"`
			Accepted bool     `json:"accepted"`
			Errors   []string `json:"errors"`
		} `json:"refreshes"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out))
	require.Len(t, out.Refreshes, 3)
	assert.True(t, out.Refreshes[0].Accepted, "%v", out.Refreshes[0].Errors)
	assert.False(t, out.Refreshes[1].Accepted)
	require.NotEmpty(t, out.Refreshes[1].Errors)
	assert.Regexp(t, `^[A-Z]+[0-9]+: `, out.Refreshes[1].Errors[0])
	assert.False(t, out.Refreshes[2].Accepted)
	require.NotEmpty(t, out.Refreshes[2].Errors)
	assert.Contains(t, out.Refreshes[2].Errors[0], "cannot load truncated.xml")
	assert.Contains(t, out.Refreshes[2].Errors[0], "malformed XML")
}

// TestSimulateEndTree: --end-tree prints capq tree of the run's end state.
// At 21 minutes the deletion policy (every 600 s) has removed at 20m the
// queues it marked idle at 10m (user00, user01, user04); the other
// nineteen users' queues share root.users by weight 1 each.
func TestSimulateEndTree(t *testing.T) {
	r := runBinary(t, "", "simulate", "--config", "testdata/users-dynamic", "--workload", "testdata/workloads/users-dynamic.json",
		"--until", "21m", "--end-tree")
	require.Equal(t, 0, r.code, r.stderr)
	tree := r.stdout[strings.Index(r.stdout, "queue tree at the end of the run:"):]
	assert.Contains(t, tree, "└─ user21  RUNNING  1.0w=5.26%")
	assert.Contains(t, tree, "user02", "busy at 10m, so marked only at 20m")
	assert.NotContains(t, tree, "user00", "marked at 10m, removed at 20m")
	golden.Assert(t, "simulate/users-dynamic-end-tree.txt", []byte(r.stdout))
}

// With several bad counts, gen names the first in flag order every time.
func TestGenWorkloadBadCountsDeterministic(t *testing.T) {
	for i := 0; i < 5; i++ {
		r := runCapq(t, "", "gen", "workload", "--config", "testdata/seeds-example", "--apps", "0", "--nodes", "0", "--max-tasks", "0")
		require.Equal(t, 2, r.code)
		assert.Contains(t, r.stderr, "--apps must be positive, got 0")
	}
}

// TestGenWorkloadDefaultsContend checks issue 16's complaint: the default
// flags give a busy day (offered utilization printed, 0.90), and a preview
// of the seeds' change (development's maximum-capacity 40) on such a day
// reports regressions for development. The preview runs on a 20-node,
// 4-hour day with every other flag at its default to keep the test quick;
// the 100-node day of the bare defaults shows the same (655 apps of
// development rejected, waits several times longer).
func TestGenWorkloadDefaultsContend(t *testing.T) {
	def := runBinary(t, "", "gen", "workload", "--config", "testdata/seeds-example", "-o", filepath.Join(t.TempDir(), "day.json"))
	require.Equal(t, 0, def.code, def.stderr)
	assert.Contains(t, def.stderr, "offered utilization 0.9")
	assert.NotContains(t, def.stderr, "mostly idle")

	day := filepath.Join(t.TempDir(), "small-day.json")
	g := runBinary(t, "", "gen", "workload", "--config", "testdata/seeds-example", "--nodes", "20", "--duration", "4h", "-o", day)
	require.Equal(t, 0, g.code, g.stderr)
	p := runBinary(t, "", "preview", "testdata/seeds-example", "testdata/seeds-dev-max40", "--workload", day)
	_, regressions, found := strings.Cut(p.stdout, "Regressions (")
	require.True(t, found, p.stdout)
	regressions, _, _ = strings.Cut(regressions, "\n\n")
	assert.Regexp(t, `(?m)^  root\.engineering\.development +(wait|completion|usage|apps)`, regressions)

	idle := runBinary(t, "", "gen", "workload", "--config", "testdata/seeds-example", "--apps", "100", "-o", filepath.Join(t.TempDir(), "idle.json"))
	require.Equal(t, 0, idle.code, idle.stderr)
	assert.Contains(t, idle.stderr, "mostly idle")
	both := runBinary(t, "", "gen", "workload", "--config", "testdata/seeds-example", "--apps", "100", "--target-utilization", "0.5")
	assert.Equal(t, 2, both.code)
	assert.Contains(t, both.stderr, "give one")
}

// TestGenWorkloadBareDefaultsPreview is the check with every
// gen flag at its default (100 nodes of 128 GB, a day at 0.9): the
// preview of development's maximum-capacity 40 reports development's
// rejections and waits as regressions. It simulates 65,000 apps twice
// (about 40 CPU seconds), so it runs only with CAPQ_LONG_TESTS=1;
// TestGenWorkloadDefaultsContend checks the same on a smaller day.
func TestGenWorkloadBareDefaultsPreview(t *testing.T) {
	if os.Getenv("CAPQ_LONG_TESTS") != "1" {
		t.Skip("set CAPQ_LONG_TESTS=1 to run the full-size default day")
	}
	day := filepath.Join(t.TempDir(), "day.json")
	g := runBinary(t, "", "gen", "workload", "--config", "testdata/seeds-example", "-o", day)
	require.Equal(t, 0, g.code, g.stderr)
	p := runBinary(t, "", "preview", "testdata/seeds-example", "testdata/seeds-dev-max40", "--workload", day)
	_, regressions, found := strings.Cut(p.stdout, "Regressions (")
	require.True(t, found, p.stdout)
	regressions, _, _ = strings.Cut(regressions, "\n\n")
	assert.Regexp(t, `(?m)^  root\.engineering\.development +apps\.rejected +0 → [1-9]`, regressions)
}

// With preemption on, --events shows each container first marked, then
// preempted max_wait_before_kill (15 s) later, and a configuration's
// unmodelled settings are warned about on stdout.
func TestSimulatePreemptionEvents(t *testing.T) {
	dir := t.TempDir()
	events := filepath.Join(dir, "events.jsonl")
	r := runBinary(t, "", "simulate", "--config", "testdata/workloads/seeds-preemption", "--workload", "testdata/workloads/seeds-example.json",
		"--events", events)
	require.Equal(t, 0, r.code, r.stderr)
	data, err := os.ReadFile(events)
	require.NoError(t, err)
	marked := map[string]bool{}
	preempted := 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var ev struct {
			T    int64  `json:"t_ms"`
			Kind string `json:"kind"`
			ID   int64  `json:"container"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &ev))
		key := strconv.FormatInt(ev.ID, 10)
		switch ev.Kind {
		case "marked":
			marked[key] = true
		case "preempted":
			assert.True(t, marked[key], "container %d preempted without a mark", ev.ID)
			preempted++
		}
	}
	assert.Positive(t, preempted)
	assert.NotContains(t, r.stdout, "warning: not modelled")
}

// A cluster with a GPU partition: the text shows each partition's
// queues (guarantee = absolute capacity in the label x the partition's
// memory) and the run warns about the labels the engine does not
// allocate yet; the JSON carries the same under "partitions".
func TestSimulatePartitions(t *testing.T) {
	args := []string{"simulate", "--config", "testdata/workloads/labels", "--workload", "testdata/workloads/labels/gpu.json"}
	r := runBinary(t, "", args...)
	require.Equal(t, 0, r.code, r.stderr)
	golden.Assert(t, "simulate/labels-gpu.txt", []byte(r.stdout))

	r = runBinary(t, "", append(args, "--format", "json")...)
	require.Equal(t, 0, r.code, r.stderr)
	var out struct {
		Partitions []struct {
			Partition string `json:"partition"`
			Exclusive bool   `json:"exclusive"`
			Nodes     int    `json:"nodes"`
			MemoryMB  int64  `json:"memory_mb"`
			Queues    []struct {
				Path         string `json:"path"`
				Accessible   bool   `json:"accessible"`
				GuaranteedMB int64  `json:"guaranteed_mb"`
			} `json:"queues"`
		} `json:"partitions"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out))
	require.Len(t, out.Partitions, 2)
	gpu := out.Partitions[1]
	assert.Equal(t, "gpu", gpu.Partition)
	assert.False(t, gpu.Exclusive)
	assert.Equal(t, 2, gpu.Nodes)
	assert.Equal(t, int64(16384), gpu.MemoryMB)
	// root.ml holds 100% of gpu: 16 GB; root.etl cannot access it.
	assert.Equal(t, "root.ml", gpu.Queues[1].Path)
	assert.Equal(t, int64(16384), gpu.Queues[1].GuaranteedMB)
	assert.False(t, gpu.Queues[2].Accessible)
	assert.Equal(t, int64(8192), out.Partitions[0].Queues[1].GuaranteedMB, "ml's half of the 16 GB default partition")
}

// Without node labels the result has no partitions (and the goldens of
// such runs stay as they were).
func TestSimulateNoPartitions(t *testing.T) {
	r := runBinary(t, "", "simulate", "--config", "testdata/seeds-example", "--workload", "testdata/workloads/seeds-example.json", "--format", "json")
	require.Equal(t, 0, r.code, r.stderr)
	assert.NotContains(t, r.stdout, `"partitions"`)
}

// ResourceTrackerService.registerNodeManager refuses a node manager below
// the minimum allocation: capq simulate runs without it and says so on its
// report, exit 0.
func TestSimulateWarnsOfNodesBelowMinimumAllocation(t *testing.T) {
	w := filepath.Join(t.TempDir(), "w.json")
	require.NoError(t, os.WriteFile(w, []byte(`{"format": "capq-workload/v1", "name": "tiny",
	  "cluster": {"nodes": [{"names": ["big"], "memory_mb": 8192, "vcores": 8}, {"names": ["tiny"], "memory_mb": 512, "vcores": 8}]},
	  "apps": [{"id": "a", "queue": "support", "user": "u", "submit_ms": 0, "am": {"memory_mb": 512, "vcores": 1},
	    "tasks": [{"count": 2, "memory_mb": 512, "vcores": 1, "duration_ms": 1000, "priority": 1}]}]}`), 0o644))
	res := runBinary(t, "", "simulate", "--config", "testdata/seeds-example/capacity-scheduler.xml", "--workload", w)
	require.Equal(t, 0, res.code, res.stderr)
	assert.Contains(t, res.stdout+res.stderr, "1 node(s) have less than the minimum allocation (1024 MB, 1 vcores) and never join the cluster")
	assert.Contains(t, res.stdout+res.stderr, "tiny (512 MB, 8 vcores)")
}

// Preemption under the dominant resource calculator on a cluster where
// the generated tree's leaves are guaranteed 0 vcores (about 1% of 64,
// truncated): simulate says why it will preempt from a nearly idle
// cluster, and still runs (exit 0).
func TestSimulateWarnsOfZeroShareUnderDRF(t *testing.T) {
	dir := t.TempDir()
	xml := string(xmlconf.GenerateConfig(xmlconf.GenOptions{Queues: 110, FanOut: 10, Seed: 1}))
	xml = strings.Replace(xml, "org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator",
		"org.apache.hadoop.yarn.util.resource.DominantResourceCalculator", 1)
	require.Contains(t, xml, "DominantResourceCalculator")
	cfg := filepath.Join(dir, "capacity-scheduler.xml")
	require.NoError(t, os.WriteFile(cfg, []byte(xml), 0o644))
	// The scheduling monitor is the ResourceManager's: yarn-site.xml.
	site := filepath.Join(dir, "yarn-site.xml")
	require.NoError(t, os.WriteFile(site, []byte("<configuration><property><name>yarn.resourcemanager.scheduler.monitor.enable</name>"+
		"<value>true</value></property></configuration>"), 0o644))
	day := filepath.Join(dir, "day.json")
	g := runCapq(t, "", "gen", "workload", "--config", cfg, "--nodes", "8", "--node-memory", "32768", "--node-vcores", "8",
		"--task-vcores", "2", "--apps", "20", "--duration", "1h", "-o", day)
	require.Equal(t, 0, g.code, g.stderr)
	r := runCapq(t, "", "simulate", "--config", cfg, "--yarn-site", site, "--workload", day, "--until", "10m")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout+r.stderr, "warning: preemption under the dominant resource calculator: 99 leaf queue(s) are guaranteed none of one resource")
}

// A configuration the ResourceManager would refuse (capq lint's errors)
// is still simulated, but the report says so first, in text and JSON.
func TestSimulateWarnsOfARefusedConfiguration(t *testing.T) {
	seeds := filepath.Join(golden.RepoRoot(), "testdata", "seeds-example", "capacity-scheduler.xml")
	data, err := os.ReadFile(seeds)
	require.NoError(t, err)
	bad := strings.Replace(string(data), "development.capacity</name>\n    <value>20<", "development.capacity</name>\n    <value>30<", 1)
	require.NotEqual(t, string(data), bad)
	path := filepath.Join(t.TempDir(), "capacity-scheduler.xml")
	require.NoError(t, os.WriteFile(path, []byte(bad), 0o644))
	for _, format := range []string{"text", "json"} {
		r := runBinary(t, "", "simulate", "--config", path, "--workload", "testdata/workloads/seeds-example.json", "--format", format)
		require.Equal(t, 0, r.code, r.stderr)
		assert.Contains(t, r.stdout, "the ResourceManager would refuse this configuration: ", format)
		assert.Contains(t, r.stdout, "CS024: Illegal capacity sum of 1.1 for children of queue engineering", format)
	}
	r := runBinary(t, "", "simulate", "--config", seeds, "--workload", "testdata/workloads/seeds-example.json")
	require.Equal(t, 0, r.code, r.stderr)
	assert.NotContains(t, r.stdout, "would refuse")
}

// The scheduling monitor turned on in capacity-scheduler.xml alone does
// nothing in Hadoop (CapacityScheduler#serviceInit hands SchedulingMonitor-
// Manager the ResourceManager's own configuration): the dry run preempts
// nothing and says why, and lint warns (CS111).
func TestSimulateMonitorInCapacitySchedulerXML(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata/seeds-example/capacity-scheduler.xml"))
	require.NoError(t, err)
	on := `<property><name>yarn.resourcemanager.scheduler.monitor.enable</name><value>true</value></property></configuration>`
	conf := filepath.Join(dir, "capacity-scheduler.xml")
	require.NoError(t, os.WriteFile(conf, []byte(strings.Replace(string(src), "</configuration>", on, 1)), 0o644))
	r := runBinary(t, "", "simulate", "--config", conf, "--workload", "testdata/preview/seeds/workload.json")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "yarn.resourcemanager.scheduler.monitor.enable has no effect in capacity-scheduler.xml")
	l := runBinary(t, "", "lint", conf)
	assert.Contains(t, l.stdout, "warning CS111")
}
