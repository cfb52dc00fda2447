package migrate

import (
	"fmt"
	"strings"

	"github.com/capq/capq/xmlconf"
)

// notes reports every setting that had no YARN equivalent or changes
// meaning, once the output is written.
func (mg *migration) notes() {
	mg.dropLimits()
	mg.dropPriority()
	mg.dropGlobals()
	mg.noteMemoryCeiling()
	mg.noteULF()
	m := mg.m
	if m.Dialect == xmlconf.H1Dialect021 && !m.Deprecated021 {
		mg.finding(RuleQueueNames, xmlconf.SeverityInfo, xmlconf.Pos{}, "", "",
			"jobs named queues by their full 0.21 name (\"parent:child\", mapreduce.job.queuename); on YARN use the leaf name or the full path root.parent.child", "")
		mg.noteCeilings()
	}
	mg.finding(RuleSlots, xmlconf.SeverityInfo, xmlconf.Pos{}, "", "",
		fmt.Sprintf("Hadoop 1 capacities were percentages of map slots and, separately, of reduce slots%s; YARN applies them to one memory (or memory and vcores) pool, and each MapReduce job also needs an ApplicationMaster container (maximum-am-resource-percent)", mg.slotsPerTT()), "")
}

// appPrioritySince is the first YARN whose CapacityScheduler orders
// applications by priority (YARN-1963; YarnConfiguration's
// cluster.max-application-priority, MAPREDUCE-6515's job priority mapping).
var appPrioritySince = xmlconf.Version{Major: 2, Minor: 8}

// hasAppPriority says whether the target can keep supports-priority.
func (mg *migration) hasAppPriority() bool { return mg.opts.Target.AtLeast(appPrioritySince) }

func (mg *migration) dropPriority() {
	for _, q := range mg.m.Leaves() {
		v := q.SupportsPriority
		if v.V && !mg.hasAppPriority() {
			mg.finding(RulePriority, xmlconf.SeverityWarning, v.Pos(), q.FullName, "supports-priority",
				fmt.Sprintf("supports-priority is true for %q: YARN %s orders a queue's applications by submission only (application priority came in 2.8), so job priorities are lost", q.FullName, mg.opts.Target),
				"target YARN 2.8 or later to keep job priorities")
			mg.use(v.Prop, Dropped, "", fmt.Sprintf("YARN %s has no application priority (2.8 and later)", mg.opts.Target))
			continue
		}
		if v.V {
			mg.finding(RulePriority, xmlconf.SeverityWarning, v.Pos(), q.FullName, "supports-priority",
				fmt.Sprintf("supports-priority is true for %q: YARN has no per-queue switch; job priorities need yarn.cluster.max-application-priority > 0 in yarn-site.xml (MapReduce maps VERY_HIGH..VERY_LOW to 5..1)", q.FullName),
				"set yarn.cluster.max-application-priority=5 and, if wanted, default-application-priority on the queue")
			mg.use(v.Prop, Approximated, "yarn-site.xml yarn.cluster.max-application-priority", "")
			continue
		}
		mg.use(v.Prop, Dropped, "", "false is YARN's behaviour when application priority is not enabled")
	}
	if p := mg.m.Defaults.SupportsPriority.Prop; p != nil {
		mg.use(p, Dropped, "", "resolved into each queue's supports-priority")
	}
}

// dropGlobals covers the scheduler-wide keys without a YARN equivalent.
func (mg *migration) dropGlobals() {
	m := mg.m
	drop := func(v *xmlconf.Property, sev xmlconf.Severity, reason string) {
		if v == nil {
			return
		}
		mg.use(v, Dropped, "", reason)
		mg.finding(RuleDropped, sev, v.ValuePos, "", v.Name, fmt.Sprintf("%q is dropped: %s", v.Name, reason), "")
	}
	drop(m.InitPollInterval.Prop, xmlconf.SeverityInfo, "YARN has no lazy job initialization, so no poller")
	drop(m.InitWorkerThreads.Prop, xmlconf.SeverityInfo, "YARN has no lazy job initialization, so no worker threads")
	drop(m.MaxTasksPerHeartbeat.Prop, xmlconf.SeverityWarning,
		"nearest YARN setting is per-node-heartbeat.maximum-container-assignments, which counts every container, not just maps")
	drop(m.MaxTasksAfterOffswitch.Prop, xmlconf.SeverityInfo,
		"nearest YARN setting is per-node-heartbeat.maximum-offswitch-assignments (default 1)")
	if !mg.limits && m.MaxSystemJobs.Prop != nil {
		mg.use(m.MaxSystemJobs.Prop, Dropped, "", "job limits not carried over")
	}
}

func (mg *migration) noteULF() {
	if mg.m.Dialect.HasUserLimitFactor() {
		if p := mg.m.Defaults.UserLimitFactor.Prop; p != nil {
			mg.use(p, Mapped, "", "resolved into each queue's user-limit-factor")
		}
		if p := mg.m.Defaults.MinUserLimitPercent.Prop; p != nil {
			mg.use(p, Mapped, "", "resolved into each queue's minimum-user-limit-percent")
		}
		return
	}
	if p := mg.m.Defaults.MinUserLimitPercent.Prop; p != nil {
		mg.use(p, Mapped, "", "resolved into each queue's minimum-user-limit-percent")
	}
	mg.finding(RuleULF, xmlconf.SeverityInfo, xmlconf.Pos{}, "", "user-limit-factor",
		fmt.Sprintf("user-limit-factor synthesised for every leaf: Hadoop %s had none, so one user could grow to the queue's ceiling (absolute maximum / absolute capacity, rounded up); set it to 1 instead if per-user caps are wanted", mg.m.Dialect), "")
}

