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

// Output is an output's target and bytes, for WriteAll. Flag, when set,
// names the flag that chose Path (e.g. "-o") and prefixes every error
// about it, as the checks before the run do.
type Output struct {
	Flag string
	Path string
	Data []byte
}

// named prefixes err with the output's flag.
func (o Output) named(err error) error {
	if err == nil || o.Flag == "" {
		return err
	}
	return fmt.Errorf("%s: %w", o.Flag, err)
}

// WriteAll writes every output to its temporary file first and moves them
// into place only when all were written, so a failure (a full disk) leaves
// none of them half-done or replaced. stdout receives a "-" target. An
// error names the output's flag: the loser of two runs writing the same
// target learns which of its outputs another process took.
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
			return o.named(err)
		}
		files = append(files, f)
		if _, err := f.Write(o.Data); err != nil {
			return o.named(err)
		}
	}
	for i, f := range files {
		if err := f.Commit(); err != nil {
			return outs[i].named(err)
		}
	}
	return nil
}
