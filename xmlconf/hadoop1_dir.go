package xmlconf

import (
	"os"
	"path/filepath"
)

// h1DirFiles are the file names a Hadoop 1 conf dir may hold.
var h1DirFiles = []string{"mapred-site.xml", "capacity-scheduler.xml", "mapred-queue-acls.xml", "mapred-queues.xml"}

// H1Candidates returns the files of arg (a file, or a JobTracker conf
// dir) that may form a Hadoop 1 set, with their roles by name when arg is
// a conf dir (mapred.queue.names may legally sit in mapred-queue-acls.xml,
// so content cannot say there). DetectHadoop1 then decides.
//
// A role file is the dir's when it is there at all (inConfDir, as for a
// ResourceManager's conf dir): one that cannot be read (a dangling link,
// a directory, a special file, no read permission) is a candidate for
// DetectHadoop1 to report as what it is, not a file the JobTracker would
// have done without. A dir this user may not search is left to the YARN
// read, which names that once.
func H1Candidates(arg string) ([]string, *H1Paths) {
	if !isDirPath(arg) {
		if _, err := os.Stat(arg); err != nil {
			return nil, nil
		}
		return []string{arg}, nil
	}
	if !searchable(arg) {
		return nil, nil
	}
	if !jobTrackerConfDir(arg) {
		return loneCapacityScheduler(arg), nil
	}
	var paths []string
	for _, f := range h1DirFiles {
		if p := filepath.Join(arg, f); inConfDir(p) {
			paths = append(paths, p)
		}
	}
	dir := h1DirPaths(arg)
	return paths, &dir
}

// jobTrackerConfDir says dir holds a file only a JobTracker reads:
// mapred-site.xml or mapred-queues.xml, or, outside a ResourceManager's
// dir, mapred-queue-acls.xml (MapReduce 2 has no such file). Without the
// last, a dir of capacity-scheduler.xml and mapred-queue-acls.xml was
// linted as the lone capacity-scheduler.xml, its ACLs never read.
func jobTrackerConfDir(dir string) bool {
	return inConfDir(filepath.Join(dir, "mapred-site.xml")) || inConfDir(filepath.Join(dir, "mapred-queues.xml")) ||
		(inConfDir(filepath.Join(dir, "mapred-queue-acls.xml")) && !rmConfDir(dir))
}

// loneCapacityScheduler is the candidate of a dir holding neither a
// JobTracker nor a ResourceManager site file: its capacity-scheduler.xml,
// for its content to decide, as when that file is given by name (a
// repository may keep only a Hadoop 1 capacity-scheduler.xml; read as
// YARN it gave CS001 where the file alone gave the H1 rules). Beside a
// yarn-site.xml the dir is a ResourceManager's, and a Hadoop 1 file
// there is linted as YARN, which is how the RM would read it; that holds
// for a yarn-site.xml that cannot be read (a dangling link, a directory),
// which the YARN read then reports instead of it going unmentioned.
func loneCapacityScheduler(dir string) []string {
	cs := filepath.Join(dir, "capacity-scheduler.xml")
	if !inConfDir(cs) || rmConfDir(dir) {
		return nil
	}
	return []string{cs}
}

// rmConfDir says dir holds a yarn-site.xml at all (inConfDir), which
// makes it a ResourceManager's: a JobTracker has none. Unreadable, it is
// the YARN read's to report (ConfDirYarnSite).
func rmConfDir(dir string) bool {
	return inConfDir(filepath.Join(dir, YarnSiteFile))
}

// h1DirPaths names the files of a Hadoop 1 conf dir by role.
func h1DirPaths(dir string) H1Paths {
	var p H1Paths
	for _, f := range []struct {
		dst  *string
		name string
	}{{&p.MapredSite, "mapred-site.xml"}, {&p.CapacityScheduler, "capacity-scheduler.xml"}, {&p.QueueACLs, "mapred-queue-acls.xml"}, {&p.MapredQueues, "mapred-queues.xml"}} {
		if path := filepath.Join(dir, f.name); inConfDir(path) {
			*f.dst = path
		}
	}
	return p
}

func isDirPath(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// LoadHadoop1Dir loads a JobTracker conf dir by its files' names:
// mapred-site.xml (required), and capacity-scheduler.xml and
// mapred-queue-acls.xml when present. The caller checks dir is a directory.
// An optional file that is there but cannot be read (a dangling link, a
// directory, a special file, no read permission) is read, and so
// reported as what it is, rather than left out: a JobTracker without its
// capacity-scheduler.xml or queue ACLs is not the one configured. In a
// dir this user may not search, mapred-site.xml alone says so.
func LoadHadoop1Dir(dir string, opts ReadOptions) (*H1Model, error) {
	p := H1Paths{MapredSite: filepath.Join(dir, "mapred-site.xml")}
	if !searchable(dir) {
		return LoadHadoop1(p, opts)
	}
	for _, f := range []struct {
		name string
		to   *string
	}{{"capacity-scheduler.xml", &p.CapacityScheduler}, {"mapred-queue-acls.xml", &p.QueueACLs}} {
		if path := filepath.Join(dir, f.name); inConfDir(path) {
			*f.to = path
		}
	}
	return LoadHadoop1(p, opts)
}
