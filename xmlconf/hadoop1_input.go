package xmlconf

import (
	"fmt"
	"path/filepath"

	"github.com/hashicorp/go-multierror"
)

// H1Input is what DetectHadoop1 learned from reading candidate files once.
type H1Input struct {
	// IsHadoop1 says the files form a Hadoop 1 queue configuration; the
	// caller lints Model (or reports Err) instead of linting them as YARN.
	IsHadoop1 bool
	// Model is the parsed set when IsHadoop1 and every file could be read.
	Model *H1Model
	// Err names the files of a Hadoop 1 set that could not be read or
	// parsed (issue 20: a malformed mapred-site.xml beside a Hadoop 1
	// capacity-scheduler.xml is reported, not linted as YARN with CS001).
	Err error
	// Data holds the bytes read per path, so a caller that goes on to
	// lint a file as YARN does not read it a second time.
	Data map[string][]byte
}

// h1Read is every candidate file read once, with the caller's limits.
type h1Read struct {
	data   map[string][]byte
	docs   map[string]*Document
	queues map[string]*H1QueuesDoc
	errs   *multierror.Error
	failed []string // paths that could not be read or parsed
	// h1 is set when a file has keys only a Hadoop 1 JobTracker reads or
	// is a mapred-queues.xml; yarn when a file is a YARN configuration.
	h1, yarn bool
	// dialect forces the set's dialect (H1DialectUnknown: detect).
	dialect H1Dialect
}

func readH1(paths []string, opts ReadOptions) *h1Read {
	opts = opts.withDefaults()
	r := &h1Read{data: map[string][]byte{}, docs: map[string]*Document{}, queues: map[string]*H1QueuesDoc{}}
	fail := func(p string, err error) {
		r.errs = multierror.Append(r.errs, err)
		r.failed = append(r.failed, p)
	}
	for _, p := range paths {
		data, err := readLimited(p, opts)
		if err != nil {
			fail(p, err)
			continue
		}
		r.data[p] = data
		if IsMapredQueuesXML(data) {
			r.h1 = true
			if q, err := ReadMapredQueues(p, data, opts); err != nil {
				fail(p, err)
			} else {
				r.queues[p] = q
			}
			continue
		}
		d, err := ReadBytes(p, data, opts)
		if err != nil {
			fail(p, err)
			continue
		}
		r.docs[p] = d
		r.h1 = r.h1 || hasH1Keys(d)
		r.yarn = r.yarn || (ClassifyH1Document(d) == H1NotHadoop1 && len(d.Props) > 0)
	}
	return r
}

// DetectHadoop1 reads each path once (bounded by opts.MaxBytes, as every
// other input) and decides whether they are a Hadoop 1 set. dir names the
// files' roles (a conf dir: by file name); nil assigns roles by content.
// A file that cannot be read makes the set Hadoop 1 with an error when
// the other files say Hadoop 1 or the broken file is named as a Hadoop 1
// role file in a conf dir without YARN files (none read as YARN, and no
// yarn-site.xml: a ResourceManager's dir often holds MapReduce 2's
// mapred-site.xml, which it never reads); otherwise the caller's YARN
// path reads and reports it.
func DetectHadoop1(paths []string, dir *H1Paths, opts ReadOptions) H1Input {
	return DetectHadoop1Dialect(paths, dir, opts, H1DialectUnknown)
}

// DetectHadoop1Dialect is DetectHadoop1 with the dialect of a Hadoop 1 set
// forced (H1DialectUnknown: detected from the keys), as LoadHadoop1 takes
// H1Paths.Dialect: a file mixing 0.20 and 1.x keys is otherwise read as 1.x.
func DetectHadoop1Dialect(paths []string, dir *H1Paths, opts ReadOptions, dialect H1Dialect) H1Input {
	r := readH1(paths, opts)
	r.dialect = dialect
	in := H1Input{Data: r.data}
	if r.yarn {
		return in
	}
	if len(r.failed) > 0 {
		if r.h1 || (dir != nil && failedRoleFile(r.failed)) {
			r.errs.ErrorFormat = errorLines
			in.IsHadoop1, in.Err = true, r.errs
		}
		return in
	}
	if !r.h1 {
		return in
	}
	in.IsHadoop1 = true
	if dir != nil {
		in.Model = r.byName(*dir)
	} else {
		in.Model, in.Err = r.byContent(paths)
	}
	if in.Model != nil && in.Model.TooLarge != nil {
		in.Model, in.Err = nil, in.Model.TooLarge
	}
	return in
}

// failedRoleFile reports whether a broken file is a Hadoop 1 role file by
// name (mapred-site.xml, mapred-queue-acls.xml, mapred-queues.xml) in a
// dir that is not a ResourceManager's (rmConfDir). The name is the only
// evidence there, and a yarn-site.xml beside it outweighs it, as it does
// for a lone capacity-scheduler.xml; a file whose keys say Hadoop 1
// still makes the set a JobTracker's, whatever sits beside it.
func failedRoleFile(paths []string) bool {
	for _, p := range paths {
		if rmConfDir(filepath.Dir(p)) {
			continue
		}
		switch filepath.Base(p) {
		case "mapred-site.xml", "mapred-queue-acls.xml", "mapred-queues.xml":
			return true
		}
	}
	return false
}

// byName parses a conf dir's files by their role names.
func (r *h1Read) byName(p H1Paths) *H1Model {
	d := p.Dialect
	if r.dialect != H1DialectUnknown {
		d = r.dialect
	}
	files := H1Files{Dialect: d, MapredSite: r.docs[p.MapredSite], CapacityScheduler: r.docs[p.CapacityScheduler],
		QueueACLs: r.docs[p.QueueACLs], MapredQueues: r.queues[p.MapredQueues]}
	// A 0.21 conf dir may hold only mapred-queues.xml.
	return parseH1Set(files)
}

// byContent assigns each file its role by content (ClassifyH1Document,
// IsMapredQueuesXML); two files of one role, or a file that is not a
// Hadoop 1 configuration, is an error.
func (r *h1Read) byContent(paths []string) (*H1Model, error) {
	files := H1Files{Dialect: r.dialect}
	var errs *multierror.Error
	role := func(name, path string) {
		errs = multierror.Append(errs, fmt.Errorf("xmlconf: %s and another file are both a %s", path, name))
	}
	for _, p := range paths {
		if q := r.queues[p]; q != nil {
			if files.MapredQueues != nil {
				role("mapred-queues.xml", p)
				continue
			}
			files.MapredQueues = q
			continue
		}
		d := r.docs[p]
		slot, name := h1Slot(&files, ClassifyH1Document(d))
		switch {
		case slot == nil:
			errs = multierror.Append(errs, fmt.Errorf("xmlconf: %s is not a Hadoop 1 queue configuration file", p))
		case *slot != nil:
			role(name, p)
		default:
			*slot = d
		}
	}
	if err := errs.ErrorOrNil(); err != nil {
		errs.ErrorFormat = errorLines
		return nil, errs
	}
	return parseH1Set(files), nil
}

// parseH1Set parses a file set whichever way its roles were found (by
// name in a conf dir, or by content). Without a mapred-site.xml
// QueueManager still runs with defaults, as on an empty one; the parser
// (ParseHadoop1) then names no mapred-site.xml in a finding: a phantom
// one named findings after a file nobody gave (H1002 on a lone
// mapred-queue-acls.xml, H1011 on a 0.21 conf dir).
func parseH1Set(files H1Files) *H1Model {
	return ParseHadoop1(files)
}
