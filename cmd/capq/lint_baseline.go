package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// applyBaseline writes --write-baseline (every finding of the run) and
// then leaves out what --baseline records. Writing replaces only a file
// that is already a capq baseline, atomically.
func applyBaseline(o lintOptions, rep *validate.Report) error {
	if o.writeBaseline != "" {
		if err := writeBaselineFile(o.writeBaseline, rep.Findings); err != nil {
			return err
		}
	}
	if o.baseline == "" {
		return nil
	}
	f, err := os.Open(o.baseline)
	if err != nil {
		return fmt.Errorf("--baseline: %w", err)
	}
	defer f.Close()
	b, err := validate.ParseBaseline(o.baseline, f)
	if err != nil {
		return fmt.Errorf("--baseline: %w", err)
	}
	rep.Findings, rep.Baselined = b.Filter(rep.Findings)
	return nil
}

func writeBaselineFile(path string, fs []xmlconf.Finding) error {
	var buf bytes.Buffer
	if err := validate.WriteBaseline(&buf, fs); err != nil {
		return err
	}
	force := false
	if old, err := os.Open(path); err == nil {
		line, _ := bufio.NewReader(old).ReadString('\n')
		old.Close()
		if line != validate.BaselineHeader+"\n" {
			return fmt.Errorf("--write-baseline: %s exists and is not a capq baseline; refusing to replace it", path)
		}
		force = true
	} else if !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("--write-baseline: %w", err)
	}
	if err := xmlconf.WriteFileAtomic(path, buf.Bytes(), force); err != nil {
		return fmt.Errorf("--write-baseline: %w", err)
	}
	return nil
}
