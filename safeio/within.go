package safeio

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// ErrOutside is wrapped by the error about a path that an untrusted file
// names outside its own directory (Within).
var ErrOutside = errors.New("refused for untrusted input")

// Within is how untrusted input may name another file (a scenario's
// config_file, a workload's refresh configuration): rel must be relative
// and, joined to dir and with every link resolved, stay inside dir (a
// link in a pull request may point anywhere). It returns the path to
// read. Like xi:include in untrusted configurations, and for the same
// reason: what capq reads may be printed.
func Within(dir, rel string) (string, error) {
	if filepath.IsAbs(rel) {
		return "", fmt.Errorf("%q is absolute: %w (want a relative path inside %q, or --untrusted=false)", rel, ErrOutside, dir)
	}
	path := filepath.Join(dir, rel)
	if !inside(dir, path) {
		return "", fmt.Errorf("%q leads outside %q: %w (want a relative path inside it, or --untrusted=false)", rel, dir, ErrOutside)
	}
	return path, nil
}

// inside says whether path lies in dir after resolving links; a path that
// does not exist (yet) is judged as written, since nothing can be read
// through it.
func inside(dir, path string) bool {
	root, target := resolve(dir), resolve(path)
	rel, err := filepath.Rel(root, target)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func resolve(path string) string {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	} else if real, err := filepath.EvalSymlinks(filepath.Dir(path)); err == nil {
		// A missing file in a real directory: resolve the directory.
		path = filepath.Join(real, filepath.Base(path))
	}
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return filepath.Clean(path)
}
