package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// End-to-end tests of issue 12 (hostile inputs and outputs), one group
// per bullet of the issue. Every one fails on the binary before the fix
// (run them against it with CAPQ_E2E_BIN=/path/to/old/capq). Each run is
// bounded by hangGuard and by a 3 GB address-space limit, so a regression
// shows up as a failed test, not a hung or swapping machine, and its peak
// resident memory must stay under 2 GB (measured by a launcher: see
// launcher_test.go).

// hangGuard is generous: it catches a hang, not slowness, and must hold on
// a loaded CI machine (a stopped 40,000-tracker run took over 60 s there).
const hangGuard = 180 * time.Second

// hostileRun runs capq in dir with extra environment (CI is unset unless
// given) and stdin, under the guards above.
func hostileRun(t *testing.T, dir string, env []string, stdin string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	self, err := os.Executable()
	require.NoError(t, err)
	peakFile := filepath.Join(t.TempDir(), "peak")
	cmd := exec.CommandContext(ctx, self, append([]string{capqBin}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(append(environWithout("CI", launchEnv), "NO_COLOR=1", launchEnv+"="+peakFile), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("capq %v did not finish within %s (hang)", args, hangGuard)
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running capq %v: %v", args, err)
	}
	res := result{stdout: out.String(), stderr: errOut.String(), code: code}
	if peak := readPeak(peakFile); peak > 0 {
		// Linux reports the peak resident set in KiB (issue 12: < 2 GB).
		assert.Less(t, peak, int64(2<<20), "capq %v used %d KiB of memory", args, peak)
		res.maxRSSKiB = peak
	}
	for _, crash := range []string{"panic:", "fatal error:", "goroutine "} {
		require.NotContains(t, res.stderr, crash, "capq %v crashed", args)
	}
	return res
}

func repoFile(parts ...string) string {
	return filepath.Join(append([]string{golden.RepoRoot()}, parts...)...)
}

func seedsConfig() string { return repoFile("testdata", "seeds-example", "capacity-scheduler.xml") }

func readString(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(data)
}

// gitRepo makes a repository holding files (name -> content), committed.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	for name, content := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
	for _, args := range [][]string{
		{"init", "-q"}, {"add", "-A"},
		{"-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-q", "-m", "x"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, string(out))
	}
	return dir
}

// Bullet 1: option injection through git:.
func TestHostileGitOptionInjection(t *testing.T) {
	dir := gitRepo(t, map[string]string{"cs.xml": readString(t, seedsConfig())})
	victim := filepath.Join(dir, "victim")
	for _, args := range [][]string{
		{"lint", "git:--output=victim:x"},
		{"lint", "git:--output=created:x"},
		{"lint", "git:HEAD:--output=victim"},
		{"diff", "git:--output=victim:x", "cs.xml"},
		{"tree", "git:-ocreated:x"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			require.NoError(t, os.WriteFile(victim, []byte("keep"), 0o644))
			res := hostileRun(t, dir, nil, "", args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, `may not begin with "-"`)
			assert.Equal(t, "keep", readString(t, victim), "git wrote over a file")
			assert.Equal(t, []string{"cs.xml", "victim"}, listDir(t, dir), "git created a file")
		})
	}
	t.Run("a legitimate revision still reads", func(t *testing.T) {
		res := hostileRun(t, dir, nil, "", "lint", "git:HEAD:cs.xml")
		assert.Equal(t, exitOK, res.code, res.stderr)
	})
	t.Run("a git object is bounded by --max-file-size", func(t *testing.T) {
		res := hostileRun(t, dir, nil, "", "lint", "--max-file-size", "100", "git:HEAD:cs.xml")
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		assert.Contains(t, res.stderr, "larger than the limit of 100 bytes")
	})
	t.Run("a workload's refresh event", func(t *testing.T) {
		require.NoError(t, os.WriteFile(victim, []byte("keep"), 0o644))
		w := readString(t, repoFile("testdata", "hostile", "workload-refresh-git-injection.json"))
		res := hostileRun(t, dir, nil, w, "simulate", "--config", "cs.xml", "--workload", "-")
		// A file by that name, not a git object: there is none, which
		// is an input error (exit 2) before the run.
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		assert.Contains(t, res.stderr, "git:--output=victim:x: no such file")
		assert.Equal(t, "keep", readString(t, victim), "a refresh event made git write over a file")
		assert.Equal(t, []string{"cs.xml", "victim"}, listDir(t, dir), "a refresh event made git create a file")
	})
}

