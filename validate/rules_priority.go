package validate

import "github.com/capq/capq/xmlconf"

const workflowMappingsKey = xmlconf.WorkflowMappingsKey

var ruleAppPrioritySyntax = &Rule{
	ID: "CS059", Name: "app-priority-syntax", Category: CatProperties, Severity: xmlconf.SeverityError,
	Since: xmlconf.V2_10,
	Docs: Docs{
		Summary: "a workflow-priority-mappings entry or an acl_application_max_priority group Hadoop cannot parse",
		Why: "WorkflowPriorityMappingsManager reads every workflow:queue:priority entry when the queues are " +
			"(re)initialised and throws on a malformed one (`Illegal workflow priority mapping <m>`, `Illegal " +
			"workflow priority for mapping <m>`). A leaf's acl_application_max_priority groups are parsed the same " +
			"way: an unknown key (AppPriorityACLKeyType.valueOf), a priority that is not an integer " +
			"(Integer.parseInt), a group without max_priority (NullPointerException) or without user/group " +
			"(IndexOutOfBoundsException) fails the queue. Either way the ResourceManager does not start and a refresh is refused.",
		Bad:      "workflow-priority-mappings=wf1:root.a:high\nroot.a.acl_application_max_priority=[usr=alice max_priority=2]",
		Good:     "workflow-priority-mappings=wf1:root.a:2\nroot.a.acl_application_max_priority=[user=alice max_priority=2 default_priority=1]",
		Source:   "WorkflowPriorityMappingsManager#getWorkflowMappingFromString, AppPriorityACLConfigurationParser#getPriorityAcl",
		Versions: "2.10+ (both settings are newer than 2.7)",
	},
	Check: func(p *Pass) {
		if p.Model.Conf == nil {
			return
		}
		if v, ok, _ := p.Model.Conf.Get(workflowMappingsKey); ok {
			_, errs := xmlconf.ParseWorkflowMappings(v, p.Version)
			for _, msg := range errs {
				p.ReportHint(p.AtKey(workflowMappingsKey), "write <workflow-id>:<queue>:<integer priority>, comma separated", "%s", msg)
			}
		}
		eachQueue(p.Model, func(q *xmlconf.Queue) { priorityACLErrs(p, q) })
	},
}

func priorityACLErrs(p *Pass, q *xmlconf.Queue) {
	pr := q.Props["acl_application_max_priority"]
	if pr == nil {
		return
	}
	v, ok, _ := p.Model.Conf.Get(pr.Name)
	if !ok {
		return
	}
	const hint = "write [user=<users> group=<groups> max_priority=<int> default_priority=<int>] per group"
	_, errs := xmlconf.ParsePriorityACL(v, p.Version)
	for _, msg := range errs {
		if !q.IsLeaf() {
			// Only leaves parse the groups (AbstractLeafQueue#setupQueueConfigs).
			p.Accepted(p.AtProperty(q, pr), hint, "%s (ignored on parent %q)", msg, q.Path)
			continue
		}
		p.ReportHint(p.AtProperty(q, pr), hint, "%s", msg)
	}
}
