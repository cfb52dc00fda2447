package main

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHostileHeartbeatPositions: an out-of-range heartbeat or scheduling
// interval names the file and line it was set on, and the key it was set
// under, like every other value error (exit 2). They said
// "nm_heartbeat_ms 999999999999 is out of range" for an sls-runner.xml
// key, with no file, and the configuration's intervals named no file.
func TestHostileHeartbeatPositions(t *testing.T) {
	dir := t.TempDir()
	sls := func(key, value string) string {
		return "<?xml version=\"1.0\"?>\n<configuration>\n" +
			"  <property><name>yarn.sls.nm.memory.mb</name><value>16384</value></property>\n" +
			"  <property><name>" + key + "</name><value>" + value + "</value></property>\n" +
			"  <property><name>yarn.sls.am.type.mapreduce</name><value>org.apache.hadoop.yarn.sls.appmaster.MRAMSimulator</value></property>\n" +
			"</configuration>\n"
	}
	conf := func(name string, props ...string) string {
		data, err := os.ReadFile(seedsConfig())
		if err != nil {
			t.Fatal(err)
		}
		cs := strings.Replace(string(data), "</configuration>", strings.Join(props, "\n")+"\n</configuration>", 1)
		return writeFile(t, dir, name, cs)
	}
	lineOf := func(text, what string) int { return strings.Count(text[:strings.Index(text, what)], "\n") + 1 }
	asyncCS := conf("async.xml",
		"<property><name>yarn.scheduler.capacity.schedule-asynchronously.enable</name><value>true</value></property>",
		"<property><name>yarn.scheduler.capacity.schedule-asynchronously.scheduling-interval-ms</name><value>999999999999</value></property>")
	asyncLine := lineOf(readString(t, asyncCS), "999999999999")
	yarnSite := writeFile(t, dir, "yarn-site.xml", "<configuration>\n\n<property><name>yarn.resourcemanager.nodemanagers.heartbeat-interval-ms</name><value>999999999999</value></property>\n</configuration>\n")
	native := writeFile(t, dir, "native.json", strings.Replace(readString(t, repoFile("testdata", "workloads", "seeds-example.json")),
		"{", "{\n  \"nm_heartbeat_ms\": 0,\n\n  \"am_heartbeat_ms\": 999999999999,", 1))

	slsCS := repoFile("testdata", "workloads", "sls", "capacity-scheduler.xml")
	trace := repoFile("testdata", "workloads", "sls", "trace.json")
	synth := repoFile("testdata", "synth-reference", "mixed.json")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"SLS trace, NM interval", []string{"simulate", "--config", slsCS, "--workload", trace,
			"--sls-runner", writeFile(t, dir, "nm.xml", sls("yarn.sls.nm.heartbeat.interval.ms", "999999999"))},
			"nm.xml:4: yarn.sls.nm.heartbeat.interval.ms 999999999 is out of range (0 to 86400000)"},
		{"SYNTH, AM interval", []string{"simulate", "--config", slsCS, "--workload", synth,
			"--sls-runner", writeFile(t, dir, "am.xml", sls("yarn.sls.am.heartbeat.interval.ms", "999999999"))},
			"am.xml:4: yarn.sls.am.heartbeat.interval.ms 999999999 is out of range (0 to 86400000)"},
		{"negative", []string{"simulate", "--config", slsCS, "--workload", trace,
			"--sls-runner", writeFile(t, dir, "neg.xml", sls("yarn.sls.am.heartbeat.interval.ms", "-5"))},
			"--sls-runner: " + dir + "/neg.xml:4: yarn.sls.am.heartbeat.interval.ms: -5 is negative"},
		// Configuration.getInt: past 2^31-1 is no number to SLS.
		{"past getInt", []string{"simulate", "--config", slsCS, "--workload", trace,
			"--sls-runner", writeFile(t, dir, "big.xml", sls("yarn.sls.nm.heartbeat.interval.ms", "999999999999"))},
			"big.xml:4: yarn.sls.nm.heartbeat.interval.ms: \"999999999999\" is not a number (Configuration.getInt"},
		{"not a number", []string{"simulate", "--config", slsCS, "--workload", trace,
			"--sls-runner", writeFile(t, dir, "nan.xml", sls("yarn.sls.nm.memory.mb", "lots"))},
			"nan.xml:4: yarn.sls.nm.memory.mb: \"lots\" is not a number"},
		{"native workload field", []string{"simulate", "--config", seedsConfig(), "--workload", native},
			"native.json:4: am_heartbeat_ms 999999999999 is out of range (0 to 86400000)"},
		{"asynchronous scheduling interval", []string{"simulate", "--config", asyncCS, "--workload", repoFile("testdata", "workloads", "seeds-example.json")},
			"async.xml:" + strconv.Itoa(asyncLine) + ": yarn.scheduler.capacity.schedule-asynchronously.scheduling-interval-ms = 999999999999: want at most"},
		{"ResourceManager's NM interval", []string{"simulate", "--config", seedsConfig(), "--yarn-site", yarnSite, "--workload", repoFile("testdata", "workloads", "seeds-example.json")},
			"yarn-site.xml:3: yarn.resourcemanager.nodemanagers.heartbeat-interval-ms = \"999999999999\": want a positive number"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, exitCannotRun, r.code, r.stderr)
			assert.Contains(t, r.stderr, c.want)
			assert.Empty(t, r.stdout)
		})
	}
}