// Bullet 2: outputs replaced by rename, clobbered inputs, half-written
// and leftover files.
func TestHostileOutputTargets(t *testing.T) {
	genArgs := func(out string, extra ...string) []string {
		return append([]string{"gen", "workload", "--config", seedsConfig(), "--apps", "5", "-o", out}, extra...)
	}
	t.Run("a symbolic link is never replaced, even with --force", func(t *testing.T) {
		dir := t.TempDir()
		target := filepath.Join(dir, "target")
		require.NoError(t, os.WriteFile(target, []byte("keep"), 0o644))
		require.NoError(t, os.Symlink(target, filepath.Join(dir, "link")))
		res := hostileRun(t, dir, nil, "", genArgs("link", "--force")...)
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		assert.Contains(t, res.stderr, "symbolic link")
		fi, err := os.Lstat(filepath.Join(dir, "link"))
		require.NoError(t, err)
		assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link was replaced by a file")
		assert.Equal(t, "keep", readString(t, target))
	})
	t.Run("--events never turns a link into a file", func(t *testing.T) {
		dir := t.TempDir()
		target := filepath.Join(dir, "target")
		require.NoError(t, os.WriteFile(target, []byte("keep"), 0o644))
		require.NoError(t, os.Symlink(target, filepath.Join(dir, "events.jsonl")))
		res := hostileRun(t, dir, nil, "", "simulate", "--config", seedsConfig(),
			"--workload", repoFile("testdata", "workloads", "seeds-example.json"), "--events", "events.jsonl")
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		fi, err := os.Lstat(filepath.Join(dir, "events.jsonl"))
		require.NoError(t, err)
		assert.NotZero(t, fi.Mode()&os.ModeSymlink, "the link was replaced by a file")
		assert.Equal(t, "keep", readString(t, target))
	})
	t.Run("a FIFO is never replaced, even with --force", func(t *testing.T) {
		dir := t.TempDir()
		require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600))
		res := hostileRun(t, dir, nil, "", genArgs("fifo", "--force")...)
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		fi, err := os.Lstat(filepath.Join(dir, "fifo"))
		require.NoError(t, err)
		assert.NotZero(t, fi.Mode()&os.ModeNamedPipe, "the FIFO was replaced by a file")
	})
	t.Run("--html does not overwrite without --force", func(t *testing.T) {
		dir := t.TempDir()
		out := filepath.Join(dir, "report.html")
		require.NoError(t, os.WriteFile(out, []byte("keep"), 0o644))
		res := hostileRun(t, golden.RepoRoot(), nil, "", previewArgs("--html", out)...)
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		assert.Contains(t, res.stderr, "--force")
		assert.Equal(t, "keep", readString(t, out))
	})
	t.Run("--html never overwrites the command's input, even with --force", func(t *testing.T) {
		dir := t.TempDir()
		cfg := filepath.Join(dir, "new.xml")
		copyFile(t, repoFile("testdata", "seeds-dev-max40", "capacity-scheduler.xml"), cfg)
		before := readString(t, cfg)
		res := hostileRun(t, golden.RepoRoot(), nil, "", "preview", seedsConfig(), cfg,
			"--workload", "testdata/workloads/seeds-example.json", "--html", cfg, "--force")
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		assert.Contains(t, res.stderr, "one of this command's inputs")
		assert.Equal(t, before, readString(t, cfg))
	})
	t.Run("--events never overwrites the configuration", func(t *testing.T) {
		dir := t.TempDir()
		cfg := filepath.Join(dir, "cs.xml")
		copyFile(t, seedsConfig(), cfg)
		res := hostileRun(t, dir, nil, "", "simulate", "--config", "cs.xml",
			"--workload", repoFile("testdata", "workloads", "seeds-example.json"), "--events", "./cs.xml")
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		assert.Contains(t, res.stderr, "one of this command's inputs")
		assert.Equal(t, readString(t, seedsConfig()), readString(t, cfg))
	})
	t.Run("migrate -o X --report X writes nothing", func(t *testing.T) {
		dir := t.TempDir()
		src := repoFile("testdata", "hadoop1", "01-flat-basic") + "/"
		args := []string{"migrate", "hadoop1", "--mapred-site", src + "mapred-site.xml",
			"--capacity-scheduler", src + "capacity-scheduler.xml", "-o", "x.xml", "--report", "x.xml"}
		res := hostileRun(t, dir, nil, "", args...)
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		assert.Contains(t, res.stderr, "both write")
		assert.NoFileExists(t, filepath.Join(dir, "x.xml"))

		require.NoError(t, os.WriteFile(filepath.Join(dir, "x.xml"), []byte("keep"), 0o644))
		res = hostileRun(t, dir, nil, "", append(args, "--force")...)
		assert.Equal(t, exitCannotRun, res.code, res.stderr)
		assert.Equal(t, "keep", readString(t, filepath.Join(dir, "x.xml")), "the report replaced the XML")
	})
}

