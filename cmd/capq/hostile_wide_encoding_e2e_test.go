package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A workload or scenario saved as UTF-16 (Windows editors' "Unicode")
// said only "invalid character 'ÿ' looking for beginning of value"; it
// is named as UTF-16 with how to convert it, as a configuration is. See
// hostile_e2e_test.go for the harness.
func TestHostileWideEncodingJSON(t *testing.T) {
	cs := seedsConfig()
	workload := repoFile("testdata", "hostile", "workload-utf16.json")
	scenario := repoFile("testdata", "hostile", "scenario-utf16be.json")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"simulate", []string{"simulate", "--config", cs, "--workload", workload}, "workload-utf16.json: file is UTF-16LE encoded; capq reads UTF-8 JSON (convert it: iconv -f UTF-16LE -t UTF-8)"},
		{"preview", []string{"preview", cs, cs, "--workload", workload}, "workload-utf16.json: file is UTF-16LE encoded"},
		{"scenario", []string{"scenario", scenario}, "scenario-utf16be.json: file is UTF-16BE encoded; capq reads UTF-8 JSON"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, t.TempDir(), nil, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
		})
	}
}
