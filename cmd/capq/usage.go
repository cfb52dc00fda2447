package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// usageError words a cobra usage error. An unknown flag gets the closest
// flag of the command as a suggestion, as cobra does for commands.
func usageError(cmd *cobra.Command, err error) string {
	// pflag wraps a refused value in its "invalid argument" sentence,
	// which says nothing more than ours.
	var rf *repeatedFlagError
	if errors.As(err, &rf) {
		return rf.Error()
	}
	msg := err.Error()
	if strings.HasPrefix(msg, "unknown command ") {
		// cobra quotes the command (%q); its "Did you mean this?" lines
		// are its own and keep their layout.
		return msg
	}
	// pflag writes an unknown flag or shorthand as typed: escape it like
	// any input, so it can neither drive the terminal nor start a line.
	msg = safeio.Printable(msg)
	name, ok := strings.CutPrefix(msg, "unknown flag: --")
	if !ok {
		return msg
	}
	name, _, _ = strings.Cut(name, "=")
	msg = fmt.Sprintf("unknown flag --%s for %q", name, cmd.CommandPath())
	if s := closestFlags(cmd, name); len(s) > 0 {
		msg += "; did you mean --" + strings.Join(s, " or --") + "?"
	}
	return msg
}

// closestFlags returns the command's flags within edit distance 2 of
// name, or that name starts, closest first.
func closestFlags(cmd *cobra.Command, name string) []string {
	type cand struct {
		name string
		d    int
	}
	var cs []cand
	visit := func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		d := xmlconf.EditDistance(name, f.Name)
		if d > 2 && !(len(name) >= 3 && strings.HasPrefix(f.Name, name)) {
			return
		}
		cs = append(cs, cand{f.Name, d})
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].d != cs[j].d {
			return cs[i].d < cs[j].d
		}
		return cs[i].name < cs[j].name
	})
	var out []string
	for _, c := range cs {
		if len(out) == 3 {
			break
		}
		out = append(out, c.name)
	}
	return out
}

// exactArgs is cobra.ExactArgs with a message that names what is missing
// (cobra says "accepts 2 arg(s), received 1").
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == n {
			return nil
		}
		return fmt.Errorf("%s takes %s; got %d argument%s", cmd.Name(), what, len(args), pluralS(len(args)))
	}
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
