package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Inputs beside the configuration that untrusted mode must not let leak
// a file of the runner or an environment value: policy and gate files,
// scenario config files and workload refresh configurations. See
// hostile_e2e_test.go for the harness.

// outsideSecret writes fileCanary to a file outside every directory the
// test gives capq and returns its path.
func outsideSecret(t *testing.T) string {
	t.Helper()
	secret := filepath.Join(t.TempDir(), "secret.txt")
	require.NoError(t, os.WriteFile(secret, []byte(fileCanary+"\n"), 0o600))
	return secret
}

// A policy or gate file linked to a secret: its bad line is named by
// file:line, never quoted, in untrusted mode. The secret lies inside the
// working directory: a link out of it is refused before it is read
// (TestHostileLinkOutOfWorkdir).
func TestHostilePolicyAndGateQuoteNothing(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "private", "secret.txt")
	require.NoError(t, os.Mkdir(filepath.Dir(secret), 0o700))
	require.NoError(t, os.WriteFile(secret, []byte(fileCanary+"\n"), 0o600))
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "linked.txt")))
	workload := repoFile("testdata", "workloads", "seeds-example.json")
	cs := seedsConfig()
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"policy", []string{"lint", "--policy", "linked.txt", cs}, "linked.txt:1: want `RULE LEVEL`, got 1 field"},
		{"gate", []string{"preview", cs, cs, "--workload", workload, "--gate", "linked.txt"}, "linked.txt:1:1: subject is not a queue path"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, []string{"CI=1"}, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
			assert.NotContains(t, res.stdout+res.stderr, fileCanary)
		})
	}
}

// /proc/self/environ passes for a regular file: in untrusted mode every
// input under /proc, /sys or /dev is refused, linked or named directly.
func TestHostileSystemFilesRefused(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Symlink("/proc/self/environ", filepath.Join(dir, "env.txt")))
	if _, err := os.Stat(filepath.Join(dir, "env.txt")); err != nil {
		t.Skip("no /proc/self/environ here")
	}
	workload := repoFile("testdata", "workloads", "seeds-example.json")
	cs := seedsConfig()
	token := "CAPQ_TEST_TOKEN=" + envCanary
	cases := []struct {
		name string
		args []string
	}{
		{"policy", []string{"lint", "--policy", "env.txt", cs}},
		{"policy, named directly", []string{"lint", "--policy", "/proc/self/environ", cs}},
		{"baseline", []string{"lint", "--baseline", "env.txt", cs}},
		{"configuration", []string{"lint", "env.txt"}},
		{"yarn-site", []string{"lint", "--yarn-site", "env.txt", cs}},
		{"gate", []string{"preview", cs, cs, "--workload", workload, "--gate", "env.txt"}},
		{"workload", []string{"simulate", "--config", cs, "--workload", "env.txt"}},
		{"scenario", []string{"scenario", "env.txt"}},
		{"a device, even with --allow-special-files", []string{"simulate", "--config", cs, "--workload", "/dev/zero", "--allow-special-files"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, []string{"CI=1", token}, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, "under /proc, /sys or /dev")
			assert.NotContains(t, res.stdout+res.stderr, envCanary)
		})
	}
	t.Run("trusted input may name them", func(t *testing.T) {
		res := hostileRun(t, dir, []string{"CI=1", token}, "", "lint", "--untrusted=false", "--policy", "env.txt", cs)
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		assert.NotContains(t, res.stderr, "under /proc, /sys or /dev")
	})
}

// secretXML writes a configuration holding fileCanary as a queue name
// and a capacity, outside the directory the test gives capq.
func secretXML(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	cs := `<configuration>
<property><name>yarn.scheduler.capacity.root.queues</name><value>` + fileCanary + `</value></property>
<property><name>yarn.scheduler.capacity.root.` + fileCanary + `.capacity</name><value>` + fileCanary + `</value></property>
<property><name>mapred.queue.names</name><value>default,` + fileCanary + `</value></property>
<property><name>mapred.capacity-scheduler.queue.default.capacity</name><value>` + fileCanary + `</value></property>
</configuration>
`
	require.NoError(t, os.WriteFile(path, []byte(cs), 0o644))
	return path
}

