package sim

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// partitionsAllocated says whether the engine allocates requests in
// labelled partitions (issue #14). Until it does, a workload with labelled
// nodes or requests runs with warnings that say what is left out: labelled
// nodes serve no request (engine/alloc.go) and every request is placed in
// the default partition.
const partitionsAllocated = false

// labelWarnings name the node labels a run does without: the partitions
// that hold nodes and the apps whose AM or tasks ask for a label (their
// own, the submission context's, or the queue's
// default-node-label-expression).
func labelWarnings(m *xmlconf.Model, w *Workload, nodes []NodeSpec) []string {
	out := labelsDisabled(m, w, nodes)
	if partitionsAllocated {
		return out
	}
	set, _ := w.Cluster.labelSet()
	type part struct {
		nodes int
		mb    int64
	}
	parts := map[string]*part{}
	for _, n := range nodes {
		if n.Partition == "" {
			continue
		}
		p := parts[n.Partition]
		if p == nil {
			p = &part{}
			parts[n.Partition] = p
		}
		p.nodes++
		p.mb += n.MemoryMB
	}
	for _, l := range labelKeys(parts) {
		p := parts[l]
		s := fmt.Sprintf("not modelled: node label %q (%d node(s), %d MB, exclusive): allocation in labelled partitions; its nodes serve no request", l, p.nodes, p.mb)
		if !set[l] {
			s = fmt.Sprintf("not modelled: node label %q (%d node(s), %d MB, non-exclusive): allocation in labelled partitions; its nodes serve no request and lend nothing to default-partition requests (Hadoop lends idle non-exclusive nodes: RegularContainerAllocator, IGNORE_PARTITION_EXCLUSIVITY)", l, p.nodes, p.mb)
		}
		out = append(out, s)
	}
	asks := map[string]int{}
	for i := range w.Apps {
		a := &w.Apps[i]
		def := ""
		if path, ok := resolveLeaf(m, a.Queue); ok {
			def = m.Queue(path).DefaultLabelExpr.V
		}
		seen := map[string]bool{}
		if l := AppLabel(a, def); l != "" {
			seen[l] = true
		}
		for j := range a.Tasks {
			if l := TaskLabel(a, &a.Tasks[j], def); l != "" {
				seen[l] = true
			}
		}
		for l := range seen {
			asks[l]++
		}
	}
	for _, l := range labelKeys(asks) {
		out = append(out, fmt.Sprintf("not modelled: %d application(s) ask for node label %q (their own label, the submission's, or the queue's default-node-label-expression): requests in labelled partitions; they are scheduled in the default partition", asks[l], l))
	}
	return out
}

// NodeLabelsEnabledKey is yarn-site.xml's switch for node labels
// (YarnConfiguration.NODE_LABELS_ENABLED, default false).
const NodeLabelsEnabledKey = "yarn.node-labels.enabled"

// labelsDisabled warns when the configuration given (yarn-site.xml via
// --yarn-site) turns node labels off explicitly while the workload uses
// them: such a ResourceManager refuses every labelled request
// (SchedulerUtils.validateResourceRequest: "node label not enabled but
// request contains label expression") and knows no label to put nodes in.
// Unset says nothing (the yarn-site.xml may simply not be given).
func labelsDisabled(m *xmlconf.Model, w *Workload, nodes []NodeSpec) []string {
	if m.Conf == nil {
		return nil
	}
	v, ok, err := m.Conf.Get(NodeLabelsEnabledKey)
	if !ok || err != nil || strings.ToLower(strings.TrimSpace(v)) != "false" {
		return nil
	}
	used := len(w.Cluster.NodeLabels) > 0
	for _, n := range nodes {
		used = used || n.Partition != ""
	}
	for i := range w.Apps {
		a := &w.Apps[i]
		used = used || a.NodeLabelExpression != nil && *a.NodeLabelExpression != "" || a.AMNodeLabelExpression != nil && *a.AMNodeLabelExpression != ""
		for _, t := range a.Tasks {
			used = used || t.NodeLabelExpression != nil && *t.NodeLabelExpression != ""
		}
	}
	if !used {
		return nil
	}
	return []string{fmt.Sprintf("%s is false in the configuration, yet the workload uses node labels: such a ResourceManager refuses labelled requests (\"node label not enabled but request contains label expression\") and has no partitions; capq runs the workload's labels as given", NodeLabelsEnabledKey)}
}

func labelKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
