// Package migrate turns a Hadoop 1 (MRv1) queue configuration into a YARN
// Capacity Scheduler configuration that keeps every queue's absolute
// guarantee, ceiling, user limits, state and ACL meaning, and says
// property by property what was mapped, approximated or dropped.
//
// The rules, in the order they apply:
//
//   - Names: a queue name is trimmed; '.', ',', ':' and blanks become '_';
//     "root" becomes "root_"; before YARN 3.3 a repeated leaf name is
//     qualified with its parent's ("ops_etl"). Every rename is a warning.
//   - Capacities are copied (0.20/0.21: the remainder the old scheduler
//     split equally is written explicitly). A level YARN would refuse
//     (children's float fractions not 1 ± 0.0005, e.g. 100.5 or 3 × 33.3)
//     is rescaled ×100/sum and rounded to 2 decimals by the largest
//     remainder, ties to the earlier queue (Rescale), with a warning.
//     Children of a zero-capacity parent become 0.
//   - --group PARENT=q1,q2 puts top-level queues under a new parent whose
//     capacity is the sum of their absolute capacities; members are
//     rescaled to 100 inside it by the same rule.
//   - maximum-capacity: every queue keeps its absolute ceiling (≤ 0 or
//     unset in Hadoop 1 means 100), written relative to the parent's
//     absolute maximum and rounded to 2 decimals; never below the
//     guarantee. A group parent's ceiling is the sum of its members'
//     (at most 100; for YARN 2.x the largest one keeping every member's
//     relative capacity ≤ relative maximum). 0.21 leaves are relative to
//     the parent's guarantee, so m' = m × parentAbsCap / parentAbsMax.
//   - user-limit-factor and minimum-user-limit-percent are copied as
//     resolved (defaults applied); 0.20/0.21 had no factor: absMax/absCap
//     rounded up to 2 decimals.
//   - ACLs: when Hadoop 1 enforced them, root submit is " " and root admin
//     is mapreduce.cluster.administrators, parents get " ", leaves their
//     Hadoop 1 text, unset meaning "*"; otherwise root is "*" and no leaf
//     ACL is written.
//   - Job limits (1.x, only when maximum-system-jobs or an accept factor is
//     set): maximum-applications = the accept limit ceil(S·c/100) × factor,
//     the global one S × default factor (never below the queues' sum);
//     max-parallel-apps = ceil(S·c/100) when asked (YARN 3.3+).
//   - Everything else is listed as dropped with the reason; yarn-site.xml
//     settings (scheduler class, yarn.acl.enable, yarn.admin.acl,
//     application priority) go to a separate file or the report.
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

// ParseGroup reads "PARENT=q1,q2".
func ParseGroup(s string) (Group, error) {
	parent, list, ok := strings.Cut(s, "=")
	parent = strings.TrimSpace(parent)
	if !ok || parent == "" {
		return Group{}, fmt.Errorf("group %q: want PARENT=queue1,queue2", s)
	}
	g := Group{Parent: parent}
	for _, m := range strings.Split(list, ",") {
		if m = strings.TrimSpace(m); m != "" {
			g.Members = append(g.Members, m)
		}
	}
	if len(g.Members) == 0 {
		return Group{}, fmt.Errorf("group %q: no member queue", s)
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
