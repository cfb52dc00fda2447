package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/capq/capq/xmlconf"
)

// configFlags are the flags every command that reads a Capacity Scheduler
// configuration shares.
type configFlags struct {
	yarnSite    []string
	version     string
	cluster     string
	maxFileSize int64
}

func (f *configFlags) bind(cmd *cobra.Command, withCluster bool) {
	cmd.Flags().StringSliceVar(&f.yarnSite, "yarn-site", nil, "yarn-site.xml read before the Capacity Scheduler file, as the ResourceManager merges them (repeatable)")
	cmd.Flags().StringVar(&f.version, "hadoop-version", xmlconf.DefaultVersion.String(), "Hadoop version profile: 2.7, 2.10, 3.1, 3.2, 3.3 or 3.4")
	cmd.Flags().Int64Var(&f.maxFileSize, "max-file-size", xmlconf.DefaultMaxBytes, "largest input file accepted, in bytes")
	completeValues(cmd, "hadoop-version", hadoopVersions)
	if withCluster {
		cmd.Flags().StringVar(&f.cluster, "cluster", "", "cluster size for absolute resources, e.g. memory=1000g,vcores=1000")
	}
}

// options validates the flags and returns load options without sources.
func (f *configFlags) options(s *streams) (xmlconf.LoadOptions, error) {
	var opts xmlconf.LoadOptions
	v, err := xmlconf.ParseVersion(f.version)
	if err != nil {
		return opts, badValue("hadoop-version", f.version, hadoopVersions())
	}
	opts.Build.Version = v
	if f.cluster != "" {
		r, err := xmlconf.ParseResourceFlag(f.cluster)
		if err != nil {
			return opts, fmt.Errorf("--cluster: %w", err)
		}
		opts.Build.Cluster = r
	}
	if f.maxFileSize <= 0 {
		return opts, fmt.Errorf("--max-file-size must be positive, got %d", f.maxFileSize)
	}
	opts.Read.MaxBytes = f.maxFileSize
	for _, y := range f.yarnSite {
		src, err := resolveSource(y, s)
		if err != nil {
			return opts, fmt.Errorf("--yarn-site: %w", err)
		}
		opts.YarnSite = append(opts.YarnSite, src)
	}
	opts.Env = s.lookupEnv
	return opts, nil
}

// load reads one configuration named by arg (file, directory, "-" or
// git:REV:PATH) with the shared flags.
func (f *configFlags) load(arg string, s *streams) (*xmlconf.Loaded, error) {
	opts, err := f.options(s)
	if err != nil {
		return nil, err
	}
	src, err := resolveSource(arg, s)
	if err != nil {
		return nil, err
	}
	addConfDirYarnSite(&opts, arg)
	opts.CapacityScheduler = []xmlconf.Source{src}
	return xmlconf.Load(opts)
}

// addConfDirYarnSite treats a directory argument as a Hadoop conf dir:
// its yarn-site.xml (if any) is read under capacity-scheduler.xml, as the
// ResourceManager reads them, unless --yarn-site named files already.
func addConfDirYarnSite(opts *xmlconf.LoadOptions, arg string) {
	if len(opts.YarnSite) > 0 {
		return
	}
	if fi, err := os.Stat(arg); err != nil || !fi.IsDir() {
		return
	}
	ys := filepath.Join(arg, "yarn-site.xml")
	if fi, err := os.Stat(ys); err == nil && fi.Mode().IsRegular() {
		opts.YarnSite = []xmlconf.Source{{Name: ys}}
	}
}

// resolveSource turns a command-line argument into a source:
//   - "-" reads standard input;
//   - "git:REV:PATH" reads PATH at REV with `git show` (for pull-request jobs);
//   - a directory means its capacity-scheduler.xml;
//   - anything else is a file read by xmlconf (which reports its errors).
func resolveSource(arg string, s *streams) (xmlconf.Source, error) {
	switch {
	case arg == "-":
		data, err := io.ReadAll(io.LimitReader(s.in, xmlconf.DefaultMaxBytes+1))
		if err != nil {
			return xmlconf.Source{}, fmt.Errorf("read standard input: %w", err)
		}
		return xmlconf.Source{Name: s.stdinDisplayName(), Data: nonNil(data)}, nil
	case strings.HasPrefix(arg, "git:"):
		return gitSource(arg)
	}
	if fi, err := os.Stat(arg); err == nil && fi.IsDir() {
		cs := filepath.Join(arg, "capacity-scheduler.xml")
		if _, err := os.Stat(cs); err != nil {
			return xmlconf.Source{}, fmt.Errorf("%s is a directory without a capacity-scheduler.xml; name the file to read", arg)
		}
		return xmlconf.Source{Name: cs}, nil
	}
	return xmlconf.Source{Name: arg}, nil
}

// gitSource reads git:REV:PATH through `git show REV:PATH` in the current
// repository. The display name keeps the git: form so findings say which
// revision they refer to.
func gitSource(arg string) (xmlconf.Source, error) {
	rest := strings.TrimPrefix(arg, "git:")
	rev, path, ok := strings.Cut(rest, ":")
	if !ok || rev == "" || path == "" {
		return xmlconf.Source{}, fmt.Errorf("%q: want git:REV:PATH, e.g. git:main:conf/capacity-scheduler.xml", arg)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("git", "show", rev+":"+path)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return xmlconf.Source{}, fmt.Errorf("%s: git show %s:%s failed: %s", arg, rev, path, msg)
	}
	return xmlconf.Source{Name: arg, Data: nonNil(stdout.Bytes())}, nil
}

// nonNil keeps an empty input distinguishable from "read the file".
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}
