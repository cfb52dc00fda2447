package safeio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// ErrExists is wrapped by the error about an existing target written
// without force.
var ErrExists = errors.New("file exists")

// ErrNotRegular is wrapped by the error about a target that is a symbolic
// link, a directory or a special file: capq never replaces those, since a
// rename would turn a link or a device into a plain file.
var ErrNotRegular = errors.New("not a regular file")

// Stdout is the name that means standard output for every output flag.
const Stdout = "-"

// CheckTarget says whether path may be written: it must not exist, or,
// with force, be a regular file (never a symbolic link or device).
func CheckTarget(path string, force bool) error {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case errors.Is(err, syscall.ENOTDIR):
		return fmt.Errorf("write %s: %s is not a directory", path, filepath.Dir(path))
	case err != nil:
		return fmt.Errorf("write %s: %w", path, err)
	case fi.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("write %s: it is a symbolic link: %w; capq does not replace links, name the file it points to", path, ErrNotRegular)
	case !fi.Mode().IsRegular():
		return fmt.Errorf("write %s: it is a %s: %w; capq replaces only regular files", path, describeMode(fi.Mode()), ErrNotRegular)
	case !force:
		return fmt.Errorf("write %s: %w (use --force to overwrite)", path, ErrExists)
	}
	return nil
}

func describeMode(m fs.FileMode) string {
	if m.IsDir() {
		return "directory"
	}
	return kind(m)
}

// File is an output being written: to standard output for "-", else to a
// temporary file beside the target that Commit moves into place. The
// first write error is kept and returned by Commit, so a full disk is
// never reported as success.
type File struct {
	path  string
	force bool
	tmp   *os.File
	w     io.Writer
	err   error
	done  bool
}

// Create starts writing path ("-": stdout). It checks the target first,
// so a refused target costs no work.
func Create(path string, force bool, stdout io.Writer) (*File, error) {
	if path == Stdout {
		if stdout == nil {
			return nil, errors.New("write -: standard output is not available here")
		}
		return &File{path: path, w: stdout}, nil
	}
	if err := CheckTarget(path, force); err != nil {
		return nil, err
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := createTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return nil, tempError(path, filepath.Clean(dir), err)
	}
	return &File{path: path, force: force, tmp: tmp, w: tmp}, nil
}

// tempError says why no file could be made beside path, in dir. The
// temporary file's name is ours, not the user's: `--write-baseline
// nodir/x.json` said "nodir/.x.json.tmp-2579977860: no such file".
func tempError(path, dir string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("write %s: directory %s does not exist; create it first", path, dir)
	}
	return fmt.Errorf("write %s: cannot create a file in directory %s: %w", path, dir, err)
}

// Write writes p, remembering the first error.
func (f *File) Write(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	n, err := f.w.Write(p)
	if err != nil {
		f.err = fmt.Errorf("write %s: %w", f.Name(), err)
	}
	return n, f.err
}

// Name is the target's name ("standard output" for "-").
func (f *File) Name() string {
	if f.path == Stdout {
		return "standard output"
	}
	return f.path
}

// Commit finishes the output: for a file, sync, close and move into place
// (without force, a hard link that fails if the target appeared
// meanwhile). Any error, earlier or now, removes the temporary file.
func (f *File) Commit() error {
	if f.done {
		return f.err
	}
	f.done = true
	if f.tmp == nil {
		return f.err
	}
	err := f.finish()
	if err != nil {
		f.discard()
		f.err = err
	}
	return err
}

func (f *File) finish() error {
	if f.err != nil {
		return f.err
	}
	wrap := func(err error) error { return fmt.Errorf("write %s: %w", f.path, err) }
	// CreateTemp makes the file private; outputs are ordinary files.
	if err := f.tmp.Chmod(0o644); err != nil {
		return wrap(err)
	}
	if err := f.tmp.Sync(); err != nil {
		return wrap(err)
	}
	if err := f.tmp.Close(); err != nil {
		return wrap(err)
	}
	// Look again: the target may have changed while we wrote.
	if err := CheckTarget(f.path, f.force); err != nil {
		return err
	}
	if f.force {
		if err := os.Rename(f.tmp.Name(), f.path); err != nil {
			return wrap(err)
		}
		forget(f.tmp.Name())
		return nil
	}
	return f.placeNoClobber()
}

func (f *File) placeNoClobber() error {
	tmp := f.tmp.Name()
	err := os.Link(tmp, f.path)
	if err == nil {
		removeTemp(tmp)
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("write %s: %w (use --force to overwrite)", f.path, ErrExists)
	}
	// File systems without hard links: a rename after a fresh check.
	if err := CheckTarget(f.path, false); err != nil {
		return err
	}
	if err := os.Rename(tmp, f.path); err != nil {
		return fmt.Errorf("write %s: %w", f.path, err)
	}
	forget(tmp)
	return nil
}

// Abort drops an output that will not be committed: its temporary file
// is removed. It is safe after Commit and on a nil File.
func (f *File) Abort() {
	if f == nil || f.done {
		return
	}
	f.done = true
	f.discard()
}

func (f *File) discard() {
	if f.tmp != nil {
		f.tmp.Close()
		removeTemp(f.tmp.Name())
	}
}

// WriteFile writes data to path ("-": stdout) through a File.
func WriteFile(path string, data []byte, force bool, stdout io.Writer) error {
	f, err := Create(path, force, stdout)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}
