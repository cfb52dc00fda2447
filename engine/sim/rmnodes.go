package sim

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
)

// rmNode is the part of the RM's NodeInfo (GET /ws/v1/cluster/nodes)
// that a cluster needs.
type rmNode struct {
	Rack        string   `json:"rack"`
	State       string   `json:"state"`
	ID          string   `json:"id"`
	Host        string   `json:"nodeHostName"`
	AvailMemMB  int64    `json:"availMemoryMB"`
	UsedMemMB   int64    `json:"usedMemoryMB"`
	AvailVCores int64    `json:"availableVirtualCores"`
	UsedVCores  int64    `json:"usedVirtualCores"`
	NodeLabels  []string `json:"nodeLabels"`
	TotalRes    *rmRes   `json:"totalResource"`
}

type rmRes struct {
	Memory int64 `json:"memory"`
	VCores int64 `json:"vCores"`
}

// ReadRMNodes reads the answer of the RM's GET /ws/v1/cluster/nodes (JSON,
// {"nodes": {"node": [...]}}, or its XML form: RMAnswerJSON) as the cluster: a node's size is its
// totalResource, else used plus available; nodes the RM has let go
// (DECOMMISSIONED, LOST, SHUTDOWN) are left out. A node's nodeLabels put
// it in that partition; the answer does not say whether a label is
// exclusive, so labels are taken as exclusive (Hadoop's default) and a
// warning says so.
func ReadRMNodes(name string, data []byte) (*Cluster, []string, error) {
	var doc struct {
		Nodes *struct {
			Node []rmNode `json:"node"`
		} `json:"nodes"`
	}
	data, err := RMAnswerJSON(name, "nodes", data)
	if err != nil {
		return nil, nil, err
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, nil, fmt.Errorf("%s: not a ResourceManager nodes answer (GET /ws/v1/cluster/nodes): %w", name, err)
	}
	if doc.Nodes == nil {
		return nil, nil, fmt.Errorf("%s: no \"nodes\" object; want the JSON of GET /ws/v1/cluster/nodes", name)
	}
	c := &Cluster{}
	var warns []string
	seen := map[string]bool{}
	labelled := map[string]int{}
	for i, n := range doc.Nodes.Node {
		pos := fmt.Sprintf("%s (node %d)", name, i+1)
		host := n.Host
		if host == "" {
			host, _, _ = strings.Cut(n.ID, ":")
		}
		// Saturated: two halves of int64 max wrapped to a negative size.
		mem, vc := addSat(n.AvailMemMB, n.UsedMemMB), addSat(n.AvailVCores, n.UsedVCores)
		if n.TotalRes != nil {
			mem, vc = n.TotalRes.Memory, n.TotalRes.VCores
		}
		switch {
		case n.State == "DECOMMISSIONED" || n.State == "LOST" || n.State == "SHUTDOWN":
			warns = append(warns, fmt.Sprintf("%s: left out: node %q is %s", pos, host, n.State))
			continue
		case host == "" || seen[host]:
			return nil, nil, fmt.Errorf("%s: node without a host name, or listed twice (%q)", pos, host)
		case mem <= 0 || vc <= 0 || mem > 1<<40 || vc > 1<<20:
			return nil, nil, fmt.Errorf("%s: node %q has %d MB and %d vcores; want positive sizes, at most %d MB and %d vcores", pos, host, mem, vc, int64(1<<40), 1<<20)
		}
		seen[host] = true
		part := ""
		switch len(n.NodeLabels) {
		case 0:
		case 1:
			part = strings.TrimSpace(n.NodeLabels[0])
			if err := CheckNodeLabelName(part); err != nil {
				return nil, nil, fmt.Errorf("%s: node %q: %w", pos, host, err)
			}
			labelled[part]++
		default:
			return nil, nil, fmt.Errorf("%s: node %q has labels %q; a node takes one label (partition) in YARN", pos, host, n.NodeLabels)
		}
		rack := n.Rack
		if rack == "" {
			rack = "/default-rack"
		}
		c.Nodes = append(c.Nodes, NodeGroup{Names: []string{host}, Rack: rack, MemoryMB: mem, VCores: vc, Partition: part})
	}
	if len(c.Nodes) == 0 {
		return nil, nil, fmt.Errorf("%s: no running node", name)
	}
	if c.count() > MaxNodes {
		return nil, nil, fmt.Errorf("%s: more than %d nodes", name, MaxNodes)
	}
	labels := make([]string, 0, len(labelled))
	for l := range labelled {
		labels = append(labels, l)
	}
	sort.Strings(labels)
	for _, l := range labels {
		c.NodeLabels = append(c.NodeLabels, NodeLabel{Name: l})
		warns = append(warns, fmt.Sprintf("%s: node label %q on %d node(s) is taken as exclusive: the nodes answer does not say (GET /ws/v1/cluster/get-node-labels does)", name, l, labelled[l]))
	}
	return c, warns, nil
}

// addSat is a+b held at the int64 bounds instead of wrapping.
func addSat(a, b int64) int64 {
	switch {
	case b > 0 && a > math.MaxInt64-b:
		return math.MaxInt64
	case b < 0 && a < math.MinInt64-b:
		return math.MinInt64
	}
	return a + b
}
