package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// A single-valued flag given twice (capq lint --config a.xml --config
// b.xml) is refused: cobra keeps the last value without a word, so a CI
// script that appends its own --format to a user's, or a template that
// repeats --config, would check another file or write another format than
// the one the first flag names, and pass. capq cannot know which of the
// two was meant, so it names both and runs nothing (exit 2). The same
// value given again (--untrusted --untrusted, -o out.xml -o out.xml) is
// no such doubt and is taken once. Flags that
// take a list (--enable, --yarn-site, --assert, --group) are repeatable by
// design and keep appending.

// refuseRepeatedFlags makes every single-valued flag of cmd and its
// subcommands refuse a second value. It is the one place the rule lives;
// execute applies it to the whole command tree once the tree is complete
// (after the completion command exists) and before anything is parsed.
func refuseRepeatedFlags(cmd *cobra.Command) {
	wrap := func(f *pflag.Flag) {
		if _, ok := f.Value.(*onceValue); ok || repeatable(f) {
			return
		}
		f.Value = &onceValue{Value: f.Value, name: f.Name}
	}
	cmd.PersistentFlags().VisitAll(wrap)
	cmd.Flags().VisitAll(wrap)
	for _, c := range cmd.Commands() {
		refuseRepeatedFlags(c)
	}
}

// repeatable reports whether a flag takes its values one at a time: a
// list (pflag's slice and array values) or a counter.
func repeatable(f *pflag.Flag) bool {
	if _, ok := f.Value.(pflag.SliceValue); ok {
		return true
	}
	return f.Value.Type() == "count"
}

// onceValue is a single-valued flag's value that refuses a second Set.
type onceValue struct {
	pflag.Value
	name  string
	first string
	set   bool
}

// Set sets the value the first time, takes the same value again as a
// no-op, and refuses any other later value.
func (v *onceValue) Set(s string) error {
	if v.set && s == v.first {
		return nil
	}
	if v.set {
		return &repeatedFlagError{name: v.name, first: v.first, again: s}
	}
	if err := v.Value.Set(s); err != nil {
		return err
	}
	v.first, v.set = s, true
	return nil
}

// repeatedFlagError is a single-valued flag given a second time.
type repeatedFlagError struct {
	name, first, again string
}

// Error names the flag and both values, quoted with escapes (they are
// command-line input).
func (e *repeatedFlagError) Error() string {
	return fmt.Sprintf("--%s given twice (%q, then %q): it takes one value; give it once", e.name, e.first, e.again)
}
