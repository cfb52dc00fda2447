package main

import (
	"fmt"

	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// applyBaseline writes --write-baseline (every finding of the run) and
// then leaves out what --baseline records. Writing replaces only a file
// that is already a capq baseline, atomically.
func applyBaseline(o lintOptions, rep *validate.Report) error {
	if o.writeBaseline != "" {
		if err := writeBaselineFile(o.writeBaseline, rep.Findings, o.config.maxFileSize); err != nil {
			return err
		}
	}
	if o.baseline == "" {
		return nil
	}
	lim, err := o.config.limits()
	if err != nil {
		return err
	}
	b, err := validate.ReadBaselineFile(o.baseline, lim)
	if err != nil {
		return fmt.Errorf("--baseline: %w", err)
	}
	rep.Findings, rep.Baselined = b.Filter(rep.Findings)
	return nil
}

// writeBaselineFile writes --write-baseline (validate.WriteBaselineFile).
func writeBaselineFile(path string, fs []xmlconf.Finding, max int64) error {
	if err := validate.WriteBaselineFile(path, fs, max); err != nil {
		return fmt.Errorf("--write-baseline: %w", err)
	}
	return nil
}
