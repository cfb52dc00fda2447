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
// whose keys are Hadoop 1 keys. Each file is read once, within
// --max-file-size (xmlconf.DetectHadoop1); ok is false when arg is not
// Hadoop 1, and the caller lints it as YARN with the bytes already read
// (data). A broken file of a Hadoop 1 set is an error, not a YARN lint.
func lintHadoop1Arg(p lintPlan, arg string, ro xmlconf.ReadOptions) (res validate.Result, name string, ok bool, data map[string][]byte, err error) {
	paths, dir := hadoop1Candidates(arg)
	if len(paths) == 0 {
		return res, "", false, nil, nil
	}
	in := xmlconf.DetectHadoop1(paths, dir, ro)
	switch {
	case !in.IsHadoop1:
		return res, "", false, in.Data, nil
	case in.Err != nil:
		return res, "", true, nil, in.Err
	}
	return validate.LintHadoop1(in.Model, p.opts), relPath(arg), true, nil, nil
}

// hadoop1Candidates returns the files of arg that may form a Hadoop 1 set,
// with their roles by name when arg is a conf dir (mapred.queue.names may
// legally sit in mapred-queue-acls.xml, so content cannot say there).
func hadoop1Candidates(arg string) ([]string, *xmlconf.H1Paths) {
	if !isDir(arg) {
		if _, err := os.Stat(arg); err != nil {
			return nil, nil
		}
		return []string{arg}, nil
	}
	if !fileExists(filepath.Join(arg, "mapred-site.xml")) && !fileExists(filepath.Join(arg, "mapred-queues.xml")) {
		return nil, nil
	}
	var paths []string
	for _, f := range hadoop1Files {
		if p := filepath.Join(arg, f); fileExists(p) {
			paths = append(paths, p)
		}
	}
	dir := dirPaths(arg)
	return paths, &dir
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
