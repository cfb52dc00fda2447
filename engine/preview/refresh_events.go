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

// loadConfig reads the configuration at path (a file or a Hadoop conf
// directory) with load's other options.
func loadConfig(path string, load xmlconf.LoadOptions) (*xmlconf.Loaded, error) {
	cs := path
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		src, err := xmlconf.ConfDirSource(path)
		if err != nil {
			return nil, err
		}
		cs = src.Name
		if ys, ok := xmlconf.ConfDirYarnSite(path); ok && len(load.YarnSite) == 0 {
			load.YarnSite = []xmlconf.Source{ys}
		}
	}
	load.CapacityScheduler = []xmlconf.Source{{Name: cs}}
	return xmlconf.Load(load)
}
