package safeio

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// OpenAppend opens path for appending, creating it if need be, for a file
// that belongs to someone else and that others append to as well (GitHub
// Actions' $GITHUB_STEP_SUMMARY). It refuses, without blocking, anything
// but a regular file: a FIFO with no reader would block the open forever
// and a device (/dev/stdout) would mix the text into another stream. It
// refuses a file that is one of inputs (compared by identity, so a link
// or another spelling is caught): a hostile variable must not append to
// the configuration being checked.
func OpenAppend(path string, inputs []string) (*os.File, error) {
	// O_NONBLOCK: opening a FIFO for writing with no reader fails at once
	// (ENXIO) instead of waiting for one; a regular file ignores it.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NONBLOCK, 0o644)
	if errors.Is(err, syscall.ENXIO) {
		return nil, fmt.Errorf("%s is a FIFO with no reader: %w", path, ErrNotRegular)
	}
	if err != nil {
		return nil, err
	}
	if err := checkAppendTarget(path, f, inputs); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func checkAppendTarget(path string, f *os.File, inputs []string) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is a %s: %w", path, describeMode(fi.Mode()), ErrNotRegular)
	}
	for _, in := range inputs {
		if in == "" || in == Stdout {
			continue
		}
		if ifi, err := os.Stat(in); err == nil && os.SameFile(fi, ifi) {
			return fmt.Errorf("%s is one of this command's inputs (%s); capq appends nothing to it", path, in)
		}
	}
	return nil
}
