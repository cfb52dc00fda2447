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

// systemDirs hold files that are no one's input: the process's own state
// (/proc/self/environ reads as a regular file of every environment
// variable), the kernel's, and devices.
var systemDirs = []string{"/proc", "/sys", "/dev"}

// checkSystem refuses, before opening it, a path under a system directory
// as written or after resolving its links (a link in a pull request may
// point anywhere).
func checkSystem(path string) error {
	if abs, err := filepath.Abs(path); err == nil && inSystemDir(abs) {
		return systemError(path)
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		if abs, err := filepath.Abs(real); err == nil && inSystemDir(abs) {
			return systemError(path)
		}
	}
	return nil
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
	return nil
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
