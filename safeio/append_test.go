package safeio

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenAppend: the step summary file is appended to when it is a
// regular file or missing, and refused, at once, when it is a FIFO, a
// device, a directory or one of the run's inputs (also through a link).
func TestOpenAppend(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "capacity-scheduler.xml")
	require.NoError(t, os.WriteFile(input, []byte("<configuration/>\n"), 0o644))
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(input, link))
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	existing := filepath.Join(dir, "summary.md")
	require.NoError(t, os.WriteFile(existing, []byte("earlier step\n"), 0o644))

	tests := []struct {
		name, path, err string
	}{
		{"a missing file is created", filepath.Join(dir, "new.md"), ""},
		{"a regular file is appended to", existing, ""},
		{"a FIFO with no reader does not block", fifo, "a FIFO with no reader: not a regular file"},
		{"a device", "/dev/null", "is a character device: not a regular file"},
		{"a directory", dir, "is a directory"},
		{"an input", input, "one of this command's inputs"},
		{"a link to an input", link, "one of this command's inputs"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan struct{})
			var f *os.File
			var err error
			go func() {
				f, err = OpenAppend(tc.path, []string{"-", input})
				close(done)
			}()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				t.Fatal("OpenAppend blocked")
			}
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			_, err = f.WriteString("more\n")
			require.NoError(t, err)
			require.NoError(t, f.Close())
		})
	}
	data, err := os.ReadFile(existing)
	require.NoError(t, err)
	assert.Equal(t, "earlier step\nmore\n", string(data), "appended, not replaced")
	data, err = os.ReadFile(input)
	require.NoError(t, err)
	assert.Equal(t, "<configuration/>\n", string(data), "the input is untouched")
}
