package safeio

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
)

// specials are the special files (FIFOs, devices) this process has
// opened, each read once and its bytes kept for every later naming. A
// FIFO's bytes can be taken only once: a second open waits for a writer
// that has gone (a hang), or meets the first reader's writer and reads
// nothing (an "empty file"). `diff f f`, `lint --yarn-site f f`, two
// refresh events naming one FIFO, and preview's two runs of one
// workload all named a FIFO twice. The process is the unit: every
// command of capq is one process, and every layer reads through ReadFile.
var specials struct {
	mu    sync.Mutex
	files []*specialFile
}

// specialFile is one special file's reading, shared by every naming of
// it. The descriptor stays open for the life of the process: it is what
// the bytes were read from, so a later naming with a larger limit reads
// on from it, and while it is open the file's identity (device, inode)
// cannot pass to another file that os.SameFile would take for it.
type specialFile struct {
	mu   sync.Mutex // held while opening or reading: a second naming waits
	fi   fs.FileInfo
	f    *os.File // nil until opened
	data []byte
	eof  bool
	err  error // a read error, given to every later naming too
}

// specialFor is the entry of the special file fi (os.Stat's), created on
// first sight; files are compared by identity (os.SameFile), so two
// paths to one FIFO, or a link to it, share it.
func specialFor(fi fs.FileInfo) *specialFile {
	specials.mu.Lock()
	defer specials.mu.Unlock()
	for _, s := range specials.files {
		if os.SameFile(s.fi, fi) {
			return s
		}
	}
	s := &specialFile{fi: fi}
	specials.files = append(specials.files, s)
	return s
}

// readSpecial is ReadFile for a special file (fi is its os.Stat, already
// allowed by lim): its bytes up to lim.MaxBytes, read from the file at
// most once per process (specials).
func readSpecial(path string, fi fs.FileInfo, lim Limits) ([]byte, error) {
	s := specialFor(fi)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		if err := s.open(path, lim); err != nil {
			return nil, err
		}
	} else if lim.Untrusted {
		// The first naming may have been trusted; this one looks again.
		if err := checkOpenedSystem(path, s.f); err != nil {
			return nil, err
		}
	}
	return s.upTo(path, lim.MaxBytes)
}

// open opens the file, refusing one swapped since os.Stat looked at it:
// the entry is that file's, not another's.
func (s *specialFile) open(path string, lim Limits) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	fi, err := f.Stat()
	if err == nil && !os.SameFile(fi, s.fi) {
		err = fmt.Errorf("%s was replaced by another file while it was opened; try again", path)
	}
	if err == nil && lim.Untrusted {
		err = checkOpenedSystem(path, f)
	}
	if err != nil {
		f.Close()
		return err
	}
	s.f = f
	return nil
}

// upTo returns a copy of the file's first bytes, reading on from where
// the last naming stopped until the end or one byte past max.
func (s *specialFile) upTo(path string, max int64) ([]byte, error) {
	if max <= 0 {
		return nil, fmt.Errorf("read %s: the size limit must be positive, got %d", path, max)
	}
	if s.err == nil && !s.eof && int64(len(s.data)) <= max {
		more, err := io.ReadAll(io.LimitReader(s.f, plusOne(max)-int64(len(s.data))))
		s.data = append(s.data, more...)
		switch {
		case err != nil:
			s.err = err
		case int64(len(s.data)) <= max:
			s.eof = true // LimitReader stopped short: the file ended
		}
	}
	if s.err != nil {
		return nil, fmt.Errorf("read %s: %w", path, s.err)
	}
	if int64(len(s.data)) > max {
		return nil, &TooLargeError{Name: path, Max: max}
	}
	return append([]byte{}, s.data...), nil
}

// ReadStdin reads f, standard input, to its end within max bytes (name
// is what errors call it). When f is a pipe, FIFO or terminal it is read
// as a special file (specials): `capq diff - /dev/stdin` names one pipe
// twice, and its second reader met the end the first had left ("file is
// empty") or, on a terminal, waited for input again. A regular file
// (`< conf.xml`) is read as it is: a path to it opens it afresh.
func ReadStdin(name string, f *os.File, max int64) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil || fi.Mode().IsRegular() {
		return ReadAll(name, f, max)
	}
	s := specialFor(fi)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.f == nil {
		s.f = f
	}
	return s.upTo(name, max)
}
