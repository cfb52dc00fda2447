package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/capq/capq/golden"
)

// capqBin is the binary built once for every end-to-end test in this
// package. Tests that need the real process (exit codes, stdio) use
// runBinary; others may call execute directly with runCapq.
var capqBin string

func TestMain(m *testing.M) {
	if out := os.Getenv(launchEnv); out != "" {
		os.Exit(launch(out, os.Args[1:]))
	}
	dir, err := os.MkdirTemp("", "capq-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	capqBin = filepath.Join(dir, "capq")
	if bin := os.Getenv("CAPQ_E2E_BIN"); bin != "" {
		// Run the end-to-end tests against another build (an older
		// release, to show that a test fails there).
		capqBin = bin
		code := m.Run()
		os.RemoveAll(dir)
		os.Exit(code)
	}
	// -buildvcs=false: go build would otherwise stamp a VCS-derived
	// version, and SARIF goldens carry driver.version ("dev" here).
	build := exec.Command("go", "build", "-buildvcs=false", "-o", capqBin, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building capq for end-to-end tests:", err)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is what a capq run printed and its exit code.
type result struct {
	stdout, stderr string
	code           int
	// maxRSSKiB is the peak resident memory, when the run measured it
	// (hostileRun).
	maxRSSKiB int64
}

// runBinary runs the built capq with args from the repository root (so
// testdata paths in output stay relative), with stdin and NO_COLOR set.
func runBinary(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(capqBin, args...)
	cmd.Dir = golden.RepoRoot()
	cmd.Env = append(environWithout("CI"), "NO_COLOR=1")
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running capq %v: %v", args, err)
	}
	return result{stdout: out.String(), stderr: errOut.String(), code: code}
}

// runCapq calls execute in-process with buffers, from the repository root.
func runCapq(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(golden.RepoRoot()); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var out, errOut bytes.Buffer
	s := &streams{
		in: strings.NewReader(stdin), out: &out, errOut: &errOut,
		getenv:    func(string) string { return "" },
		lookupEnv: func(string) (string, bool) { return "", false },
	}
	code := execute(args, s)
	return result{stdout: out.String(), stderr: errOut.String(), code: code}
}

// environWithout is the test's environment without the named variables:
// CI switches capq to untrusted mode, which the tests choose themselves.
func environWithout(names ...string) []string {
	var out []string
	for _, kv := range os.Environ() {
		keep := true
		for _, n := range names {
			keep = keep && !strings.HasPrefix(kv, n+"=")
		}
		if keep {
			out = append(out, kv)
		}
	}
	return out
}
