package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/validate"
	"github.com/capq/capq/xmlconf"
)

// configFlags are the flags every command that reads a Capacity Scheduler
// configuration shares.
type configFlags struct {
	readFlags
	yarnSite []string
	version  string
	cluster  string
	// versionSet says whether --hadoop-version was given (not defaulted).
	versionSet func() bool
}

// readFlags bound every input a command reads: configurations, workloads,
// scenarios, gate and policy files, standard input and git objects.
type readFlags struct {
	maxFileSize int64
	// allowSpecial lets inputs be FIFOs or devices (still bounded).
	allowSpecial bool
	// untrusted is --untrusted; untrustedSet says whether it was given,
	// since its default depends on the environment (CI).
	untrusted    bool
	untrustedSet func() bool
}

func (f *readFlags) bind(cmd *cobra.Command) {
	cmd.Flags().Int64Var(&f.maxFileSize, "max-file-size", xmlconf.DefaultMaxBytes, "largest input file (or standard input) accepted, in bytes")
	cmd.Flags().BoolVar(&f.allowSpecial, "allow-special-files", false, "accept FIFOs and devices as input files named on the command line (still bounded by --max-file-size); files an XInclude or entity names must be regular")
	cmd.Flags().BoolVar(&f.untrusted, "untrusted", false, "treat configurations as input from anyone: no external entities, no xi:include outside their directory, no ${env.*} (default: on when CI is set; git: inputs always)")
	f.untrustedSet = func() bool { return cmd.Flags().Changed("untrusted") }
}

// readOptions are the XML read options of the flags: size, special
// files and trust (s gives the environment for the CI default).
func (f readFlags) readOptions(s *streams) xmlconf.ReadOptions {
	return xmlconf.ReadOptions{MaxBytes: f.maxFileSize, AllowSpecial: f.allowSpecial, Untrusted: f.isUntrusted(s)}
}

// limits checks --max-file-size and returns the read limits; untrusted
// refuses system files (safeio.Limits.Untrusted).
func (f readFlags) limits(untrusted bool) (safeio.Limits, error) {
	if f.maxFileSize <= 0 {
		return safeio.Limits{}, fmt.Errorf("--max-file-size must be positive, got %d", f.maxFileSize)
	}
	return safeio.Limits{MaxBytes: f.maxFileSize, AllowSpecial: f.allowSpecial, Untrusted: untrusted}, nil
}

// readArg reads a non-configuration input named by arg (a file, or "-"
// for standard input) within the limits; name is what messages call it
// (streams.argName: --stdin-filename for "-", as for a configuration).
func (f readFlags) readArg(arg string, s *streams) (name string, data []byte, err error) {
	return f.readArgTrust(arg, s, f.isUntrusted(s))
}

// readArgTrust is readArg for a command whose trust is not only the
// flags' (lint and diff: a public output format makes input untrusted).
func (f readFlags) readArgTrust(arg string, s *streams, untrusted bool) (name string, data []byte, err error) {
	lim, err := f.limits(untrusted)
	if err != nil {
		return "", nil, err
	}
	if arg == safeio.Stdout {
		data, err = s.readStdin(lim.MaxBytes)
		return s.argName(arg), data, err
	}
	data, err = safeio.ReadFile(arg, lim)
	return arg, data, err
}

func (f *configFlags) bind(cmd *cobra.Command, withCluster bool) {
	cmd.Flags().StringSliceVar(&f.yarnSite, "yarn-site", nil, "yarn-site.xml (or a DIR: its yarn-site.xml) read before the Capacity Scheduler file, as the ResourceManager merges them (repeatable)")
	cmd.Flags().StringVar(&f.version, "hadoop-version", xmlconf.DefaultVersion.String(), "Hadoop version profile: 2.7, 2.10, 3.1, 3.2, 3.3 or 3.4")
	f.versionSet = func() bool { return cmd.Flags().Changed("hadoop-version") }
	f.readFlags.bind(cmd)
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
		return opts, badVersion(f.version, err, hadoopVersions())
	}
	opts.Build.Version = v
	if f.cluster != "" {
		r, err := xmlconf.ParseResourceFlag(f.cluster)
		if err != nil {
			return opts, fmt.Errorf("--cluster: %w", err)
		}
		opts.Build.Cluster = r
	}
	lim, err := f.limits(f.isUntrusted(s))
	if err != nil {
		return opts, err
	}
	opts.Read.MaxBytes, opts.Read.AllowSpecial = lim.MaxBytes, lim.AllowSpecial
	opts.Read.Untrusted = f.isUntrusted(s)
	for _, y := range f.yarnSite {
		src, err := resolveYarnSite(y, s, opts.Read)
		if err != nil {
			return opts, fmt.Errorf("--yarn-site: %w", err)
		}
		opts.YarnSite = append(opts.YarnSite, src)
	}
	opts.Env = s.lookupEnv
	return opts, nil
}

// isUntrusted is --untrusted, which defaults to on when the CI variable is
// set (GitHub Actions, GitLab CI, Jenkins' plugins and most others set it):
// there the configuration usually comes from a pull request.
func (f readFlags) isUntrusted(s *streams) bool {
	if f.untrustedGiven() {
		return f.untrusted
	}
	return s != nil && s.getenv != nil && s.getenv("CI") != ""
}

