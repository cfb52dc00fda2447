package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// usageError words a cobra usage error. An unknown flag gets the closest
// flag of the command as a suggestion, as cobra does for commands.
func usageError(cmd *cobra.Command, err error) string {
	msg := err.Error()
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
		d := levenshtein(name, f.Name)
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

// levenshtein is the edit distance between a and b.
func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
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
