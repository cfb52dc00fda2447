package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

var ruleTemplateMode = &Rule{
	ID: "CS060", Name: "template-mode-mismatch", Category: CatAutoCreate, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_1,
	Docs: Docs{
		Summary: "a legacy auto-create parent and its leaf-queue-template use different capacity modes",
		Why: "`Managed Parent Queue <path> config type is different from leaf queue template config type`: both must be percentages or both absolute resources. " +
			"Hadoop reads the template with the legacy absolute parser, so a capacity-vector template ([memory=50%,vcores=50%], " +
			"used with legacy-queue-mode.enabled=false) counts as a percentage one.",
		Bad:      "root.users.capacity=50; root.users.auto-create-child-queue.enabled=true; root.users.leaf-queue-template.capacity=[memory=2048,vcores=2]",
		Good:     "root.users.leaf-queue-template.capacity=10",
		Source:   "ManagedParentQueue#setAbsoluteResourceTemplates",
		Versions: "3.1+",
	},
	Check: func(p *Pass) {
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			if !q.AutoCreate.Legacy.V {
				return
			}
			tp := q.AutoCreate.Template["leaf-queue-template.capacity"]
			if tp == nil {
				return
			}
			// ManagedParentQueue.setAbsoluteResourceTemplates throws when the
			// parent is a percentage queue (its capacity does not match
			// RESOURCE_PATTERN: checkConfigTypeIsAbsoluteResource) and the
			// template's minimum, read by the legacy absolute parser
			// (getMinimumResourceRequirement), is set. That parser reads a
			// capacity vector ([memory=50%,vcores=50%], or weights) as not
			// set, so such a template passes, in either queue mode.
			parentAbs := q.Capacity.Mode == xmlconf.ModeAbsolute
			_, tmplMin := xmlconf.ParseLegacyAbsolute(tp.Value)
			if !parentAbs && tmplMin || parentAbs && !strings.HasPrefix(tp.Value, "[") {
				p.Report(p.AtProperty(q, tp), "Managed Parent Queue %s config type is different from leaf queue template config type", q.Path)
			}
		})
	},
}

const defaultManagementPolicy = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.queuemanagement.GuaranteedOrZeroCapacityOverTimePolicy"

var ruleManagementPolicy = &Rule{
	ID: "CS062", Name: "auto-create-management-policy", Category: CatAutoCreate, Severity: xmlconf.SeverityError,
	Since: xmlconf.V3_1,
	Docs: Docs{
		Summary:  "the auto-created queue management policy is not a class name",
		Why:      "`Could not instantiate AutoCreatedQueueManagementPolicy: <cls> for queue: <q>`. capq cannot load classes; it flags values that cannot be class names.",
		Bad:      "root.users.auto-create-child-queue.management-policy=guaranteed-or-zero",
		Good:     "root.users.auto-create-child-queue.management-policy=" + defaultManagementPolicy,
		Source:   "CapacitySchedulerConfiguration#getAutoCreatedQueueManagementPolicyClass",
		Versions: "3.1+",
	},
	Check: func(p *Pass) {
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			v := q.AutoCreate.ManagementPolicy
			if !q.AutoCreate.Legacy.V || v.Origin != xmlconf.FromQueue {
				return
			}
			if cls := strings.TrimSpace(v.V); !javaClassName.MatchString(cls) {
				p.Report(AtValue(p, q, v), "Could not instantiate AutoCreatedQueueManagementPolicy: %s for queue: %s", cls, q.Path)
			}
		})
	},
}

var ruleAutoCreateConflict = &Rule{
	ID: "CS063", Name: "auto-create-conflict", Category: CatAutoCreate, Severity: xmlconf.SeverityWarning,
	Since: xmlconf.V3_1,
	Docs: Docs{
		Summary: "auto-creation is set up in a way Hadoop does not support or will refuse later",
		Why: "A legacy auto-create parent (ManagedParentQueue) must not have static children (the docs call it " +
			"unsupported); legacy and flexible (v2) auto-creation on one queue conflict; in 3.4 legacy queue mode a v2 " +
			"parent's children are weights (dynamic queues get 1w), so percentage siblings fail with CS020 the first time " +
			"a queue is created — not at refresh.",
		Bad:      "root.users.auto-queue-creation-v2.enabled=true; root.users.queues=static; root.users.static.capacity=50",
		Good:     "root.users.static.capacity=1w",
		Source:   "lint (ManagedParentQueue, CapacitySchedulerQueueManager, AbstractParentQueue)",
		Versions: "3.1+ (v2 checks 3.4+)",
	},
	Check: func(p *Pass) {
		eachQueue(p.Model, func(q *xmlconf.Queue) {
			ac := q.AutoCreate
			at := AtValue(p, q, ac.Legacy)
			if ac.Legacy.V && len(q.Children) > 0 {
				p.ReportHint(at, "move the static queues elsewhere, or use auto-queue-creation-v2 (3.4)",
					"%q has auto-create-child-queue.enabled and static children; Hadoop does not support that", q.Path)
			}
			if !p.Version.AtLeast(xmlconf.V3_4) || !ac.V2.V {
				return
			}
			if ac.Legacy.V {
				p.ReportHint(at, "enable one auto-creation mode", "%q enables both legacy and flexible (v2) auto-creation", q.Path)
			}
			if !p.Model.Global.LegacyQueueMode.V {
				return
			}
			for _, c := range q.Children {
				if c.Capacity.Mode == xmlconf.ModePercent && c.Capacity.Percent > 0 {
					p.ReportHint(p.AtProp(c, "capacity"), "use weights (e.g. 1w) for the static children of a v2 auto-creation parent",
						"%q is a percentage child of auto-creation parent %q; the first dynamic queue (1w) will fail the mode check", c.Path, q.Path)
					return
				}
			}
		})
	},
}
