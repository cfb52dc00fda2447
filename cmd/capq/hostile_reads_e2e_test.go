package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 12, bullets 3 to 5: secrets in public output, unbounded reads,
// and the smaller edges. See hostile_e2e_test.go for the harness.

const (
	fileCanary = "CAPQ-CANARY-FILE-7f3a"
	envCanary  = "CAPQ-CANARY-ENV-91c2"
)

// secretConfig writes a configuration that pulls a secret file through an
// external entity and an environment variable into values capq prints.
func secretConfig(t *testing.T, dir string) string {
	t.Helper()
	secret := filepath.Join(t.TempDir(), "secret.txt")
	require.NoError(t, os.WriteFile(secret, []byte(fileCanary), 0o600))
	cfg := fmt.Sprintf(`<?xml version="1.0"?>
<!DOCTYPE configuration [<!ENTITY leak SYSTEM "file://%s">]>
<configuration>
  <property><name>yarn.scheduler.capacity.root.queues</name><value>a,b</value></property>
  <property><name>yarn.scheduler.capacity.root.a.capacity</name><value>&leak;</value></property>
  <property><name>yarn.scheduler.capacity.root.b.capacity</name><value>${env.CAPQ_TEST_TOKEN}</value></property>
</configuration>
`, secret)
	path := filepath.Join(dir, "capacity-scheduler.xml")
	require.NoError(t, os.WriteFile(path, []byte(cfg), 0o644))
	return path
}

// Bullet 3: no file content or environment value reaches lint text,
// SARIF or GitHub annotations from untrusted input.
func TestHostileSecretsStayOut(t *testing.T) {
	dir := t.TempDir()
	cfg := secretConfig(t, dir)
	token := []string{"CAPQ_TEST_TOKEN=" + envCanary}
	cases := []struct {
		name string
		env  []string
		args []string
	}{
		{"github annotations", token, []string{"lint", "--format", "github", cfg}},
		{"sarif", token, []string{"lint", "--format", "sarif", cfg}},
		{"text in CI", append(token, "CI=true"), []string{"lint", cfg}},
		{"json with --untrusted", token, []string{"lint", "--format", "json", "--untrusted", cfg}},
		{"diff in CI", append(token, "CI=true"), []string{"diff", seedsConfig(), cfg}},
		{"diff annotations", token, []string{"diff", "--format", "github", seedsConfig(), cfg}},
		{"tree in CI", append(token, "CI=true"), []string{"tree", cfg}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, c.env, "", c.args...)
			all := res.stdout + res.stderr
			assert.NotContains(t, all, fileCanary, "a file's content reached the output")
			assert.NotContains(t, all, envCanary, "an environment value reached the output")
			if c.args[0] == "lint" {
				assert.Contains(t, all, "XML008")
				assert.Contains(t, all, "XML009")
			}
		})
	}
	t.Run("trusted input is read as Hadoop reads it", func(t *testing.T) {
		// The canaries do reach the output when trust is given: the
		// assertions above can fail.
		res := hostileRun(t, dir, append(token, "CI=true"), "", "lint", "--untrusted=false", cfg)
		assert.Contains(t, res.stdout, fileCanary)
		assert.Contains(t, res.stdout, envCanary)
	})
	t.Run("git: inputs are untrusted without CI", func(t *testing.T) {
		repo := gitRepo(t, map[string]string{"cs.xml": readString(t, cfg)})
		res := hostileRun(t, repo, token, "", "lint", "git:HEAD:cs.xml")
		assert.NotContains(t, res.stdout+res.stderr, fileCanary)
		assert.NotContains(t, res.stdout+res.stderr, envCanary)
		assert.Contains(t, res.stdout, "XML008")
	})
	t.Run("an include outside the directory is refused", func(t *testing.T) {
		outside := filepath.Join(t.TempDir(), "queues.xml")
		require.NoError(t, os.WriteFile(outside, []byte(`<configuration><property><name>yarn.scheduler.capacity.root.a.capacity</name><value>`+fileCanary+`</value></property></configuration>`), 0o644))
		d := t.TempDir()
		require.NoError(t, os.Symlink(outside, filepath.Join(d, "linked.xml")))
		for _, href := range []string{outside, "linked.xml", "../" + filepath.Base(filepath.Dir(outside)) + "/queues.xml"} {
			cs := `<configuration xmlns:xi="http://www.w3.org/2001/XInclude"><xi:include href="` + href + `"/>` +
				`<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property></configuration>`
			require.NoError(t, os.WriteFile(filepath.Join(d, "capacity-scheduler.xml"), []byte(cs), 0o644))
			res := hostileRun(t, d, []string{"CI=1"}, "", "lint", "capacity-scheduler.xml")
			assert.NotContains(t, res.stdout+res.stderr, fileCanary, href)
			assert.Contains(t, res.stdout, "XML008", href)
		}
	})
}

