package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/capq/capq/safeio"
	"github.com/capq/capq/xmlconf"
)

// ReadSLSNodes reads an SLS topology file (--nodes of slsrun.sh) the way
// SLSUtils.parseNodesFromNodeFile does: a stream of {"rack": R, "nodes":
// [{"node": N, "memory-mb": M, "vcores": V, "labels": L}]} objects. Nodes
// take the NM defaults of set unless they give their own size. As in
// Java, a node object without "node" is named "null". A node's "labels"
// (YarnClientUtils.buildNodeLabelsFromStr: "gpu" or
// "gpu(exclusive=false)") puts it in that partition and defines the label
// (slsLabels says where that departs from SLS). Other keys are ignored, as
// SLS ignores them; both with warnings in the cluster's Warnings.
func ReadSLSNodes(name string, data []byte, set xmlconf.SLSSettings) (*Cluster, error) {
	const reader = "SLS's nodes file reader (SLSUtils.parseNodesFromNodeFile)"
	if err := safeio.RefuseWideAs(data, "JSON", reader); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if _, bom := safeio.CutBOM(data); bom {
		return nil, bomRefused(name, reader)
	}
	r := &posReader{name: name, data: data, lastLine: 1}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	c := &Cluster{}
	seen := map[string]string{}
	ignored := map[string]ignoredKey{}
	labels := &slsLabels{}
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
		if err := rackNodes(obj, pos, set, c, seen, ignored, labels); err != nil {
			return nil, err
		}
	}
	c.Warnings = append(ignoredTopologyKeys(ignored), labels.warnings()...)
	if len(c.Nodes) == 0 {
		//lint:ignore ST1005 SLSRunner's exact message
		return nil, fmt.Errorf("%s: No node! Please configure nodes.", name)
	}
	return c, nil
}

func rackNodes(obj map[string]any, pos string, set xmlconf.SLSSettings, c *Cluster, seen map[string]string, ignored map[string]ignoredKey, labels *slsLabels) error {
	noteIgnored(ignored, obj, pos, "rack", "nodes")
	rack := "/" + jsonString(obj["rack"])
	list, ok := obj["nodes"].([]any)
	if !ok {
		return posErr(pos, "nodes must be a list of {\"node\": name} objects")
	}
	for j, raw := range list {
		npos := fmt.Sprintf("%s node %d", pos, j+1) // 1-based, as the rack
		n, ok := raw.(map[string]any)
		if !ok {
			return posErr(npos, "a node must be a JSON object")
		}
		noteIgnored(ignored, n, npos, "node", "memory-mb", "vcores", "labels")
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
		mem, err := nodeResource(n, "memory-mb", set.NMMemoryMB, npos)
		if err != nil {
			return err
		}
		vc, err := nodeResource(n, "vcores", set.NMVCores, npos)
		if err != nil {
			return err
		}
		part, err := labels.node(n, npos, host, c)
		if err != nil {
			return err
		}
		c.Nodes = append(c.Nodes, NodeGroup{Names: []string{host}, Rack: rk, MemoryMB: mem, VCores: vc, Partition: part})
	}
	return nil
}

// nodeResource is a node's resource value as parseNodesFromNodeFile reads
// it: Integer.parseInt when the value is not null, else the NM default.
func nodeResource(n map[string]any, key string, def int64, pos string) (int64, error) {
	if v, ok := n[key]; ok && v == nil {
		return def, nil
	}
	return javaInt(n, key, def, pos)
}

// noteIgnored records the keys of obj other than known: SLSUtils
// .parseNodesFromNodeFile reads the topology as untyped maps and looks up
// only the keys it knows, so others are ignored, as in a trace.
func noteIgnored(ignored map[string]ignoredKey, obj map[string]any, pos string, known ...string) {
	for k := range obj {
		if contains(known, k) {
			continue
		}
		ik, seen := ignored[k]
		if !seen {
			ik.first = pos
		}
		ik.n++
		ignored[k] = ik
	}
}

// ignoredTopologyKeys are the warnings for the ignored keys, sorted. A
// node's key may be a resource type SLS reads when resource-types.xml
// declares it, which capq does not schedule.
func ignoredTopologyKeys(ignored map[string]ignoredKey) []string {
	keys := make([]string, 0, len(ignored))
	for k := range ignored {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		ik := ignored[k]
		out = append(out, fmt.Sprintf("%s: key %q ignored in %d object(s): SLSUtils.parseNodesFromNodeFile reads rack, nodes, node, labels and the resource types (memory-mb, vcores; another only when resource-types.xml declares it, which capq does not schedule)", ik.first, k, ik.n))
	}
	return out
}
