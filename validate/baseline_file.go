package validate

import (
	"bytes"
	"errors"
	"fmt"
	"os"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// WriteBaselineFile writes fs as a baseline to path, replacing only a
// file that is already a capq baseline, atomically. The existing file is
// read through safeio (bounded, and a FIFO or device is refused instead
// of blocking the open) and replaced through it. Files are recorded from
// root (RepoRoot), or as named when root is "".
func WriteBaselineFile(path string, fs []xmlconf.Finding, max int64, root string) error {
	var buf bytes.Buffer
	if err := WriteBaseline(&buf, fs, root); err != nil {
		return err
	}
	force := false
	if err := safeio.CheckTarget(path, true); err != nil {
		return err
	}
	if old, err := safeio.ReadFile(path, safeio.Limits{MaxBytes: max}); err == nil {
		if !bytes.HasPrefix(old, []byte(BaselineHeader+"\n")) {
			return fmt.Errorf("%s exists and is not a capq baseline; refusing to replace it", path)
		}
		force = true
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return safeio.WriteFile(path, buf.Bytes(), force, nil)
}

// ReadBaselineFile reads and parses the baseline at path within lim
// (bounded; a FIFO or device refused unless lim allows it).
func ReadBaselineFile(path string, lim safeio.Limits) (*Baseline, error) {
	data, err := safeio.ReadFile(path, lim)
	if err != nil {
		return nil, err
	}
	return ParseBaseline(path, bytes.NewReader(data))
}
