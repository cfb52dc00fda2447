package preview

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/capq/capq/engine/sim"
	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// WithRefreshes makes a simulation handle its workload's refresh events
// as capq does (FORMAT.md): the configuration an event names is read
// relative to dir (the workload file's directory) with load's options
// (yarn-site, version, cluster, size bound, environment; its
// CapacityScheduler is ignored), and the refresh is judged by
// RefreshCheck. A directory means its capacity-scheduler.xml, with its
// yarn-site.xml when load names none, as for a configuration on the
// command line. When load.Read.Untrusted, the configuration is read as
// untrusted and must be named by a relative path inside dir, links
// resolved (RefreshPath).
func WithRefreshes(opts sim.Options, dir string, load xmlconf.LoadOptions) sim.Options {
	opts.RefreshCheck = RefreshCheck
	opts.LoadConfig = func(name string) (*xmlconf.Model, error) {
		// A file that cannot be read stops the run (exit 2, as before
		// it); one that reads but does not load is a refused refresh.
		srcs, err := refreshInput(dir, name, load, true)
		if err != nil {
			return nil, &sim.RefreshInputError{Err: err}
		}
		l, err := xmlconf.Load(srcs)
		if err != nil {
			return nil, err
		}
		return l.Model, nil
	}
	return opts
}

// RefreshPath is where the configuration a refresh event names is: name
// relative to dir (the workload file's directory) unless absolute. For
// an untrusted workload (a pull request's) it must be relative and stay
// inside dir with links resolved (safeio.Within), since what it holds is
// printed; a workload on standard input has the working directory.
func RefreshPath(dir, name string, untrusted bool) (string, error) {
	if untrusted {
		path, err := safeio.Within(dir, name)
		if err != nil {
			return "", fmt.Errorf("refresh config %w", err)
		}
		return path, nil
	}
	if filepath.IsAbs(name) {
		return name, nil
	}
	return filepath.Join(dir, name), nil
}

// CheckRefreshes refuses, before the run, a workload whose refresh event
// names a configuration that cannot be read at all: missing, not
// readable, a directory without a capacity-scheduler.xml, past the size
// bound (xmlconf.CheckReadable) or, when load.Read.Untrusted, outside
// dir (RefreshPath). Such a file is an input the user named, an error as
// it is for lint and diff, not a refresh Hadoop would refuse. A
// configuration that reads but that refreshQueues would refuse
// (malformed XML, a queue tree it rejects) is the run's to report as a
// refused refresh, as the ResourceManager does. The error is a
// *sim.RefreshInputError, as the run's is for a file that stops being
// readable meanwhile: refreshInput is the one check for both.
func CheckRefreshes(w *sim.Workload, dir string, load xmlconf.LoadOptions) error {
	checked := map[string]bool{}
	for _, ev := range w.Events {
		if ev.Kind != sim.EventRefresh || checked[ev.Config] {
			continue
		}
		checked[ev.Config] = true
		if _, err := refreshInput(dir, ev.Config, load, false); err != nil {
			return &sim.RefreshInputError{AtMS: ev.AtMS, Err: err}
		}
	}
	return nil
}

// refreshInput finds the files of the configuration a refresh event
// names (RefreshPath, refreshSources) and, with read, reads every one
// from disk into its Source, or else only checks that it could be read
// (xmlconf.CheckReadable: a FIFO keeps what it holds for the run). Any
// error is the input's, never Hadoop's refusal: what is read is parsed
// only by xmlconf.Load afterwards.
func refreshInput(dir, name string, load xmlconf.LoadOptions, read bool) (xmlconf.LoadOptions, error) {
	path, err := RefreshPath(dir, name, load.Read.Untrusted)
	if err != nil {
		return load, err
	}
	load, err = refreshSources(path, load)
	if err != nil {
		return load, err
	}
	for _, srcs := range [][]xmlconf.Source{load.YarnSite, load.CapacityScheduler} {
		for i := range srcs {
			if srcs[i].Data != nil {
				continue // read already (standard input, a git object)
			}
			ro := load.Read
			ro.Untrusted = ro.Untrusted || srcs[i].Untrusted
			if !read {
				err = xmlconf.CheckReadable(srcs[i].Name, ro)
			} else if data, rerr := xmlconf.ReadSourceBytes(srcs[i].Name, ro); rerr != nil {
				err = rerr
			} else {
				if data == nil {
					data = []byte{} // an empty file is read, not to be read again
				}
				srcs[i].Data = data
			}
			if err != nil {
				return load, err
			}
		}
	}
	return load, nil
}

// refreshSources are load with the sources of the configuration at path:
// a file, or a Hadoop conf directory's capacity-scheduler.xml over its
// yarn-site.xml when load names none. The YarnSite slice is copied: the
// caller's load is shared by every event.
func refreshSources(path string, load xmlconf.LoadOptions) (xmlconf.LoadOptions, error) {
	load.YarnSite = append([]xmlconf.Source(nil), load.YarnSite...)
	cs := path
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		src, err := xmlconf.ConfDirSource(path)
		if err != nil {
			return load, err
		}
		cs = src.Name
		if ys, ok := xmlconf.ConfDirYarnSite(path); ok && len(load.YarnSite) == 0 {
			load.YarnSite = []xmlconf.Source{ys}
		}
	}
	load.CapacityScheduler = []xmlconf.Source{{Name: cs}}
	return load, nil
}
