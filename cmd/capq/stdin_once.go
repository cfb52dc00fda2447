package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

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
	if f, ok := s.in.(*os.File); ok {
		// A path to it (/dev/stdin) gets the same bytes.
		return safeio.ReadStdin("standard input", f, max)
	}
	return safeio.ReadAll("standard input", s.in, max)
}

// stdinOnce is the one rule for a command's standard input, checked
// before anything is read over all its inputs (flag or argument, value):
// it refuses two or more of them naming standard input, with their
// names; --stdin-filename when none of them does (the name would be
// ignored without a word); and --stdin-filename equal to another input's
// path, which would make two inputs go by one name in messages.
func (s *streams) stdinOnce(inputs ...outputFlag) error {
	var flags []string
	for _, in := range inputs {
		if in.path == "-" {
			flags = append(flags, in.flag)
		}
	}
	switch len(flags) {
	case 0:
		if s.stdinName != "" {
			return fmt.Errorf("--stdin-filename %q: no input of this command reads standard input (-); give it only with an input of -", s.stdinName)
		}
		return nil
	case 1:
	case 2:
		if flags[0] == flags[1] {
			return fmt.Errorf("%s names standard input (-) twice; it can be read once", flags[0])
		}
		return fmt.Errorf("%s both name standard input (-); only one of them can read it", joinFlags(flags))
	default:
		return fmt.Errorf("%s all name standard input (-); only one of them can read it", joinFlags(flags))
	}
	for _, in := range inputs {
		// Cleaned: ./conf/cs.xml and conf/cs.xml name one file.
		if s.stdinName != "" && in.path != "" && filepath.Clean(in.path) == filepath.Clean(s.stdinName) {
			return fmt.Errorf("--stdin-filename %q is also the file of %s; give standard input another name", s.stdinName, in.flag)
		}
	}
	return nil
}

// stdinAnnotation marks a command that has an input which may be "-"
// (readsStdin); stdinOnce checks --stdin-filename against its inputs.
const stdinAnnotation = "capq.stdin"

// readsStdin marks cmd as having an input that may be standard input.
func readsStdin(cmd *cobra.Command) *cobra.Command {
	if cmd.Annotations == nil {
		cmd.Annotations = map[string]string{}
	}
	cmd.Annotations[stdinAnnotation] = "yes"
	return cmd
}

// checkStdinCommand refuses --stdin-filename on a command with no input
// that can be standard input (rules, explain, scenario, version…),
// before it runs: the rest of the rule is stdinOnce's, per command.
func checkStdinCommand(cmd *cobra.Command, s *streams) error {
	if s.stdinName == "" || cmd.Annotations[stdinAnnotation] != "" {
		return nil
	}
	return fmt.Errorf("--stdin-filename %q: %s reads no standard input (-)", s.stdinName, cmd.CommandPath())
}

// yarnSiteInputs are --yarn-site's values as stdinOnce inputs.
func (f configFlags) yarnSiteInputs() []outputFlag {
	out := make([]outputFlag, len(f.yarnSite))
	for i, y := range f.yarnSite {
		out[i] = outputFlag{"--yarn-site", y}
	}
	return out
}
