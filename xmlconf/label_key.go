package xmlconf

import (
	"slices"
	"strings"
)

// LabelKeyInfix starts a queue's per-label keys:
// <queue>.accessible-node-labels.<label>.<setting>.
const LabelKeyInfix = "accessible-node-labels."

// labelWord is CapacitySchedulerConfiguration.ACCESSIBLE_NODE_LABELS,
// which Hadoop looks up without the dot.
const labelWord = "accessible-node-labels"

// SplitLabelKey splits a queue key suffix accessible-node-labels.<label>.<setting>
// where Hadoop does. CapacitySchedulerConfiguration#getConfiguredNodeLabels
// (2.7–3.3, one queue) and #getConfiguredNodeLabelsByQueue (3.4, every key)
// take the label from after the infix to the FIRST dot
// (key.indexOf('.', labelStartIdx)), so "gpu.x.capacity" is label "gpu"
// with setting "x.capacity", which no getter reads (getNodeLabelPrefix
// builds accessible-node-labels.gpu.capacity), and "..capacity" is label
// "" (RMNodeLabelsManager.NO_LABEL), whose getters read the queue's own
// keys. ok is false when suffix is no label key or nothing follows the
// label: Hadoop throws there (CS118). It reads the suffix alone: a queue
// whose own path holds "accessible-node-labels" has its keys read
// otherwise (HadoopLabelOf; Model.KeyLabels says what Hadoop found).
func SplitLabelKey(suffix string) (label, setting string, ok bool) {
	rest, found := strings.CutPrefix(suffix, LabelKeyInfix)
	if !found {
		return "", "", false
	}
	return strings.Cut(rest, ".")
}

// HadoopLabelOf reads the label of a key (without Prefix) that contains
// "accessible-node-labels." as both CapacitySchedulerConfiguration#
// getConfiguredNodeLabels and #getConfiguredNodeLabelsByQueue do: the
// label starts one character past the FIRST "accessible-node-labels" in
// the key (key.indexOf(ACCESSIBLE_NODE_LABELS) + length + 1) and runs to
// the next dot. at is where that first occurrence starts; it lies inside
// the queue's own path when a queue name holds the word
// (root.accessible-node-labels-team.accessible-node-labels.gpu.capacity
// is label "team"). ok is false when the key has no infix, or no dot
// follows the label: Hadoop throws there (CS118).
func HadoopLabelOf(rest string) (label string, at int, ok bool) {
	if !strings.Contains(rest, LabelKeyInfix) {
		return "", 0, false
	}
	at = strings.Index(rest, labelWord)
	start := at + len(labelWord) + 1
	dot := strings.IndexByte(rest[start:], '.')
	if dot < 0 {
		return "", at, false
	}
	return rest[start : start+dot], at, true
}

// LabelKeyOwners returns the queue paths whose configured node labels a
// key (without Prefix) adds its label to. 3.4 (getConfiguredNodeLabelsByQueue,
// every key under the prefix) takes the path before the first
// "accessible-node-labels" less one character
// (key.substring(0, key.indexOf(ACCESSIBLE_NODE_LABELS) - 1)), whatever
// that character is and whether or not the path is a queue of the tree;
// with nothing before it Hadoop throws (CS118). Before 3.4 each queue scans
// the keys starting with <queue>.accessible-node-labels.
// (getConfiguredNodeLabels), so every path that ends right before such an
// infix is a candidate; the caller keeps the queues.
func LabelKeyOwners(rest string, v Version) (label string, owners []string, ok bool) {
	label, at, ok := HadoopLabelOf(rest)
	if !ok {
		return "", nil, false
	}
	if v.AtLeast(V3_4) {
		if at == 0 {
			return "", nil, false
		}
		return label, []string{rest[:at-1]}, true
	}
	for i := 0; ; {
		j := strings.Index(rest[i:], "."+LabelKeyInfix)
		if j < 0 {
			break
		}
		owners = append(owners, rest[:i+j])
		i += j + 1
	}
	return label, owners, len(owners) > 0
}

// keyLabels collects, from every key under the prefix, the node labels
// Hadoop configures on each path (LabelKeyOwners): the builder reads a
// queue's labelled settings from them, and 3.4's root takes their union
// (ConfiguredNodeLabels#getAllConfiguredLabels), queues missing from the
// tree included.
func keyLabels(props []*Property, v Version) map[string][]string {
	var sets map[string]map[string]bool
	for _, p := range props {
		rest, ok := strings.CutPrefix(p.Name, Prefix)
		if !ok || !strings.Contains(rest, LabelKeyInfix) {
			continue
		}
		label, owners, ok := LabelKeyOwners(rest, v)
		if !ok {
			continue
		}
		if sets == nil {
			sets = map[string]map[string]bool{}
		}
		for _, o := range owners {
			if sets[o] == nil {
				sets[o] = map[string]bool{}
			}
			sets[o][label] = true
		}
	}
	out := make(map[string][]string, len(sets))
	for path, set := range sets {
		out[path] = sortedKeys(set)
	}
	return out
}

// KeyLabels returns the node labels Hadoop configures on a path from its
// accessible-node-labels.<l>.* keys (LabelKeyOwners), sorted; label ""
// (NO_LABEL) is among them when a key names it.
func (m *Model) KeyLabels(path string) []string { return m.keyLabels[path] }

// AllKeyLabels is the union of KeyLabels over every path, queues missing
// from the tree included, sorted: 3.4's root holds these
// (QueueNodeLabelsSettings#initializeConfiguredNodeLabels takes
// ConfiguredNodeLabels#getAllConfiguredLabels for root).
func (m *Model) AllKeyLabels() []string {
	set := map[string]bool{}
	for _, ls := range m.keyLabels {
		for _, l := range ls {
			set[l] = true
		}
	}
	return sortedKeys(set)
}

// KeyLabelPaths returns the paths whose keys configure label l
// (KeyLabels), sorted: where a label of 3.4's root comes from.
func (m *Model) KeyLabelPaths(l string) []string {
	var out []string
	for path, ls := range m.keyLabels {
		if slices.Contains(ls, l) {
			out = append(out, path)
		}
	}
	slices.Sort(out)
	return out
}
