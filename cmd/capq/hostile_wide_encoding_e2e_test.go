package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A workload, scenario or ResourceManager answer saved as UTF-16 (Windows editors' "Unicode")
// said only "invalid character 'ÿ' looking for beginning of value"; it
// is named as UTF-16 with how to convert it, as a configuration is. See
// hostile_e2e_test.go for the harness.
func TestHostileWideEncodingJSON(t *testing.T) {
	cs := seedsConfig()
	workload := repoFile("testdata", "hostile", "workload-utf16.json")
	scenario := repoFile("testdata", "hostile", "scenario-utf16be.json")
	rmApps := repoFile("testdata", "hostile", "rm-apps-utf16.json")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"simulate", []string{"simulate", "--config", cs, "--workload", workload}, "workload-utf16.json: file is UTF-16LE encoded; capq reads UTF-8 JSON (convert it: iconv -f UTF-16LE -t UTF-8)"},
		{"preview", []string{"preview", cs, cs, "--workload", workload}, "workload-utf16.json: file is UTF-16LE encoded"},
		{"scenario", []string{"scenario", scenario}, "scenario-utf16be.json: file is UTF-16BE encoded; capq reads UTF-8 JSON"},
		{"RM apps", []string{"gen", "workload", "--config", cs, "--from-rm-apps", rmApps}, "rm-apps-utf16.json: file is UTF-16LE encoded; capq reads UTF-8"},
		{"live state", []string{"diff", "--live-state", rmApps, cs, cs}, "live state: file is UTF-16LE encoded; capq reads UTF-8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, t.TempDir(), nil, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
		})
	}
}

// TestHostileWideEncodingOtherInputs: a policy, a gate file, a baseline,
// an SLS nodes file or a mapping rule file saved as UTF-16 or UTF-32
// gave a parser's message about characters it could not place ("invalid
// character 'ÿ'", "not a capq baseline"); each is named as UTF-16 or
// UTF-32 with how to convert it, by the same check as a workload. The
// RM reads a UTF-16 mapping rule file (Jackson detects the encoding), and
// so does capq: its rules are checked (rule #2 of this one names a leaf
// as a parent), where capq warned that it ran without them
// (TestHostileWideMappingRules).
func TestHostileWideEncodingOtherInputs(t *testing.T) {
	cs := seedsConfig()
	slsCS := repoFile("testdata", "workloads", "sls", "capacity-scheduler.xml")
	hostile := func(name string) string { return repoFile("testdata", "hostile", name) }
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"policy", []string{"lint", "--policy", hostile("policy-utf16.txt"), cs}, exitCannotRun,
			"policy-utf16.txt: file is UTF-16LE encoded; capq reads UTF-8 (convert it: iconv -f UTF-16LE -t UTF-8)"},
		{"gate file", []string{"preview", cs, cs, "--workload", repoFile("testdata", "workloads", "seeds-example.json"), "--gate", hostile("gates-utf32.txt")}, exitCannotRun,
			"gates-utf32.txt: file is UTF-32 encoded; capq reads UTF-8 (convert it: iconv -f UTF-32 -t UTF-8)"},
		{"baseline", []string{"lint", "--baseline", hostile("baseline-utf16be.txt"), cs}, exitCannotRun,
			"baseline-utf16be.txt: file is UTF-16BE encoded; capq reads UTF-8 (convert it: iconv -f UTF-16BE -t UTF-8)"},
		{"SLS nodes file", []string{"simulate", "--config", slsCS, "--workload", repoFile("testdata", "workloads", "sls", "trace.json"),
			"--sls-nodes", hostile("sls-nodes-utf16.json")}, exitCannotRun,
			"sls-nodes-utf16.json: file is UTF-16LE encoded; capq reads UTF-8 JSON (convert it: iconv -f UTF-16LE -t UTF-8)"},
		{"mapping rule file", []string{"lint", hostile("mapping-rules-utf16/capacity-scheduler.xml")}, exitFindings,
			`error CS075: rule #2: Queue path 'root.default.%user' is invalid because 'root.default' is a leaf queue`},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, t.TempDir(), nil, "", c.args...)
			assert.Equal(t, c.code, res.code, res.stdout+res.stderr)
			assert.Contains(t, res.stdout+res.stderr, c.want)
			assert.NotContains(t, res.stdout+res.stderr, "invalid character")
		})
	}
}