// Bullet 4: /dev/zero, FIFOs and huge files as any input end with a
// message, never a hang or an out-of-memory crash; hostile workload
// numbers get a range message.
func TestHostileUnboundedReads(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	big := filepath.Join(dir, "big.json")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(100<<20)) // sparse: 100 MB of zeros, no disk
	require.NoError(t, f.Close())
	workload := repoFile("testdata", "workloads", "seeds-example.json")
	gate := filepath.Join(dir, "gates.txt")
	require.NoError(t, os.WriteFile(gate, []byte("root.engineering.development wait.p95 <= 10m\n"), 0o644))
	cs := seedsConfig()

	sim := func(w string) []string { return []string{"simulate", "--config", cs, "--workload", w} }
	preview := func(extra ...string) []string {
		return append([]string{"preview", cs, cs, "--workload", workload}, extra...)
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"workload /dev/zero", sim("/dev/zero"), "character device"},
		{"workload FIFO", sim(fifo), "named pipe"},
		{"workload 100 MB", append(sim(big), "--max-file-size", "1000000"), "larger than the limit"},
		{"SLS nodes FIFO", append(sim(repoFile("testdata", "workloads", "sls", "trace.json")), "--sls-nodes", fifo), "named pipe"},
		{"scenario FIFO", []string{"scenario", fifo}, "named pipe"},
		{"scenario 100 MB", []string{"scenario", big}, "larger than the limit"},
		{"gate FIFO", preview("--gate", fifo), "named pipe"},
		{"gate 100 MB", preview("--gate", big), "larger than the limit"},
		{"policy FIFO", []string{"lint", "--policy", fifo, cs}, "named pipe"},
		{"policy /dev/zero", []string{"lint", "--policy", "/dev/zero", cs}, "character device"},
		{"baseline FIFO", []string{"lint", "--baseline", fifo, cs}, "named pipe"},
		{"write-baseline onto a FIFO", []string{"lint", "--write-baseline", fifo, cs}, "named pipe"},
		{"configuration FIFO (Hadoop 1 detection)", []string{"lint", fifo}, "FIFO"},
		{"configuration /dev/zero", []string{"tree", "/dev/zero"}, "FIFO, socket or device"},
		{"migrate FIFO", []string{"migrate", "hadoop1", "--mapred-site", fifo}, "FIFO"},
		{"phase 2147483648", sim(repoFile("testdata", "hostile", "workload-phase-overflow.json")), "phase 2147483648 is out of range"},
		{"task count at the maximum", sim(repoFile("testdata", "hostile", "workload-count-at-max.json")), "--max-containers"},
		{"negative heartbeat", sim(repoFile("testdata", "hostile", "workload-heartbeat-negative.json")), "am_heartbeat_ms -5 is out of range"},
		{"four billion racks", sim(repoFile("testdata", "hostile", "workload-racks-huge.json")), "racks 4000000000 is out of range"},
		{"twenty million nodes by events", sim(repoFile("testdata", "hostile", "workload-add-nodes-flood.json")), "add_nodes"},
		{"SLS job.count of a million", sim(repoFile("testdata", "hostile", "sls-job-count-flood.json")), "task groups"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
		})
	}
	t.Run("a sparse file under a limit past it is refused, not read", func(t *testing.T) {
		// The buffer was sized by stat: 200 GB asked for at once, and an
		// out-of-memory crash (hostileRun's address-space limit).
		huge := filepath.Join(t.TempDir(), "huge.json")
		require.NoError(t, os.WriteFile(huge, nil, 0o644))
		require.NoError(t, os.Truncate(huge, 200<<30))
		if !reportsHole(t, huge, 200<<30) {
			t.Skip("only Linux file systems that report holes (lseek SEEK_HOLE) are checked; capq reads others as it reads any file")
		}
		for _, args := range [][]string{
			append(sim(huge), "--max-file-size", "300000000000"),
			{"lint", "--max-file-size", "300000000000", huge},
			{"scenario", "--max-file-size", "300000000000", huge},
		} {
			res := hostileRun(t, dir, nil, "", args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, "huge.json is a sparse file of 214748364800 bytes: bytes 0 to 214748364800 were never written", args[0])
		}
	})
	t.Run("special files are read when allowed, still bounded", func(t *testing.T) {
		res := hostileRun(t, dir, nil, "", append(sim("/dev/zero"), "--allow-special-files", "--max-file-size", "1000")...)
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		assert.Contains(t, res.stderr, "larger than the limit of 1000 bytes")
	})
}

