package validate

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// TestBaselineFileRoundTrip: what WriteBaselineFile records,
// ReadBaselineFile reads back; the read is bounded and a FIFO is refused
// rather than opened.
func TestBaselineFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "baseline.txt")
	f := finding("CS102", 7, "root.eng", "yarn.scheduler.capacity.root.eng.user-limit-factor", "user-limit-factor is read on leaf queues only")
	require.NoError(t, WriteBaselineFile(path, []xmlconf.Finding{f}, 1<<20, ""))
	b, err := ReadBaselineFile(path, safeio.Limits{MaxBytes: 1 << 20})
	require.NoError(t, err)
	assert.Equal(t, 1, b.Len())

	_, err = ReadBaselineFile(path, safeio.Limits{MaxBytes: 10})
	assert.ErrorIs(t, err, safeio.ErrTooLarge)
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	_, err = ReadBaselineFile(fifo, safeio.Limits{MaxBytes: 1 << 20})
	assert.ErrorIs(t, err, safeio.ErrSpecial)
}