// noteCeilings explains where a 0.21 ceiling changes: 0.21 checked
// maximum-capacity on leaves only, YARN bounds children by their parent.
func (mg *migration) noteCeilings() {
	for _, c := range mg.root.Children {
		c.walk(func(n *node) {
			if n.isLeaf() || n.Src == nil || n.Src.MaxCapacity.V == -1 {
				return
			}
			mg.finding(RuleCeiling, xmlconf.SeverityInfo, n.Src.MaxCapacity.Pos(), n.Src.FullName, "maximum-capacity",
				fmt.Sprintf("0.21 checked maximum-capacity on leaf queues only, so the %s%% cap of %q did not bound its children together; YARN enforces it on the parent", num(xmlconf.F32ToDecimal(n.Src.MaxCapacity.V)), n.Src.FullName), "")
		})
	}
}

// emitYarnSite lists the yarn-site.xml settings the source implies.
func (mg *migration) emitYarnSite() {
	m := mg.m
	add := func(k, v, why string) { mg.yarnSite = append(mg.yarnSite, Setting{Key: k, Value: v, Reason: why}) }
	add("yarn.resourcemanager.scheduler.class", "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler", mg.schedulerReason())
	add("yarn.acl.enable", fmt.Sprint(m.ACLsEnabled.V), "Hadoop 1 ACL enforcement: "+aclEnforcement(m))
	if m.ACLsEnabled.V {
		admins := m.Admins.Raw
		if m.Admins.Prop == nil {
			admins = " "
		}
		add("yarn.admin.acl", admins, "from "+xmlconf.H1KeyAdmins+"; add the user the ResourceManager runs as")
	}
	var prio []string
	for _, q := range m.Leaves() {
		if q.SupportsPriority.V {
			prio = append(prio, q.FullName)
		}
	}
	if len(prio) > 0 && mg.hasAppPriority() {
		add("yarn.cluster.max-application-priority", "5", "supports-priority was true on "+strings.Join(prio, ", ")+"; MapReduce maps VERY_HIGH..VERY_LOW to 5..1")
	}
	mg.finding(RuleYarnSite, xmlconf.SeverityInfo, xmlconf.Pos{}, "", "",
		fmt.Sprintf("set in yarn-site.xml: %s", yarnSiteSummary(mg.yarnSite)), "")
}

// schedulerReason says why yarn-site.xml names the CapacityScheduler. With
// --ignore-scheduler the JobTracker ran another scheduler (H1011 says so
// in the same report), so the reason must not claim it ran the
// CapacityTaskScheduler (issue 20).
func (mg *migration) schedulerReason() string {
	s := mg.m.Scheduler
	if s.V != xmlconf.H1CapacityTaskSchd {
		why := fmt.Sprintf("the JobTracker ran %s, not %s; converted anyway (--ignore-scheduler)", s.V, xmlconf.H1CapacityTaskSchd)
		if s.Prop != nil {
			mg.use(s.Prop, Approximated, "yarn-site.xml yarn.resourcemanager.scheduler.class", "replaced by YARN's CapacityScheduler (--ignore-scheduler)")
			why = "from " + source(s.Prop) + ": " + why
		}
		return why
	}
	if s.Prop != nil {
		mg.use(s.Prop, Mapped, "yarn-site.xml yarn.resourcemanager.scheduler.class", "")
		return "from " + source(s.Prop)
	}
	return "the JobTracker ran " + xmlconf.H1CapacityTaskSchd
}

func aclEnforcement(m *xmlconf.H1Model) string {
	if m.ACLsEnabled.Prop != nil {
		return source(m.ACLsEnabled.Prop)
	}
	return aclSwitch(m) + " (unset)"
}

func yarnSiteSummary(s []Setting) string {
	var parts []string
	for _, x := range s {
		parts = append(parts, fmt.Sprintf("%s=%q", x.Key, x.Value))
	}
	return strings.Join(parts, ", ")
}

// slotsPerTT names the TaskTracker slot counts when mapred-site sets them,
// as the TaskTracker reads them (ttSlots).
func (mg *migration) slotsPerTT() string {
	maps, okM, badM := mg.ttSlots("mapred.tasktracker.map.tasks.maximum")
	reds, okR, badR := mg.ttSlots("mapred.tasktracker.reduce.tasks.maximum")
	if !okM && !okR {
		return ""
	}
	var bad []string
	for _, b := range []string{badM, badR} {
		if b != "" {
			bad = append(bad, b)
		}
	}
	note := ""
	switch len(bad) {
	case 1:
		note = fmt.Sprintf("; %s is not a number, so Hadoop 1 used its default 2", bad[0])
	case 2:
		note = fmt.Sprintf("; %s and %s are not numbers, so Hadoop 1 used its default 2", bad[0], bad[1])
	}
	return fmt.Sprintf(" (%d map and %d reduce slots per TaskTracker%s)", maps, reds, note)
}

// ttSlots is the TaskTracker's conf.getInt(key, 2): Hadoop 1's getInt
// falls back to the default on a value it cannot parse, so a sed
// template's "MAP_TASKS_MAX" (utcompling/tacc-hadoop's mapred-site.xml)
// means 2 slots, not a count to quote. bad quotes such a value.
func (mg *migration) ttSlots(key string) (n int32, set bool, bad string) {
	v, ok, err := mg.m.JT.Get(key)
	if !ok || err != nil {
		return 2, false, ""
	}
	n, err = xmlconf.H1GetInt(v)
	if err != nil {
		return 2, true, fmt.Sprintf("%s=%q", key, v)
	}
	return n, true, ""
}
