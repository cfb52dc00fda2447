package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestREADMENodeLabelScenarioCount checks the README's node-label
// sentence against testdata/scenarios: of the labels-* and
// applimits-partition-* scenarios, those whose source is a Hadoop test
// (a Test*.java file) reproduce its assertions; the rest take their
// values from Hadoop's code and are not counted. The sentence names the
// scenarios, the distinct test methods and every test class.
func TestREADMENodeLabelScenarioCount(t *testing.T) {
	root := golden.RepoRoot()
	var files []string
	for _, pat := range []string{"labels-*.json", "applimits-partition-*.json"} {
		m, err := filepath.Glob(filepath.Join(root, "testdata", "scenarios", pat))
		require.NoError(t, err)
		files = append(files, m...)
	}
	scenarios, methods, classes := 0, map[string]bool{}, map[string]bool{}
	for _, f := range files {
		sc := scenarioSource(t, f)
		if sc == nil {
			continue
		}
		class := strings.TrimSuffix(filepath.Base(sc.File), ".java")
		if !strings.HasPrefix(class, "Test") {
			continue
		}
		scenarios++
		methods[class+"#"+sc.Method] = true
		classes[class] = true
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(readme)), " ")
	want := fmt.Sprintf("%d scenarios (`labels-*`, `applimits-partition-*`) reproduce assertions of %d tests of ", scenarios, len(methods))
	assert.True(t, strings.Contains(text, want), "README.md should say %q", want)
	all := fmt.Sprintf("two more with those prefixes (%d in all)", len(files))
	assert.Equal(t, scenarios+2, len(files), "the README says two scenarios of these prefixes reproduce no test")
	assert.True(t, strings.Contains(text, all), "README.md should say %q", all)
	names := make([]string, 0, len(classes))
	for c := range classes {
		names = append(names, c)
	}
	sort.Strings(names)
	if i := strings.Index(text, want); i >= 0 {
		rest := text[i+len(want):]
		if j := strings.Index(rest, ", each naming its test"); j >= 0 {
			rest = rest[:j]
		}
		for _, c := range names {
			assert.True(t, strings.Contains(rest, "`"+c+"`"), "the sentence names every test class: %s", c)
		}
	}
}

// TestREADMEScenarioCount checks the README's count of the bundled
// scenarios: all of testdata/scenarios, those whose source is a file of
// Hadoop's tests (a path under /test/, base classes such as
// QueueACLsTestBase included), the distinct methods they name (file and
// method) and the distinct files. docs/hadoop-test-coverage.md's census
// counts the same way.
func TestREADMEScenarioCount(t *testing.T) {
	root := golden.RepoRoot()
	files, err := filepath.Glob(filepath.Join(root, "testdata", "scenarios", "*.json"))
	require.NoError(t, err)
	reproducing, methods, classes := 0, map[string]bool{}, map[string]bool{}
	for _, f := range files {
		sc := scenarioSource(t, f)
		if sc == nil || !strings.Contains(sc.File, "/test/") {
			continue
		}
		reproducing++
		methods[sc.File+"#"+sc.Method] = true
		classes[sc.File] = true
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	text := strings.Join(strings.Fields(string(readme)), " ")
	want := fmt.Sprintf("`testdata/scenarios/` holds %d scenarios: %d reproduce the asserted values of %d test methods in %d of Hadoop's test classes",
		len(files), reproducing, len(methods), len(classes))
	assert.True(t, strings.Contains(text, want), "README.md should say %q", want)
}

// scenarioSource is a bundled scenario's source (the Hadoop file and
// method it names), nil when it names none.
func scenarioSource(t *testing.T, file string) *struct{ File, Method string } {
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	var sc struct {
		Source *struct{ File, Method string } `json:"source"`
	}
	require.NoError(t, json.Unmarshal(data, &sc), file)
	return sc.Source
}
