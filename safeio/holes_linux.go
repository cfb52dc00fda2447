package safeio

import (
	"io"
	"os"
)

// lseek's whence values for holes (linux/fs.h): the syscall package has
// no names for them.
const (
	seekData = 3
	seekHole = 4
)

// firstHole is where the first hole of the regular file f (of size
// bytes) starts and ends, and whether it has one: lseek(SEEK_HOLE) gives
// the end of the data at or after 0, which is size when the file has no
// hole (or the file system does not tell, the default SEEK_HOLE answer).
// f is left at its start.
func firstHole(f *os.File, size int64) (start, end int64, ok bool) {
	defer f.Seek(0, io.SeekStart)
	start, err := f.Seek(0, seekHole)
	if err != nil || start >= size {
		return 0, 0, false
	}
	end, err = f.Seek(start, seekData)
	if err != nil || end > size {
		end = size // ENXIO: no data after the hole, it runs to the end
	}
	return start, end, true
}
