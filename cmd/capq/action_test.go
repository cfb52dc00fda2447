package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/capq/capq/golden"
)

// actionRepo makes a git repository whose main branch has a valid
// conf/capacity-scheduler.xml and whose checked-out branch breaks it
// (CS024) and adds an unrelated file, as a pull request would.
func actionRepo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "init.defaultBranch=main"}, args...)...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	good, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata/seeds-example/capacity-scheduler.xml"))
	require.NoError(t, err)
	bad, err := os.ReadFile(filepath.Join(golden.RepoRoot(), sample, "capacity-scheduler.xml"))
	require.NoError(t, err)
	conf := filepath.Join(dir, "conf", "capacity-scheduler.xml")
	require.NoError(t, os.MkdirAll(filepath.Dir(conf), 0o755))
	git("init", "-q")
	require.NoError(t, os.WriteFile(conf, good, 0o644))
	git("add", ".")
	git("commit", "-q", "-m", "base")
	git("checkout", "-q", "-b", "change")
	require.NoError(t, os.WriteFile(conf, bad, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644))
	git("add", ".")
	git("commit", "-q", "-m", "change")
	git("update-ref", "refs/remotes/origin/main", "main")
	return dir
}

// runAction runs action/run.sh in dir with a fake GitHub Actions
// environment and returns its output, exit code and the files it wrote.
func runAction(t *testing.T, dir string, env ...string) (out string, code int, summary, outputs string) {
	t.Helper()
	tmp := t.TempDir()
	sumFile, outFile := filepath.Join(tmp, "summary.md"), filepath.Join(tmp, "output")
	cmd := exec.Command("bash", filepath.Join(golden.RepoRoot(), "action", "run.sh"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CAPQ="+capqBin, "NO_COLOR=1", "GITHUB_ACTIONS=true",
		"GITHUB_EVENT_NAME=pull_request", "GITHUB_BASE_REF=main",
		"GITHUB_STEP_SUMMARY="+sumFile, "GITHUB_OUTPUT="+outFile)
	cmd.Env = append(cmd.Env, env...)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	s, _ := os.ReadFile(sumFile)
	o, _ := os.ReadFile(outFile)
	return buf.String(), code, string(s), string(o)
}

// TestActionScript runs the GitHub Action's script on a pull request that
// breaks a configuration: annotations on the changed file, the refresh
// diff against the base branch, a job summary, a valid SARIF log and the
// step outputs; exit 1.
func TestActionScript(t *testing.T) {
	dir := actionRepo(t)
	out, code, summary, outputs := runAction(t, dir)
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, "::error file=conf/capacity-scheduler.xml,line=3,col=13,title=CS024 capacity-sum::")
	assert.Contains(t, out, "::group::capq diff conf/capacity-scheduler.xml")
	assert.Contains(t, out, "capq: capq dev")
	assert.NotContains(t, out, "notes.txt")
	assert.Contains(t, summary, "### capq lint")
	assert.Contains(t, summary, "### capq diff")
	assert.Contains(t, outputs, "files=1\n")
	assert.Contains(t, outputs, "sarif-file=capq.sarif\n")

	data, err := os.ReadFile(filepath.Join(dir, "capq.sarif"))
	require.NoError(t, err)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	require.NoError(t, err)
	assert.NoError(t, compileSARIFSchema(t).Validate(doc))
	uris, _, _ := sarifURIs(t, string(data))
	require.NotEmpty(t, uris)
	for _, u := range uris {
		assert.Equal(t, "conf/capacity-scheduler.xml", u)
	}
}

// TestActionScriptNothingChanged: a change that touches no configuration
// passes without running anything.
func TestActionScriptNothingChanged(t *testing.T) {
	dir := actionRepo(t)
	out, code, _, outputs := runAction(t, dir, "INPUT_BASE=HEAD")
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "no Capacity Scheduler configuration changed")
	assert.Contains(t, outputs, "files=0\n")
}

// TestActionScriptFailOnAndFiles: INPUT_FILES picks the files and
// INPUT_FAIL_ON the level; a clean file passes.
func TestActionScriptFailOnAndFiles(t *testing.T) {
	dir := actionRepo(t)
	clean := filepath.Join(golden.RepoRoot(), "testdata/seeds-example/capacity-scheduler.xml")
	out, code, _, _ := runAction(t, dir, "INPUT_FILES="+clean, "INPUT_BASE=", "GITHUB_BASE_REF=")
	assert.Equal(t, 0, code, out)
	assert.NotContains(t, out, "::error")
}

