package xmlconf

import "strings"

// LabelKeyInfix starts a queue's per-label keys:
// <queue>.accessible-node-labels.<label>.<setting>.
const LabelKeyInfix = "accessible-node-labels."

// SplitLabelKey splits a queue key suffix accessible-node-labels.<label>.<setting>
// where Hadoop does. CapacitySchedulerConfiguration#getConfiguredNodeLabels
// (2.7–3.3, one queue) and #getConfiguredNodeLabelsByQueue (3.4, every key)
// take the label from after the infix to the FIRST dot
// (key.indexOf('.', labelStartIdx)), so "gpu.x.capacity" is label "gpu"
// with setting "x.capacity", which no getter reads (getNodeLabelPrefix
// builds accessible-node-labels.gpu.capacity), and "..capacity" is label
// "" (RMNodeLabelsManager.NO_LABEL), whose getters read the queue's own
// keys. ok is false when suffix is no label key or nothing follows the
// label: Hadoop throws there (CS118).
func SplitLabelKey(suffix string) (label, setting string, ok bool) {
	rest, found := strings.CutPrefix(suffix, LabelKeyInfix)
	if !found {
		return "", "", false
	}
	return strings.Cut(rest, ".")
}
