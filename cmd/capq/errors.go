package main

import (
	"errors"
	"io/fs"
	"strings"

	"github.com/hashicorp/go-multierror"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// describeError renders err for the terminal: one line per failure, each
// followed by its hint (what to do) when xmlconf gave one. Every command
// words a file it cannot open the same way ("x.json: no such file", as
// xmlconf does), and the package prefixes that wrap errors inside capq
// ("xmlconf: ") are not shown: they name our code, not the user's problem.
func describeError(err error) string {
	if r, ok := err.(rendered); ok {
		return string(r) // its hint lines are its own: not escaped again
	}
	var merr *multierror.Error
	if errors.As(err, &merr) && len(merr.Errors) > 0 {
		parts := make([]string, len(merr.Errors))
		for i, e := range merr.Errors {
			parts[i] = describeError(e)
		}
		return strings.Join(parts, "\ncapq: ")
	}
	// An error may quote a name as written (an unknown queue, the leaf
	// queues); Printable keeps a newline inside one from starting a line.
	msg := safeio.Printable(err.Error())
	var re *xmlconf.ReadError
	if errors.As(err, &re) {
		if re.Hint != "" {
			msg += "\n  hint: " + safeio.Printable(re.Hint)
		}
		return stripPackagePrefix(msg)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		if reason, hint := xmlconf.PathReason(pe.Err); reason != "" {
			msg = strings.Replace(msg, pe.Error(), pe.Path+": "+reason, 1)
			if hint != "" {
				msg += "\n  hint: " + hint
			}
		}
	}
	return stripPackagePrefix(msg)
}

// rendered is an error describeError has rendered already, returned by
// describedError for a caller that must return an error.
type rendered string

func (r rendered) Error() string { return string(r) }

// describedError is describeError's rendering as an error.
func describedError(err error) error { return rendered(describeError(err)) }

// packagePrefixes are the error prefixes of capq's own packages.
var packagePrefixes = []string{"xmlconf: ", "validate: ", "migrate: "}

func stripPackagePrefix(msg string) string {
	for _, p := range packagePrefixes {
		msg = strings.TrimPrefix(msg, p)
		msg = strings.ReplaceAll(msg, ": "+p, ": ")
	}
	return msg
}
