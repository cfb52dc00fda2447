package main

import (
	"encoding/binary"
	"os"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
			"sls-nodes-utf16.json: file is UTF-16LE encoded; capq reads UTF-8 JSON here, as SLS's nodes file reader (SLSUtils.parseNodesFromNodeFile) does: it decodes the file as UTF-8 and detects no other encoding (convert it: iconv -f UTF-16LE -t UTF-8)"},
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

// asUTF16LE copies a repository file into dir as UTF-16LE with a
// byte-order mark (a Windows editor's "Unicode"), under name.
func asUTF16LE(t *testing.T, dir, name string, parts ...string) string {
	t.Helper()
	data, err := os.ReadFile(repoFile(parts...))
	require.NoError(t, err)
	wide := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(string(data))) {
		wide = binary.LittleEndian.AppendUint16(wide, u)
	}
	return writeFile(t, dir, name, string(wide))
}

// TestHostileWideEncodingTraces: SLS reads a SYNTH description and a
// Rumen trace through Jackson on an InputStream (SynthTraceJobProducer,
// JobTraceReader), which detects UTF-16 and UTF-32; capq reads their
// UTF-16LE form as their UTF-8 form, where it refused them. An SLS trace
// and a Rumen trace read with --rumen-time rumen2sls go through a UTF-8
// InputStreamReader (AMRunner.startAMFromSLSTrace,
// RumenToSLSConverter.generateSLSLoadFile): still refused, naming it.
func TestHostileWideEncodingTraces(t *testing.T) {
	dir := t.TempDir()
	cs := seedsConfig()
	slsCS := repoFile("testdata", "workloads", "sls", "capacity-scheduler.xml")
	synth := []string{"testdata", "sls-suite", "syn.json"}
	rumen := []string{"testdata", "rumen", "2jobs2min-excerpt.json"}
	for _, c := range []struct {
		name string
		args []string // the workload is w.json in dir
		file []string
	}{
		{"SYNTH", []string{"simulate", "--config", slsCS, "--workload", "w.json"}, synth},
		{"Rumen read as SLS does", []string{"simulate", "--config", slsCS, "--workload", "w.json"}, rumen},
		{"Rumen in preview", []string{"preview", slsCS, slsCS, "--workload", "w.json"}, rumen},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			plain, err := os.ReadFile(repoFile(c.file...))
			require.NoError(t, err)
			writeFile(t, dir, "w.json", string(plain))
			want := hostileRun(t, dir, nil, "", c.args...)
			require.Equal(t, exitOK, want.code, want.stderr)
			require.Contains(t, want.stdout, " 0 rejected")
			asUTF16LE(t, dir, "w.json", c.file...)
			got := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, exitOK, got.code, got.stderr)
			assert.Equal(t, want.stdout, got.stdout)
		})
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"SLS trace", []string{"simulate", "--config", slsCS, "--workload", asUTF16LE(t, dir, "sls.json", "testdata", "workloads", "sls", "trace.json")},
			"sls.json: file is UTF-16LE encoded; capq reads UTF-8 JSON here, as SLS's trace reader (AMRunner.startAMFromSLSTrace) does: it decodes the file as UTF-8 and detects no other encoding (convert it: iconv -f UTF-16LE -t UTF-8)"},
		{"Rumen through rumen2sls", []string{"simulate", "--config", cs, "--rumen-time", "rumen2sls", "--workload", asUTF16LE(t, dir, "rumen.json", rumen...)},
			"rumen.json: file is UTF-16LE encoded; capq reads UTF-8 JSON here, as rumen2sls.sh (RumenToSLSConverter.generateSLSLoadFile) does"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := hostileRun(t, dir, nil, "", c.args...)
			assert.Equal(t, exitCannotRun, res.code, res.stderr)
			assert.Contains(t, res.stderr, c.want)
		})
	}
}
