package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

const labelsInfix = "accessible-node-labels."

var ruleLabelKeyNoSetting = &Rule{
	ID: "CS118", Name: "label-key-without-setting", Category: CatLabels, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "a key ends right after accessible-node-labels.<label>, which makes the ResourceManager fail",
		Why: "To learn a queue's labels, CapacitySchedulerConfiguration#getConfiguredNodeLabels walks every key " +
			"starting with <queue>.accessible-node-labels. and takes the label up to the next dot with " +
			"key.substring(start, key.indexOf('.', start)). A key with nothing after the label " +
			"(root.a.accessible-node-labels.gpu, often meant as accessible-node-labels=gpu) has no such dot: " +
			"StringIndexOutOfBoundsException, and the ResourceManager does not start or the refresh fails. " +
			"3.4 reads the labels of every key under the scheduler's prefix the same way " +
			"(getConfiguredNodeLabelsByQueue), so there the queue need not even be in the tree.",
		Bad:      "root.a.accessible-node-labels.gpu=100",
		Good:     "root.a.accessible-node-labels=gpu\nroot.a.accessible-node-labels.gpu.capacity=100",
		Source:   "CapacitySchedulerConfiguration#getConfiguredNodeLabels, #getConfiguredNodeLabelsByQueue",
		Versions: "all (3.4 for queues missing from the tree too)",
	},
	Check: func(p *Pass) {
		if p.Model.Conf == nil {
			return
		}
		p.Model.Conf.Each(func(key string, pr *xmlconf.Property) {
			q, label, ok := labelKeyWithoutSetting(p, key)
			if !ok {
				return
			}
			at := Loc{Pos: pr.NamePos, Queue: q, Property: key}
			own := xmlconf.Prefix + q + ".accessible-node-labels"
			hint := "to give the queue label " + label + ", set " + own + "=" + label + " and " + own + "." + label + ".capacity; else delete the property"
			if label == "" {
				hint = "delete the property"
			}
			p.ReportHint(at, hint,
				"%q has nothing after label %q: Hadoop cannot read the label (StringIndexOutOfBoundsException), so the ResourceManager does not start and a refresh fails", key, label)
		})
	},
}

// labelKeyWithoutSetting reports whether key makes Hadoop's label scan
// fail, with the queue path before the infix and the label after it. Like
// Hadoop it looks for the first "accessible-node-labels" in the key and
// for a dot after the label; before 3.4 only the keys of queues in the
// tree are scanned.
func labelKeyWithoutSetting(p *Pass, key string) (queue, label string, ok bool) {
	rest, found := strings.CutPrefix(key, xmlconf.Prefix)
	if !found || !strings.Contains(rest, labelsInfix) {
		return "", "", false
	}
	i := strings.Index(rest, strings.TrimSuffix(labelsInfix, "."))
	label = rest[i+len(labelsInfix):]
	if i == 0 || strings.Contains(label, ".") {
		return "", "", false
	}
	queue = rest[:i-1]
	if p.Model.Queue(queue) == nil && p.Version.Less(xmlconf.V3_4) {
		return "", "", false
	}
	return queue, label, true
}
