package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/capq/capq/migrate"
	"github.com/capq/capq/xmlconf"
)

// hadoop1Files are the Hadoop 1 configuration flags capq migrate hadoop1
// and capq preview --hadoop1 share: the JobTracker's files, the dialect
// and the --group hierarchy, read the same way by both.
type hadoop1Files struct {
	// files are the file flags' values (h1FileFlags), as LoadHadoop1
	// takes them.
	files         xmlconf.H1Paths
	sourceDialect string
	groups        []string
}

// h1FileFlags are the Hadoop 1 file flags, each with its help and the
// H1Paths field it fills: the one list that binds them, names them as
// inputs and finds the one on standard input, so a flag added here is
// never missing from one of those.
var h1FileFlags = []struct {
	name, usage string
	field       func(*xmlconf.H1Paths) *string
}{
	{"mapred-site", "the JobTracker's mapred-site.xml (required)", func(p *xmlconf.H1Paths) *string { return &p.MapredSite }},
	{"capacity-scheduler", "Hadoop 1 capacity-scheduler.xml", func(p *xmlconf.H1Paths) *string { return &p.CapacityScheduler }},
	{"queue-acls", "mapred-queue-acls.xml (1.x)", func(p *xmlconf.H1Paths) *string { return &p.QueueACLs }},
	{"mapred-queues", "0.21/0.22 hierarchical mapred-queues.xml", func(p *xmlconf.H1Paths) *string { return &p.MapredQueues }},
}

// bind registers the flags on cmd; prefix starts each help line (preview
// says they need --hadoop1).
func (h *hadoop1Files) bind(cmd *cobra.Command, prefix string) {
	f := cmd.Flags()
	for _, ff := range h1FileFlags {
		f.StringVar(ff.field(&h.files), ff.name, "", prefix+ff.usage)
	}
	f.StringArrayVar(&h.groups, "group", nil, prefix+"new parent queue PARENT=q1,q2 holding top-level queues (repeatable, applied in order; groups nest at most 64 levels)")
	f.StringVar(&h.sourceDialect, "source-dialect", "", prefix+"force the Hadoop 1 dialect: 0.20, 1.x or 0.21 (default: detect from the keys)")
}

// paths are the files for xmlconf.LoadHadoop1, with --source-dialect.
func (h hadoop1Files) paths() (xmlconf.H1Paths, error) {
	paths := h.files
	if h.sourceDialect != "" {
		d, err := xmlconf.ParseH1Dialect(h.sourceDialect)
		if err != nil {
			return paths, fmt.Errorf("--source-dialect: %w", err)
		}
		paths.Dialect = d
	}
	return paths, nil
}

// parseGroups reads every --group in order.
func (h hadoop1Files) parseGroups() ([]migrate.Group, error) {
	var groups []migrate.Group
	for _, g := range h.groups {
		grp, err := migrate.ParseGroup(g)
		if err != nil {
			return nil, fmt.Errorf("--group: %w", err)
		}
		groups = append(groups, grp)
	}
	return groups, nil
}

// inputs are the files the flags name, which no output may replace.
func (h hadoop1Files) inputs() []string {
	var paths []string
	for _, in := range h1Inputs(h.files) {
		paths = append(paths, in.path)
	}
	return paths
}

// stdinInputs are the file flags as stdinOnce inputs.
func (h hadoop1Files) stdinInputs() []outputFlag { return h1Inputs(h.files) }

// h1Inputs are paths' files as stdinOnce inputs, by flag.
func h1Inputs(paths xmlconf.H1Paths) []outputFlag {
	in := make([]outputFlag, len(h1FileFlags))
	for i, ff := range h1FileFlags {
		in[i] = outputFlag{"--" + ff.name, *ff.field(&paths)}
	}
	return in
}

// readStdin hands standard input to xmlconf.LoadHadoop1 for the one file
// flag that is "-": the flag's path becomes the name findings give
// standard input (--stdin-filename, else <stdin>) and its bytes go in
// paths.Data, read within the --max-file-size limit. The caller has
// checked the command's inputs with stdinOnce (two flags cannot share
// standard input, and its name may not be another flag's file).
func readHadoop1Stdin(paths *xmlconf.H1Paths, rf readFlags, s *streams) error {
	in := h1Inputs(*paths)
	var onStdin *string
	var flag string
	for i, ff := range h1FileFlags {
		if p := ff.field(paths); *p == "-" {
			onStdin, flag = p, in[i].flag
		}
	}
	if onStdin == nil {
		return nil
	}
	name := s.stdinDisplayName()
	_, data, err := rf.readArg("-", s)
	if err != nil {
		return fmt.Errorf("%s -: %w", flag, err)
	}
	if data == nil {
		data = []byte{}
	}
	*onStdin = name
	paths.Data = map[string][]byte{name: data}
	return nil
}

// joinFlags lists flags as "a, b and c".
func joinFlags(flags []string) string {
	last := len(flags) - 1
	return strings.Join(flags[:last], ", ") + " and " + flags[last]
}
