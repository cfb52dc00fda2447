package main

import (
	"fmt"

	"github.com/capq/capq/validate"
)

// applyBaseline writes --write-baseline (every finding of the run) and
// then leaves out what --baseline records. Writing replaces only a file
// that is already a capq baseline, atomically.
//
// Files are recorded and matched from the repository root (--root, else
// the git work tree's top), as SARIF names them: running from another
// directory or on git:REV:PATH inputs matches the same entries.
func applyBaseline(o lintOptions, p lintPlan, rep *validate.Report) error {
	if o.writeBaseline == "" && o.baseline == "" {
		return nil
	}
	root := validate.RepoRoot(o.root)
	if o.writeBaseline != "" {
		if err := validate.WriteBaselineFile(o.writeBaseline, rep.Findings, o.config.maxFileSize, root); err != nil {
			return fmt.Errorf("--write-baseline: %w", err)
		}
	}
	if o.baseline == "" {
		return nil
	}
	lim, err := o.config.limits(p.untrusted)
	if err != nil {
		return err
	}
	b, err := validate.ReadBaselineFile(o.baseline, lim)
	if err != nil {
		return fmt.Errorf("--baseline: %w", err)
	}
	rep.Findings, rep.Baselined = b.FilterRun(rep.Findings, rep.InputFiles(), root)
	return nil
}
