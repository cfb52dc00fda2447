package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

const labelsInfix = "accessible-node-labels."

// labelWord is CapacitySchedulerConfiguration.ACCESSIBLE_NODE_LABELS,
// which Hadoop finds with key.indexOf, dot or no dot after it.
const labelWord = "accessible-node-labels"

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
			"key.substring(0, key.indexOf(\"accessible-node-labels\") - 1), i.e. substring(0, -1). Both find the " +
			"first accessible-node-labels anywhere in the key, a queue name included: 3.4 throws on " +
			"root.team-accessible-node-labels.capacity (label capacity, no dot after it) and on every plain key of a queue " +
			"named accessible-node-labels, which before 3.4 its parent's scan reads the same way.",
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
			if c.named != "" {
				at.Queue = c.named
				p.ReportHint(at, "rename the queue: Hadoop reads every key whose name holds "+labelsInfix+" as a label key",
					"%q belongs to queue %q, whose name holds \"accessible-node-labels\": Hadoop takes that for the label infix, finds nothing after label %q (StringIndexOutOfBoundsException), so the ResourceManager does not start and a refresh fails", key, c.named, c.label)
				return
			}
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
// infix ("" when there is none), the label after it, and named, the queue
// of the tree whose own name holds the word Hadoop took for the infix
// ("" when the infix is a real one).
type labelCrash struct {
	queue, label, named string
}

// labelKeyCrash reports whether key makes Hadoop's label scan throw on
// this profile. Like Hadoop (xmlconf.HadoopLabelOf) it takes the first
// "accessible-node-labels" in the key, even inside a queue name, and the
// label from one character past it up to the next dot. Before 3.4 only
// the keys starting with <queue>.accessible-node-labels. of a queue in the
// tree (and, 3.1+, of a legacy auto-create parent's leaf-queue-template)
// are scanned, so the word must follow a dot and end a queue's path; 3.4
// scans every key under the prefix, and one with nothing before the word
// throws even with a setting after the label.
func labelKeyCrash(p *Pass, key string) (labelCrash, bool) {
	rest, found := strings.CutPrefix(key, xmlconf.Prefix)
	if !found {
		return labelCrash{}, false
	}
	_, i, ok := xmlconf.HadoopLabelOf(rest)
	if !strings.Contains(rest, labelsInfix) || ok && i > 0 {
		return labelCrash{}, false
	}
	label := rest[i+len(labelsInfix):]
	if i == 0 { // 3.4: key.substring(0, -1) for the queue path
		if p.Version.Less(xmlconf.V3_4) {
			return labelCrash{}, false
		}
		label, _, _ = strings.Cut(label, ".")
		return labelCrash{label: label}, true
	}
	c := labelCrash{queue: rest[:i-1], label: label, named: namedQueue(p, rest, i)}
	if p.Version.AtLeast(xmlconf.V3_4) {
		return c, true
	}
	scanned := rest[i-1] == '.' && (p.Model.Queue(c.queue) != nil || scannedTemplate(p, c.queue))
	return c, scanned
}

// namedQueue returns the queue of the tree whose last name holds the
// word at rest[i:] (root.team-accessible-node-labels, or a queue named
// just accessible-node-labels), "" when there is none.
func namedQueue(p *Pass, rest string, i int) string {
	end := len(rest)
	if dot := strings.IndexByte(rest[i+len(labelWord):], '.'); dot >= 0 {
		end = i + len(labelWord) + dot
	}
	if p.Model.Queue(rest[:end]) != nil {
		return rest[:end]
	}
	return ""
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
