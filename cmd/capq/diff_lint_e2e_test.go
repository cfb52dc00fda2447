package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestDiffRefusesWhatLintFindsFatal: a child listed twice is CS004, a lint
// warning that reports at error where Hadoop 3.3+ counts the child twice
// and setChildQueues refuses the sum. capq lint and capq diff agree on the
// rule, the location and the exit code; before 3.3 the repeated leaf name
// is CS003's refusal (CapacitySchedulerQueueManager#parseQueue).
func TestDiffRefusesWhatLintFindsFatal(t *testing.T) {
	dir := "testdata/diff/child-listed-twice/"
	const at = "testdata/diff/child-listed-twice/new.xml:29:5: error CS004: child \"b2\" of \"root.b\" is listed more than once"
	r := runBinary(t, "", "lint", dir+"new.xml")
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Contains(t, r.stdout, at)

	r = runBinary(t, "", "diff", dir+"old.xml", dir+"new.xml")
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Empty(t, r.stderr)
	golden.Assert(t, "diff/child-listed-twice.txt", []byte(r.stdout))
	assert.Contains(t, r.stdout, at)
	assert.Contains(t, r.stdout, "REFUSED by Hadoop 3.4 (ILLEGAL_CAPACITY_SUM)")

	r = diffGolden(t, 1, "diff/child-listed-twice.json", dir+"old.xml", dir+"new.xml", "--format", "json")

	r = runBinary(t, "", "diff", dir+"old.xml", dir+"new.xml", "--format", "github")
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Contains(t, r.stdout, "::error file=testdata/diff/child-listed-twice/new.xml,line=29")

	r = runBinary(t, "", "diff", dir+"old.xml", dir+"new.xml", "--hadoop-version", "3.2")
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Contains(t, r.stdout, "error CS003: Two leaf queues were named b2")
}

// TestDiffStartOnlyErrorSaysWhatHappens: a multi-node policy without a
// class is a lint error (the ResourceManager does not start), but only
// CapacityScheduler#initScheduler reads the policies: refreshQueues
// accepts the file, so diff exits 0 and keeps CS057 as a warning that
// says the next start fails.
func TestDiffStartOnlyErrorSaysWhatHappens(t *testing.T) {
	dir := "testdata/diff/start-only-multi-node/"
	r := runBinary(t, "", "lint", dir+"new.xml")
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Contains(t, r.stdout, "error CS057")

	r = diffGolden(t, 0, "diff/start-only-multi-node.txt", dir+"old.xml", dir+"new.xml")
	assert.Contains(t, r.stdout, "warning CS057: binpack Class is not configured")
	assert.Contains(t, r.stdout, "the ResourceManager's next start fails with this file")
	assert.Contains(t, r.stdout, "refresh: accepted by Hadoop 3.4")
}

