package xmlconf

import (
	"fmt"

	"github.com/hashicorp/go-multierror"
)

// Source is one configuration input: a file on disk (Data nil) or bytes
// already read (standard input, a git revision) under a display name.
type Source struct {
	Name string
	Data []byte
	// Untrusted marks this source as coming from anyone (git:REV:PATH
	// from a pull request), as ReadOptions.Untrusted does for all.
	Untrusted bool
}

// LoadOptions say what to read and how to build the model.
type LoadOptions struct {
	// YarnSite are read first, CapacityScheduler on top, as the
	// ResourceManager's refreshQueues layers them. They alone are the
	// ResourceManager's own configuration (Conf.RM), which the settings of
	// RMOnlySettings are read from; none given, those take Hadoop's defaults.
	YarnSite          []Source
	CapacityScheduler []Source
	Read              ReadOptions
	Build             BuildOptions
	// Env resolves ${env.NAME}; nil disables environment lookups.
	Env func(string) (string, bool)
}

// Loaded is a built model with the documents it came from.
type Loaded struct {
	Model *Model
	Docs  []*Document
}

// SchedulerFile is the path the capacity-scheduler.xml was read from (the
// last document: Load reads the yarn-site.xml files first), for findings
// that have no position of their own.
func (l *Loaded) SchedulerFile() string {
	if len(l.Docs) == 0 {
		return ""
	}
	return l.Docs[len(l.Docs)-1].File
}

// Load reads every source, merges them and builds the model. Unreadable
// sources are collected into one error (all of them, not just the first).
func Load(opts LoadOptions) (*Loaded, error) {
	if len(opts.CapacityScheduler) == 0 {
		return nil, fmt.Errorf("xmlconf: no capacity-scheduler.xml given")
	}
	var errs *multierror.Error
	var docs []*Document
	untrusted := opts.Read.Untrusted
	for _, src := range append(append([]Source(nil), opts.YarnSite...), opts.CapacityScheduler...) {
		ro := opts.Read
		ro.Untrusted = ro.Untrusted || src.Untrusted
		if ro.Version == (Version{}) {
			ro.Version = opts.Build.Version // read as the profile's Configuration does
		}
		untrusted = untrusted || ro.Untrusted
		d, err := readSource(src, ro)
		if err != nil {
			errs = multierror.Append(errs, err)
			continue
		}
		docs = append(docs, d)
	}
	if err := errs.ErrorOrNil(); err != nil {
		errs.ErrorFormat = errorLines
		return nil, errs
	}
	c := NewConf(docs...)
	c.RM = NewConf(docs[:len(opts.YarnSite)]...)
	// One untrusted source makes the merged configuration untrusted: its
	// ${env.*} could name any variable.
	for _, cc := range []*Conf{c, c.RM} {
		cc.Untrusted = untrusted
		if !untrusted {
			cc.Env = opts.Env
		}
	}
	m := Build(c, opts.Build)
	if m.TooLarge != nil {
		return nil, m.TooLarge
	}
	for _, d := range docs {
		m.SourceBytes += d.Bytes
	}
	return &Loaded{Model: m, Docs: docs}, nil
}

func readSource(src Source, opts ReadOptions) (*Document, error) {
	if src.Data != nil {
		return ReadBytes(src.Name, src.Data, opts)
	}
	return ReadFile(src.Name, opts)
}

// errorLines prints one error per line, without multierror's preamble.
func errorLines(es []error) string {
	s := ""
	for i, e := range es {
		if i > 0 {
			s += "\n"
		}
		s += e.Error()
	}
	return s
}

// IncludedFiles returns every file xi:include read into the loaded
// documents, as capq opened them.
func (l *Loaded) IncludedFiles() []string {
	var out []string
	for _, d := range l.Docs {
		out = append(out, d.Included...)
	}
	return out
}