// TestHostileEventsWriteError: a failed write of the event log is an
// error (exit 2) that leaves neither the log nor a temporary file.
func TestHostileEventsWriteError(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	// ulimit -f makes writes past 4 KB fail (EFBIG), as a full disk would.
	cmd := exec.CommandContext(ctx, "sh", "-c", `ulimit -f 8; exec "$0" "$@"`, capqBin, "simulate",
		"--config", seedsConfig(), "--workload", repoFile("testdata", "workloads", "seeds-example.json"), "--events", "ev.jsonl")
	cmd.Dir = dir
	cmd.Env = append(environWithout("CI"), "NO_COLOR=1")
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	err := cmd.Run()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, "a truncated event log must not exit 0")
	assert.Equal(t, exitCannotRun, ee.ExitCode(), errOut.String())
	assert.Contains(t, errOut.String(), "write ev.jsonl")
	assertNoFiles(t, dir)
}

// TestHostileInterruptRemovesTemp: SIGINT during a long --events run
// leaves no hidden .tmp-* file behind.
func TestHostileInterruptRemovesTemp(t *testing.T) {
	dir := t.TempDir()
	w := filepath.Join(t.TempDir(), "w.json")
	gen := runBinary(t, "", "gen", "workload", "--config", seedsConfig(), "--apps", "20000", "-o", w)
	require.Equal(t, exitOK, gen.code, gen.stderr)
	cmd := exec.Command(capqBin, "simulate", "--config", seedsConfig(), "--workload", w, "--events", "ev.jsonl")
	cmd.Dir = dir
	cmd.Env = append(environWithout("CI"), "NO_COLOR=1")
	require.NoError(t, cmd.Start())
	deadline := time.Now().Add(hangGuard)
	for !hasTemp(dir) && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	require.True(t, hasTemp(dir), "the run never started writing its event log")
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	err := cmd.Wait()
	var ee *exec.ExitError
	if !assert.ErrorAs(t, err, &ee, "capq finished before the signal; use a longer workload") {
		return
	}
	assert.Equal(t, 130, ee.ExitCode())
	assertNoFiles(t, dir)
}

// listDir names the entries of dir but .git, sorted.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range ents {
		if e.Name() != ".git" {
			names = append(names, e.Name())
		}
	}
	return names
}

func hasTemp(dir string) bool {
	m, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*"))
	return len(m) > 0
}

func assertNoFiles(t *testing.T, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	assert.Empty(t, names, "files left behind")
}

// "-" is standard output for every output flag; it never creates a file
// named "-". Two outputs on standard output are refused.
func TestHostileDashIsStdout(t *testing.T) {
	dir := t.TempDir()
	res := hostileRun(t, dir, nil, "", "gen", "workload", "--config", seedsConfig(), "--apps", "3", "-o", "-")
	assert.Equal(t, exitOK, res.code, res.stderr)
	assert.Contains(t, res.stdout, `"apps"`)

	src := repoFile("testdata", "hadoop1", "01-flat-basic") + "/"
	res = hostileRun(t, dir, nil, "", "migrate", "hadoop1", "--mapred-site", src+"mapred-site.xml",
		"--capacity-scheduler", src+"capacity-scheduler.xml", "-o", "out.xml", "--report", "-")
	assert.Equal(t, exitOK, res.code, res.stderr)
	assert.FileExists(t, filepath.Join(dir, "out.xml"))
	assert.NotEmpty(t, res.stdout, "the report goes to standard output")

	res = hostileRun(t, dir, nil, "", "simulate", "--config", seedsConfig(),
		"--workload", repoFile("testdata", "workloads", "seeds-example.json"), "--events", "-")
	assert.Equal(t, exitCannotRun, res.code, res.stderr)
	assert.Contains(t, res.stderr, "both write standard output")

	if _, err := os.Lstat(repoFile("-")); os.IsNotExist(err) {
		// An old binary writes a file named "-" here; do not leave it.
		t.Cleanup(func() { os.Remove(repoFile("-")) })
	}
	res = hostileRun(t, golden.RepoRoot(), nil, "", previewArgs("--html", "-")...)
	assert.Equal(t, exitCannotRun, res.code, res.stderr)
	assert.Contains(t, res.stderr, "both write standard output")
	assert.NoFileExists(t, filepath.Join(dir, "-"))
	assert.NoFileExists(t, repoFile("-"))
}
