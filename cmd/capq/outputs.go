package main

import (
	"os"
	"strings"

	"github.com/capq/capq/placement"
	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// outputFlag is one output of a command: the flag that names it and its
// path ("-": standard output, "": not asked for).
type outputFlag struct{ flag, path string }

// stdoutReport is the implicit output of commands that print their report
// on standard output: an output flag of "-" would interleave with it.
var stdoutReport = outputFlag{"the report on standard output", safeio.Stdout}

// outputRules say what checkOutputs allows: replacing existing files
// (--force), and whether the checkout is untrusted (CI, --untrusted),
// where no output may be written through a directory that links out of
// the working directory (a pull request's out/ -> a runner directory).
type outputRules struct{ force, untrusted bool }

// outputRules are the rules for outputs of a run with these read flags.
func (f readFlags) outputRules(force bool, s *streams) outputRules {
	return outputRules{force: force, untrusted: f.isUntrusted(s)}
}

// checkOutputs refuses, before any work, outputs that would replace one of
// inputs (compared by file identity, so hard links and ./x spellings are
// caught), each other, a symbolic link or a device, or an existing file
// without force, or (untrusted) that a link leads out of the working
// directory. Directory inputs stand for the configuration files capq
// reads in them.
func checkOutputs(rules outputRules, inputs []string, outputs ...outputFlag) error {
	g := safeio.NewGuard(rules.force, rules.untrusted)
	for _, in := range inputs {
		if strings.HasPrefix(in, "git:") {
			continue
		}
		if fi, err := os.Stat(in); err == nil && fi.IsDir() {
			g.Input(xmlconf.ConfDirFiles(in)...)
			continue
		}
		g.Input(in)
	}
	for _, o := range outputs {
		if err := g.Output(o.flag, o.path); err != nil {
			return err
		}
	}
	return nil
}

// checkIncludedOutputs refuses outputs that would replace a file one of
// the loaded configurations read through xi:include, or its
// mapping-rule-json-file: checkOutputs sees
// only the files named on the command line, so `simulate --events
// part.xml --force` replaced the part the configuration included.
func checkIncludedOutputs(rules outputRules, loaded []*xmlconf.Loaded, outputs ...outputFlag) error {
	var inputs []string
	for _, l := range loaded {
		if l != nil {
			inputs = append(inputs, l.IncludedFiles()...)
			if l.Model != nil {
				inputs = append(inputs, placement.ConfFilePath(l.Model.Conf))
			}
		}
	}
	if len(inputs) == 0 {
		return nil
	}
	return checkOutputs(rules, inputs, outputs...)
}
