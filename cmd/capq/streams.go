package main

import (
	"io"
	"os"
)

// streams is what a command may touch of the outside world; tests
// replace every field.
type streams struct {
	in     io.Reader
	out    io.Writer
	errOut io.Writer
	// outTerminal and errTerminal say whether stdout/stderr are terminals
	// (colour, progress bars).
	outTerminal, errTerminal bool
	getenv                   func(string) string
	lookupEnv                func(string) (string, bool)
}

func newStdStreams() *streams {
	return &streams{
		in: os.Stdin, out: os.Stdout, errOut: os.Stderr,
		outTerminal: isTerminal(os.Stdout), errTerminal: isTerminal(os.Stderr),
		getenv: os.Getenv, lookupEnv: os.LookupEnv,
	}
}

// isTerminal reports whether f is a character device (a terminal), with
// no dependency beyond the standard library.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	return fi.Mode()&os.ModeCharDevice != 0
}

// colour reports whether coloured output is wanted on stdout: only on a
// terminal, and never with NO_COLOR set (https://no-color.org).
func (s *streams) colour() bool {
	if _, set := s.lookupEnv("NO_COLOR"); set {
		return false
	}
	return s.outTerminal
}
