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
//
// A directory with a yarn-site.xml but no capacity-scheduler.xml is one a
// ResourceManager runs from: its configuration provider skips a missing
// capacity-scheduler.xml without a word (LocalConfigurationProvider#
// getConfigurationInputStream returns null for it) and the scheduler reads
// its queues from yarn-site.xml alone. The error says so and names the
// file, rather than guess that the directory was meant.
func ConfDirSource(dir string) (Source, error) {
	cs := filepath.Join(dir, CapacitySchedulerFile)
	if !inConfDir(cs) {
		if inConfDir(filepath.Join(dir, YarnSiteFile)) {
			return Source{}, fmt.Errorf("%s is a directory without a capacity-scheduler.xml; a ResourceManager started from it reads its queues from yarn-site.xml alone: name %s to check those", dir, filepath.Join(dir, YarnSiteFile))
		}
		return Source{}, fmt.Errorf("%s is a directory without a capacity-scheduler.xml; name the file to read", dir)
	}
	return Source{Name: cs}, nil
}

// ConfDirYarnSite is dir's yarn-site.xml when dir is a directory with an
// entry by that name. A yarn-site.xml that is not there is optional (no
// source); one that is there but cannot be read (a dangling link, a
// directory, a special file, a directory this user may not search) is
// returned, as ConfDirSource does, for the reader to report as what it
// is rather than be skipped without a word. In a dir this user may not
// search there is no telling whether a yarn-site.xml is there: the
// capacity-scheduler.xml read (ConfDirSource) names the dir once, rather
// than a yarn-site.xml that may not exist being named too.
func ConfDirYarnSite(dir string) (Source, bool) {
	if !isDirPath(dir) || !searchable(dir) {
		return Source{}, false
	}
	ys := filepath.Join(dir, YarnSiteFile)
	if !inConfDir(ys) {
		return Source{}, false
	}
	return Source{Name: ys}, true
}

// inConfDir says whether a conf dir's file is there at all: only Lstat's
// "does not exist" means absent. Stat would also fail on a dangling link
// or a path this user may not search, and read those as absence too.
func inConfDir(path string) bool {
	_, err := os.Lstat(path)
	return !errors.Is(err, fs.ErrNotExist)
}

// searchable says whether dir's entries can be looked up: Lstat of a
// name in it fails otherwise than "does not exist" only when the dir
// cannot be searched (a dangling link or a directory by that name is
// still an entry, and Lstat succeeds on it).
func searchable(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, CapacitySchedulerFile))
	return err == nil || errors.Is(err, fs.ErrNotExist)
}

// ConfDirFiles are the files a conf dir's configuration may be read from
// (whether or not they exist), so that no output replaces one of them.
func ConfDirFiles(dir string) []string {
	return []string{filepath.Join(dir, CapacitySchedulerFile), filepath.Join(dir, YarnSiteFile)}
}
