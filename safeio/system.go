package safeio

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrSystem is wrapped by the error about an untrusted input under /proc,
// /sys or /dev (Limits.Untrusted).
var ErrSystem = errors.New("refused for untrusted input")

// ErrLinkOut is wrapped by the error about an untrusted input named inside
// the working directory that a symbolic link leads out of (Limits.Untrusted).
var ErrLinkOut = errors.New("refused for untrusted input")

// systemDirs hold files that are no one's input: the process's own state
// (/proc/self/environ reads as a regular file of every environment
// variable), the kernel's, and devices.
var systemDirs = []string{"/proc", "/sys", "/dev"}

// checkSystem refuses, before opening it, a path under a system directory
// as written or after resolving its links (a link in a pull request may
// point anywhere), and a path named inside the working directory that a
// link leads out of it (checkLinkOut).
func checkSystem(path string) error {
	if abs, err := filepath.Abs(path); err == nil && inSystemDir(abs) {
		return systemError(path)
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		if abs, err := filepath.Abs(real); err == nil && inSystemDir(abs) {
			return systemError(path)
		}
		return checkLinkOut(path, real)
	}
	return nil
}

// checkLinkOut refuses a path named inside the working directory (the
// checkout, in CI) whose links lead out of it to real, before or after
// opening it. A pull request can add conf/capacity-scheduler.xml as a
// link to the runner's /etc/hadoop/conf/core-site.xml, whose secret
// values diff would print; Hadoop never reads such a file as the
// configuration under review. A path named outside the working directory
// is the runner's choice, links and all (/tmp is a link on macOS).
func checkLinkOut(path, real string) error {
	wd, err := os.Getwd()
	if err != nil {
		return nil
	}
	named := path
	if !filepath.IsAbs(named) {
		named = filepath.Join(wd, named)
	}
	if !under(wd, filepath.Clean(named)) {
		return nil
	}
	if !filepath.IsAbs(real) {
		real = filepath.Join(wd, real)
	}
	real = filepath.Clean(real)
	if under(wd, real) {
		return nil
	}
	if realWd, err := filepath.EvalSymlinks(wd); err == nil && under(realWd, real) {
		return nil
	}
	// Name the path as given, never where the link leads.
	return fmt.Errorf("%s is a symbolic link, or passes through one, that leads outside the working directory: %w (use --untrusted=false for input you trust)", path, ErrLinkOut)
}

// CheckOutputLinkOut refuses, for untrusted input, an output named inside
// the working directory whose directory is, or passes through, a
// symbolic link out of it: a pull request that adds out/ as a link to a
// runner directory would have capq write (or, with --force, replace)
// files there. The output itself being a link is CheckTarget's to refuse.
// A directory that cannot be resolved passes: writing there fails anyway.
func CheckOutputLinkOut(path string) error {
	if path == "" || path == Stdout {
		return nil
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(path))
	if err != nil {
		return nil
	}
	if err := checkLinkOut(path, filepath.Join(dir, filepath.Base(path))); err != nil {
		return fmt.Errorf("write %s: its directory is a symbolic link, or passes through one, that leads outside the working directory: %w (use --untrusted=false for a checkout you trust)", path, ErrLinkOut)
	}
	return nil
}

// under says whether abs is dir or lies below it (both clean and absolute).
func under(dir, abs string) bool {
	rel, err := filepath.Rel(dir, abs)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// checkOpenedSystem looks again at the file f opened, by the path the
// kernel gives its descriptor (Linux): it catches a file swapped for a
// link after checkSystem. Where /proc/self/fd is not there to say,
// checkSystem stands alone.
func checkOpenedSystem(path string, f *os.File) error {
	real, err := os.Readlink("/proc/self/fd/" + strconv.FormatUint(uint64(f.Fd()), 10))
	if err != nil || !filepath.IsAbs(real) {
		// Not Linux, or not a path (pipe:[…], a special file refused
		// by its mode).
		return nil
	}
	if inSystemDir(real) {
		return systemError(path)
	}
	return checkLinkOut(path, real)
}

func inSystemDir(abs string) bool {
	for _, d := range systemDirs {
		if abs == d || strings.HasPrefix(abs, d+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// systemError names the path as given, not where it leads: the target of
// a link is the link author's choice, not ours to print.
func systemError(path string) error {
	return fmt.Errorf("%s is under /proc, /sys or /dev: %w (use - for standard input, or --untrusted=false for input you trust)", path, ErrSystem)
}
