package sim

import "fmt"

// slsLabels reads the "labels" of an SLS topology's nodes and collects
// what capq does with them that SLS would not.
//
// In SLS (3.x, since the nodes file took labels) a node's labels travel
// only in its NM registration: SLSUtils.parseNodesFromNodeFile parses them
// with YarnClientUtils.buildNodeLabelsFromStr, NMRunner.startNM hands them
// to NMSimulator.init, which sets them on the RegisterNodeManagerRequest.
// ResourceTrackerService.registerNodeManager applies an NM's labels only
// when yarn.node-labels.enabled is true and
// yarn.node-labels.configuration-type is "distributed", by name only
// (NodeLabelsUtils.convertToStringSet drops the exclusivity), through
// replaceLabelsOnNode, whose checkReplaceLabelsOnNode refuses more than
// one label on a host and a label the cluster does not already have. SLS
// defines no label itself, and the node registers either way, unlabelled
// when its labels are refused.
//
// capq stands in for the labels an administrator would have added: each
// label a node names is defined with the exclusivity it is first written
// with, and the node is put in it. A node whose labels no RM accepts
// (two or more, or a name no cluster can define) stays in the default
// partition, as in Hadoop. Every such case is a warning.
type slsLabels struct {
	first    string             // the first node put in a label, for the note
	multi    ignoredKey         // nodes with more than one label
	invalid  map[string]string  // invalid label name -> first place
	conflict map[string]string  // label -> first place it is redefined
	defined  map[string]posBool // label -> where it was defined, exclusivity
}

type posBool struct {
	pos string
	v   bool
}

// node is the partition of one node object n (at pos, host name host),
// adding its label to c when it takes one. Only what makes
// buildNodeLabelsFromStr throw, which stops SLS before any node starts,
// is an error.
func (s *slsLabels) node(n map[string]any, pos, host string, c *Cluster) (string, error) {
	v, ok := n["labels"]
	if !ok || v == nil {
		return "", nil
	}
	labels, err := parseLabelList(jsonString(v))
	if err != nil {
		return "", posErr(pos, "labels: %v (YarnClientUtils.buildNodeLabelsFromStr throws; SLS does not start)", err)
	}
	// The RM keeps a set of trimmed names: "a, a" is one label.
	var names []string
	byName := map[string]NodeLabel{}
	for _, l := range labels {
		if _, dup := byName[l.Name]; !dup {
			names = append(names, l.Name)
			byName[l.Name] = l
		}
	}
	if len(names) > 1 {
		s.multi.count(pos+" ("+host+")", 1)
		return "", nil
	}
	l := byName[names[0]]
	if l.Name == "" {
		return "", nil // the default partition's own name (NO_LABEL)
	}
	if err := CheckNodeLabelName(l.Name); err != nil {
		if s.invalid == nil {
			s.invalid = map[string]string{}
		}
		if _, seen := s.invalid[l.Name]; !seen {
			s.invalid[l.Name] = pos
		}
		return "", nil
	}
	s.define(l, pos, c)
	return l.Name, nil
}

// define adds l to c's labels unless an earlier node defined it; a later
// exclusivity that differs is noted, the first kept.
func (s *slsLabels) define(l NodeLabel, pos string, c *Cluster) {
	if s.defined == nil {
		s.defined = map[string]posBool{}
	}
	if old, ok := s.defined[l.Name]; ok {
		if old.v != l.IsExclusive() {
			if s.conflict == nil {
				s.conflict = map[string]string{}
			}
			if _, seen := s.conflict[l.Name]; !seen {
				s.conflict[l.Name] = fmt.Sprintf("%s: label %q is exclusive=%v here and exclusive=%v at %s: the RM takes an NM's labels by name only (NodeLabelsUtils.convertToStringSet), its exclusivity is the cluster's; capq keeps the first, exclusive=%v", pos, l.Name, l.IsExclusive(), old.v, old.pos, old.v)
			}
		}
		return
	}
	if s.first == "" {
		s.first = pos
	}
	s.defined[l.Name] = posBool{pos, l.IsExclusive()}
	c.NodeLabels = append(c.NodeLabels, l)
}

// warnings are the notes of the read, in a fixed order.
func (s *slsLabels) warnings() []string {
	var out []string
	if s.first != "" {
		out = append(out, fmt.Sprintf("%s: the topology labels nodes; SLS passes a node's labels only in its NM registration (NMSimulator.init), which the RM applies only with yarn.node-labels.enabled true and yarn.node-labels.configuration-type \"distributed\", and only for labels the cluster already has (CommonNodeLabelsManager.checkReplaceLabelsOnNode; SLS adds none, and the node registers unlabelled otherwise); capq defines each label as the file first writes it and puts the nodes in it", s.first))
	}
	if m := s.multi; m.n > 0 {
		out = append(out, fmt.Sprintf("%s: %d node(s) name more than one label, which the RM refuses (CommonNodeLabelsManager.checkReplaceLabelsOnNode: \"we do not support specifying multiple labels on a single host\"); they register unlabelled, in the default partition", m.first, m.n))
	}
	for _, name := range labelKeys(s.invalid) {
		out = append(out, fmt.Sprintf("%s: label %q: %v, so no cluster has it and the RM refuses it (checkReplaceLabelsOnNode); its nodes register unlabelled, in the default partition", s.invalid[name], name, CheckNodeLabelName(name)))
	}
	for _, name := range labelKeys(s.conflict) {
		out = append(out, s.conflict[name])
	}
	return out
}
