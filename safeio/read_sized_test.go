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

// TestReadAllRoomFollowsBytesRead: a size far past what arrives (a
// sparse file's, or one that lies) costs at most the first room, not
// the size: with a buffer of the file's size a 1 GiB claim allocated
// 1 GiB for 100 bytes, and `truncate -s 200G` with a large
// --max-file-size died out of memory.
func TestReadAllRoomFollowsBytesRead(t *testing.T) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	data, err := readAll("f", bytes.NewReader(bytes.Repeat([]byte("x"), 100)), math.MaxInt64, 1<<30)
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	assert.Len(t, data, 100)
	assert.LessOrEqual(t, after.TotalAlloc-before.TotalAlloc, uint64(firstRoom+64<<10), "the first room at most, not the claimed size")
}

// TestGrowRoom: a full buffer grows at most twofold towards the size
// expected, with one byte to see the end, and on as io.ReadAll grows
// past it (a file that grew while read).
func TestGrowRoom(t *testing.T) {
	cases := []struct {
		name          string
		len           int
		expect        int64
		atLeast, most int
	}{
		{"far from the size: doubles", 1000, 1 << 40, 2000, 2048},
		{"near the size: the size and one", 1000, 1500, 1501, 1536},
		{"at the size: one more to see the end", 1000, 1000, 1001, 2048},
		{"past the size: as io.ReadAll", 1000, 10, 1001, 2048},
		{"a size of math.MaxInt64 does not wrap", 1000, math.MaxInt64, 2000, 2048},
	}
	for _, c := range cases {
		data := growRoom(bytes.Repeat([]byte("x"), c.len)[:c.len:c.len], c.expect)
		assert.Equal(t, c.len, len(data), c.name)
		assert.GreaterOrEqual(t, cap(data), c.atLeast, c.name)
		assert.LessOrEqual(t, cap(data), c.most, c.name)
		assert.Equal(t, bytes.Repeat([]byte("x"), c.len), data, c.name)
	}
}

// TestReadFileRefusesSparse: a file past the first room with a hole is
// refused before any byte is read, wherever the hole is; one without a
// hole and a small sparse file are read as before.
func TestReadFileRefusesSparse(t *testing.T) {
	dir := t.TempDir()
	sparse := func(name string, head []byte, size int64) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, head, 0o644))
		require.NoError(t, os.Truncate(path, size))
		return path
	}
	// 200 MB past the first room, within the limit: a regression reads
	// it (and fails here) rather than filling memory (the command line's
	// 200 GB case is an end-to-end test, run under an address-space limit).
	const size = 200 << 20
	huge := sparse("huge.json", nil, size)
	if _, _, ok := firstHole(mustOpen(t, huge), size); !ok {
		t.Skip("the file system of the test's temporary directory does not report holes")
	}
	lim := Limits{MaxBytes: 1 << 30}
	_, err := ReadFile(huge, lim)
	require.ErrorIs(t, err, ErrSparse)
	assert.EqualError(t, err, huge+" is a sparse file of 209715200 bytes: bytes 0 to 209715200 were never written (a hole, read as NUL bytes), and no file capq reads holds NUL bytes")

	head := sparse("head.json", bytes.Repeat([]byte("x"), 1<<20), firstRoom+1)
	_, err = ReadFile(head, lim)
	require.ErrorIs(t, err, ErrSparse, "a hole after written bytes")
	assert.Contains(t, err.Error(), fmt.Sprintf("bytes %d to %d were never written", 1<<20, firstRoom+1))

	_, err = ReadFile(huge, Limits{MaxBytes: 100 << 20})
	require.ErrorIs(t, err, ErrTooLarge, "the limit is still said first")

	small := sparse("small.json", []byte("{}"), 1<<20)
	data, err := ReadFile(small, lim)
	require.NoError(t, err, "a file within the first room is read; its reader refuses the NULs")
	assert.Len(t, data, 1<<20)
}

func mustOpen(t *testing.T, path string) *os.File {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	return f
}

// TestReadAllPastFirstRoomEndsAtTheSize: a file larger than the first
// room reads on in a buffer that grows towards its size and stops at the
// size and one byte (growRoom), not at append's next size class: a
// 65 MiB file kept in an 80 MiB buffer for the rest of the run otherwise.
func TestReadAllPastFirstRoomEndsAtTheSize(t *testing.T) {
	size := firstRoom + 1<<20
	data, err := readAll("f", bytes.NewReader(make([]byte, size)), math.MaxInt64, int64(size))
	require.NoError(t, err)
	assert.Len(t, data, size)
	assert.Equal(t, size+1, cap(data), "the size and one byte to see the end")
}
