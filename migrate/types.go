package migrate

import (
	"github.com/capq/capq/validate"

	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// Group asks for a new parent queue holding existing top-level queues
// (--group PARENT=q1,q2). Groups apply in order, so a later group may
// hold an earlier one.
type Group struct {
	Parent  string
	Members []string
}

// ParseGroup reads "PARENT=q1,q2". An empty member ("a,,b", a trailing
// comma) is refused, not dropped: a hole in the list is a typo.
func ParseGroup(s string) (Group, error) {
	parent, list, ok := strings.Cut(s, "=")
	parent = strings.TrimSpace(parent)
	if !ok || parent == "" {
		return Group{}, fmt.Errorf("group %q: want PARENT=queue1,queue2", s)
	}
	g := Group{Parent: parent}
	if strings.TrimSpace(list) == "" {
		return Group{}, fmt.Errorf("group %q: no member queue", s)
	}
	for i, m := range strings.Split(list, ",") {
		if m = strings.TrimSpace(m); m == "" {
			return Group{}, fmt.Errorf("group %q: empty member queue (member %d); want PARENT=queue1,queue2", s, i+1)
		}
		g.Members = append(g.Members, m)
	}
	return g, nil
}

// Options control a migration.
type Options struct {
	// Target is the YARN version the output is for (zero: default).
	Target xmlconf.Version
	// Groups build hierarchy from flat queues.
	Groups []Group
	// MaxParallelApps emits max-parallel-apps (YARN 3.3+) from the
	// Hadoop 1 jobs-initialized limit.
	MaxParallelApps bool
	// IgnoreScheduler migrates even when the JobTracker did not run the
	// CapacityTaskScheduler.
	IgnoreScheduler bool
}

// Status says what became of a Hadoop 1 property.
type Status string

// Property outcomes.
const (
	Mapped       Status = "mapped"
	Approximated Status = "approximated"
	Dropped      Status = "dropped"
)

// PropertyReport is the fate of one Hadoop 1 property.
type PropertyReport struct {
	File    string   `json:"file"`
	Line    int      `json:"line,omitempty"`
	Key     string   `json:"key"`
	Value   string   `json:"value"`
	Status  Status   `json:"status"`
	Targets []string `json:"targets,omitempty"`
	Reason  string   `json:"reason,omitempty"`
}

// QueueReport compares a queue's share of the cluster before and after.
type QueueReport struct {
	Source string `json:"source"`
	Path   string `json:"path"`
	// Abs* are percentages of the cluster.
	AbsCapacityBefore float64 `json:"abs_capacity_before"`
	AbsCapacityAfter  float64 `json:"abs_capacity_after"`
	AbsMaxBefore      float64 `json:"abs_max_capacity_before"`
	AbsMaxAfter       float64 `json:"abs_max_capacity_after"`
	// Match is true when both differ by at most Tolerance.
	Match bool   `json:"match"`
	Note  string `json:"note,omitempty"`
}

// Tolerance is the largest difference in cluster percentage points
// between a queue's absolute values before and after that counts as kept.
const Tolerance = 0.01

// Setting is a yarn-site.xml setting the migration implies.
type Setting struct {
	Key    string `json:"key"`
	Value  string `json:"value"`
	Reason string `json:"reason"`
}

// Report is the human and machine account of a migration.
type Report struct {
	Dialect       xmlconf.H1Dialect `json:"dialect"`
	DialectReason string            `json:"dialect_reason"`
	Target        xmlconf.Version   `json:"target"`
	Queues        []QueueReport     `json:"queues"`
	Properties    []PropertyReport  `json:"properties"`
	YarnSite      []Setting         `json:"yarn_site"`
	Findings      []xmlconf.Finding `json:"findings"`
}

// Result is a migration: the capacity-scheduler.xml properties in write
// order (with their source comments), yarn-site.xml settings, the report.
type Result struct {
	CapacityScheduler []xmlconf.WriteProperty
	YarnSite          []xmlconf.WriteProperty
	Report            Report
}

// HasErrors reports whether any finding is an error.
func (r *Result) HasErrors() bool {
	for _, f := range r.Report.Findings {
		if f.Severity >= xmlconf.SeverityError {
			return true
		}
	}
	return false
}

// Migration rule IDs: what the conversion itself changed or could not
// carry over. JobTracker-side problems keep their H1 IDs. Each ID and its
// severity are declared once, in validate's registry; these name them.
var (
	RuleRescaled       = validate.H1MRescaled.ID       // capacities rescaled to sum to 100
	RuleRenamed        = validate.H1MRenamed.ID        // queue renamed for YARN
	RuleAdminNotSubmit = validate.H1MAdminNotSubmit.ID // YARN queue admins may submit
	RuleUnsetACL       = validate.H1MUnsetACL.ID       // unset ACL meant everyone
	RuleACLsDisabled   = validate.H1MACLsDisabled.ID   // ACLs were not enforced: not carried over
	RulePriority       = validate.H1MPriority.ID       // supports-priority has no per-queue switch
	RuleDropped        = validate.H1MDropped.ID        // setting with no YARN equivalent
	RuleAppLimits      = validate.H1MAppLimits.ID      // job limits vs maximum-applications
	RuleULF            = validate.H1MULF.ID            // user-limit-factor synthesised
	RuleState          = validate.H1MState.ID          // state text normalised
	RuleCeiling        = validate.H1MCeiling.ID        // ceiling semantics differ (0.21 containers)
	RuleSlots          = validate.H1MSlots.ID          // slots vs memory
	RuleQueueNames     = validate.H1MQueueNames.ID     // job queue names change
	RuleMaxRaised      = validate.H1MMaxRaised.ID      // maximum raised to fit a rescaled capacity
	RuleAdmins         = validate.H1MAdmins.ID         // cluster administrators
	RuleYarnSite       = validate.H1MYarnSite.ID       // yarn-site.xml settings to apply
	RuleGroup          = validate.H1MGroup.ID          // group parent created
	RuleOutputLint     = validate.H1MOutputLint.ID     // the output breaks a YARN rule
)
