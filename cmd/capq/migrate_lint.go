package main

import (
	"os"
	"path/filepath"

	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// hadoop1Files are the file names a Hadoop 1 conf dir may hold.
var hadoop1Files = []string{"mapred-site.xml", "capacity-scheduler.xml", "mapred-queue-acls.xml", "mapred-queues.xml"}

// lintHadoop1Arg lints arg as a Hadoop 1 file set when it is one: a DIR
// holding mapred-site.xml or mapred-queues.xml (with whichever of
// capacity-scheduler.xml and mapred-queue-acls.xml are there), or a FILE
// whose keys are Hadoop 1 keys (xmlconf.IsHadoop1Set). ok is false when
// arg is not Hadoop 1, and the caller lints it as YARN. capq lint calls
// it first in lintOne:
//
//	if res, name, ok, err := lintHadoop1Arg(p, arg); ok { return res, name, err }
func lintHadoop1Arg(p lintPlan, arg string) (validate.Result, string, bool, error) {
	paths := hadoop1Paths(arg, p.read)
	if len(paths) == 0 {
		return validate.Result{}, "", false, nil
	}
	var m *xmlconf.H1Model
	var err error
	if isDir(arg) {
		// In a conf dir the file names say the roles (mapred.queue.names
		// may legally sit in mapred-queue-acls.xml, so content cannot).
		m, err = xmlconf.LoadHadoop1(dirPaths(arg), p.read)
	} else {
		m, err = xmlconf.LoadHadoop1Set(paths, p.read)
	}
	if err != nil {
		return validate.Result{}, "", true, err
	}
	return validate.LintHadoop1(m, p.opts), relPath(arg), true, nil
}

// hadoop1Paths returns the files of arg if they form a Hadoop 1 set.
func hadoop1Paths(arg string, rd xmlconf.ReadOptions) []string {
	var paths []string
	if isDir(arg) {
		if !fileExists(filepath.Join(arg, "mapred-site.xml")) && !fileExists(filepath.Join(arg, "mapred-queues.xml")) {
			return nil
		}
		for _, f := range hadoop1Files {
			if p := filepath.Join(arg, f); fileExists(p) {
				paths = append(paths, p)
			}
		}
	} else if _, err := os.Stat(arg); err == nil {
		paths = []string{arg}
	}
	if len(paths) == 0 || !xmlconf.IsHadoop1Set(paths, rd) {
		return nil
	}
	return paths
}

// dirPaths names the files of a Hadoop 1 conf dir by role.
func dirPaths(dir string) xmlconf.H1Paths {
	var p xmlconf.H1Paths
	for _, f := range []struct {
		dst  *string
		name string
	}{{&p.MapredSite, "mapred-site.xml"}, {&p.CapacityScheduler, "capacity-scheduler.xml"}, {&p.QueueACLs, "mapred-queue-acls.xml"}, {&p.MapredQueues, "mapred-queues.xml"}} {
		if path := filepath.Join(dir, f.name); fileExists(path) {
			*f.dst = path
		}
	}
	return p
}
