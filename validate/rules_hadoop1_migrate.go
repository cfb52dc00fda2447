package validate

import (
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Migration rules (H1Mxx): what `capq migrate hadoop1` changed or could
// not carry over. This is the one place their IDs and severities are
// declared. The migrate package reports facts (what it rescaled, renamed,
// dropped, each naming its rule by these variables: migrate.Rule* are
// their IDs) and JudgeMigration lets each rule's Check judge them at the
// rule's severity, or at info for a note. H1M18 checks the migrated model
// itself. They are exported for migrate; H1MAdminNotSubmit and its
// siblings are *Rule values.

func h1mRule(id, name string, sev xmlconf.Severity, d Docs) *Rule {
	if d.Versions == "" {
		d.Versions = "Hadoop 0.20.x, 1.x, 0.21 sources; every YARN target"
	}
	if d.Source == "" {
		d.Source = "capq migrate (hadoop1-formats.md §4)"
	}
	return &Rule{ID: id, Name: name, Category: CatHadoop1, Severity: sev, Docs: d, Check: judgeMigrationFacts}
}

// checkedBy replaces the rule's Check.
func (r *Rule) checkedBy(check func(p *Pass)) *Rule {
	r.Check = check
	return r
}

// H1MRescaled is migration rule H1M01 (h1m-rescaled).
var H1MRescaled = h1mRule("H1M01", "h1m-rescaled", xmlconf.SeverityWarning, Docs{
	Summary: "capacities were rescaled because YARN refuses their sum",
	Why: "Hadoop 1 accepted any sum in [100, 101) (Math.floor) and 0.20/0.21 sums below 100; YARN needs children to sum to 100 within 0.05 " +
		"(float fractions, PRECISION 0.0005). capq scales by 100/sum and rounds to 2 decimals by the largest remainder, ties to the earlier queue.",
	Bad:    "batch=33.4, interactive=33.4, etl=33.7 (100.5)",
	Good:   "batch=33.24, interactive=33.23, etl=33.53",
	Source: "YARN ParentQueue capacity check; capq migrate",
})

// H1MRenamed is migration rule H1M02 (h1m-renamed).
var H1MRenamed = h1mRule("H1M02", "h1m-renamed", xmlconf.SeverityWarning, Docs{
	Summary: "a queue was renamed for YARN",
	Why:     "YARN path segments cannot contain '.', blanks or be \"root\"; YARN before 3.3 refuses duplicate leaf names. Jobs must use the new name.",
	Bad:     "mapred.queue.names=default, team.a",
	Good:    "root.team_a",
})

// H1MAdminNotSubmit is migration rule H1M03 (h1m-admin-can-submit).
var H1MAdminNotSubmit = h1mRule("H1M03", "h1m-admin-can-submit", xmlconf.SeverityWarning, Docs{
	Summary: "queue administrators gain the right to submit",
	Why:     "In Hadoop 1 acl-administer-jobs did not grant submit; YARN lets queue administrators submit (RMAppManager checks both ACLs).",
	Bad:     "acl-submit-job=alice,bob finance; acl-administer-jobs=carol",
	Good:    "acl-submit-job=alice,bob,carol finance (if carol may submit)",
	Source:  "YARN RMAppManager / CapacityScheduler#checkAccess",
})

// H1MUnsetACL is migration rule H1M04 (h1m-unset-acl).
var H1MUnsetACL = h1mRule("H1M04", "h1m-unset-acl", xmlconf.SeverityWarning, Docs{
	Summary: "an unset Hadoop 1 ACL meant everyone and is emitted as \"*\"",
	Why:     "Hadoop 1.x and 0.21.0 default an unset queue ACL to \"*\"; YARN's default for a non-root queue is nobody. capq keeps the Hadoop 1 meaning explicitly; consider tightening.",
	Bad:     "research acl-administer-jobs unset",
	Good:    "root.research.acl_administer_queue=* (as emitted) or a real list",
})

// H1MACLsDisabled is migration rule H1M05 (h1m-acls-not-enforced).
var H1MACLsDisabled = h1mRule("H1M05", "h1m-acls-not-enforced", xmlconf.SeverityInfo, Docs{
	Summary: "ACL values that were never enforced are not carried over",
	Why:     "With mapred.acls.enabled false (0.21: <queues aclsEnabled> not true) Hadoop 1 evaluated no ACL; carrying them would start refusing users.",
	Bad:     "mapred.acls.enabled=false, acl-submit-job=etl",
	Good:    "root ACLs * and yarn.acl.enable=false",
})

// H1MPriority is migration rule H1M06 (h1m-supports-priority).
var H1MPriority = h1mRule("H1M06", "h1m-supports-priority", xmlconf.SeverityWarning, Docs{
	Summary: "supports-priority has no per-queue YARN switch",
	Why:     "YARN orders by application priority only when yarn.cluster.max-application-priority > 0 (yarn-site.xml); MapReduce maps VERY_HIGH..VERY_LOW to 5..1.",
	Bad:     "queue.interactive.supports-priority=true",
	Good:    "yarn.cluster.max-application-priority=5",
})

// H1MDropped is migration rule H1M07 (h1m-dropped).
var H1MDropped = h1mRule("H1M07", "h1m-dropped", xmlconf.SeverityWarning, Docs{
	Summary: "a Hadoop 1 setting has no YARN equivalent and is dropped",
	Why:     "Job-initialization limits (active tasks, jobs per user), the init poller and per-heartbeat task limits have no YARN counterpart; the report gives the reason for each.",
	Bad:     "queue.etl.maximum-initialized-active-tasks=50000",
	Good:    "(nothing to set; huge jobs are no longer rejected at submission)",
})

// H1MAppLimits is migration rule H1M08 (h1m-application-limits).
var H1MAppLimits = h1mRule("H1M08", "h1m-application-limits", xmlconf.SeverityWarning, Docs{
	Summary: "Hadoop 1 job limits versus YARN maximum-applications",
	Why:     "maximum-system-jobs × init-accept-jobs-factor maps to maximum-applications (same meaning: pending + running, excess refused). YARN derives a per-user limit with user-limit-factor, which Hadoop 1 ignored for job counts.",
	Bad:     "per-user accept limit 168 in Hadoop 1, 167 in YARN",
	Good:    "accept the difference or adjust user-limit-factor",
	Source:  "CapacitySchedulerQueue#initializeQueue (1.2.1); YARN AbstractLeafQueue",
})

// H1MULF is migration rule H1M09 (h1m-user-limit-factor).
var H1MULF = h1mRule("H1M09", "h1m-user-limit-factor", xmlconf.SeverityWarning, Docs{
	Summary: "user-limit-factor synthesised for a 0.20/0.21 source",
	Why:     "0.20 and 0.21 had no user-limit-factor: one user could grow to the queue's ceiling. capq sets absolute maximum / absolute capacity, rounded up to 2 decimals.",
	Bad:     "(0.21 leaf, capacity 35% absolute, ceiling 80%)",
	Good:    "user-limit-factor=2.29",
})

// H1MState is migration rule H1M10 (h1m-state).
var H1MState = h1mRule("H1M10", "h1m-state", xmlconf.SeverityWarning, Docs{
	Summary: "a queue state text was interpreted",
	Why:     "Hadoop 1 would not start with \"stopped\" (1.x) and treated unknown 0.21 states as UNDEFINED (no job accepted); YARN takes RUNNING/STOPPED.",
	Bad:     "mapred.queue.etl.state=stopped",
	Good:    "root.etl.state=STOPPED",
})

// H1MCeiling is migration rule H1M11 (h1m-ceiling).
var H1MCeiling = h1mRule("H1M11", "h1m-ceiling", xmlconf.SeverityInfo, Docs{
	Summary: "a 0.21 container's maximum-capacity now bounds its children",
	Why:     "0.21 checked maximum-capacity on leaves only; YARN bounds every child by its parent's absolute maximum.",
	Bad:     "research maximum-capacity 80 with children ml, nlp",
	Good:    "(children's ceilings become 80% of the cluster)",
})

// H1MSlots is migration rule H1M12 (h1m-slots).
var H1MSlots = h1mRule("H1M12", "h1m-slots", xmlconf.SeverityInfo, Docs{
	Summary: "slots become one resource pool",
	Why:     "Hadoop 1 capacities applied separately to map and reduce slots; YARN shares memory (or memory and vcores) and each job needs an ApplicationMaster container.",
	Bad:     "(any Hadoop 1 source)",
	Good:    "size maximum-am-resource-percent for many small queues",
})

// H1MQueueNames is migration rule H1M13 (h1m-queue-names).
var H1MQueueNames = h1mRule("H1M13", "h1m-queue-names", xmlconf.SeverityWarning, Docs{
	Summary: "job queue names change or become ambiguous",
	Why:     "0.21 jobs named queues \"parent:child\"; YARN uses the leaf name or root.parent.child, and duplicate leaf names make leaf-name submission ambiguous.",
	Bad:     "mapreduce.job.queuename=research:ml",
	Good:    "mapreduce.job.queuename=root.research.ml",
})

// H1MMaxRaised is migration rule H1M14 (h1m-maximum-raised).
var H1MMaxRaised = h1mRule("H1M14", "h1m-maximum-raised", xmlconf.SeverityWarning, Docs{
	Summary: "a maximum-capacity was raised",
	Why:     "After rescaling a capacity may exceed its old ceiling; YARN 2.x also requires relative capacity ≤ relative maximum. capq raises the maximum rather than lowering a guarantee.",
	Bad:     "x capacity 33.3, maximum 33.3, rescaled to 33.34",
	Good:    "maximum-capacity 33.34",
})

// H1MAdmins is migration rule H1M15 (h1m-root-acls).
var H1MAdmins = h1mRule("H1M15", "h1m-root-acls", xmlconf.SeverityInfo, Docs{
	Summary: "root's ACLs are set explicitly",
	Why:     "YARN grants what any ancestor grants and root defaults to \"*\": root submit is \" \" when Hadoop 1 enforced ACLs, root admin is mapreduce.cluster.administrators.",
	Bad:     "(no root ACLs: everyone may submit everywhere)",
	Good:    "root.acl_submit_applications=\" \", root.acl_administer_queue=hadoop mapred-admins",
})

// H1MYarnSite is migration rule H1M16 (h1m-yarn-site).
var H1MYarnSite = h1mRule("H1M16", "h1m-yarn-site", xmlconf.SeverityInfo, Docs{
	Summary: "yarn-site.xml settings the source implies",
	Why:     "Scheduler class, yarn.acl.enable, yarn.admin.acl and application priority live in yarn-site.xml, not capacity-scheduler.xml; capq lists them (and writes them with --yarn-site).",
	Bad:     "(capacity-scheduler.xml only)",
	Good:    "yarn.acl.enable=true, yarn.admin.acl=hadoop mapred-admins",
})

// H1MGroup is migration rule H1M17 (h1m-group).
var H1MGroup = h1mRule("H1M17", "h1m-group", xmlconf.SeverityInfo, Docs{
	Summary: "a parent queue was created with --group",
	Why:     "The parent's capacity is the sum of its members' absolute capacities; members are rescaled within it and their maxima converted so every absolute guarantee and ceiling stays (to 0.01%).",
	Bad:     "(flat queues a 20/30, b 10/20)",
	Good:    "root.team 30/50 with a 66.67/60, b 33.33/40",
})

// H1MOutputLint is migration rule H1M18 (h1m-output-lint).
var H1MOutputLint = h1mRule("H1M18", "h1m-output-lint", xmlconf.SeverityError, Docs{
	Summary: "the migrated configuration breaks a YARN rule",
	Why:     "capq reads its own output back and lints it for the target version; an error here is a capq bug and nothing is written.",
	Bad:     "(children summing to 99.9 in the output)",
	Good:    "(report the input to capq)",
	Source:  "capq",
}).checkedBy(checkOutputCeilings)

// JudgeMigration returns the findings of the migration rules (H1Mxx):
// each judges the facts capq migrate hadoop1 observed (a fact's Rule names
// its rule; SeverityInfo marks a note, the harmless variant, any other
// severity is ignored) and, given the migrated model (output, nil
// otherwise), the model itself. Unsorted: migrate sorts its report once.
func JudgeMigration(facts []xmlconf.Finding, output *xmlconf.Model) []xmlconf.Finding {
	var out []xmlconf.Finding
	for _, r := range registry {
		if !strings.HasPrefix(r.ID, "H1M") {
			continue
		}
		p := &Pass{Model: output, rule: r, out: &out, facts: facts}
		r.Check(p)
	}
	return out
}

// judgeMigrationFacts reports the migration's facts of the rule's ID at
// the rule's severity, or at info for a note.
func judgeMigrationFacts(p *Pass) {
	for _, f := range p.facts {
		if f.Rule != p.rule.ID {
			continue
		}
		sev := p.rule.Severity
		if f.Severity == xmlconf.SeverityInfo {
			sev = xmlconf.SeverityInfo
		}
		p.add(sev, Loc{Pos: f.Pos, Queue: f.Queue, Property: f.Property}, f.Hint, "%s", f.Message)
	}
}

// checkOutputCeilings is H1M18 on the migrated model: the one YARN rule a
// migration could break that Hadoop accepts from a hand-written file,
// absolute capacity above absolute maximum (CSQueueUtils), read from the
// model's absolute capacities (xmlconf/absolute.go).
func checkOutputCeilings(p *Pass) {
	if p.Model == nil {
		return // not the migrated model (LintHadoop1 judges the source files)
	}
	for _, q := range p.Model.Queues {
		if q.AbsCapacity > q.AbsMaxCapacity+1e-6 {
			p.Report(Loc{Queue: q.Path, Property: "maximum-capacity"},
				"absolute capacity %v of %q exceeds its absolute maximum %v", q.AbsCapacity, q.Path, q.AbsMaxCapacity)
		}
	}
}
