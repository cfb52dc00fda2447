package safeio

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckOutputDir(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	for _, c := range []struct{ path, want string }{
		{"", ""},
		{Stdout, ""},
		{filepath.Join(dir, "out.html"), ""},
		{filepath.Join(dir, "missing", "out.html"), "--html " + filepath.Join(dir, "missing", "out.html") + ": directory " + filepath.Join(dir, "missing") + " does not exist; create it first"},
		{filepath.Join(file, "out.html"), "--html " + filepath.Join(file, "out.html") + ": " + file + " is not a directory"},
	} {
		err := CheckOutputDir("--html", c.path)
		if c.want == "" {
			assert.NoError(t, err, c.path)
		} else {
			assert.EqualError(t, err, c.want)
		}
	}
	g := NewGuard(false, false)
	assert.ErrorContains(t, g.Output("-o", filepath.Join(dir, "missing", "x")), "does not exist", "the guard checks the directory too")
}

// TestWriteAll: every output lands, standard output included; when one
// cannot be written, none is (and no temporary file stays behind).
func TestWriteAll(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	var stdout bytes.Buffer
	require.NoError(t, WriteAll([]Output{{"", a, []byte("A")}, {"", Stdout, []byte("S")}, {"", b, []byte("B")}}, false, &stdout))
	assert.Equal(t, "S", stdout.String())
	for p, want := range map[string]string{a: "A", b: "B"} {
		got, err := os.ReadFile(p)
		require.NoError(t, err)
		assert.Equal(t, want, string(got))
	}

	c := filepath.Join(dir, "c")
	err := WriteAll([]Output{{"-o", c, []byte("C")}, {"--report", dir, []byte("D")}}, true, &stdout)
	require.Error(t, err, "a directory is never replaced")
	assert.ErrorContains(t, err, "--report: write "+dir, "the error names the output's flag")
	assert.NoFileExists(t, c, "the first output is not written when the second fails")
	assertNoTemps(t, dir)
}
