package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

const labelsInfix = "accessible-node-labels."

// leafTemplateSuffix ends the pseudo-queue path of a legacy auto-create
// parent's template (CapacitySchedulerConfiguration#getAutoCreatedQueueTemplateConfPrefix).
const leafTemplateSuffix = ".leaf-queue-template"

var ruleLabelKeyNoSetting = &Rule{
	ID: "CS118", Name: "label-key-without-setting", Category: CatLabels, Severity: xmlconf.SeverityError,
	Docs: Docs{
		Summary: "a key ends right after accessible-node-labels.<label>, or (3.4) has no queue before it, which makes the ResourceManager fail",
		Why: "To learn a queue's labels, CapacitySchedulerConfiguration#getConfiguredNodeLabels walks every key " +
			"starting with <queue>.accessible-node-labels. and takes the label up to the next dot with " +
			"key.substring(start, key.indexOf('.', start)). A key with nothing after the label " +
			"(root.a.accessible-node-labels.gpu, often meant as accessible-node-labels=gpu) has no such dot: " +
			"StringIndexOutOfBoundsException, and the ResourceManager does not start or the refresh fails. " +
			"Before 3.4 the scan runs for each queue in the tree (CSQueueUtils#loadCapacitiesByLabelsFromConf) and, " +
			"from 3.1, for the leaf-queue-template of each auto-create-child-queue parent (ManagedParentQueue), so a " +
			"queue missing from the tree is merely ignored. 3.4 reads the labels of every key under " +
			"yarn.scheduler.capacity. the same way (getConfiguredNodeLabelsByQueue, on every start and refresh): the " +
			"queue need not be in the tree, and a key with no queue before the infix " +
			"(yarn.scheduler.capacity.accessible-node-labels.gpu.capacity) fails too, because the queue path is " +
			"key.substring(0, key.indexOf(\"accessible-node-labels\") - 1), i.e. substring(0, -1).",
		Bad:      "root.a.accessible-node-labels.gpu=100\nyarn.scheduler.capacity.accessible-node-labels.gpu.capacity=100  (3.4)",
		Good:     "root.a.accessible-node-labels=gpu\nroot.a.accessible-node-labels.gpu.capacity=100",
		Source:   "CapacitySchedulerConfiguration#getConfiguredNodeLabels, #getConfiguredNodeLabelsByQueue; ManagedParentQueue#initializeLeafQueueConfigs",
		Versions: "all for queues in the tree; 3.1+ for a legacy auto-create parent's leaf-queue-template; 3.4 for every key (queues missing from the tree, no queue at all)",
	},
	Check: func(p *Pass) {
		if p.Model.Conf == nil {
			return
		}
		p.Model.Conf.Each(func(key string, pr *xmlconf.Property) {
			c, ok := labelKeyCrash(p, key)
			if !ok {
				return
			}
			at := Loc{Pos: pr.NamePos, Queue: c.queue, Property: key}
			if c.queue == "" {
				p.ReportHint(at, "label settings belong to a queue: write "+xmlconf.Prefix+"root."+key[len(xmlconf.Prefix):]+" or another queue's path; else delete the property",
					"%q has no queue before accessible-node-labels: Hadoop 3.4 cannot read its queue path (StringIndexOutOfBoundsException), so the ResourceManager does not start and a refresh fails", key)
				return
			}
			own := xmlconf.Prefix + c.queue + ".accessible-node-labels"
			hint := "to give the queue label " + c.label + ", set " + own + "=" + c.label + " and " + own + "." + c.label + ".capacity; else delete the property"
			switch {
			case c.label == "":
				hint = "delete the property"
			case c.queue == "root":
				// Root's accessible labels are always * (AbstractCSQueue).
				hint = "root may use every label: to give it a share of " + c.label + ", set " + own + "." + c.label + ".capacity; else delete the property"
			}
			p.ReportHint(at, hint,
				"%q has nothing after label %q: Hadoop cannot read the label (StringIndexOutOfBoundsException), so the ResourceManager does not start and a refresh fails", key, c.label)
		})
	},
}

// labelCrash is what labelKeyCrash found: the queue path before the
// infix ("" when there is none) and the label after it.
type labelCrash struct {
	queue, label string
}

// labelKeyCrash reports whether key makes Hadoop's label scan throw on
// this profile. Like Hadoop it takes the first "accessible-node-labels"
// in the key and the label up to the next dot. Before 3.4 only the keys
// of queues in the tree (and, 3.1+, of a legacy auto-create parent's
// leaf-queue-template) are scanned, always with a queue before the
// infix; 3.4 scans every key under the prefix, and one with nothing
// before the infix throws even with a setting after the label.
func labelKeyCrash(p *Pass, key string) (labelCrash, bool) {
	rest, found := strings.CutPrefix(key, xmlconf.Prefix)
	if !found || !strings.Contains(rest, labelsInfix) {
		return labelCrash{}, false
	}
	i := strings.Index(rest, strings.TrimSuffix(labelsInfix, "."))
	label := rest[i+len(labelsInfix):]
	noSetting := !strings.Contains(label, ".")
	if i == 0 {
		if p.Version.Less(xmlconf.V3_4) {
			return labelCrash{}, false
		}
		if !noSetting {
			label = label[:strings.IndexByte(label, '.')]
		}
		return labelCrash{label: label}, true
	}
	if !noSetting {
		return labelCrash{}, false
	}
	queue := rest[:i-1]
	if p.Version.AtLeast(xmlconf.V3_4) || p.Model.Queue(queue) != nil || scannedTemplate(p, queue) {
		return labelCrash{queue: queue, label: label}, true
	}
	return labelCrash{}, false
}

// scannedTemplate reports whether path is the leaf-queue-template of a
// queue in the tree that 3.1–3.3 builds as a ManagedParentQueue, whose
// template capacities are loaded label by label.
func scannedTemplate(p *Pass, path string) bool {
	parent, ok := strings.CutSuffix(path, leafTemplateSuffix)
	if !ok || p.Version.Less(xmlconf.V3_1) {
		return false
	}
	q := p.Model.Queue(parent)
	return q != nil && q.AutoCreate.Legacy.V
}
