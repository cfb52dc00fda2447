package migrate

import (
	"fmt"

	"github.com/capq/capq/xmlconf"
)

// emitGlobalLimits decides whether Hadoop 1's job-count limits carry over
// (only when maximum-system-jobs or an accept factor was set explicitly)
// and writes the global maximum-applications = S × default factor.
func (mg *migration) emitGlobalLimits() {
	m := mg.m
	if m.Dialect != xmlconf.H1Dialect1x {
		return
	}
	explicit := m.MaxSystemJobs.Prop != nil || m.Defaults.InitAcceptJobsFactor.Prop != nil
	for _, q := range m.Leaves() {
		explicit = explicit || q.InitAcceptJobsFactor.Origin == xmlconf.FromQueue
	}
	if !explicit {
		mg.finding(RuleAppLimits, xmlconf.SeverityInfo, xmlconf.Pos{}, "", "maximum-applications",
			fmt.Sprintf("maximum-system-jobs is not set: Hadoop 1 used %d with init-accept-jobs-factor %d; YARN's default maximum-applications (10000 system-wide, split by capacity) applies instead",
				m.MaxSystemJobs.V, m.Defaults.InitAcceptJobsFactor.V), "")
		return
	}
	if m.MaxSystemJobs.V <= 0 || m.Defaults.InitAcceptJobsFactor.V <= 0 {
		mg.finding(RuleAppLimits, xmlconf.SeverityWarning, m.MaxSystemJobs.Pos(), "", "maximum-applications",
			"the JobTracker refused the job limits (maximum-system-jobs or init-accept-jobs-factor ≤ 0); YARN's default maximum-applications applies", "")
		return
	}
	mg.limits = true
	k := xmlconf.Prefix + "maximum-applications"
	total := int64(int32(int64(m.MaxSystemJobs.V) * int64(m.Defaults.InitAcceptJobsFactor.V)))
	note := fmt.Sprintf("maximum-system-jobs %d × default init-accept-jobs-factor %d (jobs accepted system-wide)", m.MaxSystemJobs.V, m.Defaults.InitAcceptJobsFactor.V)
	// Hadoop 1 limited accepted jobs per queue only; a system-wide YARN
	// limit below the sum of the queues' limits would refuse jobs Hadoop 1
	// accepted (per-queue factors and ceil rounding can exceed S × F).
	if sum := mg.sumAccept(); sum > total {
		note = fmt.Sprintf("the sum of the queues' accept limits %d, above maximum-system-jobs %d × default init-accept-jobs-factor %d, so no job Hadoop 1 accepted is refused",
			sum, m.MaxSystemJobs.V, m.Defaults.InitAcceptJobsFactor.V)
		total = sum
	}
	mg.use(m.MaxSystemJobs.Prop, Mapped, k, "")
	mg.use(m.Defaults.InitAcceptJobsFactor.Prop, Mapped, k, "")
	mg.add(k, fmt.Sprint(total), note, valueSource(m.MaxSystemJobs.Prop, "maximum-system-jobs: Hadoop 1 default 5000"))
}

func (mg *migration) sumAccept() int64 {
	var sum int64
	for _, q := range mg.m.Leaves() {
		if l, ok := mg.m.JobLimits(q); ok && l.Accept > 0 {
			sum += l.Accept
		}
	}
	if sum > 1<<31-1 {
		sum = 1<<31 - 1
	}
	return sum
}

// emitLeafLimits writes maximum-applications (Hadoop 1's accept limit,
// same meaning: pending + running, excess submissions refused) and, when
// asked, max-parallel-apps (the jobs-initialized limit).
func (mg *migration) emitLeafLimits(n *node) {
	q := n.Src
	l, ok := mg.m.JobLimits(q)
	if !ok || !mg.limits || q.InitAcceptJobsFactor.V <= 0 {
		return // a factor ≤ 0 was refused by the JobTracker: YARN's default applies
	}
	k := key(n, "maximum-applications")
	mg.use(q.InitAcceptJobsFactor.Prop, Mapped, k, "")
	mg.add(k, fmt.Sprint(l.Accept), fmt.Sprintf("Hadoop 1 accept limit: ceil(maximum-system-jobs %d × capacity %s / 100) = %d initialized jobs × init-accept-jobs-factor %d",
		mg.m.MaxSystemJobs.V, num(xmlconf.F32ToDecimal(q.Capacity.V)), l.Init, q.InitAcceptJobsFactor.V))
	mg.checkPerUser(n, l)
	if mg.opts.MaxParallelApps {
		mg.add(key(n, "max-parallel-apps"), fmt.Sprint(l.Init), "Hadoop 1 jobs-initialized limit ceil(maximum-system-jobs × capacity / 100) (YARN 3.3+, opted in)")
	}
}

