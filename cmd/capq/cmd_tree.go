package main

import (
	"fmt"

	"github.com/hashicorp/go-multierror"
	"github.com/spf13/cobra"

	"github.com/capq/capq/xmlconf"
	"github.com/capq/capq/xmlconf/tree"
)

type treeOptions struct {
	config    configFlags
	format    string
	partition string
}

func newTreeCmd(s *streams) *cobra.Command {
	var o treeOptions
	cmd := &cobra.Command{
		Use:     "tree FILE",
		Short:   "Show the queue hierarchy with capacities, maxima, states and user limits",
		Long:    helpText("tree"),
		Example: helpText("tree.example"),
		Args:    exactArgs(1, "one configuration (FILE, DIR, - or git:REV:PATH)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTree(o, args[0], s)
		},
	}
	o.config.bind(cmd, true)
	cmd.Flags().StringVar(&o.format, "format", "text", "output format: text or json")
	cmd.Flags().StringVar(&o.partition, "partition", "", "show the capacities of this node label (partition) instead of the default partition's")
	completeValues(cmd, "format", fixed(textJSON))
	return cmd
}

func runTree(o treeOptions, arg string, s *streams) error {
	if o.format != "text" && o.format != "json" {
		return cannotRun(badValue("format", o.format, textJSON))
	}
	// Up front, naming both: the second read's error named neither.
	if err := s.stdinOnce(append([]outputFlag{{"FILE", arg}}, o.config.yarnSiteInputs()...)...); err != nil {
		return cannotRun(err)
	}
	read, err := refuseHadoop1(arg, o.config.readOptions(s))
	if err != nil {
		return cannotRun(err)
	}
	// The bytes the detection read, not the file again: a FIFO's second
	// open waited for a writer that had gone (a hang).
	loaded, err := o.config.loadRead(arg, s, read)
	if err != nil {
		return cannotRun(err)
	}
	if err := tree.CheckPartition(loaded.Model, o.partition); err != nil {
		return cannotRun(err)
	}
	// A tree of a configuration the ResourceManager would refuse (an
	// unrendered template's "{{ queues }}" leaf, capacities that do not
	// sum) must not pass for a valid one: say so on stderr, as simulate
	// does, and show the tree as capq reads it.
	s.notes("warning", refusal(loaded.Model, loaded.SchedulerFile(), "the tree shows it as capq reads it"))
	// Write refuses before printing anything (a label bound); that is
	// "could not run", not a usage error.
	return cannotRun(tree.Write(s.out, loaded.Model, tree.Options{Partition: o.partition}, o.format == "json"))
}

// refuseHadoop1 stops tree on a Hadoop 1 (MRv1) file set: read as YARN it
// has no yarn.scheduler.capacity keys, so tree would print a lone root
// queue as if that were the configuration. The detection reads within
// the read flags (--max-file-size), like every other read. It returns
// the bytes it read, by file name, for the YARN load.
func refuseHadoop1(arg string, ro xmlconf.ReadOptions) (map[string][]byte, error) {
	paths, dir := xmlconf.H1Candidates(arg)
	if len(paths) == 0 {
		return nil, nil
	}
	in := xmlconf.DetectHadoop1(paths, dir, ro)
	if !in.IsHadoop1 {
		return in.Data, nil
	}
	refusal := fmt.Errorf("%s is a Hadoop 1 (MRv1) queue configuration, not a YARN Capacity Scheduler one; "+
		"capq lint %s checks it, and capq migrate hadoop1 converts it to a capacity-scheduler.xml that tree can show", arg, arg)
	if in.Err != nil {
		// A file of the set that cannot be read (a dangling link, a
		// directory) is named first, as lint names it: it is what to fix
		// before lint or migrate can read the set either.
		return nil, multierror.Append(in.Err, refusal)
	}
	return nil, refusal
}
