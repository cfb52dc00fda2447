package safeio

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadSpecialOnce: a FIFO is opened and read once per process; every
// later naming, by its path or a link to it, gets the same bytes, and
// one with a larger limit reads on from where the last stopped. A second
// open of the FIFO would wait for a writer that has gone.
func TestReadSpecialOnce(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink("fifo", link))
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			_, _ = f.WriteString("0123456789abcdef")
			f.Close()
		}
	}()
	lim := Limits{MaxBytes: 10, AllowSpecial: true}
	_, err := ReadFile(fifo, lim)
	var tl *TooLargeError
	require.ErrorAs(t, err, &tl)
	assert.Equal(t, fifo, tl.Name)
	_, err = ReadFile(link, lim)
	require.ErrorAs(t, err, &tl, "the same bytes, the same verdict")
	assert.Equal(t, link, tl.Name, "the error names the path given")

	lim.MaxBytes = 100
	data, err := ReadFile(link, lim)
	require.NoError(t, err)
	assert.Equal(t, "0123456789abcdef", string(data), "read on from where the last naming stopped")
	data[0] = 'X'
	again, err := ReadFile(fifo, lim)
	require.NoError(t, err)
	assert.Equal(t, "0123456789abcdef", string(again), "each naming gets its own copy")

	_, err = ReadFile(fifo, Limits{MaxBytes: 100})
	assert.ErrorIs(t, err, ErrSpecial, "a naming without AllowSpecial is still refused")
}

// TestReadSpecialDevice: /dev/zero, allowed, is bounded at every naming,
// whatever limit an earlier one had.
func TestReadSpecialDevice(t *testing.T) {
	for _, max := range []int64{10, 1000, 5} {
		_, err := ReadFile("/dev/zero", Limits{MaxBytes: max, AllowSpecial: true})
		var tl *TooLargeError
		require.ErrorAs(t, err, &tl)
		assert.Equal(t, max, tl.Max)
	}
}