// checkPerUser compares YARN's derived per-user application limit
// (AbstractLeafQueue: min(max, (int)(max × MULP/100f × ULF))) with Hadoop
// 1's per-user accept limit, which ignores the user-limit-factor.
func (mg *migration) checkPerUser(n *node, l xmlconf.H1JobLimits) {
	q := n.Src
	maxApps := float32(l.Accept)
	// The factor YARN gets (a negative one is written as 0), not the source's.
	v, _ := mg.yarnULF(n)
	ulf := float32(v)
	yarn := int64(int32(maxApps * (float32(q.MinUserLimitPercent.V) / 100) * ulf))
	if yarn > l.Accept {
		yarn = l.Accept
	}
	if yarn == l.AcceptPerUser {
		return
	}
	mg.finding(RuleAppLimits, xmlconf.SeverityWarning, q.Pos, n.Path(), "maximum-applications",
		fmt.Sprintf("one user of %q could have %d jobs accepted in Hadoop 1, YARN derives %d (maximum-applications × minimum-user-limit-percent × user-limit-factor)", n.Path(), l.AcceptPerUser, yarn),
		"YARN has no per-queue per-user application limit to set; adjust user-limit-factor only if the job count matters more than the resource share")
}

// dropLimits lists the job-initialization settings YARN has no
// equivalent for.
func (mg *migration) dropLimits() {
	m := mg.m
	for _, q := range m.Leaves() {
		for i, v := range []xmlconf.Value[int32]{q.MaxInitActiveTasks, q.MaxInitActiveTasksPerUser} {
			if v.Origin != xmlconf.FromQueue {
				continue
			}
			mg.use(v.Prop, Dropped, "", "YARN has no limit on the tasks of accepted jobs (lost: rejecting a job whose task count alone exceeds the per-user limit)")
			sev, what := xmlconf.SeverityWarning, "huge jobs are no longer rejected at submission"
			if v.V == [2]int32{200000, 100000}[i] {
				sev, what = xmlconf.SeverityInfo, "it is the Hadoop 1 default"
			}
			mg.finding(RuleDropped, sev, v.Pos(), q.FullName, v.Prop.Name,
				fmt.Sprintf("%q = %d has no YARN equivalent and is dropped: %s", v.Prop.Name, v.V, what), "")
		}
		if v := q.MaxInitJobsPerUser; v.Origin == xmlconf.FromQueue {
			mg.use(v.Prop, Dropped, "", "no per-queue per-user running-job limit in YARN (3.3+ has only the global user.max-parallel-apps)")
			mg.finding(RuleDropped, xmlconf.SeverityWarning, v.Pos(), q.FullName, v.Prop.Name,
				fmt.Sprintf("maximum-initialized-jobs-per-user %d of %q has no per-queue YARN equivalent and is dropped", v.V, q.FullName), "")
		}
		if !mg.limits {
			mg.use(q.InitAcceptJobsFactor.Prop, Dropped, "", "job limits are carried over only when maximum-system-jobs is set")
		}
	}
	d := m.Defaults
	for i, v := range []xmlconf.Value[int32]{d.MaxActiveTasksPerQ, d.MaxActiveTasksPerUser, d.MaxInitJobsPerUser} {
		if v.Prop == nil {
			continue
		}
		mg.use(v.Prop, Dropped, "", "YARN has no equivalent job-initialization limit")
		sev := xmlconf.SeverityInfo
		if i < 2 && v.V != [2]int32{200000, 100000}[i] {
			sev = xmlconf.SeverityWarning
		}
		mg.finding(RuleDropped, sev, v.Pos(), "", v.Prop.Name, fmt.Sprintf("%q = %d has no YARN equivalent and is dropped", v.Prop.Name, v.V), "")
	}
}