// untrustedFor is isUntrusted for a run whose findings go out in format:
// without --untrusted, a format usually published (annotations, SARIF)
// turns it on, since what the findings quote becomes public.
func (f readFlags) untrustedFor(s *streams, format validate.Format) bool {
	return f.isUntrusted(s) || (!f.untrustedGiven() && format.UsuallyPublic())
}

// untrustedGiven says whether --untrusted was on the command line.
func (f readFlags) untrustedGiven() bool {
	return f.untrustedSet != nil && f.untrustedSet()
}

// load reads one configuration named by arg (file, directory, "-" or
// git:REV:PATH) with the shared flags.
func (f *configFlags) load(arg string, s *streams) (*xmlconf.Loaded, error) {
	return f.loadRead(arg, s, nil)
}

// loadRead is load with bytes already read, by file name (loadArg).
func (f *configFlags) loadRead(arg string, s *streams, read map[string][]byte) (*xmlconf.Loaded, error) {
	opts, err := f.options(s)
	if err != nil {
		return nil, err
	}
	l, _, err := loadArg(opts, arg, s, read)
	return l, err
}

// loadArg is the one way a configuration argument is loaded: resolved
// (resolveSource) and read over opts' yarn-site files or, when none were
// named, a conf dir's own yarn-site.xml, as the ResourceManager reads
// them. read holds bytes already read, by file name, so nothing is read
// twice. It returns the options it loaded with (their sources name the
// files read).
func loadArg(opts xmlconf.LoadOptions, arg string, s *streams, read map[string][]byte) (*xmlconf.Loaded, xmlconf.LoadOptions, error) {
	src, err := resolveSource(arg, s, opts.Read)
	if err != nil {
		return nil, opts, err
	}
	if data, ok := read[src.Name]; ok && src.Data == nil {
		src.Data = data
	}
	if ys, ok := xmlconf.ConfDirYarnSite(arg); ok && len(opts.YarnSite) == 0 {
		opts.YarnSite = []xmlconf.Source{ys}
	}
	opts.CapacityScheduler = []xmlconf.Source{src}
	l, err := xmlconf.Load(opts)
	return l, opts, err
}

// resolveSource turns a command-line argument into a source:
//   - "-" reads standard input;
//   - "git:REV:PATH" reads PATH at REV with `git show` (for pull-request jobs);
//   - a directory means its capacity-scheduler.xml;
//   - anything else is a file read by xmlconf (which reports its errors).
//
// Standard input and git objects are bounded by rd.MaxBytes, like files.
func resolveSource(arg string, s *streams, rd xmlconf.ReadOptions) (xmlconf.Source, error) {
	max := rd.MaxBytes
	if max <= 0 {
		max = xmlconf.DefaultMaxBytes
	}
	switch {
	case arg == "-":
		data, err := s.readStdin(max)
		if err != nil {
			return xmlconf.Source{}, err
		}
		return xmlconf.Source{Name: s.stdinDisplayName(), Data: nonNil(data)}, nil
	case strings.HasPrefix(arg, "git:"):
		return gitSource(arg, max)
	}
	if fi, err := os.Stat(arg); err == nil && fi.IsDir() {
		return xmlconf.ConfDirSource(arg)
	}
	return xmlconf.Source{Name: arg}, nil
}

// resolveYarnSite is resolveSource for --yarn-site: a directory means its
// yarn-site.xml. resolveSource took a conf dir's capacity-scheduler.xml,
// so `--yarn-site /etc/hadoop/conf` read the scheduler file as the
// ResourceManager's and the yarn-site.xml beside it not at all.
func resolveYarnSite(arg string, s *streams, rd xmlconf.ReadOptions) (xmlconf.Source, error) {
	if fi, err := os.Stat(arg); err == nil && fi.IsDir() {
		if src, ok := xmlconf.ConfDirYarnSite(arg); ok {
			return src, nil
		}
		return xmlconf.Source{}, fmt.Errorf("%s is a directory without a %s; name the file to read", arg, xmlconf.YarnSiteFile)
	}
	return resolveSource(arg, s, rd)
}

// gitSource reads git:REV:PATH in the current repository, bounded by
// max, through safeio.ReadGitBlob (which keeps the revision and path from
// ever reaching git as an option: they may come from a pull request). The
// display name keeps the git: form so findings say which revision they
// refer to.
func gitSource(arg string, max int64) (xmlconf.Source, error) {
	rev, path, ok := strings.Cut(strings.TrimPrefix(arg, "git:"), ":")
	if !ok || rev == "" || path == "" {
		return xmlconf.Source{}, fmt.Errorf("%q: want git:REV:PATH, e.g. git:main:conf/capacity-scheduler.xml", arg)
	}
	data, err := safeio.ReadGitBlob(arg, rev, path, max)
	if err != nil {
		return xmlconf.Source{}, err
	}
	// A revision is what a pull request proposes: always untrusted.
	return xmlconf.Source{Name: arg, Data: nonNil(data), Untrusted: true}, nil
}

// nonNil keeps an empty input distinguishable from "read the file".
func nonNil(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}
