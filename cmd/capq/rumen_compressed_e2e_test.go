package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/golden"
)

// TestRumenTraceCompressed: SLS's RUMEN runs open the trace with Rumen's
// JobTraceReader, whose PossiblyDecompressedInputStream picks a codec by
// the file name (job-trace.json.gz is gunzipped), so a gzipped Rumen trace
// runs as the plain one does. SLS opens SLS traces raw, and rumen2sls.sh
// its Rumen input: a gzipped one is refused, as is a .gz name on a plain
// file (GzipCodec fails on it).
func TestRumenTraceCompressed(t *testing.T) {
	const dir = "testdata/sls-suite/"
	dirT := t.TempDir()
	gz := func(src, name string) string {
		data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), src))
		require.NoError(t, err)
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		_, err = w.Write(data)
		require.NoError(t, err)
		require.NoError(t, w.Close())
		p := filepath.Join(dirT, name)
		require.NoError(t, os.WriteFile(p, b.Bytes(), 0o644))
		return p
	}
	run := func(workload string) result {
		return runBinary(t, "", "simulate", "--config", dir+"capacity-scheduler.xml", "--workload", workload, "--sls-runner", dir+"sls-runner.xml")
	}
	plain := run("testdata/rumen/2jobs2min-all-tasks.json")
	require.Equal(t, 0, plain.code, plain.stderr)
	packed := run(gz("testdata/rumen/2jobs2min-all-tasks.json", "2jobs2min.json.gz"))
	require.Equal(t, 0, packed.code, packed.stderr)
	body := func(out string) string { return out[strings.Index(out, "\n"):] } // after the line naming the file
	assert.Equal(t, body(plain.stdout), body(packed.stdout))

	// rumen2sls.sh's converter opens the file raw.
	conv := runBinary(t, "", "simulate", "--config", dir+"capacity-scheduler.xml", "--workload", filepath.Join(dirT, "2jobs2min.json.gz"),
		"--sls-runner", dir+"sls-runner.xml", "--rumen-time", "rumen2sls")
	assert.Equal(t, 2, conv.code)
	assert.Contains(t, conv.stderr, "a compressed Rumen trace with --rumen-time rumen2sls; rumen2sls.sh reads the file raw (RumenToSLSConverter)")

	sls := run(gz("testdata/sls-suite/inputsls.json", "inputsls.json.gz"))
	assert.Equal(t, 2, sls.code)
	assert.Contains(t, sls.stderr, "a compressed sls workload; only Rumen traces are read compressed")

	notGz := filepath.Join(dirT, "plain.json.gz")
	data, err := os.ReadFile(filepath.Join(golden.RepoRoot(), "testdata/rumen/2jobs2min-excerpt.json"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(notGz, data, 0o644))
	r := run(notGz)
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "not a compressed file of its suffix's kind")
}
