package validate

import "github.com/capq/capq/xmlconf"

// A priority ACL group written without default_priority keeps
// AppPriorityACLGroup's defaultPriority null (AppPriorityACLConfiguration
// Parser sets it only from that key). With yarn.acl.enable, an app
// submitted without a priority takes its default from the admitting group
// with the lowest max_priority (AppPriorityACLsManager#getDefaultPriority,
// getMappedPriorityAclForUGI), and dereferences that null: the submission
// fails with a NullPointerException. The engine refuses it the same way
// (engine/app_priority.go).

var rulePriorityACLNoDefault = &Rule{
	ID: "CS122", Name: "priority-acl-no-default", Category: CatProperties, Severity: xmlconf.SeverityWarning,
	Since: xmlconf.V2_10,
	Docs: Docs{
		Summary: "a priority ACL group without default_priority, with yarn.acl.enable on",
		Why: "Hadoop accepts a group that names no default_priority, but AppPriorityACLsManager#getDefaultPriority " +
			"reads the default of the group that admits the user with the lowest max_priority for every app submitted " +
			"without a priority, and that group's default is null: the submission fails with a NullPointerException " +
			"(the client sees a RemoteException, the app is never created). MapReduce jobs send no priority unless " +
			"mapreduce.job.priority is set, so a user whose lowest admitting group is such a group cannot run them " +
			"without setting one.",
		Bad:      "yarn.acl.enable=true\nroot.a.acl_application_max_priority=[user=alice max_priority=5]",
		Good:     "yarn.acl.enable=true\nroot.a.acl_application_max_priority=[user=alice max_priority=5 default_priority=1]",
		Source:   "AppPriorityACLsManager#getDefaultPriority, AppPriorityACLConfigurationParser#getPriorityAcl",
		Versions: "2.10+ (priority ACLs are newer than 2.7)",
	},
	Check: func(p *Pass) {
		if !p.Model.Global.PriorityACLEnable.V {
			return // getDefaultPriority returns null before it reads a group
		}
		eachLeaf(p.Model, func(q *xmlconf.Queue) {
			pr := q.Props["acl_application_max_priority"]
			if pr == nil {
				return
			}
			for _, g := range q.PriorityACLs {
				if g.HasDefault {
					continue
				}
				p.ReportHint(p.AtProperty(q, pr), "add default_priority=<integer> to the group",
					"priority ACL group of %q for %q (max_priority %d) has no default_priority: an app its users submit "+
						"without a priority fails with a NullPointerException (AppPriorityACLsManager#getDefaultPriority) "+
						"unless a group with a lower max_priority admits them", q.Path, groupWho(g.ACL), g.Max)
			}
		})
	},
}

// groupWho is who a priority ACL group admits, as written.
func groupWho(a xmlconf.ACL) string {
	if a.All {
		return "*"
	}
	return a.Raw
}
