package xmlconf

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// A Hadoop conf directory, as capq reads one: its capacity-scheduler.xml,
// over its yarn-site.xml when there is one, as the ResourceManager merges
// them. (A JobTracker's conf dir is H1Candidates' concern.)
const (
	CapacitySchedulerFile = "capacity-scheduler.xml"
	YarnSiteFile          = "yarn-site.xml"
)

// ConfDirSource is dir's capacity-scheduler.xml; a directory without one
// is an error, since there is nothing to read. A capacity-scheduler.xml
// that is there but cannot be read (a dangling link, a directory, a
// directory this user may not search) is returned for the reader to
// report as what it is.
func ConfDirSource(dir string) (Source, error) {
	cs := filepath.Join(dir, CapacitySchedulerFile)
	if _, err := os.Lstat(cs); errors.Is(err, fs.ErrNotExist) {
		return Source{}, fmt.Errorf("%s is a directory without a capacity-scheduler.xml; name the file to read", dir)
	}
	return Source{Name: cs}, nil
}

// ConfDirYarnSite is dir's yarn-site.xml when dir is a directory holding
// one as a regular file.
func ConfDirYarnSite(dir string) (Source, bool) {
	if !isDirPath(dir) {
		return Source{}, false
	}
	ys := filepath.Join(dir, YarnSiteFile)
	if fi, err := os.Stat(ys); err == nil && fi.Mode().IsRegular() {
		return Source{Name: ys}, true
	}
	return Source{}, false
}

// ConfDirFiles are the files a conf dir's configuration may be read from
// (whether or not they exist), so that no output replaces one of them.
func ConfDirFiles(dir string) []string {
	return []string{filepath.Join(dir, CapacitySchedulerFile), filepath.Join(dir, YarnSiteFile)}
}
