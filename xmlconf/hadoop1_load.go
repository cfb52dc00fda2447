package xmlconf

import (
	"fmt"

	"github.com/hashicorp/go-multierror"
)

// H1Paths names the files of a Hadoop 1 file set; only MapredSite is
// required.
type H1Paths struct {
	MapredSite, CapacityScheduler, QueueACLs, MapredQueues string
	// Dialect forces a dialect (H1DialectUnknown: detect from keys).
	Dialect H1Dialect
	// Data holds bytes the caller has already read, by the path a field
	// names (standard input, under the name findings give it): such a
	// path is parsed from these bytes, not read from disk.
	Data map[string][]byte
}

// LoadHadoop1 reads every file of the set and parses it with
// ParseHadoop1. Files that cannot be read are errors, all reported
// together; everything else is a finding on the model.
func LoadHadoop1(p H1Paths, opts ReadOptions) (*H1Model, error) {
	var errs *multierror.Error
	files := H1Files{Dialect: p.Dialect}
	if p.MapredSite == "" && p.MapredQueues == "" {
		errs = multierror.Append(errs, fmt.Errorf("xmlconf: a mapred-site.xml is required"))
	}
	read := func(path string) *Document {
		if path == "" {
			return nil
		}
		var d *Document
		var err error
		if data, ok := p.Data[path]; ok {
			d, err = ReadBytes(path, data, opts)
		} else {
			d, err = ReadFile(path, opts)
		}
		if err != nil {
			errs = multierror.Append(errs, err)
			return nil
		}
		return d
	}
	files.MapredSite = read(p.MapredSite)
	files.CapacityScheduler = read(p.CapacityScheduler)
	files.QueueACLs = read(p.QueueACLs)
	if p.MapredQueues != "" {
		var d *H1QueuesDoc
		var err error
		if data, ok := p.Data[p.MapredQueues]; ok {
			d, err = ReadMapredQueues(p.MapredQueues, data, opts)
		} else {
			d, err = ReadMapredQueuesFile(p.MapredQueues, opts)
		}
		if err != nil {
			errs = multierror.Append(errs, err)
		}
		files.MapredQueues = d
	}
	if err := errs.ErrorOrNil(); err != nil {
		return nil, err
	}
	// A 0.21 conf dir may hold only mapred-queues.xml.
	m := parseH1Set(files)
	if m.TooLarge != nil {
		return nil, m.TooLarge
	}
	return m, nil
}
