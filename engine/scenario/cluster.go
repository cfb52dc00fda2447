package scenario

import (
	"fmt"

	"github.com/capq/capq/engine"
	"github.com/capq/capq/xmlconf"
)

// readConfigMap reads capacity-scheduler.xml into a key→value map.
func readConfigMap(path string, rd xmlconf.ReadOptions) (map[string]string, []xmlconf.Finding, error) {
	doc, err := xmlconf.ReadFile(path, rd)
	if err != nil {
		return nil, nil, err
	}
	return xmlconf.NewConf(doc).Map(), doc.Findings, nil
}

// clusterNodes expands nodes and node groups into node specs.
func clusterNodes(nodes []Node, groups []NodeGroup) []engine.NodeSpec {
	var out []engine.NodeSpec
	for _, n := range nodes {
		out = append(out, engine.NodeSpec{ID: n.ID, Host: n.Host, Rack: n.Rack, MemoryMB: n.MemoryMB, VCores: n.VCores, Partition: n.Partition})
	}
	for _, g := range groups {
		for i := 0; i < g.Count; i++ {
			id := fmt.Sprintf("%s%d", g.IDPrefix, i)
			out = append(out, engine.NodeSpec{ID: id, Host: id, Rack: g.Rack, MemoryMB: g.MemoryMB, VCores: g.VCores, Partition: g.Partition})
		}
	}
	return out
}

// buildModel merges yarn-site under the scheduler configuration (the RM
// layers capacity-scheduler.xml over yarn-site.xml) and builds the model.
// The config keys in empty hold the empty string as a value (config_file's
// value="", Scenario.fileEmpty).
func buildModel(yarnSite, config map[string]string, empty map[string]bool, v xmlconf.Version, cluster engine.Resource) *xmlconf.Model {
	m := make(map[string]string, len(yarnSite)+len(config))
	for k, val := range yarnSite {
		m[k] = val
	}
	for k, val := range config {
		m[k] = val
	}
	keep := map[string]bool{}
	for k := range empty {
		if _, ok := config[k]; ok {
			keep[k] = true
		}
	}
	conf := xmlconf.FromMapKeepEmpty(m, keep, "scenario")
	return xmlconf.Build(conf, xmlconf.BuildOptions{Version: v, Cluster: xmlconf.Resource{MemoryMB: cluster.MemoryMB, VCores: cluster.VCores}})
}

// defaultPartition sums the unlabelled nodes: the resource every queue
// capacity of the default partition is computed against (labelled nodes
// belong to their own partition).
func defaultPartition(ns []engine.NodeSpec) engine.Resource {
	var r engine.Resource
	for _, n := range ns {
		if n.Partition == "" {
			r = r.Add(engine.Resource{MemoryMB: n.MemoryMB, VCores: n.VCores})
		}
	}
	return r
}

func copyMap(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
