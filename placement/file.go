package placement

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// maxRuleFile bounds a mapping-rule-json-file read (hostile input).
const maxRuleFile = 16 << 20

// ConfFileReader reads mapping-rule-json-file as capq can: an absolute
// path as is, a relative one next to the file that sets the key (the
// ResourceManager resolves it on its own host, so the file may simply not
// be here). Only regular files up to 16 MiB are read, so a device or a
// pipe can neither hang nor flood the run.
func ConfFileReader(c *xmlconf.Conf) func(string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		if !filepath.IsAbs(path) && c != nil {
			if p, ok := c.Lookup(KeyJSONFile); ok && p.NamePos.File != "" && !strings.Contains(p.NamePos.File, ":") && p.NamePos.File != "-" {
				path = filepath.Join(filepath.Dir(p.NamePos.File), path)
			}
		}
		st, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("not a regular file")
		}
		if st.Size() > maxRuleFile {
			return nil, fmt.Errorf("larger than %d bytes", maxRuleFile)
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return io.ReadAll(io.LimitReader(f, maxRuleFile+1))
	}
}
