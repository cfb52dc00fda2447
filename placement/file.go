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
		path, err := resolveRuleFile(c, path)
		if err != nil {
			return nil, err
		}
		return safeio.ReadFile(path, safeio.Limits{MaxBytes: maxRuleFile, Untrusted: c != nil && c.Untrusted})
	}
}

// ConfFilePath is the file ConfFileReader reads for c's
// mapping-rule-json-file, "" when c sets none or names one capq would not
// read: an input no output may replace.
func ConfFilePath(c *xmlconf.Conf) string {
	if c == nil {
		return ""
	}
	v, ok, _ := c.Get(KeyJSONFile)
	if !ok || strings.TrimSpace(v) == "" {
		return ""
	}
	path, err := resolveRuleFile(c, strings.TrimSpace(v))
	if err != nil {
		return ""
	}
	return path
}

// resolveRuleFile maps the key's value to the path ConfFileReader reads.
func resolveRuleFile(c *xmlconf.Conf, path string) (string, error) {
	untrusted := c != nil && c.Untrusted
	dir, known := "", false
	if c != nil {
		if p, ok := c.Lookup(KeyJSONFile); ok && p.NamePos.File != "" && !strings.Contains(p.NamePos.File, ":") && p.NamePos.File != "-" {
			dir, known = filepath.Dir(p.NamePos.File), true
		}
	}
	switch {
	case untrusted && !known:
		return "", fmt.Errorf("%q is not read from an untrusted configuration read from standard input or git", path)
	case untrusted:
		return safeio.Within(dir, path)
	case known && !filepath.IsAbs(path):
		return filepath.Join(dir, path), nil
	}
	return path, nil
}
