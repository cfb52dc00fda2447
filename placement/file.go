package placement

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// maxRuleFile bounds a mapping-rule-json-file read (hostile input).
const maxRuleFile = 16 << 20

// ConfFileReader reads mapping-rule-json-file as capq can: an absolute
// path as is, a relative one next to the file that sets the key (the
// ResourceManager resolves it on its own host, so the file may simply not
// be here). Only regular files up to 16 MiB are read, so a device or a
// pipe can neither hang nor flood the run. In an untrusted configuration
// (a pull request's) the path must be relative and stay inside the
// directory of the file that sets it, and nothing under /proc, /sys or
// /dev is read (safeio.Within, Limits.Untrusted): the rules' text reaches
// findings and reports.
func ConfFileReader(c *xmlconf.Conf) func(string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		untrusted := c != nil && c.Untrusted
		dir, known := "", false
		if c != nil {
			if p, ok := c.Lookup(KeyJSONFile); ok && p.NamePos.File != "" && !strings.Contains(p.NamePos.File, ":") && p.NamePos.File != "-" {
				dir, known = filepath.Dir(p.NamePos.File), true
			}
		}
		switch {
		case untrusted && !known:
			return nil, fmt.Errorf("%q is not read from an untrusted configuration read from standard input or git", path)
		case untrusted:
			within, err := safeio.Within(dir, path)
			if err != nil {
				return nil, err
			}
			path = within
		case known && !filepath.IsAbs(path):
			path = filepath.Join(dir, path)
		}
		return safeio.ReadFile(path, safeio.Limits{MaxBytes: maxRuleFile, Untrusted: untrusted})
	}
}
