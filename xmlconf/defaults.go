package xmlconf

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
)

// hadoopDefaultsTSV holds the values of Hadoop's default resources
// (yarn-default.xml, core-default.xml) that capq needs, per version. The
// ResourceManager always loads them underneath yarn-site.xml
// (YarnConfiguration's static addDefaultResource), so a ${var} naming one
// of them resolves, and an unset key has their value.
//
//go:embed defaults/hadoop-defaults.tsv
var hadoopDefaultsTSV string

// defaultRow is one line of the table.
type defaultRow struct {
	key, value string
	since      Version
	until      Version // zero: open-ended
}

var (
	defaultsOnce sync.Once
	defaultRows  []defaultRow
	defaultsErr  error
	defaultsMu   sync.Mutex
	defaultsByV  = map[Version]map[string]string{}
)

// HadoopDefaults returns the default-resource values in force for Hadoop
// version v, keyed by property name. The map is shared: do not modify it.
func HadoopDefaults(v Version) map[string]string {
	defaultsOnce.Do(func() { defaultRows, defaultsErr = parseDefaults(hadoopDefaultsTSV) })
	if defaultsErr != nil {
		panic(defaultsErr) // the embedded table is part of the build; TestHadoopDefaults covers it
	}
	defaultsMu.Lock()
	defer defaultsMu.Unlock()
	if m, ok := defaultsByV[v]; ok {
		return m
	}
	m := map[string]string{}
	for _, r := range defaultRows {
		if v.Less(r.since) || (r.until != (Version{}) && r.until.Less(v)) {
			continue
		}
		m[r.key] = r.value
	}
	defaultsByV[v] = m
	return m
}

// HadoopDefault returns the default of key for version v.
func HadoopDefault(v Version, key string) (string, bool) {
	s, ok := HadoopDefaults(v)[key]
	return s, ok
}

// parseDefaults reads the table: key, versions, value, source, tab
// separated; '#' starts a comment line.
func parseDefaults(s string) ([]defaultRow, error) {
	var rows []defaultRow
	for i, line := range strings.Split(s, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 || f[0] == "" || f[3] == "" {
			return nil, fmt.Errorf("xmlconf: hadoop-defaults.tsv line %d: want key, versions, value, source", i+1)
		}
		since, until, err := parseVersionRange(f[1])
		if err != nil {
			return nil, fmt.Errorf("xmlconf: hadoop-defaults.tsv line %d: %w", i+1, err)
		}
		rows = append(rows, defaultRow{key: f[0], value: f[2], since: since, until: until})
	}
	return rows, nil
}

// parseVersionRange reads "3.4", "2.7-2.10" or "3.1-".
func parseVersionRange(s string) (Version, Version, error) {
	lo, hi, isRange := strings.Cut(s, "-")
	since, err := ParseVersion(lo)
	if err != nil {
		return Version{}, Version{}, err
	}
	switch {
	case !isRange:
		return since, since, nil
	case hi == "":
		return since, Version{}, nil
	}
	until, err := ParseVersion(hi)
	return since, until, err
}