// TestActionYAML: action.yml runs the script and maps every input it reads.
func TestActionYAML(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "action.yml"))
	require.NoError(t, err)
	var action struct {
		Inputs map[string]any `yaml:"inputs"`
		Runs   struct {
			Using string `yaml:"using"`
			Steps []struct {
				Run  string            `yaml:"run"`
				Uses string            `yaml:"uses"`
				Env  map[string]string `yaml:"env"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	require.NoError(t, yaml.Unmarshal(data, &action))
	assert.Equal(t, "composite", action.Runs.Using)
	script, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "action", "run.sh"))
	require.NoError(t, err)
	var env map[string]string
	uploads := false
	for _, s := range action.Runs.Steps {
		if strings.Contains(s.Run, "action/run.sh") {
			env = s.Env
		}
		uploads = uploads || strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif")
	}
	require.NotNil(t, env, "a step runs action/run.sh")
	assert.True(t, uploads, "SARIF is uploaded")
	for _, v := range regexp.MustCompile(`INPUT_[A-Z_]+`).FindAllString(string(script), -1) {
		assert.Contains(t, env, v, "action.yml passes %s", v)
	}
	for name, v := range env {
		if m := regexp.MustCompile(`inputs\.([a-z-]+)`).FindStringSubmatch(v); m != nil {
			assert.Contains(t, action.Inputs, m[1], "%s reads an input that is declared", name)
		}
	}
}

// TestPreCommitHook: the capq-lint hook's entry, run as pre-commit runs
// it on the files its pattern selects, passes a clean configuration and
// fails a broken one.
func TestPreCommitHook(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), ".pre-commit-hooks.yaml"))
	require.NoError(t, err)
	var hooks []struct {
		ID, Entry, Language, Files string
		PassFilenames              bool `yaml:"pass_filenames"`
	}
	require.NoError(t, yaml.Unmarshal(data, &hooks))
	require.Len(t, hooks, 1)
	h := hooks[0]
	assert.Equal(t, "capq-lint", h.ID)
	assert.Equal(t, "golang", h.Language, "pre-commit builds ./cmd/capq with go install")
	assert.True(t, h.PassFilenames)
	files := regexp.MustCompile(h.Files)
	for path, want := range map[string]bool{
		"capacity-scheduler.xml": true, "conf/capacity-scheduler.xml": true,
		"conf/yarn-site.xml": false, "capacity-scheduler.xml.bak": false,
	} {
		assert.Equal(t, want, files.MatchString(path), path)
	}
	entry := strings.Fields(h.Entry)
	require.Equal(t, "capq", entry[0])
	for file, code := range map[string]int{
		"testdata/seeds-example/capacity-scheduler.xml": 0,
		sample + "/capacity-scheduler.xml":              1,
	} {
		require.True(t, files.MatchString(file))
		r := runBinary(t, "", append(entry[1:], file)...)
		assert.Equal(t, code, r.code, "%s: %s%s", file, r.stdout, r.stderr)
	}
}

// TestActionScriptNestedPaths: the default pattern finds a changed file
// two directories down even when another capacity-scheduler.xml exists
// nearer the root (the pattern is matched, never expanded by the shell).
func TestActionScriptNestedPaths(t *testing.T) {
	dir := actionRepo(t)
	bad, err := os.ReadFile(filepath.Join(dir, "conf", "capacity-scheduler.xml"))
	require.NoError(t, err)
	deep := filepath.Join(dir, "clusters", "east", "capacity-scheduler.xml")
	require.NoError(t, os.MkdirAll(filepath.Dir(deep), 0o755))
	require.NoError(t, os.WriteFile(deep, bad, 0o644))
	for _, args := range [][]string{{"add", "."}, {"commit", "-q", "-m", "deep"}} {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, string(out))
	}
	out, code, _, outputs := runAction(t, dir, "INPUT_BASE=HEAD~1")
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, "::error file=clusters/east/capacity-scheduler.xml,")
	assert.Contains(t, out, "is new in this change; nothing to diff")
	assert.Contains(t, outputs, "files=1\n")
}

// TestActionScriptHostileFileNames: the pull request names its files.
// A configuration under a non-ASCII directory was skipped (git C-quoted
// its name, which matched no file) and passed unchecked; a directory
// whose name holds a newline then "::error::" printed a forged workflow
// command in the ::group:: line. Names are read with -z and escaped when
// shown.
func TestActionScriptHostileFileNames(t *testing.T) {
	dir := actionRepo(t)
	bad, err := os.ReadFile(filepath.Join(golden.RepoRoot(), sample, "capacity-scheduler.xml"))
	require.NoError(t, err)
	for _, d := range []string{"équipe", "x\n::error::forged"} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, d), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, d, "capacity-scheduler.xml"), bad, 0o644))
	}
	for _, args := range [][]string{{"add", "."}, {"commit", "-q", "-m", "hostile names"}} {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
	}
	out, code, _, outputs := runAction(t, dir)
	assert.Equal(t, 1, code, out)
	assert.Contains(t, outputs, "files=3\n", out)
	assert.Contains(t, out, "::error file=équipe/capacity-scheduler.xml,line=3,col=13,title=CS024 capacity-sum::")
	assert.Contains(t, out, "capq: x%0A::error::forged/capacity-scheduler.xml is new in this change")
	for _, line := range strings.Split(out, "\n") {
		assert.False(t, strings.HasPrefix(line, "::error::forged"), "a forged workflow command: %q", line)
	}
}
