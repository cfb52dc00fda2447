package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

const sample = "testdata/lint/formats-sample"

// TestLintFormats: every output format has a golden file, produced by the
// built binary on the same sample (an error, warnings, an info and a
// suppression, with a yarn-site.xml merged from the directory).
func TestLintFormats(t *testing.T) {
	for _, f := range []string{"text", "json", "sarif", "github", "junit"} {
		t.Run(f, func(t *testing.T) {
			r := runBinary(t, "", "lint", sample, "--format", f)
			assert.Equal(t, 1, r.code, r.stderr)
			assert.Empty(t, r.stderr)
			golden.Assert(t, "lint/format/"+f+".txt", []byte(r.stdout))
		})
	}
}

// TestLintFormatsParse: the machine formats are well-formed.
func TestLintFormatsParse(t *testing.T) {
	r := runBinary(t, "", "lint", sample, "--format", "json")
	var doc struct {
		Findings []map[string]any `json:"findings"`
		Summary  map[string]int   `json:"summary"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	require.NotEmpty(t, doc.Findings)
	for _, k := range []string{"rule", "severity", "file", "line", "column", "queue", "property", "message", "hint"} {
		assert.Contains(t, doc.Findings[0], k)
	}
	// files: capacity-scheduler.xml and the yarn-site.xml read under it.
	assert.Equal(t, map[string]int{"files": 2, "errors": 1, "warnings": 2, "infos": 1}, doc.Summary)

	r = runBinary(t, "", "lint", sample, "--format", "sarif")
	var sarif struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &sarif))
	assert.Equal(t, "2.1.0", sarif.Version)
	for _, res := range sarif.Runs[0].Results {
		assert.False(t, filepath.IsAbs(res.Locations[0].PhysicalLocation.ArtifactLocation.URI))
	}
}

// TestLintExitCodes covers 0 (clean, or below --fail-on), 1 (findings at
// or above it) and 2 (could not run).
func TestLintExitCodes(t *testing.T) {
	cases := []struct {
		name string
		args []string
		code int
		out  string // substring of stdout
		err  string // substring of stderr
	}{
		{"clean yarnrollers", []string{"testdata/yarnrollers"}, 0, "1 file: 0 errors, 0 warnings, 0 infos", ""},
		{"clean seeds example on 2.7", []string{"testdata/seeds-example/capacity-scheduler.xml", "--hadoop-version", "2.7"}, 0, "0 errors, 0 warnings", ""},
		{"sum error", []string{"testdata/lint/cs024-sum-99.9"}, 1, "error CS024", ""},
		{"seeds maximum-capacity note", []string{"testdata/seeds-dev-max40", "--cluster", "memory=1000g,vcores=1000"}, 0, "400 GB of 1000 GB, not 240 GB", ""},
		{"warning below fail level", []string{"testdata/lint/cs106-capacity-zero"}, 0, "warning CS106", ""},
		{"warning at fail level", []string{"testdata/lint/cs106-capacity-zero", "--fail-on", "warning"}, 1, "warning CS106", ""},
		{"info at fail level", []string{"testdata/lint/cs110-needs-restart", "--fail-on", "info"}, 1, "info CS110", ""},
		{"disabled rule", []string{"testdata/lint/cs024-sum-99.9", "--disable", "CS024"}, 0, "0 errors", ""},
		{"enable a category only", []string{"testdata/lint/formats-sample", "--enable", "acl"}, 0, "warning CS104", ""},
		{"policy", []string{sample, "--policy", sample + "/policy.txt"}, 1, "error CS104", ""},
		{"version gate", []string{"testdata/lint/cs003-duplicate-leaf-3.2", "--hadoop-version", "3.3"}, 0, "warning CS003", ""},
		{"2.7 reads XML as its DOM walk", []string{"testdata/lint/xml006-structure-2.7", "--hadoop-version", "2.7"}, 1, "<property> inside <group> is not read by Hadoop 2.7", ""},
		{"2.10 reads XML as StAX", []string{"testdata/lint/xml006-structure-2.7", "--hadoop-version", "2.10"}, 0, "0 errors, 0 warnings", ""},
		{"yarn-site from dir", []string{"testdata/lint/cs051-min-over-max-allocation"}, 1, "yarn-site.xml:3:13: error CS051", ""},
		{"two files", []string{"testdata/yarnrollers", "testdata/lint/cs024-sum-99.9"}, 1, "2 files: 1 error", ""},
		{"missing file", []string{"testdata/lint/nosuch.xml"}, 2, "", "nosuch.xml"},
		{"one missing of two", []string{"testdata/yarnrollers", "testdata/lint/nosuch.xml"}, 2, "1 file: 0 errors", "nosuch.xml"},
		{"bad format", []string{sample, "--format", "xml"}, 2, "", "--format"},
		{"bad fail-on", []string{sample, "--fail-on", "fatal"}, 2, "", "--fail-on"},
		{"unknown rule", []string{sample, "--disable", "CS999"}, 2, "", "CS999"},
		{"bad version", []string{sample, "--hadoop-version", "1.2"}, 2, "", "hadoop-version"},
		{"missing policy", []string{sample, "--policy", "nosuch-policy.txt"}, 2, "", "--policy"},
		{"unknown flag", []string{sample, "--frobnicate"}, 2, "", "unknown flag"},
		{"file too large", []string{sample, "--max-file-size", "100"}, 2, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := runBinary(t, "", append([]string{"lint"}, c.args...)...)
			assert.Equal(t, c.code, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
			assert.Contains(t, r.stdout, c.out)
			assert.Contains(t, r.stderr, c.err)
		})
	}
}

// TestLintStdin reads the configuration from standard input.
func TestLintStdin(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata/lint/cs024-sum-99.9/capacity-scheduler.xml"))
	require.NoError(t, err)
	r := runBinary(t, string(data), "lint", "-")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stdout, "<stdin>:3:13: error CS024")
}

// TestLintColour: colour only on a terminal that is not TERM=dumb, and
// never with NO_COLOR set to a non-empty value (https://no-color.org: an
// empty NO_COLOR does not disable colour).
func TestLintColour(t *testing.T) {
	tests := []struct {
		name     string
		terminal bool
		env      map[string]string
		colour   bool
	}{
		{"terminal", true, nil, true},
		{"not a terminal", false, nil, false},
		{"NO_COLOR=1", true, map[string]string{"NO_COLOR": "1"}, false},
		{"NO_COLOR empty keeps colour", true, map[string]string{"NO_COLOR": ""}, true},
		{"TERM=dumb", true, map[string]string{"TERM": "dumb"}, false},
		{"TERM=xterm", true, map[string]string{"TERM": "xterm-256color"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			s := &streams{in: strings.NewReader(""), out: &out, errOut: &errOut, outTerminal: tc.terminal,
				getenv: func(k string) string { return tc.env[k] },
				lookupEnv: func(k string) (string, bool) {
					v, ok := tc.env[k]
					return v, ok
				}}
			wd, _ := os.Getwd()
			require.NoError(t, os.Chdir(golden.RepoRoot()))
			defer os.Chdir(wd)
			execute([]string{"lint", sample}, s)
			assert.Equal(t, tc.colour, strings.Contains(out.String(), "\x1b["), out.String())
		})
	}
}

// TestRulesAndExplain: capq rules and capq explain output.
func TestRulesAndExplain(t *testing.T) {
	r := runBinary(t, "", "rules")
	assert.Equal(t, 0, r.code)
	golden.Assert(t, "lint/rules.txt", []byte(r.stdout))

	r = runBinary(t, "", "rules", "--format", "json")
	assert.Equal(t, 0, r.code)
	var rules []map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rules))
	assert.NotEmpty(t, rules)

	r = runBinary(t, "", "rules", "--hadoop-version", "2.7")
	assert.Equal(t, 0, r.code)
	assert.NotContains(t, r.stdout, "CS020 ") // weights: 3.4 only
	assert.Contains(t, r.stdout, "CS024 ")

	r = runBinary(t, "", "explain", "CS024")
	assert.Equal(t, 0, r.code)
	golden.Assert(t, "lint/explain-CS024.txt", []byte(r.stdout))

	r = runBinary(t, "", "explain", "xml001")
	assert.Equal(t, 0, r.code)
	assert.Contains(t, r.stdout, "XML001 duplicate-property")

	r = runBinary(t, "", "explain", "CS999")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "unknown rule")
}

// TestLintMappingRuleFile: mapping-rule-json-file next to the
// configuration is read and its rules checked (the second places under
// the leaf root.default: CS075); the file name is relative to the
// configuration file.
func TestLintMappingRuleFile(t *testing.T) {
	r := runBinary(t, "", "lint", "testdata/mapping-json-file")
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Contains(t, r.stdout, "error CS075: rule #2: Queue path 'root.default.%user' is invalid because 'root.default' is a leaf queue")
	assert.NotContains(t, r.stdout, "CS078")
}
