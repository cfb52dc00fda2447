package main

import (
	"github.com/spf13/cobra"
)

// lintOptions are the flags of capq lint.
type lintOptions struct {
	config  configFlags
	format  string
	failOn  string
	enable  []string
	disable []string
	policy  string
	root    string
	// baseline and writeBaseline are --baseline and --write-baseline.
	baseline, writeBaseline string
	// sourceDialect is --source-dialect (Hadoop 1 inputs).
	sourceDialect string
}

func newLintCmd(s *streams) *cobra.Command {
	var o lintOptions
	cmd := &cobra.Command{
		Use:     "lint [FILE|DIR|-]...",
		Short:   "Check configurations against every Capacity Scheduler rule",
		Long:    helpText("lint"),
		Example: helpText("lint.example"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runLint(o, args, s)
		},
	}
	o.config.bind(cmd, true)
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "text", "output format: text, json, sarif, github or junit")
	bindFailOn(cmd, &o.failOn)
	f.StringSliceVar(&o.enable, "enable", nil, "run only these rules (IDs, names or categories, comma separated)")
	f.StringSliceVar(&o.disable, "disable", nil, "do not run these rules (IDs, names or categories, comma separated)")
	f.StringVar(&o.policy, "policy", "", "per-rule levels from `FILE`, one \"RULE LEVEL\" per line (LEVEL error, warning, info or off)")
	f.StringVar(&o.baseline, "baseline", "", "leave out findings recorded in this baseline file; new findings still fail")
	f.StringVar(&o.writeBaseline, "write-baseline", "", "record every finding of this run in a baseline file (replaces only a capq baseline)")
	f.StringVar(&o.sourceDialect, "source-dialect", "", "Hadoop 1 inputs: force the dialect, 0.20, 1.x or 0.21 (default: detect from the keys; --hadoop-version 0.20.2 or 1.2.1 also names it)")
	// lint alone takes a Hadoop 1 release here (lint_dialect.go): say so
	// where the shared flag's help lists only the YARN profiles.
	f.Lookup("hadoop-version").Usage += "; a Hadoop 1 release (0.20.2, 1.2.1, 0.21) lints a Hadoop 1 set in that dialect"
	bindRoot(f, &o.root)
	completeValues(cmd, "format", fixed(lintFormats))
	completeValues(cmd, "enable", ruleSelectors)
	completeValues(cmd, "disable", ruleSelectors)
	return cmd
}
