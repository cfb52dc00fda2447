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