// Bullet 4: ${var} chains of a 2 MB file are read in bounded work (capq
// took 37 s; hangGuard catches a regression, XML010 says where it stopped).
func TestHostileExpansionChains(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("<configuration>\n")
	prop := func(k, v string) { fmt.Fprintf(&b, "<property><name>%s</name><value>%s</value></property>\n", k, v) }
	prop("yarn.scheduler.capacity.root.queues", "default")
	prop("big", strings.Repeat("x", 1<<20)+"${loop}")
	prop("loop", "${big}")
	for i := 0; i < 5000; i++ {
		prop(fmt.Sprintf("yarn.capq.test.v%d", i), "${big}")
	}
	b.WriteString("</configuration>\n")
	path := filepath.Join(dir, "capacity-scheduler.xml")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	res := hostileRun(t, dir, nil, "", "lint", path)
	assert.Equal(t, exitFindings, res.code, res.stderr)
	assert.Contains(t, res.stdout, "XML010")
	assert.Less(t, len(res.stdout), 64<<10, "findings must not repeat the huge value")
}

// Bullet 5: the smaller edges.
func TestHostileSmallerEdges(t *testing.T) {
	cs := seedsConfig()
	data := readString(t, cs)
	t.Run("--max-file-size at int64 max", func(t *testing.T) {
		res := hostileRun(t, t.TempDir(), nil, "", "lint", "--max-file-size", "9223372036854775807", cs)
		assert.Equal(t, exitOK, res.code, res.stderr)
		res = hostileRun(t, t.TempDir(), nil, data, "lint", "--max-file-size", "9223372036854775807", "-")
		assert.Equal(t, exitOK, res.code, res.stderr)
	})
	t.Run("standard input honours --max-file-size", func(t *testing.T) {
		res := hostileRun(t, t.TempDir(), nil, data, "lint", "--max-file-size", "100", "-")
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		assert.Contains(t, res.stderr, "larger than the limit of 100 bytes")

		padded := strings.Replace(data, "<configuration>", "<configuration><!--"+strings.Repeat("p", 65<<20)+"-->", 1)
		res = hostileRun(t, t.TempDir(), nil, padded, "lint", "--max-file-size", "100000000", "-")
		assert.Equal(t, exitOK, res.code, "a raised limit applies to standard input too: %s", res.stderr)
	})
	t.Run("an absolute config_file is not joined to the scenario's directory", func(t *testing.T) {
		dir := t.TempDir()
		sc := fmt.Sprintf(`{"id": "abs", "cluster": {"nodes": [{"id": "n1", "host": "n1", "rack": "/r", "memory_mb": 8192, "vcores": 8}]}, "config_file": %q, "steps": []}`, cs)
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "sub", "s.json"), []byte(sc), 0o644))
		res := hostileRun(t, dir, nil, "", "scenario", "sub/s.json")
		assert.Equal(t, exitOK, res.code, res.stderr)
	})
}

// reportsHole says whether path, of size bytes and never written, shows
// its hole to lseek(SEEK_HOLE) on Linux, as safeio's sparse check needs.
func reportsHole(t *testing.T, path string, size int64) bool {
	t.Helper()
	if runtime.GOOS != "linux" {
		return false
	}
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	const seekHole = 4 // linux/fs.h
	at, err := f.Seek(0, seekHole)
	return err == nil && at < size
}