// TestDiffListsIntroducedWarnings: NEW adds a typo on root.a.a1 (CS005) and
// an AM share written as a percentage on root.b.b1 (CS101); root.b.b2 was
// already below 1% in OLD (CS106), so only the two new ones are listed, by
// rule and queue, and the refresh is still accepted.
func TestDiffListsIntroducedWarnings(t *testing.T) {
	dir := "testdata/diff/introduces-warnings/"
	r := diffGolden(t, 0, "diff/introduces-warnings.txt", dir+"old.xml", dir+"new.xml")
	assert.Contains(t, r.stdout, "NEW introduces 2 lint warnings that OLD does not have:\n"+
		"    CS005 unknown-property on root.a.a1 (yarn.scheduler.capacity.root.a.a1.user-limit-factr)\n"+
		"    CS101 am-percent-as-percent on root.b.b1 (yarn.scheduler.capacity.root.b.b1.maximum-am-resource-percent)\n")
	assert.NotContains(t, r.stdout, "CS106")

	r = diffGolden(t, 0, "diff/introduces-warnings.json", dir+"old.xml", dir+"new.xml", "--format", "json")
	var doc struct {
		Refresh struct {
			Introduced []struct{ Rule, Queue string } `json:"introduced_warnings"`
		} `json:"refresh"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	assert.Equal(t, []struct{ Rule, Queue string }{{"CS005", "root.a.a1"}, {"CS101", "root.b.b1"}}, doc.Refresh.Introduced)

	r = runBinary(t, "", "diff", dir+"old.xml", dir+"new.xml", "--format", "github")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "::warning file=testdata/diff/introduces-warnings/new.xml,line=45")
}

// TestDiffFailOn: --fail-on is lint's flag on diff. The default (error)
// exits 1 only on a refused refresh; warning also fails on the warnings
// NEW introduces and on a start-only error kept at warning; a refused
// refresh fails at every level; a bad level cannot run.
func TestDiffFailOn(t *testing.T) {
	intro := []string{"diff", "testdata/diff/introduces-warnings/old.xml", "testdata/diff/introduces-warnings/new.xml"}
	startOnly := []string{"diff", "testdata/diff/start-only-multi-node/old.xml", "testdata/diff/start-only-multi-node/new.xml"}
	refused := []string{"diff", "testdata/diff/child-listed-twice/old.xml", "testdata/diff/child-listed-twice/new.xml"}
	seeds := []string{"diff", seedsOld, seedsNew}
	tests := []struct {
		name string
		args []string
		code int
	}{
		{"introduced warnings, default", intro, 0},
		{"introduced warnings, error", append(intro, "--fail-on", "error"), 0},
		{"introduced warnings, warning", append(intro, "--fail-on", "warning"), 1},
		{"introduced warnings, github", append(intro, "--fail-on", "warning", "--format", "github"), 1},
		{"start-only error, default", startOnly, 0},
		{"start-only error, warning", append(startOnly, "--fail-on", "warning"), 1},
		{"refused, info", append(refused, "--fail-on", "info"), 1},
		{"refused, default", refused, 1},
		{"no finding at all, info", append(seeds, "--fail-on", "info"), 0},
		{"start-only error, info", append(startOnly, "--fail-on", "info"), 1},
		{"bad level", append(intro, "--fail-on", "fatal"), 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runBinary(t, "", tc.args...)
			assert.Equal(t, tc.code, r.code, "stdout: %s\nstderr: %s", r.stdout, r.stderr)
			if tc.code == 2 {
				assert.Contains(t, r.stderr, `--fail-on "fatal": want error, warning or info`)
				assert.Empty(t, r.stdout)
			}
		})
	}
}

// TestDiffDefaultsWrittenOutAreNoChange: NEW writes out what Hadoop reads
// anyway (root's fixed capacity 100, root's maximum 100, a parent's
// inherited utilization, a leaf's fifo, maximum-applications 10000, the
// default calculator): none is listed as a change, each is a note. a1's
// state RUNNING stays a change (3.4 keeps the live state when it is unset),
// and the two real edits stay listed.
func TestDiffDefaultsWrittenOutAreNoChange(t *testing.T) {
	dir := "testdata/diff/defaults-written-out/"
	r := diffGolden(t, 0, "diff/defaults-written-out.txt", dir+"old.xml", dir+"new.xml")
	assert.Contains(t, r.stdout, "queues: 2 modified, 3 unchanged\n")
	// An unchanged queue's notes show in text as in JSON (root.b's
	// maximum-capacity 100 is getNonLabeledQueueMaximumCapacity's default).
	assert.Contains(t, r.stdout, "\n= root.b  unchanged\n    note: maximum-capacity (unset) → \"100\" changes nothing")
	assert.Contains(t, r.stdout, "note: yarn.scheduler.capacity.user.alice.max-parallel-apps (unset) → \"2147483647\" changes nothing")
	assert.Contains(t, r.stdout, "    yarn.scheduler.capacity.node-locality-delay: (unset) → \"20\"\n    note: ")
	assert.NotContains(t, r.stdout, "maximum-applications: (unset)")

	r = diffGolden(t, 0, "diff/defaults-written-out.json", dir+"old.xml", dir+"new.xml", "--format", "json")
	var doc struct {
		Queues []struct {
			Path, Change string
			Notes        []string
		}
		Global      []struct{ Name string }
		GlobalNotes []string `json:"global_notes"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	assert.Equal(t, []struct{ Name string }{{"yarn.scheduler.capacity.node-locality-delay"}}, doc.Global)
	assert.Len(t, doc.GlobalNotes, 3)
	require.Equal(t, "root", doc.Queues[0].Path)
	assert.Equal(t, "unchanged", doc.Queues[0].Change)
	assert.Len(t, doc.Queues[0].Notes, 2, "root's capacity and maximum-capacity")
}

// TestDiffMonitorPoliciesDefaultIsNoChange: yarn-site.xml writes out
// yarn-default.xml's monitor policies (ProportionalCapacityPreemptionPolicy,
// which SchedulingMonitorManager#updateSchedulingMonitors reads when the
// key is unset): a note, and no RF013 restart for a key whose reading
// does not change.
func TestDiffMonitorPoliciesDefaultIsNoChange(t *testing.T) {
	dir := "testdata/diff/monitor-policies-default/"
	r := diffGolden(t, 0, "diff/monitor-policies-default.txt", dir+"old", dir+"new")
	assert.NotContains(t, r.stdout, "RF013")
	assert.Contains(t, r.stdout, "    note: yarn.resourcemanager.scheduler.monitor.policies (unset) → ")
}

// TestDiffRMOnlyKeyInCapacitySchedulerIsNoChange: a ResourceManager-only
// setting added to capacity-scheduler.xml beside a yarn-site.xml has no
// effect there (CS111), so the diff lists no change and asks for no RF013
// restart; a note says why.
func TestDiffRMOnlyKeyInCapacitySchedulerIsNoChange(t *testing.T) {
	dir := "testdata/diff/rm-only-in-capacity-scheduler/"
	r := diffGolden(t, 0, "diff/rm-only-in-capacity-scheduler.txt", dir+"old", dir+"new")
	assert.NotContains(t, r.stdout, "RF013")
	assert.Contains(t, r.stdout, "CS111")
	assert.Contains(t, r.stdout, "    note: yarn.resourcemanager.scheduler.monitor.policies (unset) → ")
}

// TestDiffReadAlikeIsNoChange: NEW spells OLD's values otherwise
// (user-limit-factor 1.0, TRUE), writes a labelled maximum as its default
// 100 while the queue keeps its other key for the label, drops a
// maximum-applications of -1, and puts spaces around the monitor policy in
// yarn-site.xml. On 2.7 none is a change and no restart is asked for:
// getFloat, getBoolean and getInt parse, internalGetLabeledQueueCapacity
// defaults to 100, and createPolicyMonitors' getClasses trims each name.
// From 3.1 getStrings keeps the spaces: RF013 (and CS079). The capacity
// edit stays listed on both.
func TestDiffReadAlikeIsNoChange(t *testing.T) {
	dir := "testdata/diff/read-alike/"
	r := diffGolden(t, 0, "diff/read-alike-2.7.txt", dir+"old", dir+"new", "--hadoop-version", "2.7")
	assert.NotContains(t, r.stdout, "RF013")
	assert.Contains(t, r.stdout, "    capacity                                   \"40\" → \"45\"\n")
	assert.Contains(t, r.stdout, `note: user-limit-factor "1" → "1.0" changes nothing: Hadoop 2.7 reads both as "1" for root.a`)
	assert.Contains(t, r.stdout, `note: accessible-node-labels.gpu.maximum-capacity (unset) → "100" changes nothing`)
	assert.Contains(t, r.stdout, "note: yarn.resourcemanager.scheduler.monitor.policies ")

	r = runBinary(t, "", "diff", dir+"old", dir+"new", "--hadoop-version", "3.4")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, `warning RF013: "yarn.resourcemanager.scheduler.monitor.policies" changes`)
	assert.Contains(t, r.stdout, "warning CS079")
}

