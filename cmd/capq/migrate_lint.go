package main

import (
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// lintHadoop1Arg lints arg as a Hadoop 1 file set when it is one: a DIR
// holding mapred-site.xml or mapred-queues.xml (with whichever of
// capacity-scheduler.xml and mapred-queue-acls.xml are there), or a FILE
// whose keys are Hadoop 1 keys. Each file is read once, within
// --max-file-size (xmlconf.DetectHadoop1); ok is false when arg is not
// Hadoop 1, and the caller lints it as YARN with the bytes already read
// (data). A broken file of a Hadoop 1 set is an error, not a YARN lint.
func lintHadoop1Arg(p lintPlan, arg string, ro xmlconf.ReadOptions) (res validate.Result, name string, ok bool, data map[string][]byte, err error) {
	paths, dir := xmlconf.H1Candidates(arg)
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
