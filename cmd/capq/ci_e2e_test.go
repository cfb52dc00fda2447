package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// runBinaryIn runs the built capq in dir with extra environment.
func runBinaryIn(t *testing.T, dir string, env []string, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(capqBin, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "NO_COLOR=1", "GITHUB_STEP_SUMMARY="), env...)
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

// sarifURIs returns every result's artifact URI and fingerprint.
func sarifURIs(t *testing.T, out string) (uris, fingerprints []string, version string) {
	t.Helper()
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Version string `json:"version"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &log), out)
	for _, r := range log.Runs[0].Results {
		uris = append(uris, r.Locations[0].PhysicalLocation.ArtifactLocation.URI)
		fingerprints = append(fingerprints, r.PartialFingerprints["capqFinding/v1"])
	}
	return uris, fingerprints, log.Runs[0].Tool.Driver.Version
}

// TestCIPathsRelativeToRepoRoot: SARIF and GitHub annotations name the
// file from the repository root however capq was invoked (from a
// subdirectory, with an absolute path), as GitHub resolves them.
func TestCIPathsRelativeToRepoRoot(t *testing.T) {
	root := golden.RepoRoot()
	want := sample + "/capacity-scheduler.xml"
	sub := filepath.Join(root, sample)
	tests := []struct {
		name, dir, arg string
	}{
		{"from the root", root, sample},
		{"from a subdirectory", sub, "capacity-scheduler.xml"},
		{"absolute path", os.TempDir(), filepath.Join(sub, "capacity-scheduler.xml")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rootArgs := []string{}
			if tc.dir == os.TempDir() {
				rootArgs = []string{"--root", root} // not inside the repository
			}
			r := runBinaryIn(t, tc.dir, nil, "", append([]string{"lint", "--format", "sarif", tc.arg}, rootArgs...)...)
			require.Equal(t, 1, r.code, r.stderr)
			uris, _, _ := sarifURIs(t, r.stdout)
			require.NotEmpty(t, uris)
			for _, u := range uris {
				assert.Equal(t, want, u)
			}
			r = runBinaryIn(t, tc.dir, nil, "", append([]string{"lint", "--format", "github", tc.arg}, rootArgs...)...)
			assert.Contains(t, r.stdout, "file="+want+",")
		})
	}
}

// TestStdinFilename: --stdin-filename names piped input in every format.
func TestStdinFilename(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), sample, "capacity-scheduler.xml"))
	require.NoError(t, err)
	name := "conf/capacity-scheduler.xml"
	r := runBinary(t, string(data), "lint", "-", "--stdin-filename", name, "--format", "sarif")
	require.Equal(t, 1, r.code, r.stderr)
	uris, _, _ := sarifURIs(t, r.stdout)
	for _, u := range uris {
		assert.Equal(t, name, u)
	}
	r = runBinary(t, string(data), "lint", "-", "--stdin-filename", name)
	assert.Contains(t, r.stdout, name+":3:13: error CS024")
	assert.NotContains(t, r.stdout, "<stdin>")
}

// TestSARIFVersionAndFingerprints: driver.version is the stamped version
// and every result has a fingerprint that survives a line shift.
func TestSARIFVersionAndFingerprints(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "capq")
	build := exec.Command("go", "build", "-ldflags", "-X main.version=v9.8.7", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))
	v, err := exec.Command(bin, "--version").Output()
	require.NoError(t, err)
	assert.Equal(t, "capq v9.8.7", strings.Fields(string(v))[0]+" "+strings.Fields(string(v))[1])
	v2, err := exec.Command(bin, "version").Output()
	require.NoError(t, err)
	assert.Equal(t, string(v), string(v2))

	data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), sample, "capacity-scheduler.xml"))
	require.NoError(t, err)
	run := func(xml string) ([]string, string) {
		cmd := exec.Command(bin, "lint", "-", "--stdin-filename", "c.xml", "--format", "sarif")
		cmd.Stdin = strings.NewReader(xml)
		out, _ := cmd.Output()
		_, fps, ver := sarifURIs(t, string(out))
		return fps, ver
	}
	fps, ver := run(string(data))
	assert.Equal(t, "v9.8.7", ver)
	require.NotEmpty(t, fps)
	for _, fp := range fps {
		assert.Len(t, fp, 32)
	}
	shifted := strings.Replace(string(data), "<configuration>", "<configuration>\n\n\n", 1)
	fps2, _ := run(shifted)
	assert.Equal(t, fps, fps2, "fingerprints do not depend on line numbers")
}

// TestVersionDev: an unstamped build says dev.
func TestVersionDev(t *testing.T) {
	r := runBinary(t, "", "version")
	assert.Equal(t, 0, r.code)
	assert.Equal(t, "capq dev\n", r.stdout)
	r = runBinary(t, "", "--version")
	assert.Equal(t, "capq dev\n", r.stdout)
}

// TestGitHubErrorsFirstAndStepSummary: annotations list errors before
// warnings and notices (GitHub keeps 10 of each per step), and with
// $GITHUB_STEP_SUMMARY set every finding lands in its table, appended to
// what earlier steps wrote.
func TestGitHubErrorsFirstAndStepSummary(t *testing.T) {
	summary := filepath.Join(t.TempDir(), "summary.md")
	require.NoError(t, os.WriteFile(summary, []byte("earlier step\n"), 0o644))
	r := runBinaryIn(t, golden.RepoRoot(), []string{"GITHUB_STEP_SUMMARY=" + summary}, "", "lint", "--format", "github", sample)
	require.Equal(t, 1, r.code, r.stderr)
	var kinds []string
	for _, line := range strings.Split(r.stdout, "\n") {
		if k, _, ok := strings.Cut(line, " "); ok && strings.HasPrefix(k, "::") {
			kinds = append(kinds, k)
		}
	}
	require.NotEmpty(t, kinds)
	assert.Equal(t, "::error", kinds[0])
	rank := map[string]int{"::error": 0, "::warning": 1, "::notice": 2}
	for i := 1; i < len(kinds); i++ {
		assert.LessOrEqual(t, rank[kinds[i-1]], rank[kinds[i]], "%v", kinds)
	}
	md, err := os.ReadFile(summary)
	require.NoError(t, err)
	got := string(md)
	assert.True(t, strings.HasPrefix(got, "earlier step\n"), "appended, not replaced")
	assert.Contains(t, got, "| Severity | Rule | Location | Message |")
	assert.Contains(t, got, "| error | CS024 capacity-sum | `"+sample+"/capacity-scheduler.xml:3` |")
	assert.Equal(t, len(kinds), strings.Count(got, "\n| ")-2, "one row per finding (after the header and its rule)")
}

// TestDiffCIOutput: diff's SARIF and annotations follow the same path
// rules as lint's, and its GitHub output writes the step summary too.
func TestDiffCIOutput(t *testing.T) {
	root := golden.RepoRoot()
	dir := filepath.Join(root, "testdata", "diff", "delete-running-queue")
	summary := filepath.Join(t.TempDir(), "summary.md")
	r := runBinaryIn(t, dir, []string{"GITHUB_STEP_SUMMARY=" + summary}, "", "diff", "--format", "github", "old.xml", "new.xml")
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Contains(t, r.stdout, "file=testdata/diff/delete-running-queue/new.xml")
	md, err := os.ReadFile(summary)
	require.NoError(t, err)
	assert.Contains(t, string(md), "### capq diff")
	r = runBinaryIn(t, dir, nil, "", "diff", "--format", "sarif", "old.xml", "new.xml")
	uris, _, ver := sarifURIs(t, r.stdout)
	assert.Equal(t, "dev", ver)
	require.NotEmpty(t, uris)
	for _, u := range uris {
		assert.Equal(t, "testdata/diff/delete-running-queue/new.xml", u)
	}
}

// TestCIFlagsHostile: a bad --root or --stdin-filename is exit 2 with a
// message; a step summary that cannot be written does not lose the
// annotations.
func TestCIFlagsHostile(t *testing.T) {
	r := runBinary(t, "", "lint", "--format", "sarif", "--root", "no/such/dir", sample)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "--root no/such/dir: no such directory")
	r = runBinary(t, "<configuration/>", "lint", "-", "--stdin-filename", "a.xml\n::error file=x::forged")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "must not contain control characters")
	assert.Empty(t, r.stdout)
	r = runBinaryIn(t, golden.RepoRoot(), []string{"GITHUB_STEP_SUMMARY=" + filepath.Join(t.TempDir(), "no", "dir", "s.md")}, "", "lint", "--format", "github", sample)
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stdout, "::error file=")
	assert.Contains(t, r.stderr, "capq: warning: GITHUB_STEP_SUMMARY: ")
}
