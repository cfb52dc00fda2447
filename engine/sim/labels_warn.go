package sim

import (
	"fmt"
	"sort"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// labelWarnings name what a run does with node labels that Hadoop would
// not: today only a workload using labels that the configuration turns
// off.
func labelWarnings(m *xmlconf.Model, w *Workload, nodes []NodeSpec) []string {
	return labelsDisabled(m, w, nodes)
}

// NodeLabelsEnabledKey is yarn-site.xml's switch for node labels
// (YarnConfiguration.NODE_LABELS_ENABLED, default false).
const NodeLabelsEnabledKey = xmlconf.NodeLabelsEnabledKey

// labelsDisabled warns when the configuration given (yarn-site.xml via
// --yarn-site) turns node labels off explicitly while the workload uses
// them: such a ResourceManager refuses every labelled request
// (SchedulerUtils.validateResourceRequest: "node label not enabled but
// request contains label expression") and knows no label to put nodes in.
// Unset says nothing (the yarn-site.xml may simply not be given).
func labelsDisabled(m *xmlconf.Model, w *Workload, nodes []NodeSpec) []string {
	// The ResourceManager reads the switch from its own configuration
	// (xmlconf.RMOnlySettings): one written in capacity-scheduler.xml
	// turns nothing off either.
	if m.Conf == nil || m.Conf.RM == nil {
		return nil
	}
	v, ok, err := m.Conf.RM.Get(NodeLabelsEnabledKey)
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
