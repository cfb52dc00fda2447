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

const (
	seedsOld = "testdata/diff/seeds-new-team/old.xml"
	seedsNew = "testdata/diff/seeds-new-team/new.xml"
)

// TestDiffSeedsGolden: the seeds' example gaining a new team queue and
// losing a stopped one, in text (with --unified) and JSON.
func TestDiffSeedsGolden(t *testing.T) {
	r := runBinary(t, "", "diff", seedsOld, seedsNew, "--cluster", "memory=1000g,vcores=1000", "--unified")
	require.Equal(t, 0, r.code, r.stderr)
	golden.Assert(t, "diff/seeds-new-team.txt", []byte(r.stdout))

	r = runBinary(t, "", "diff", seedsOld, seedsNew, "--cluster", "memory=1000g,vcores=1000", "--format", "json")
	require.Equal(t, 0, r.code, r.stderr)
	golden.Assert(t, "diff/seeds-new-team.json", []byte(r.stdout))
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	assert.Equal(t, true, doc["refresh"].(map[string]any)["accepted"])
}

// TestDiffRefusedGolden: deleting a RUNNING queue exits 1 with Hadoop's
// message and the two-step procedure; 2.10 has YARN-5556 (2.9.0) with its
// own message, and only 2.7 needs a restart.
func TestDiffRefusedGolden(t *testing.T) {
	old, new := "testdata/diff/delete-running-queue/old.xml", "testdata/diff/delete-running-queue/new.xml"
	r := runBinary(t, "", "diff", old, new)
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Empty(t, r.stderr)
	golden.Assert(t, "diff/delete-running-queue.txt", []byte(r.stdout))

	r = diffGolden(t, 1, "diff/delete-running-queue-2.10.json", old, new, "--hadoop-version", "2.10", "--format", "json")
	assert.Contains(t, r.stdout, `"root.b.b1 is deleted from the new capacity scheduler configuration, but the queue is not yet in stopped state. Current State : RUNNING"`)
	assert.Contains(t, r.stdout, `"action": "stop-first"`)

	r = runBinary(t, "", "diff", old, new, "--hadoop-version", "2.7", "--format", "json")
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Contains(t, r.stdout, `"b1 cannot be found during refresh!"`)
	assert.Contains(t, r.stdout, `"action": "restart"`)
}

// TestDiffDominantGPUMaxOverParent reproduces
// TestCapacitySchedulerConfigValidator.testValidateCSConfigDominantRCAbsoluteModeParentMaxGPUExceeded:
// under the dominant calculator, on the test's cluster (three 16 GB nodes,
// 30 vcores, 2 GPUs each), a leaf maximum of 50 GPUs above its parent's 4
// is refused although memory and vcores are equal.
func TestDiffDominantGPUMaxOverParent(t *testing.T) {
	dir := "testdata/diff/validator-gpu-max-over-parent/"
	r := diffGolden(t, 1, "diff/validator-gpu-max-over-parent.txt", dir+"old.xml", dir+"new.xml", "--cluster", "memory=48g,vcores=30,yarn.io/gpu=6")
	assert.Contains(t, r.stdout, "REFUSED")
	assert.Contains(t, r.stdout, "Max resource configuration")
}

// TestDiffLabelEndsAtFirstDot: CapacitySchedulerConfiguration
// #getConfiguredNodeLabelsByQueue takes a key's label up to the first dot
// after accessible-node-labels., so "...maximum-am-resource-percent" is
// label "" (NO_LABEL): no partition "." with an empty capacity sum (a
// false ILLEGAL_CAPACITY_SUM before), only CS005 saying the key is unread.
func TestDiffLabelEndsAtFirstDot(t *testing.T) {
	dir := "testdata/diff/label-ends-at-first-dot/"
	r := diffGolden(t, 0, "diff/label-ends-at-first-dot.txt", dir+"old.xml", dir+"new.xml")
	assert.Contains(t, r.stdout, "CS005")
	assert.NotContains(t, r.stdout, "CS024")
}

