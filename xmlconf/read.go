package xmlconf

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/go-multierror"

	"github.com/capq/capq/safeio"
)

// ReadOptions bounds what Read accepts.
type ReadOptions struct {
	// MaxBytes is the largest file accepted (0: DefaultMaxBytes).
	MaxBytes int64
	// MaxDepth is the deepest element nesting accepted (0: DefaultMaxDepth).
	MaxDepth int
	// MaxIncludeDepth is the deepest chain of xi:include accepted
	// (0: DefaultMaxIncludeDepth).
	MaxIncludeDepth int
	// AllowSpecial lets a path name a FIFO or device (still bounded by
	// MaxBytes); without it such a file is refused before it is opened.
	AllowSpecial bool
	// Untrusted marks input that may come from anyone (a pull request):
	// external entities, xi:includes outside the file's directory and
	// ${env.*} are refused with a finding instead of being resolved, so
	// no file content or environment value can reach the output.
	Untrusted bool
	// Version is the Hadoop profile whose Configuration parser to follow
	// (zero: DefaultVersion). Hadoop 2.7's DOM walk reads some documents
	// differently from the StAX parser of 2.9 and later (read_dom.go).
	Version Version
}

// Limits applied when ReadOptions leaves them zero.
const (
	DefaultMaxBytes        = 64 << 20
	DefaultMaxDepth        = 64
	DefaultMaxIncludeDepth = 16
)

