package safeio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadAllSized: read with room for a size that is right, short or
// long (a file grown or shrunk since its stat), the answer is
// io.ReadAll's, bounded by the limit as before.
func TestReadAllSized(t *testing.T) {
	for _, n := range []int{0, 1, 511, 512, 513, 5000} {
		content := bytes.Repeat([]byte("x"), n)
		for _, size := range []int64{0, int64(n) - 1, int64(n), int64(n) + 1, 100_000} {
			for _, limit := range []int64{int64(n) - 1, int64(n), int64(n) + 1, math.MaxInt64} {
				name := fmt.Sprintf("n=%d size=%d limit=%d", n, size, limit)
				data, err := readAll("f", iotest.HalfReader(bytes.NewReader(content)), limit, max(size, 0))
				if limit <= 0 {
					assert.EqualError(t, err, fmt.Sprintf("read f: the size limit must be positive, got %d", limit), name)
					continue
				}
				if int64(n) > limit {
					assert.ErrorIs(t, err, ErrTooLarge, name)
					continue
				}
				require.NoError(t, err, name)
				assert.Equal(t, content, data, name)
			}
		}
	}
	_, err := readAll("f", iotest.ErrReader(errors.New("boom")), 10, 5)
	assert.EqualError(t, err, "read f: boom")
	_, err = readAll("f", io.MultiReader(bytes.NewReader([]byte("ab")), iotest.ErrReader(errors.New("boom"))), 10, 5)
	assert.EqualError(t, err, "read f: boom")
}

// TestReadFileAllocatesOnce: a regular file is read into one buffer of
// its size; io.ReadAll grew one from 512 bytes, some thirty allocations
// (and copies) for a megabyte.
func TestReadFileAllocatesOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.json")
	require.NoError(t, os.WriteFile(path, bytes.Repeat([]byte("x"), 1<<20), 0o644))
	var data []byte
	allocs := testing.AllocsPerRun(5, func() {
		var err error
		data, err = ReadFile(path, Limits{MaxBytes: 2 << 20})
		require.NoError(t, err)
	})
	assert.Len(t, data, 1<<20)
	assert.Equal(t, 1<<20+1, cap(data), "room for the file and one byte to see its end")
	assert.LessOrEqual(t, allocs, 10.0, "stat, open and one buffer")
}

// TestReadAllSizedRoomBoundedByLimit: the buffer's room is the size only
// up to the limit; a file far larger than the limit (or a size that lies)
// costs the limit's bytes, not its own, before it is refused.
func TestReadAllSizedRoomBoundedByLimit(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := readAll("f", bytes.NewReader(bytes.Repeat([]byte("x"), 4096)), 1024, 256<<20)
	runtime.ReadMemStats(&after)
	assert.ErrorIs(t, err, ErrTooLarge)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "room for the limit, not the size")
}
