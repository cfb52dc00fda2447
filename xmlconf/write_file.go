package xmlconf

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrExists is returned (wrapped) by WriteFileAtomic when the target
// exists and overwriting was not asked for.
var ErrExists = errors.New("file exists")

// WriteFileAtomic writes data to path so that readers see either the old
// file or the whole new one: a temporary file in the same directory,
// synced, then moved into place. Without force an existing path is never
// replaced (the move is a hard link, which fails if the target appeared
// meanwhile; file systems without links fall back to a checked rename).
func WriteFileAtomic(path string, data []byte, force bool) (err error) {
	if !force {
		if _, err := os.Lstat(path); err == nil {
			return fmt.Errorf("xmlconf: write %s: %w (use --force to overwrite)", path, ErrExists)
		}
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("xmlconf: write %s: %w", path, err)
	}
	tmpName := tmp.Name()
	defer func() {
		if err != nil {
			os.Remove(tmpName)
		}
	}()
	if err := writeAndSync(tmp, data); err != nil {
		return fmt.Errorf("xmlconf: write %s: %w", path, err)
	}
	if force {
		if err := os.Rename(tmpName, path); err != nil {
			return fmt.Errorf("xmlconf: write %s: %w", path, err)
		}
		return nil
	}
	return placeNoClobber(tmpName, path)
}

func writeAndSync(f *os.File, data []byte) error {
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func placeNoClobber(tmpName, path string) error {
	err := os.Link(tmpName, path)
	if err == nil {
		os.Remove(tmpName)
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("xmlconf: write %s: %w (use --force to overwrite)", path, ErrExists)
	}
	if _, statErr := os.Lstat(path); statErr == nil {
		return fmt.Errorf("xmlconf: write %s: %w (use --force to overwrite)", path, ErrExists)
	}
	if err := os.Rename(tmpName, path); err != nil {
		return fmt.Errorf("xmlconf: write %s: %w", path, err)
	}
	return nil
}