// TestDiffLiveState: the REST answer shows root.b.b1 still running two
// applications; 3.4 accepts the deletion the new file allows (with a
// warning), 3.2 refuses it.
func TestDiffLiveState(t *testing.T) {
	args := []string{"diff", "testdata/diff/live-state/old.xml", "testdata/diff/live-state/new.xml",
		"--live-state", "testdata/diff/live-state/scheduler.json"}
	r := runBinary(t, "", args...)
	assert.Equal(t, 0, r.code, r.stderr)
	golden.Assert(t, "diff/live-state.txt", []byte(r.stdout))
	assert.Contains(t, r.stdout, "still has 2 application(s)")

	r = runBinary(t, "", append(args, "--hadoop-version", "3.2", "--format", "github")...)
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Contains(t, r.stdout, "::error file=testdata/diff/live-state/new.xml")

	r = runBinary(t, "", append(args, "--format", "sarif")...)
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, `"ruleId": "RF002"`)
}

// TestDiffRealLabelRefresh: a course's real refresh on Hadoop 3.3.1 gives
// default label_2 60 and small label_3 80 without any root label share.
// Before 3.4 root's labels are only those configured on it (its children
// are not summed for label_2) and its absolute share of them is 0, so 3.3
// accepts the refresh and the children get nothing there (lint CS033);
// from 3.4 root holds every configured label at 100
// (QueueNodeLabelsSettings, internalGetLabeledQueueCapacity) and
// setChildQueues refuses the label_2 sum of 0.6.
func TestDiffRealLabelRefresh(t *testing.T) {
	dir := "testdata/diff/real-qianfeng-labels/"
	r := diffGolden(t, 0, "diff/real-qianfeng-labels-3.3.txt", dir+"old.xml", dir+"new.xml", "--hadoop-version", "3.3")

	r = diffGolden(t, 1, "diff/real-qianfeng-labels-3.4.txt", dir+"old.xml", dir+"new.xml")
	assert.Contains(t, r.stdout, "Illegal capacity sum of 0.6 for children of queue root for label=label_2")

	r = runBinary(t, "", "lint", dir+"new.xml", "--hadoop-version", "3.3")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, 2, strings.Count(r.stdout, "warning CS033"), r.stdout)

	// The tree agrees: on 3.3 root has no label_3 key, so label_3 is not
	// in its QueueCapacities (all 0) and small's 100% maximum is 100% of
	// nothing; default has no label_3 key either, so its default label
	// expression sends applications where its maximum is 0.
	r = runBinary(t, "", "tree", dir+"new.xml", "--hadoop-version", "3.3", "--partition", "label_3")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "root        RUNNING  yes         0%        0%     0%       0%")
	assert.Contains(t, r.stdout, "├─ default  RUNNING  yes         unset     unset  0%       0%")
	assert.Contains(t, r.stdout, "└─ small    RUNNING  yes         80%       100%   0%       0%")
}

// TestDiffStdinAndExitCodes covers "-" and the could-not-run cases.
func TestDiffStdinAndExitCodes(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), seedsNew))
	require.NoError(t, err)
	r := runBinary(t, string(data), "diff", seedsOld, "-")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "→ <stdin>")

	for name, args := range map[string][]string{
		"missing file":     {"diff", seedsOld, "testdata/diff/nope.xml"},
		"bad format":       {"diff", seedsOld, seedsNew, "--format", "junit"},
		"both stdin":       {"diff", "-", "-"},
		"bad version":      {"diff", seedsOld, seedsNew, "--hadoop-version", "1.2"},
		"bad live state":   {"diff", seedsOld, seedsNew, "--live-state", seedsOld},
		"one argument":     {"diff", seedsOld},
		"bad git revision": {"diff", "git:no-such-rev:capacity-scheduler.xml", seedsNew},
	} {
		r := runBinary(t, "", args...)
		assert.Equal(t, 2, r.code, "%s: %s", name, r.stdout)
		assert.NotEmpty(t, r.stderr, name)
		assert.Empty(t, r.stdout, name)
	}
}