// TestDiffSpellingOnlyIsNoChange: NEW writes OLD's readings another way,
// and none is a change: ACL names reordered, repeated or with spaces
// around commas (AccessControlList.buildACL keeps sets), priority ACL
// groups reordered under the cluster's maximum from yarn-site.xml
// (AppPriorityACLsManager.addPrioirityACLs sorts them), a template's ACL
// reordered, lifetimes with spaces or in hex (getLong), TRUE for true
// (FairOrderingPolicy.configure's Boolean.parseBoolean), a user weight .50
// for 0.5 (new Float), and absolute resources reordered, spaced or in Gi
// (internalGetLabeledResourceRequirementForQueue, QueueCapacityConfigParser).
// Only user-limit-factor 1 → 2 stays listed.
func TestDiffSpellingOnlyIsNoChange(t *testing.T) {
	dir := "testdata/diff/spelling-only/"
	r := diffGolden(t, 0, "diff/spelling-only.txt", dir+"old", dir+"new")
	assert.Contains(t, r.stdout, "queues: 1 modified, 2 unchanged\n")
	assert.Contains(t, r.stdout, "~ root.a  modified  [refresh]\n    user-limit-factor  \"1\" → \"2\"\n    note: ")
	assert.Equal(t, 10, strings.Count(r.stdout, "changes nothing: Hadoop 3.4 reads both as"), r.stdout)
	diffGolden(t, 0, "diff/spelling-only.json", dir+"old", dir+"new", "--format", "json")
}

// TestDiffUserParallelAppsReloadCaveat: a user's max-parallel-apps that
// Integer.parseInt refuses is read when that user's application is added
// (CS124) and, since CapacityScheduler#reinitialize ends in
// CSMaxRunningAppsEnforcer#updateRunnabilityOnReload, by the refresh itself
// when applications wait for a max-parallel-apps slot. capq's diff has no
// applications: the refresh is accepted, with that caveat in the verdict.
func TestDiffUserParallelAppsReloadCaveat(t *testing.T) {
	dir := "testdata/diff/user-parallel-apps-reload/"
	r := diffGolden(t, 0, "diff/user-parallel-apps-reload.txt", dir+"old.xml", dir+"new.xml")
	assert.Contains(t, r.stdout, "refresh: accepted by Hadoop 3.4\n    but the refresh fails if applications are waiting for a max-parallel-apps slot")
	assert.Contains(t, r.stdout, "(CS124: yarn.scheduler.capacity.user.alice.max-parallel-apps)\n")

	r = diffGolden(t, 0, "diff/user-parallel-apps-reload.json", dir+"old.xml", dir+"new.xml", "--format", "json")
	assert.Contains(t, r.stdout, `"caveats": [`)

	r = runBinary(t, "", "diff", dir+"old.xml", dir+"new.xml", "--hadoop-version", "3.2")
	assert.NotContains(t, r.stdout, "the refresh fails if", "before 3.3 nothing reads max-parallel-apps")
}