func (o ReadOptions) withDefaults() ReadOptions {
	if o.MaxBytes <= 0 {
		o.MaxBytes = DefaultMaxBytes
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	if o.MaxIncludeDepth <= 0 {
		o.MaxIncludeDepth = DefaultMaxIncludeDepth
	}
	return o
}

// ReadError is a configuration file that could not be read: Pos says where
// (the line is zero when the whole file is at fault), Msg what, and Hint
// how to fix it when there is something to say.
type ReadError struct {
	Pos  Pos
	Msg  string
	Hint string
	// Err is the underlying error, if any (fs.ErrNotExist, …).
	Err error
}

// Error renders the error as file:line:col: msg.
func (e *ReadError) Error() string { return e.Pos.String() + ": " + e.Msg }

// Unwrap returns the underlying error so errors.Is works on it.
func (e *ReadError) Unwrap() error { return e.Err }

// ReadFile reads one Hadoop configuration file the way Hadoop 3's
// Configuration parser does, splicing in its xi:includes.
func ReadFile(path string, opts ReadOptions) (*Document, error) {
	opts = opts.withDefaults()
	data, err := readLimited(path, opts)
	if err != nil {
		return nil, err
	}
	return ReadBytes(path, data, opts)
}

// ReadBytes reads a configuration from memory; name is used in positions
// and to resolve relative xi:include hrefs.
func ReadBytes(name string, data []byte, opts ReadOptions) (*Document, error) {
	opts = opts.withDefaults()
	if int64(len(data)) > opts.MaxBytes {
		return nil, tooBig(name, int64(len(data)), opts.MaxBytes)
	}
	r := &resource{opts: opts, top: name, chain: []string{absPath(name)}}
	doc, err := r.read(name, data)
	if doc != nil {
		doc.Bytes = int64(len(data)) + r.bytes // r.bytes: the included files
	}
	return doc, err
}

// ReadFiles reads every file, even after one fails, and returns their
// documents in order (nil for a file that failed) with every failure
// combined into one error.
func ReadFiles(paths []string, opts ReadOptions) ([]*Document, error) {
	docs := make([]*Document, len(paths))
	var errs *multierror.Error
	for i, p := range paths {
		d, err := ReadFile(p, opts)
		if err != nil {
			errs = multierror.Append(errs, err)
			continue
		}
		docs[i] = d
	}
	if errs != nil {
		errs.ErrorFormat = ListErrors
	}
	return docs, errs.ErrorOrNil()
}

// ListErrors prints one error per line, so each keeps its file:line:col
// (a go-multierror ErrorFormat: capq lists several unreadable inputs so).
func ListErrors(es []error) string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// readLimited reads a whole file, refusing directories, special files
// (unless opts.AllowSpecial: a FIFO would block, /dev/zero never ends),
// anything larger than opts.MaxBytes and, when opts.Untrusted, files
// under /proc, /sys or /dev.
func readLimited(path string, opts ReadOptions) ([]byte, error) {
	data, err := safeio.ReadFile(path, opts.limits())
	if err != nil {
		return nil, readFailure(path, err)
	}
	return data, nil
}

// ReadSourceBytes reads path's bytes as ReadFile does before it parses
// them: the same bounds, refusals and wording. A caller that must tell a
// file it cannot read from one that does not parse (a refresh event's,
// preview.WithRefreshes) reads with it, then parses with ReadBytes.
func ReadSourceBytes(path string, opts ReadOptions) ([]byte, error) {
	return readLimited(path, opts.withDefaults())
}

// limits are the safeio read limits of opts.
func (o ReadOptions) limits() safeio.Limits {
	return safeio.Limits{MaxBytes: o.MaxBytes, AllowSpecial: o.AllowSpecial, Untrusted: o.Untrusted}
}

// CheckReadable returns the error ReadFile would give for path if it
// cannot read it at all (missing, a dangling link, not readable, in a dir
// this user may not search, a directory, a special file without
// AllowSpecial, a system file when untrusted, larger than MaxBytes),
// without reading it: what the file holds, and so whether it parses, is
// not looked at. A special file allowed is not opened (a FIFO would
// block, or lose what it holds to the check).
func CheckReadable(path string, opts ReadOptions) error {
	opts = opts.withDefaults()
	fi, err := safeio.CheckInput(path, opts.limits())
	if err == nil && fi.Mode().IsRegular() {
		if fi.Size() > opts.MaxBytes {
			err = &safeio.TooLargeError{Name: path, Max: opts.MaxBytes}
		} else if f, oerr := os.Open(path); oerr != nil {
			err = oerr
		} else {
			f.Close()
		}
	}
	if err != nil {
		return readFailure(path, err)
	}
	return nil
}

// readFailure words err, the failure to read path, as a ReadError with
// what to do about it.
func readFailure(path string, err error) error {
	fail := func(msg, hint string, err error) error {
		return &ReadError{Pos: Pos{File: path}, Msg: msg, Hint: hint, Err: err}
	}
	var tl *safeio.TooLargeError
	switch {
	case errors.Is(err, safeio.ErrEmptyPath):
		// A Pos with no file prints as "-", standard input's name.
		return &ReadError{Pos: Pos{File: `""`}, Msg: "is an empty path", Hint: "name a file, a directory, - for standard input or git:REV:PATH (an unset variable in a script?)", Err: err}
	case errors.Is(err, fs.ErrNotExist):
		if target, lerr := os.Readlink(path); lerr == nil {
			// "no such file" would send the user looking for the link
			return fail(fmt.Sprintf("is a symbolic link to %q, which does not exist", target), "fix the link, or name the file it should point to", err)
		}
		reason, hint := PathReason(err)
		return fail(reason, hint, err)
	case errors.Is(err, fs.ErrPermission):
		if _, lerr := os.Lstat(path); errors.Is(lerr, fs.ErrPermission) {
			// Lstat needs no read permission on the file, only search
			// permission on its directories: "make the file readable"
			// would send the user to the wrong place.
			return fail(fmt.Sprintf("permission denied: this user may not search directory %q", filepath.Dir(path)), "make the directory searchable (x) by this user", err)
		}
		reason, hint := PathReason(err)
		return fail(reason, hint, err)
	case errors.As(err, &tl):
		return tooBig(path, tl.Max+1, tl.Max)
	case errors.Is(err, safeio.ErrLinkOut):
		return fail("is a symbolic link, or passes through one, that leads outside the working directory, refused for untrusted input", "name the file itself, or use --untrusted=false for input you trust", err)
	case errors.Is(err, safeio.ErrSystem):
		return fail("is under /proc, /sys or /dev, refused for untrusted input", "use - for standard input, or --untrusted=false for input you trust", err)
	case errors.Is(err, safeio.ErrSpecial):
		return fail("is not a regular file (a FIFO, socket or device)", "pass --allow-special-files to read it anyway", err)
	}
	if fi, serr := os.Stat(path); serr == nil && fi.IsDir() {
		return fail("is a directory, not a configuration file", "give the path of the XML file inside it", nil)
	}
	return fail(fmt.Sprintf("cannot read: %v", unwrapPath(err)), "", err)
}

// PathReason words the common reasons a file cannot be opened (missing,
// not readable) with what to do, so every input of every command says
// them alike; "" for any other error.
func PathReason(err error) (reason, hint string) {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file", "check the path"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied", "make the file readable by this user"
	}
	return "", ""
}

func tooBig(path string, size, max int64) error {
	return &ReadError{
		Pos:  Pos{File: path},
		Msg:  fmt.Sprintf("file is larger than the limit of %d bytes", max),
		Hint: fmt.Sprintf("raise the limit with --max-file-size (the file has at least %d bytes)", size),
	}
}

// unwrapPath drops the "open PATH:" prefix of *fs.PathError, since the
// position already names the file.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
