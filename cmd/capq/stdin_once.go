package main

import (
	"errors"
	"fmt"

	"github.com/capq/capq/safeio"
)

// errStdinTwice is the error of a second input named "-" in one command:
// the first took all of standard input, and the second would read nothing
// and be taken for an empty file (a workload "not JSON", a policy with no
// rule) or, worse, succeed on nothing.
var errStdinTwice = errors.New("standard input (-) was already read by another input of this command; only one input can name it")

// readStdin reads standard input, once per command (errStdinTwice
// after), within max bytes. Every input that accepts "-" reads through it,
// so a pair of flags no command checks up front is still refused.
func (s *streams) readStdin(max int64) ([]byte, error) {
	if s.stdinRead {
		return nil, errStdinTwice
	}
	s.stdinRead = true
	return safeio.ReadAll("standard input", s.in, max)
}

// stdinOnce refuses, before anything is read, two or more of a command's
// inputs (flag or argument, value) naming standard input, with their names.
func stdinOnce(inputs ...outputFlag) error {
	var flags []string
	for _, in := range inputs {
		if in.path == "-" {
			flags = append(flags, in.flag)
		}
	}
	switch len(flags) {
	case 0, 1:
		return nil
	case 2:
		if flags[0] == flags[1] {
			return fmt.Errorf("%s names standard input (-) twice; it can be read once", flags[0])
		}
		return fmt.Errorf("%s both name standard input (-); only one of them can read it", joinFlags(flags))
	}
	return fmt.Errorf("%s all name standard input (-); only one of them can read it", joinFlags(flags))
}

// yarnSiteInputs are --yarn-site's values as stdinOnce inputs.
func (f configFlags) yarnSiteInputs() []outputFlag {
	out := make([]outputFlag, len(f.yarnSite))
	for i, y := range f.yarnSite {
		out[i] = outputFlag{"--yarn-site", y}
	}
	return out
}
