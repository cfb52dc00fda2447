package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const bom = "\xef\xbb\xbf"

// withBOM copies a repository file into dir with a UTF-8 byte-order mark
// in front, under name.
func withBOM(t *testing.T, dir, name string, parts ...string) string {
	t.Helper()
	data, err := os.ReadFile(repoFile(parts...))
	require.NoError(t, err)
	return writeFile(t, dir, name, bom+string(data))
}

// TestHostileByteOrderMark: a UTF-8 BOM at the start of an input is read
// as that input's Hadoop reader reads it (engine/sim/bom.go). Jackson
// skips one in bytes (SYNTH, Rumen through JobTraceReader, the mapping
// rule file) and refuses one through a java.io.Reader (SLS traces and
// nodes files, rumen2sls.sh's input): those are refused with a message
// naming the file (exit 2). capq's own formats (native workloads,
// scenarios, policies, baselines, gate files) and the RM's answers skip
// it. Before, every one failed with "invalid character 'ï'".
func TestHostileByteOrderMark(t *testing.T) {
	dir := t.TempDir()
	cs := seedsConfig()
	slsCS := repoFile("testdata", "workloads", "sls", "capacity-scheduler.xml")
	writeFile(t, dir, "gates.txt", bom+"root.engineering.development wait.p95 <= 10m\n")
	writeFile(t, dir, "policy.txt", bom+"CS005 error\n")
	mapping := filepath.Join(dir, "mapping")
	require.NoError(t, os.Mkdir(mapping, 0o755))
	withBOM(t, mapping, "capacity-scheduler.xml", "testdata", "mapping-json-file", "capacity-scheduler.xml")
	withBOM(t, mapping, "rules.json", "testdata", "mapping-json-file", "rules.json")
	cases := []struct {
		name string
		args []string
		code int
		want string // in stderr when refused
	}{
		{"native workload", []string{"simulate", "--config", cs, "--workload", withBOM(t, dir, "native.json", "testdata", "workloads", "seeds-example.json")}, exitOK, ""},
		{"SYNTH", []string{"simulate", "--config", cs, "--workload", withBOM(t, dir, "syn.json", "testdata", "synth-reference", "mixed.json")}, exitOK, ""},
		{"Rumen read as SLS does", []string{"simulate", "--config", cs, "--workload", withBOM(t, dir, "rumen.json", "testdata", "rumen", "2jobs2min-excerpt.json")}, exitOK, ""},
		{"Rumen through rumen2sls", []string{"simulate", "--config", cs, "--rumen-time", "rumen2sls", "--workload", filepath.Join(dir, "rumen.json")}, exitCannotRun,
			"rumen.json: starts with a UTF-8 byte-order mark, which rumen2sls.sh (RumenToSLSConverter.generateSLSLoadFile) refuses"},
		{"SLS trace", []string{"simulate", "--config", slsCS, "--workload", withBOM(t, dir, "sls.json", "testdata", "workloads", "sls", "trace.json")}, exitCannotRun,
			"sls.json: starts with a UTF-8 byte-order mark, which SLS's trace reader (AMRunner.startAMFromSLSTrace) refuses"},
		{"SLS nodes file", []string{"simulate", "--config", slsCS, "--workload", repoFile("testdata", "workloads", "sls", "trace.json"),
			"--sls-nodes", withBOM(t, dir, "nodes.json", "testdata", "workloads", "sls", "nodes.json")}, exitCannotRun,
			"nodes.json: starts with a UTF-8 byte-order mark, which SLS's nodes file reader (SLSUtils.parseNodesFromNodeFile) refuses"},
		{"YARN scenario", []string{"scenario", withBOM(t, dir, "yarn-scenario.json", "testdata", "scenarios", "absauto-application-running-with-drf-01.json")}, exitOK, ""},
		{"Hadoop 1 scenario", []string{"scenario", withBOM(t, dir, "h1-scenario.json", "testdata", "hadoop1-scenarios", "tcs-job-movement.json")}, exitOK, ""},
		{"RM apps and nodes answers", []string{"gen", "workload", "--config", repoFile("testdata", "rm-apps", "capacity-scheduler.xml"),
			"--from-rm-apps", withBOM(t, dir, "apps.json", "testdata", "rm-apps", "apps.json"),
			"--rm-nodes", withBOM(t, dir, "rm-nodes.json", "testdata", "rm-apps", "nodes.json")}, exitOK, ""},
		{"RM scheduler and apps answers (diff --live-state)", []string{"diff", repoFile("testdata", "diff", "live-state", "old.xml"), repoFile("testdata", "diff", "live-state", "new.xml"),
			"--live-state", withBOM(t, dir, "scheduler.json", "testdata", "diff", "live-state", "scheduler.json"),
			"--live-apps", withBOM(t, dir, "live-apps.json", "testdata", "diff", "live-state", "apps.json")}, exitOK, ""},
		{"gate file", []string{"preview", cs, cs, "--workload", repoFile("testdata", "workloads", "seeds-example.json"), "--gate", filepath.Join(dir, "gates.txt")}, exitOK, ""},
		{"policy", []string{"lint", "--policy", filepath.Join(dir, "policy.txt"), cs}, exitOK, ""},
		// The rules are read: their one finding is CS075 (a rule's target
		// is a leaf), not CS074 (not valid JSON).
		{"mapping rule file (readValue(byte[]))", []string{"lint", filepath.Join(mapping, "capacity-scheduler.xml")}, exitFindings, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, c.code, res.code, res.stderr)
			assert.NotContains(t, res.stdout+res.stderr, "invalid character")
			assert.NotContains(t, res.stdout, "CS074")
			if c.want != "" {
				assert.Contains(t, res.stderr, c.want)
				assert.Contains(t, res.stderr, "save the file without it")
			}
		})
	}
}

// TestHostileBaselineByteOrderMark: a baseline an editor re-saved with a
// BOM is still the baseline: its findings stay suppressed.
func TestHostileBaselineByteOrderMark(t *testing.T) {
	dir := t.TempDir()
	conf := writeFile(t, dir, "capacity-scheduler.xml", `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>
<property><name>yarn.scheduler.capacity.root.a.capacity</name><value>90</value></property>
</configuration>`)
	res := hostileRun(t, dir, nil, "", "lint", "--write-baseline", "baseline.txt", conf)
	require.Equal(t, exitFindings, res.code, res.stdout+res.stderr)
	data := readString(t, filepath.Join(dir, "baseline.txt"))
	writeFile(t, dir, "baseline.txt", bom+data)
	res = hostileRun(t, dir, nil, "", "lint", "--baseline", "baseline.txt", conf)
	assert.Equal(t, exitOK, res.code, res.stdout+res.stderr)
	assert.NotContains(t, res.stderr, "not a capq baseline")
}
