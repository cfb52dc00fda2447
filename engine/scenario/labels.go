package scenario

import (
	"fmt"
	"sort"

	"github.com/capq/capq/engine"
)

// errLabelsNotModelled prefixes what the label slice refuses rather than
// simulating wrongly (issue #14: only exclusive partitions that serve no
// labelled request are modelled so far).
const errLabelsNotModelled = "node labels: not modelled yet"

// startLabels reads cluster.node_labels (CommonNodeLabelsManager.
// addToClusterNodeLabels: names unique and valid; exclusive defaults to
// true) and checks the starting nodes' partitions.
func (r *runner) startLabels(nodes []engine.NodeSpec) error {
	r.labels = map[string]bool{}
	if err := r.addLabels(r.sc.Cluster.NodeLabels); err != nil {
		return err
	}
	return r.checkPartitions(nodes)
}

// addLabels adds label definitions; a name defined twice is refused like
// addToClusterNodeLabels refuses an existing label with another
// exclusivity (the same exclusivity is a no-op there and here).
func (r *runner) addLabels(ls []NodeLabel) error {
	for _, l := range ls {
		if err := checkLabelName(l.Name); err != nil {
			return err
		}
		ex := l.Exclusive == nil || *l.Exclusive
		if old, ok := r.labels[l.Name]; ok && old != ex {
			return fmt.Errorf("node label %q is already defined with exclusivity=%v", l.Name, old)
		}
		r.labels[l.Name] = ex
	}
	return nil
}

// checkLabelName is CommonNodeLabelsManager.checkAndThrowLabelName: at most
// 255 characters of letters, digits, '-', '_' and '.', starting with a
// letter or digit.
func checkLabelName(s string) error {
	if s == "" || len(s) > 255 {
		return fmt.Errorf("node label name %q must have 1 to 255 characters", s)
	}
	for i, c := range s {
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !alnum && (i == 0 || c != '-' && c != '_' && c != '.') {
			return fmt.Errorf("node label name %q: only letters, digits, '-', '_' and '.', starting with a letter or digit", s)
		}
	}
	return nil
}

// checkPartitions refuses nodes in an undefined partition (Hadoop's
// replaceLabelsOnNode refuses labels not in the cluster set) and, until
// lending is modelled, nodes in a non-exclusive partition.
func (r *runner) checkPartitions(nodes []engine.NodeSpec) error {
	for _, n := range nodes {
		if n.Partition == "" {
			continue
		}
		ex, ok := r.labels[n.Partition]
		if !ok {
			return fmt.Errorf("node %q: partition %q is not in cluster.node_labels", n.ID, n.Partition)
		}
		if !ex {
			return fmt.Errorf("%s: node %q is in non-exclusive partition %q (lending idle resources to default-partition asks, RegularContainerAllocator's IGNORE_PARTITION_EXCLUSIVITY mode)", errLabelsNotModelled, n.ID, n.Partition)
		}
	}
	return nil
}

// labelledAsks refuses asks for a labelled partition, which capq cannot
// place yet; "" (the default partition) is what every ask already means.
func labelledAsks(asks []Ask) error {
	for _, a := range asks {
		if a.NodeLabelExpression != nil && *a.NodeLabelExpression != "" {
			return fmt.Errorf("%s: ask for partition %q (labelled requests, per-partition queue capacities and limits)", errLabelsNotModelled, *a.NodeLabelExpression)
		}
	}
	return nil
}

// defineNodeLabels is addToClusterNodeLabels / removeFromClusterNodeLabels.
// Removing a label still on a live node would move the node to the
// default partition mid-run, which is not modelled: refused.
func (r *runner) defineNodeLabels(s *Step, res *StepResult) {
	err := r.addLabels(s.Add)
	if err == nil {
		err = r.removeLabels(s.Remove)
	}
	r.errorResult(res, err)
}

func (r *runner) removeLabels(names []string) error {
	for _, l := range names {
		if _, ok := r.labels[l]; !ok {
			return fmt.Errorf("node label %q is not defined", l)
		}
		if ns := r.eng.NodesInPartition(l); len(ns) > 0 {
			sort.Strings(ns)
			return fmt.Errorf("%s: removing label %q from nodes %v (label changes on nodes during a run)", errLabelsNotModelled, l, ns)
		}
	}
	for _, l := range names {
		delete(r.labels, l)
	}
	return nil
}

// updateNodeLabels (replaceLabelsOnNode) moves running usage between
// partitions, which is not modelled yet: the step is refused, never run
// half-way.
func (r *runner) updateNodeLabels(_ *Step, res *StepResult) {
	r.errorResult(res, fmt.Errorf("%s: update_node_labels (label changes on nodes during a run)", errLabelsNotModelled))
}
