package safeio

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// CheckOutputDir fails fast, before any work, when the directory of an
// output (named by flag, e.g. "--html") does not exist: the write would
// fail at the end naming the temporary file it tried to create there.
// Standard output and an empty path (no output) pass.
func CheckOutputDir(flag, path string) error {
	if path == "" || path == Stdout {
		return nil
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("%s %s: directory %s does not exist; create it first", flag, path, dir)
	case !fi.IsDir():
		return fmt.Errorf("%s %s: %s is not a directory", flag, path, dir)
	}
	return nil
}

// Output is an output's target and bytes, for WriteAll.
type Output struct {
	Path string
	Data []byte
}

// WriteAll writes every output to its temporary file first and moves them
// into place only when all were written, so a failure (a full disk) leaves
// none of them half-done or replaced. stdout receives a "-" target.
func WriteAll(outs []Output, force bool, stdout io.Writer) error {
	files := make([]*File, 0, len(outs))
	defer func() {
		for _, f := range files {
			f.Abort()
		}
	}()
	for _, o := range outs {
		f, err := Create(o.Path, force, stdout)
		if err != nil {
			return err
		}
		files = append(files, f)
		if _, err := f.Write(o.Data); err != nil {
			return err
		}
	}
	for _, f := range files {
		if err := f.Commit(); err != nil {
			return err
		}
	}
	return nil
}
