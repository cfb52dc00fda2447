package safeio

import (
	"fmt"
	"os"
	"path/filepath"
)

// Guard checks a run's outputs before any work: no output may be one of
// the run's inputs or another output of the run (compared by identity
// with os.SameFile where the file exists, by cleaned path where it does
// not), and each target must be writable under CheckTarget. Without it,
// `migrate -o X --report X` wrote X and then failed, and --html could
// overwrite the configuration it reported on.
type Guard struct {
	force, untrusted bool
	inputs           []named
	outputs          []output
}

type named struct {
	name string
	fi   os.FileInfo
}

type output struct {
	flag, path, key string
	fi              os.FileInfo
}

// NewGuard starts a guard; force allows replacing existing regular files.
// untrusted (a pull request's checkout) refuses outputs whose directory
// links out of the working directory (CheckOutputLinkOut).
func NewGuard(force, untrusted bool) *Guard { return &Guard{force: force, untrusted: untrusted} }

// Input records a file the run reads. Names that are not files (empty,
// "-", git:…) or do not exist are ignored: they cannot be clobbered.
func (g *Guard) Input(paths ...string) {
	for _, p := range paths {
		if p == "" || p == Stdout {
			continue
		}
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			g.inputs = append(g.inputs, named{p, fi})
		}
	}
}

// Output checks the target of flag (e.g. "--html"); an empty path is no
// output. Its directory must exist (CheckOutputDir). Two outputs on
// standard output are refused too: their bytes would interleave.
func (g *Guard) Output(flag, path string) error {
	if path == "" {
		return nil
	}
	if err := CheckOutputDir(flag, path); err != nil {
		return err
	}
	if g.untrusted {
		if err := CheckOutputLinkOut(path); err != nil {
			return fmt.Errorf("%s: %w", flag, err)
		}
	}
	o := output{flag: flag, path: path, key: pathKey(path)}
	if path != Stdout {
		if fi, err := os.Stat(path); err == nil {
			o.fi = fi
		}
		// The input check first: --force does not make it right.
		for _, in := range g.inputs {
			if o.fi != nil && os.SameFile(o.fi, in.fi) {
				return fmt.Errorf("%s %s is one of this command's inputs (%s); name another file", flag, path, in.name)
			}
		}
		if err := CheckTarget(path, g.force); err != nil {
			return fmt.Errorf("%s: %w", flag, err)
		}
	}
	for _, prev := range g.outputs {
		same := prev.key == o.key || (o.fi != nil && prev.fi != nil && os.SameFile(o.fi, prev.fi))
		if same {
			return fmt.Errorf("%s and %s both write %s; give each output its own file", prev.flag, flag, describeTarget(path))
		}
	}
	g.outputs = append(g.outputs, o)
	return nil
}

func describeTarget(path string) string {
	if path == Stdout {
		return "standard output"
	}
	return path
}

// pathKey names a target that may not exist yet: its absolute path with
// the directory's symbolic links resolved, so "x" and "./d/../x" match.
func pathKey(path string) string {
	if path == Stdout {
		return Stdout
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	dir, base := filepath.Split(abs)
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		return filepath.Join(real, base)
	}
	return abs
}
