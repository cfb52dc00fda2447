package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/capq/capq/xmlconf/tree"
)

type treeOptions struct {
	config configFlags
	format string
}

func newTreeCmd(s *streams) *cobra.Command {
	var o treeOptions
	cmd := &cobra.Command{
		Use:   "tree FILE",
		Short: "Show the queue hierarchy with capacities, maxima, states and user limits",
		Long: `tree prints the queue hierarchy as the ResourceManager builds it: configured
capacity and maximum, absolute capacity and absolute maximum (shares of the
whole cluster), state and user limits. With --cluster it adds memory and vcores.

Absolute maximum is maximum-capacity times the parent's absolute MAXIMUM
(CSQueueUtils.computeAbsoluteMaximumCapacity), not times the parent's
capacity as some guides say; tree points out where the two readings differ.`,
		Example: "  capq tree capacity-scheduler.xml --cluster memory=1000g,vcores=1000\n  capq tree conf/ --format json",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTree(o, args[0], s)
		},
	}
	o.config.bind(cmd, true)
	cmd.Flags().StringVar(&o.format, "format", "text", "output format: text or json")
	return cmd
}

func runTree(o treeOptions, arg string, s *streams) error {
	if o.format != "text" && o.format != "json" {
		return cannotRun(fmt.Errorf("--format %q: want text or json", o.format))
	}
	loaded, err := o.config.load(arg, s)
	if err != nil {
		return cannotRun(err)
	}
	if o.format == "json" {
		return tree.WriteJSON(s.out, loaded.Model)
	}
	return tree.WriteText(s.out, loaded.Model)
}
