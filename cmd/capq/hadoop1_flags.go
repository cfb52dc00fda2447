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
	mapredSite, capacityScheduler, queueACLs, mapredQueues string
	sourceDialect                                          string
	groups                                                 []string
}

// bind registers the flags on cmd; prefix starts each help line (preview
// says they need --hadoop1).
func (h *hadoop1Files) bind(cmd *cobra.Command, prefix string) {
	f := cmd.Flags()
	f.StringVar(&h.mapredSite, "mapred-site", "", prefix+"the JobTracker's mapred-site.xml (required)")
	f.StringVar(&h.capacityScheduler, "capacity-scheduler", "", prefix+"Hadoop 1 capacity-scheduler.xml")
	f.StringVar(&h.queueACLs, "queue-acls", "", prefix+"mapred-queue-acls.xml (1.x)")
	f.StringVar(&h.mapredQueues, "mapred-queues", "", prefix+"0.21/0.22 hierarchical mapred-queues.xml")
	f.StringArrayVar(&h.groups, "group", nil, prefix+"new parent queue PARENT=q1,q2 holding top-level queues (repeatable, applied in order)")
	f.StringVar(&h.sourceDialect, "source-dialect", "", prefix+"force the Hadoop 1 dialect: 0.20, 1.x or 0.21 (default: detect from the keys)")
}

// paths are the files for xmlconf.LoadHadoop1, with --source-dialect.
func (h hadoop1Files) paths() (xmlconf.H1Paths, error) {
	paths := xmlconf.H1Paths{MapredSite: h.mapredSite, CapacityScheduler: h.capacityScheduler,
		QueueACLs: h.queueACLs, MapredQueues: h.mapredQueues}
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
	return []string{h.mapredSite, h.capacityScheduler, h.queueACLs, h.mapredQueues}
}

// stdinInputs are the file flags as stdinOnce inputs.
func (h hadoop1Files) stdinInputs() []outputFlag {
	return []outputFlag{{"--mapred-site", h.mapredSite}, {"--capacity-scheduler", h.capacityScheduler},
		{"--queue-acls", h.queueACLs}, {"--mapred-queues", h.mapredQueues}}
}

// readStdin hands standard input to xmlconf.LoadHadoop1 for the one file
// flag that is "-": the flag's path becomes the name findings give
// standard input (--stdin-filename, else <stdin>) and its bytes go in
// paths.Data, read within the --max-file-size limit. Two flags cannot
// share standard input, and its name may not be another flag's file.
func readHadoop1Stdin(paths *xmlconf.H1Paths, rf readFlags, s *streams) error {
	fields := []struct {
		flag string
		path *string
	}{{"--mapred-site", &paths.MapredSite}, {"--capacity-scheduler", &paths.CapacityScheduler},
		{"--queue-acls", &paths.QueueACLs}, {"--mapred-queues", &paths.MapredQueues}}
	var onStdin []*string
	var flags []string
	in := make([]outputFlag, len(fields))
	for i, f := range fields {
		in[i] = outputFlag{f.flag, *f.path}
		if *f.path == "-" {
			onStdin, flags = append(onStdin, f.path), append(flags, f.flag)
		}
	}
	if len(onStdin) == 0 {
		return nil
	}
	// stdinOnce, not a list of its own: two flags read "a and b all name".
	if err := stdinOnce(in...); err != nil {
		return err
	}
	name := s.stdinDisplayName()
	for _, f := range fields {
		if *f.path == name {
			return fmt.Errorf("--stdin-filename %q is also the file of %s; give standard input another name", name, f.flag)
		}
	}
	_, data, err := rf.readArg("-", s)
	if err != nil {
		return fmt.Errorf("%s -: %w", flags[0], err)
	}
	if data == nil {
		data = []byte{}
	}
	*onStdin[0] = name
	paths.Data = map[string][]byte{name: data}
	return nil
}

// joinFlags lists flags as "a, b and c".
func joinFlags(flags []string) string {
	last := len(flags) - 1
	return strings.Join(flags[:last], ", ") + " and " + flags[last]
}
