package safeio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
)

// Limits bound what a read accepts.
type Limits struct {
	// MaxBytes is the largest input accepted; it must be positive.
	MaxBytes int64
	// AllowSpecial lets a path name a FIFO, socket or device (read up
	// to MaxBytes). Off by default: such a file may never end, or never
	// start (a FIFO without a writer blocks its reader forever).
	AllowSpecial bool
	// Untrusted refuses a path under /proc, /sys or /dev, as written or
	// after resolving links, even with AllowSpecial: /proc/self/environ
	// and the like pass for regular files but hold the runner's
	// environment and memory, which untrusted input must not get printed.
	// It also refuses a path named inside the working directory that a
	// link leads out of (ErrLinkOut): a pull request's link to a secret.
	Untrusted bool
}

// ErrTooLarge is wrapped by every error about an input past MaxBytes.
var ErrTooLarge = errors.New("larger than the limit")

// ErrEmptyPath is the error about an input named by an empty string (a
// script's unset variable, `capq lint "$CONF"`): it was reported as "-: no
// such file", which reads as standard input.
var ErrEmptyPath = errors.New(`"" is an empty path; name a file (an unset variable in a script?)`)

// ErrSpecial is wrapped by the error about a FIFO, socket or device given
// as an input without AllowSpecial.
var ErrSpecial = errors.New("not a regular file")

// TooLargeError says which input went past which limit.
type TooLargeError struct {
	Name string
	Max  int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than the limit of %d bytes (raise it with --max-file-size)", e.Name, e.Max)
}

// Unwrap makes errors.Is(err, ErrTooLarge) true.
func (e *TooLargeError) Unwrap() error { return ErrTooLarge }

// CheckInput refuses, before opening it, a path that is not a regular
// file (a directory, or a special file without AllowSpecial), so opening
// a FIFO can never block.
//
// With lim.Untrusted it also refuses a system file (ErrSystem) and a link
// out of the working directory (ErrLinkOut).
func CheckInput(path string, lim Limits) (fs.FileInfo, error) {
	if path == "" {
		return nil, ErrEmptyPath
	}
	if lim.Untrusted {
		if err := checkSystem(path); err != nil {
			return nil, err
		}
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return fi, checkMode(path, fi, lim)
}

func checkMode(path string, fi fs.FileInfo, lim Limits) error {
	switch {
	case fi.IsDir():
		return fmt.Errorf("%s is a directory, not a file", path)
	case fi.Mode().IsRegular(), lim.AllowSpecial:
		return nil
	}
	return fmt.Errorf("%s is a %s: %w (pass --allow-special-files to read it anyway)", path, kind(fi.Mode()), ErrSpecial)
}

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m&fs.ModeCharDevice != 0:
		return "character device"
	case m&fs.ModeDevice != 0:
		return "block device"
	}
	return "special file"
}

// ReadFile reads the whole of path within lim. Errors name the path. A
// special file (AllowSpecial) is read once per process: every later
// naming of it gets the same bytes (readSpecial).
func ReadFile(path string, lim Limits) ([]byte, error) {
	fi, err := CheckInput(path, lim)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return readSpecial(path, fi, lim)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file may have been swapped between the two looks.
	fi, err = f.Stat()
	if err != nil {
		return nil, err
	}
	if err := checkMode(path, fi, lim); err != nil {
		return nil, err
	}
	if lim.Untrusted {
		if err := checkOpenedSystem(path, f); err != nil {
			return nil, err
		}
	}
	if fi.Mode().IsRegular() && fi.Size() > lim.MaxBytes {
		return nil, &TooLargeError{Name: path, Max: lim.MaxBytes}
	}
	if err := checkSparse(path, f, fi.Size()); err != nil {
		return nil, err
	}
	return readAll(path, f, lim.MaxBytes, fi.Size())
}

// ErrSparse is wrapped by the error about a large file with a hole.
var ErrSparse = errors.New("a sparse file")

// checkSparse refuses a regular file larger than firstRoom that has a
// hole: bytes never written, which read as NULs, and which no input of
// capq (XML, JSON, text) holds. `truncate -s 200G` makes such a file at
// no cost of disk; read, it would fill memory with zeros before any
// reader could refuse it, however the buffer grows. A smaller file is
// read as any other, and its reader refuses the NULs.
func checkSparse(path string, f *os.File, size int64) error {
	if size <= firstRoom {
		return nil
	}
	start, end, ok := firstHole(f, size)
	if !ok {
		return nil
	}
	return fmt.Errorf("%s is %w of %d bytes: bytes %d to %d were never written (a hole, read as NUL bytes), and no file capq reads holds NUL bytes", path, ErrSparse, size, start, end)
}

// ReadAll reads r to its end, failing as soon as it has seen more than
// max bytes; name is what the error calls r.
func ReadAll(name string, r io.Reader, max int64) ([]byte, error) {
	return readAll(name, r, max, 0)
}

// firstRoom caps the room a read takes before any byte arrives: a
// regular file up to it (the default --max-file-size) is read into one
// buffer of its size, as issue #19 wanted; past it the buffer grows as
// bytes arrive (growRoom). A file's size is only what stat says: `truncate
// -s 200G` makes one that costs no disk, and sizing the buffer by it made
// capq ask for 200 GB at once and die out of memory with a large
// --max-file-size.
const firstRoom = 64 << 20

// readAll is ReadAll into a buffer with room for size bytes (a regular
// file's size when opened), up to firstRoom, and one more to see the
// end: a file read in one allocation, where io.ReadAll's doubling from
// 512 bytes allocated, cleared and copied a 27 MB workload twice over
// (issue #19). A larger file, or one that has grown since, reads on up to
// limit in a buffer that never holds more than twice what was read.
func readAll(name string, r io.Reader, limit, size int64) ([]byte, error) {
	if limit <= 0 {
		return nil, fmt.Errorf("read %s: the size limit must be positive, got %d", name, limit)
	}
	room := min(size, limit, firstRoom) // limit may be math.MaxInt64: no +1 before the min
	data := make([]byte, 0, max(room, 511)+1)
	lr := io.LimitReader(r, plusOne(limit))
	for {
		n, err := lr.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		if len(data) == cap(data) {
			data = growRoom(data, min(size, limit))
		}
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Name: name, Max: limit}
	}
	return data, nil
}

// growRoom gives a full buffer more room: towards the expected size (and
// one byte to see the end), at most doubling it, so the buffer follows
// the bytes that arrive; past the expected size (a file that grows while
// read) as io.ReadAll grows it.
func growRoom(data []byte, expect int64) []byte {
	if int64(len(data)) < expect {
		target := min(2*int64(len(data)), plusOne(expect))
		out := make([]byte, len(data), target) // exactly: append's growth rounds further up
		copy(out, data)
		return out
	}
	return append(data, 0)[:len(data)]
}

// plusOne is max+1 without overflow: one byte past the limit is how a
// reader of unknown length learns it went past it.
func plusOne(max int64) int64 {
	if max == math.MaxInt64 {
		return max
	}
	return max + 1
}

// MulSat is a*b for non-negative operands, saturating at math.MaxInt64
// (limits derived from a user's --max-file-size must not wrap).
func MulSat(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > math.MaxInt64/b {
		return math.MaxInt64
	}
	return a * b
}
