package main

import (
	"errors"
	"strings"

	"github.com/hashicorp/go-multierror"

	"github.com/capq/capq/xmlconf"
)

// describeError renders err for the terminal: one line per failure, each
// followed by its hint (what to do) when xmlconf gave one.
func describeError(err error) string {
	var merr *multierror.Error
	if errors.As(err, &merr) && len(merr.Errors) > 0 {
		parts := make([]string, len(merr.Errors))
		for i, e := range merr.Errors {
			parts[i] = describeError(e)
		}
		return strings.Join(parts, "\ncapq: ")
	}
	msg := err.Error()
	var re *xmlconf.ReadError
	if errors.As(err, &re) && re.Hint != "" {
		msg += "\n  hint: " + re.Hint
	}
	return msg
}
