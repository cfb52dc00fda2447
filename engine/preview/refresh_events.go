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
		path, err := RefreshPath(dir, name, load.Read.Untrusted)
		if err != nil {
			return nil, err
		}
		l, err := loadConfig(path, load)
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
// refused refresh, as the ResourceManager does.
func CheckRefreshes(w *sim.Workload, dir string, load xmlconf.LoadOptions) error {
	checked := map[string]bool{}
	for _, ev := range w.Events {
		if ev.Kind != sim.EventRefresh || checked[ev.Config] {
			continue
		}
		checked[ev.Config] = true
		path, err := RefreshPath(dir, ev.Config, load.Read.Untrusted)
		if err == nil {
			err = checkReadable(path, load)
		}
		if err != nil {
			return fmt.Errorf("event at %d ms: %w", ev.AtMS, err)
		}
	}
	return nil
}

// checkReadable says whether every file loadConfig would read from disk
// for path can be read at all.
func checkReadable(path string, load xmlconf.LoadOptions) error {
	load, err := refreshSources(path, load)
	if err != nil {
		return err
	}
	for _, src := range append(append([]xmlconf.Source(nil), load.YarnSite...), load.CapacityScheduler...) {
		if src.Data != nil {
			continue // read already (standard input, a git object)
		}
		if err := xmlconf.CheckReadable(src.Name, load.Read); err != nil {
			return err
		}
	}
	return nil
}

// loadConfig reads the configuration at path (a file or a Hadoop conf
// directory) with load's other options.
func loadConfig(path string, load xmlconf.LoadOptions) (*xmlconf.Loaded, error) {
	load, err := refreshSources(path, load)
	if err != nil {
		return nil, err
	}
	return xmlconf.Load(load)
}

// refreshSources are load with the sources of the configuration at path:
// a file, or a Hadoop conf directory's capacity-scheduler.xml over its
// yarn-site.xml when load names none.
func refreshSources(path string, load xmlconf.LoadOptions) (xmlconf.LoadOptions, error) {
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