// TestDiffGitInput diffs git:HEAD:PATH against the working copy in a
// temporary repository, as a pull-request job does.
func TestDiffGitInput(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	gitRun := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=capq", "GIT_AUTHOR_EMAIL=capq@example.com",
			"GIT_COMMITTER_NAME=capq", "GIT_COMMITTER_EMAIL=capq@example.com", "GIT_CONFIG_GLOBAL=/dev/null")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, string(out))
	}
	copyFile(t, filepath.Join(golden.RepoRoot(), seedsOld), filepath.Join(dir, "conf", "capacity-scheduler.xml"))
	gitRun("init", "-q")
	gitRun("add", ".")
	gitRun("commit", "-q", "-m", "old")
	copyFile(t, filepath.Join(golden.RepoRoot(), seedsNew), filepath.Join(dir, "conf", "capacity-scheduler.xml"))

	cmd := exec.Command(capqBin, "diff", "git:HEAD:conf/capacity-scheduler.xml", "conf/capacity-scheduler.xml")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	require.NoError(t, cmd.Run(), errOut.String())
	golden.Assert(t, "diff/git-input.txt", out.Bytes())
	assert.True(t, strings.HasPrefix(out.String(), "capq diff git:HEAD:conf/capacity-scheduler.xml → conf/capacity-scheduler.xml"))
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(to), 0o755))
	require.NoError(t, os.WriteFile(to, data, 0o644))
}

// TestDiffLiveStateXMLAndApps: the XML answers read as their JSON twins,
// and --live-apps names the two unfinished applications of root.b.b1 in
// the refusal 3.2 gives (RF002), not the finished one.
func TestDiffLiveStateXMLAndApps(t *testing.T) {
	const dir = "testdata/diff/live-state/"
	base := []string{"diff", dir + "old.xml", dir + "new.xml"}
	r := runBinary(t, "", append(base, "--live-state", dir+"scheduler.xml")...)
	assert.Equal(t, 0, r.code, r.stderr)
	golden.Assert(t, "diff/live-state.txt", []byte(r.stdout))

	refused := append(base, "--hadoop-version", "3.2", "--live-state", dir+"scheduler.json", "--live-apps", dir+"apps.json")
	r = runBinary(t, "", refused...)
	assert.Equal(t, 1, r.code, r.stderr)
	golden.Assert(t, "diff/live-apps-refused.txt", []byte(r.stdout))
	assert.Contains(t, r.stdout, "application_1326821518301_0005 (user1, RUNNING, queue b1)")
	assert.Contains(t, r.stdout, "application_1326821518301_0006 (user2, ACCEPTED, queue b1)")
	assert.NotContains(t, r.stdout, "application_1326821518301_0004", "a FINISHED app holds no queue")

	x := runBinary(t, "", append(base, "--hadoop-version", "3.2", "--live-state", dir+"scheduler.xml", "--live-apps", dir+"apps.xml")...)
	assert.Equal(t, r.stdout, x.stdout, "XML answers read as their JSON twins")

	// 3.4 accepts the deletion (NEW sets STOPPED); the warning names them.
	r = runBinary(t, "", append(base, "--live-state", dir+"scheduler.xml", "--live-apps", dir+"apps.xml", "--format", "json")...)
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "unfinished in root.b.b1: application_1326821518301_0005")

	for name, args := range map[string][]string{
		"apps without state": append(base, "--live-apps", dir+"apps.json"),
		"apps on stdin":      append(base, "--live-state", dir+"scheduler.json", "--live-apps", "-"),
		"apps not apps":      append(base, "--live-state", dir+"scheduler.json", "--live-apps", dir+"scheduler.xml"),
		"state not state":    append(base, "--live-state", dir+"apps.xml"),
	} {
		r := runBinary(t, "", args...)
		assert.Equal(t, 2, r.code, name+": "+r.stdout)
		assert.NotEmpty(t, r.stderr, name)
	}
}

// diffGolden runs capq diff with args, checks its exit code and compares
// its standard output with golden file name.
func diffGolden(t *testing.T, code int, name string, args ...string) result {
	t.Helper()
	r := runBinary(t, "", append([]string{"diff"}, args...)...)
	assert.Equal(t, code, r.code, r.stderr)
	golden.Assert(t, name, []byte(r.stdout))
	return r
}