// A YARN scenario's config_file outside its directory (absolute, ../ or a
// link) is refused in untrusted mode, exit 2.
func TestHostileScenarioConfigFileOutside(t *testing.T) {
	secret := secretXML(t, "cs-secret.xml")
	dir := t.TempDir()
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "link.xml")))
	rel, err := filepath.Rel(dir, secret)
	require.NoError(t, err)
	for _, c := range []struct{ name, file, want string }{
		{"absolute", secret, "is absolute: refused for untrusted input"},
		{"parent", rel, "leads outside"},
		{"a link outside", "link.xml", "leads outside"},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := `{"id": "x", "cluster": {"nodes": [{"id": "n0", "host": "n0", "rack": "/r", "memory_mb": 8192, "vcores": 8}]},
 "config_file": "` + c.file + `", "steps": [{"op": "snapshot"}]}`
			require.NoError(t, os.WriteFile(filepath.Join(dir, "s.json"), []byte(sc), 0o644))
			res := hostileRun(t, dir, []string{"CI=1"}, "", "scenario", "s.json")
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, "config_file")
			assert.Contains(t, res.stderr, c.want)
			assert.NotContains(t, res.stdout+res.stderr, fileCanary)

			res = hostileRun(t, dir, nil, "", "scenario", "s.json")
			assert.Contains(t, res.stdout+res.stderr, fileCanary, "trusted, the file is read (the test can fail)")
		})
	}
}

// A Hadoop 1 scenario's mapred_site_file and capacity_scheduler_file are
// read as lint and migrate read untrusted configurations (XML008 there):
// no external entity, no xi:include outside, no file outside.
func TestHostileHadoop1ScenarioFiles(t *testing.T) {
	secret := secretXML(t, "cs-secret.xml")
	dir := t.TempDir()
	write := func(name, content string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
	write("entity.xml", `<?xml version="1.0"?>
<!DOCTYPE configuration [<!ENTITY x SYSTEM "file://`+outsideSecret(t)+`">]>
<configuration><property><name>mapred.capacity-scheduler.queue.default.capacity</name><value>&x;</value></property></configuration>`)
	write("include.xml", `<configuration xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="`+secret+`"/></configuration>`)
	rel, err := filepath.Rel(dir, secret)
	require.NoError(t, err)
	cases := []struct {
		name, field, file string
		refused           bool
	}{
		{"external entity", "capacity_scheduler_file", "entity.xml", false},
		{"include outside", "capacity_scheduler_file", "include.xml", false},
		{"absolute", "capacity_scheduler_file", secret, true},
		{"parent", "capacity_scheduler_file", rel, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sc := `{"id": "h", "engine": "hadoop1", "cluster": {"trackers": [{"name": "tt1", "map_slots": 2, "reduce_slots": 1}]},
 "mapred_site": {"mapred.queue.names": "default"}, "` + c.field + `": "` + c.file + `", "steps": [{"op": "heartbeat", "tracker": "tt1"}]}`
			write("h.json", sc)
			res := hostileRun(t, dir, []string{"CI=1"}, "", "scenario", "h.json")
			assert.NotContains(t, res.stdout+res.stderr, fileCanary)
			if c.refused {
				assert.Equal(t, exitCannotRun, res.code, res.stderr)
				assert.Contains(t, res.stderr, c.field)
			}
			res = hostileRun(t, dir, nil, "", "scenario", "h.json")
			assert.Contains(t, res.stdout+res.stderr, fileCanary, "trusted, the file is read (the test can fail)")
		})
	}
}

// A workload's refresh events name configurations inside its directory
// in untrusted mode: simulate and preview refuse others (exit 2) before
// reading anything.
func TestHostileRefreshConfigOutside(t *testing.T) {
	secret := secretXML(t, "cs-secret.xml")
	dir := t.TempDir()
	require.NoError(t, os.Symlink(secret, filepath.Join(dir, "link.xml")))
	rel, err := filepath.Rel(dir, secret)
	require.NoError(t, err)
	seeds := readString(t, repoFile("testdata", "workloads", "seeds-example.json"))
	cs := seedsConfig()
	for _, c := range []struct{ name, config, want string }{
		{"absolute", secret, "is absolute"},
		{"parent", rel, "leads outside"},
		{"a link outside", "link.xml", "leads outside"},
	} {
		workload := strings.Replace(seeds, `"apps"`, `"events": [{"at_ms": 500, "kind": "refresh", "config": "`+c.config+`"}], "apps"`, 1)
		require.NotEqual(t, seeds, workload)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "w.json"), []byte(workload), 0o644))
		for _, args := range [][]string{
			{"simulate", "--config", cs, "--workload", "w.json"},
			{"preview", cs, cs, "--workload", "w.json"},
		} {
			t.Run(c.name+" "+args[0], func(t *testing.T) {
				res := hostileRun(t, dir, []string{"CI=1"}, "", args...)
				assert.Equal(t, exitCannotRun, res.code, res.stderr)
				assert.Contains(t, res.stderr, `refresh config "`+c.config+`" `+c.want)
				assert.NotContains(t, res.stdout+res.stderr, fileCanary)

				if args[0] == "simulate" {
					// preview's report shows no refresh's errors.
					res = hostileRun(t, dir, nil, "", args...)
					assert.Contains(t, res.stdout+res.stderr, fileCanary, "trusted, the file is read (the test can fail)")
				}
			})
		}
	}
}
