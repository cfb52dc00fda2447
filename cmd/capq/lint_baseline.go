package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/capq/capq/safeio"
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
	data, err := safeio.ReadFile(o.baseline, lim)
	if err != nil {
		return fmt.Errorf("--baseline: %w", err)
	}
	b, err := validate.ParseBaseline(o.baseline, bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("--baseline: %w", err)
	}
	rep.Findings, rep.Baselined = b.Filter(rep.Findings)
	return nil
}

// The existing file is read through safeio (bounded, and a FIFO or device
// is refused instead of blocking the open) and replaced through it.
func writeBaselineFile(path string, fs []xmlconf.Finding, max int64) error {
	var buf bytes.Buffer
	if err := validate.WriteBaseline(&buf, fs); err != nil {
		return err
	}
	force := false
	if err := safeio.CheckTarget(path, true); err != nil {
		return fmt.Errorf("--write-baseline: %w", err)
	}
	if old, err := safeio.ReadFile(path, safeio.Limits{MaxBytes: max}); err == nil {
		if !bytes.HasPrefix(old, []byte(validate.BaselineHeader+"\n")) {
			return fmt.Errorf("--write-baseline: %s exists and is not a capq baseline; refusing to replace it", path)
		}
		force = true
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("--write-baseline: %w", err)
	}
	if err := safeio.WriteFile(path, buf.Bytes(), force, nil); err != nil {
		return fmt.Errorf("--write-baseline: %w", err)
	}
	return nil
}
