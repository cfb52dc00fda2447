package main

import (
	"io"
	"os"

	"github.com/capq/capq/safeio"
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
	// stdinName is how standard input ("-") is named in output
	// (--stdin-filename); empty means "<stdin>".
	stdinName string
	lookupEnv func(string) (string, bool)
	// stdinRead says an input has read standard input (readStdin).
	stdinRead bool
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
// terminal that is not TERM=dumb, and never with NO_COLOR set to a
// non-empty value. no-color.org: "when present and not an empty string"
// — NO_COLOR= (empty) leaves colour on.
func (s *streams) colour() bool {
	if s.getenv("NO_COLOR") != "" {
		return false
	}
	return s.outTerminal && !s.dumbTerminal()
}

// progress reports whether a progress line (redrawn with \r and ESC[K)
// may be written to stderr: only on a terminal that understands those
// controls, which TERM=dumb (Emacs shell buffers, some CI log viewers)
// says it does not.
func (s *streams) progress() bool {
	return s.errTerminal && !s.dumbTerminal()
}

// dumbTerminal reports TERM=dumb, the terminfo entry with no cursor
// movement and no colour.
func (s *streams) dumbTerminal() bool {
	return s.getenv("TERM") == "dumb"
}

// stdinDisplayName is the name findings give standard input: the path
// --stdin-filename says it stands for (editor integrations and pre-commit
// pipe the file's content), else "<stdin>".
func (s *streams) stdinDisplayName() string {
	if s.stdinName != "" {
		return s.stdinName
	}
	return "<stdin>"
}

// argName is the name messages and reports give the input arg: the
// stdin display name for "-", whatever kind of input it is (configuration,
// workload, trace, gate, policy, live state), else arg itself. Only one
// input can read standard input per run, so the one --stdin-filename
// names is never in doubt.
func (s *streams) argName(arg string) string {
	if arg == "-" {
		return s.stdinDisplayName()
	}
	return arg
}

// notes writes each message to stderr as "capq: KIND: message", the one
// shape of capq's warnings and assumptions.
func (s *streams) notes(kind string, msgs []string) {
	for _, m := range msgs {
		// Warnings quote file, queue and user names as written.
		safeio.Fprintf(s.errOut, "capq: %s: %s\n", kind, m)
	}
}
