package main

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostileUTF32WithoutBOM: text in UTF-32 without a byte-order mark is
// told by its first four bytes (00 00 00 xx big-endian, xx 00 00 00
// little-endian), as Jackson's ByteSourceJsonBootstrapper.checkUTF32 and
// Woodstox's StreamBootstrapper (Hadoop's Configuration parser) tell it.
// A configuration or capq's own workload is refused naming it, exit 2;
// a SYNTH trace, which SLS reads through Jackson from bytes
// (SynthTraceJobProducer), is read as its UTF-8 form. UTF-32LE was named
// UTF-16LE (and iconv -f UTF-16LE leaves NULs), UTF-32BE was "binary
// data (NUL byte)" or "invalid character '\x00'", and the SYNTH trace in
// either was not a JSON workload.
func TestHostileUTF32WithoutBOM(t *testing.T) {
	cs := seedsConfig()
	slsCS := repoFile("testdata", "workloads", "sls", "capacity-scheduler.xml")
	synth := []string{"testdata", "sls-suite", "syn.json"}
	for _, enc := range []string{"UTF-32BE", "UTF-32LE"} {
		t.Run(enc, func(t *testing.T) {
			dir := t.TempDir()
			asUTF32(t, dir, "cs.xml", enc == "UTF-32BE", "testdata", "seeds-example", "capacity-scheduler.xml")
			asUTF32(t, dir, "w.json", enc == "UTF-32BE", "testdata", "workloads", "seeds-example.json")
			asUTF32(t, dir, "scenario.json", enc == "UTF-32BE", "testdata", "scenarios", "absauto-application-running-with-drf-01.json")
			for _, c := range []struct {
				args []string
				want string
			}{
				{[]string{"lint", "cs.xml"}, "cs.xml: file is " + enc + " encoded; capq reads UTF-8\n  hint: convert it: iconv -f " + enc + " -t UTF-8 cs.xml > cs.xml.utf8"},
				{[]string{"simulate", "--config", cs, "--workload", "w.json"}, "w.json: file is " + enc + " encoded; capq reads UTF-8 JSON (convert it: iconv -f " + enc + " -t UTF-8)"},
				{[]string{"scenario", "scenario.json"}, "scenario.json: file is " + enc + " encoded; capq reads UTF-8 JSON"},
			} {
				res := hostileRun(t, dir, nil, "", c.args...)
				assert.Equal(t, exitCannotRun, res.code, res.stdout+res.stderr)
				assert.Contains(t, res.stderr, c.want)
			}

			plain, err := os.ReadFile(repoFile(synth...))
			require.NoError(t, err)
			writeFile(t, dir, "syn.json", string(plain))
			args := []string{"simulate", "--config", slsCS, "--workload", "syn.json"}
			want := hostileRun(t, dir, nil, "", args...)
			require.Equal(t, exitOK, want.code, want.stderr)
			asUTF32(t, dir, "syn.json", enc == "UTF-32BE", synth...)
			got := hostileRun(t, dir, nil, "", args...)
			assert.Equal(t, exitOK, got.code, got.stderr)
			assert.Equal(t, want.stdout, got.stdout)
		})
	}
}

// asUTF32 copies a repository file into dir as UTF-32 without a
// byte-order mark, big- or little-endian, under name.
func asUTF32(t *testing.T, dir, name string, big bool, parts ...string) string {
	t.Helper()
	data, err := os.ReadFile(repoFile(parts...))
	require.NoError(t, err)
	var wide []byte
	for _, r := range string(data) {
		if big {
			wide = binary.BigEndian.AppendUint32(wide, uint32(r))
		} else {
			wide = binary.LittleEndian.AppendUint32(wide, uint32(r))
		}
	}
	return writeFile(t, dir, name, string(wide))
}
