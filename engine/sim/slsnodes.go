package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/capq/capq/xmlconf"
)

// ReadSLSNodes reads an SLS topology file (--nodes of slsrun.sh) the way
// SLSUtils.parseNodesFromNodeFile does: a stream of {"rack": R, "nodes":
// [{"node": N, "memory-mb": M, "vcores": V, "labels": L}]} objects. Nodes
// take the NM defaults of set unless they give their own size. As in
// Java, a node object without "node" is named "null". A node's "labels"
// (YarnClientUtils.buildNodeLabelsFromStr: "gpu" or
// "gpu(exclusive=false)") puts it in that partition and defines the label.
func ReadSLSNodes(name string, data []byte, set xmlconf.SLSSettings) (*Cluster, error) {
	r := &posReader{name: name, data: data, lastLine: 1}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	c := &Cluster{}
	seen := map[string]string{}
	for i := 1; ; i++ {
		off := r.skipSpace(dec.InputOffset())
		var obj map[string]any
		err := dec.Decode(&obj)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, r.jsonErr(err, dec)
		}
		pos := fmt.Sprintf("%s:%d (rack %d)", name, r.line(off), i)
		if err := rackNodes(obj, pos, set, c, seen); err != nil {
			return nil, err
		}
	}
	if len(c.Nodes) == 0 {
		//lint:ignore ST1005 SLSRunner's exact message
		return nil, fmt.Errorf("%s: No node! Please configure nodes.", name)
	}
	return c, nil
}

func rackNodes(obj map[string]any, pos string, set xmlconf.SLSSettings, c *Cluster, seen map[string]string) error {
	for k := range obj {
		if k != "rack" && k != "nodes" {
			return posErr(pos, "unknown field %q in a topology entry (want rack, nodes)", k)
		}
	}
	rack := "/" + jsonString(obj["rack"])
	list, ok := obj["nodes"].([]any)
	if !ok {
		return posErr(pos, "nodes must be a list of {\"node\": name} objects")
	}
	for j, raw := range list {
		npos := fmt.Sprintf("%s node %d", pos, j)
		n, ok := raw.(map[string]any)
		if !ok {
			return posErr(npos, "a node must be a JSON object")
		}
		for k := range n {
			switch k {
			case "node", "memory-mb", "vcores", "labels":
			default:
				return posErr(npos, "unknown field %q in a node (want node, memory-mb, vcores, labels)", k)
			}
		}
		rk, host, err := rackHost(rack + "/" + jsonString(n["node"]))
		if err != nil {
			return posErr(npos, "%v", err)
		}
		if prev, dup := seen[host]; dup {
			if prev == rk {
				continue // the Java code collects nodes in a set
			}
			return posErr(npos, "node %q is in racks %s and %s", host, prev, rk)
		}
		seen[host] = rk
		mem, err := javaInt(n, "memory-mb", set.NMMemoryMB, npos)
		if err != nil {
			return err
		}
		vc, err := javaInt(n, "vcores", set.NMVCores, npos)
		if err != nil {
			return err
		}
		part, err := slsNodeLabels(n, npos, c)
		if err != nil {
			return err
		}
		c.Nodes = append(c.Nodes, NodeGroup{Names: []string{host}, Rack: rk, MemoryMB: mem, VCores: vc, Partition: part})
	}
	return nil
}

// slsNodeLabels reads a node's "labels" as YarnClientUtils
// .buildNodeLabelsFromStr does (comma-separated names, each optionally
// "(exclusive=true|false)") and adds the labels to the cluster. A node
// takes one label, as CommonNodeLabelsManager allows.
func slsNodeLabels(n map[string]any, pos string, c *Cluster) (string, error) {
	v, ok := n["labels"]
	if !ok || v == nil {
		return "", nil
	}
	labels, err := ParseNodeLabels(jsonString(v))
	if err != nil {
		return "", posErr(pos, "labels: %v", err)
	}
	if len(labels) > 1 {
		return "", posErr(pos, "labels %q: a node takes one label (partition) in YARN", jsonString(v))
	}
	for _, old := range c.NodeLabels {
		if old.Name == labels[0].Name {
			if old.IsExclusive() != labels[0].IsExclusive() {
				return "", posErr(pos, "label %q is defined with exclusive=%v before and exclusive=%v here", old.Name, old.IsExclusive(), labels[0].IsExclusive())
			}
			return old.Name, nil
		}
	}
	c.NodeLabels = append(c.NodeLabels, labels[0])
	return labels[0].Name, nil
}
