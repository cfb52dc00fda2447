package xmlconf

import (
	"fmt"
	"strings"
)

// h1parser carries the model being built and the keys already consumed,
// so the leftovers can be reported as orphan, obsolete or unknown.
type h1parser struct {
	m        *H1Model
	consumed map[*Property]bool
}

// ParseHadoop1 resolves a Hadoop 1 file set the way the JobTracker does:
// mapred-site.xml with mapred-queue-acls.xml on top (final wins),
// capacity-scheduler.xml alone, or the 0.21 mapred-queues.xml tree. It
// never fails: what the JobTracker would refuse, and every value it would
// silently change, is a finding on the returned model.
func ParseHadoop1(files H1Files) *H1Model {
	m := &H1Model{Files: files}
	p := &h1parser{m: m, consumed: map[*Property]bool{}}
	m.JT = NewConf(h1Effective(files.MapredSite), h1Effective(files.QueueACLs))
	m.CS = NewConf(h1Effective(files.CapacityScheduler))
	m.Findings = append(m.Findings, m.JT.Findings...)
	m.Findings = append(m.Findings, m.CS.Findings...)
	if files.MapredQueues != nil {
		m.Findings = append(m.Findings, files.MapredQueues.Findings...)
	}
	p.detectDialect()
	p.parseGlobals()
	switch {
	case m.Deprecated021:
		p.parseFlat021()
	case m.Dialect == H1Dialect021:
		p.parseTree()
	default:
		p.parseFlat()
	}
	p.computeAbsolute()
	p.checkNames()
	p.inventory()
	p.noteSchedulerNotInEffect()
	m.Findings = SortFindings(m.Findings)
	return m
}

// add records a fact for rule; its severity is the rule's, which validate
// declares and judges (Severity stays zero here).
func (p *h1parser) add(rule string, pos Pos, queue, prop, msg, hint string) {
	p.addSev(rule, 0, pos, queue, prop, msg, hint)
}

// addSev records a fact the reader knows to be a softer variant of its
// rule (validate reports it at sev when that is lower than the rule's).
func (p *h1parser) addSev(rule string, sev Severity, pos Pos, queue, prop, msg, hint string) {
	p.m.Findings = append(p.m.Findings, Finding{Rule: rule, Severity: sev, Pos: pos,
		Queue: queue, Property: prop, Message: msg, Hint: hint})
}

// detectDialect picks the dialect from the keys present (§0), unless the
// caller forced one.
func (p *h1parser) detectDialect() {
	m := p.m
	_, hasNames := m.JT.Lookup(H1KeyQueueNames)
	_, has1xSched := m.JT.Lookup(H1KeyScheduler)
	_, has021Sched := m.JT.Lookup(H1KeyScheduler021)
	switch {
	case m.Files.Dialect != H1DialectUnknown:
		m.Dialect, m.DialectReason = m.Files.Dialect, "forced by the caller"
	case m.Files.MapredQueues != nil && !hasNames:
		m.Dialect, m.DialectReason = H1Dialect021, "mapred-queues.xml given and mapred.queue.names not set"
	case hasNames && (has021Sched || m.Files.MapredQueues != nil) && !has1xSched:
		m.Dialect, m.DialectReason = H1Dialect021, "mapred.queue.names set on a 0.21 JobTracker (mapreduce.* keys or mapred-queues.xml): the deprecated flat parser"
	default:
		m.Dialect, m.DialectReason = p.flatDialect()
	}
	m.Deprecated021 = m.Dialect == H1Dialect021 && hasNames
	if m.Files.MapredQueues != nil && m.Dialect != H1Dialect021 {
		pos := Pos{File: m.Files.MapredQueues.File}
		if np, ok := m.JT.Lookup(H1KeyQueueNames); ok {
			pos = np.NamePos
		}
		p.add(RuleH1QueuesXMLIgnored, pos, "", H1KeyQueueNames,
			fmt.Sprintf("mapred-queues.xml is ignored: %q is set, so the JobTracker uses the flat queue list", H1KeyQueueNames),
			"remove mapred.queue.names to use the hierarchy, or drop --mapred-queues")
	}
}

// flatDialect tells 0.20 from 1.x by the keys only 1.x reads.
func (p *h1parser) flatDialect() (H1Dialect, string) {
	if p.m.Files.QueueACLs != nil {
		return H1Dialect1x, "mapred-queue-acls.xml given"
	}
	markers1x := []string{"maximum-system-jobs", "default-user-limit-factor", "default-init-accept-jobs-factor",
		"default-maximum-active-tasks-per-queue", "default-maximum-active-tasks-per-user"}
	for _, k := range markers1x {
		if _, ok := p.m.CS.Lookup(H1CSPrefix + k); ok {
			return H1Dialect1x, fmt.Sprintf("%q set", H1CSPrefix+k)
		}
	}
	suffix1x := []string{".user-limit-factor", ".init-accept-jobs-factor", ".maximum-initialized-active-tasks",
		".maximum-initialized-active-tasks-per-user", ".maximum-capacity"}
	has020 := ""
	for _, k := range p.m.CS.Keys() {
		if !strings.HasPrefix(k, H1CSQueuePrefix) {
			continue
		}
		for _, s := range suffix1x {
			if strings.HasSuffix(k, s) {
				return H1Dialect1x, fmt.Sprintf("%q set", k)
			}
		}
		if strings.HasSuffix(k, ".maximum-initialized-jobs-per-user") && has020 == "" {
			has020 = k
		}
	}
	if _, ok := p.m.CS.Lookup(H1CSPrefix + "default-maximum-initialized-jobs-per-user"); ok && has020 == "" {
		has020 = H1CSPrefix + "default-maximum-initialized-jobs-per-user"
	}
	if has020 != "" {
		return H1Dialect020, fmt.Sprintf("%q set and no 1.x-only key", has020)
	}
	return H1Dialect1x, "no dialect-specific key; 1.x assumed"
}

// parseGlobals reads the JobTracker and scheduler-wide settings.
func (p *h1parser) parseGlobals() {
	m := p.m
	p.parseScheduler()
	m.ACLsEnabled = p.boolVal(m.JT, H1KeyACLsEnabled, Value[bool]{V: false}, "")
	m.Admins = p.aclVal(m.JT, H1KeyAdmins, " ", "")
	pollDef := int64(3000)
	if m.Dialect != H1Dialect1x {
		pollDef = 5000
	}
	if m.Dialect == H1Dialect1x {
		m.MaxSystemJobs = p.intVal(m.CS, H1CSPrefix+"maximum-system-jobs", Value[int32]{V: 5000}, "")
		m.MaxTasksPerHeartbeat = p.intVal(m.CS, H1CSPrefix+"maximum-tasks-per-heartbeat", Value[int32]{V: 32767}, "")
		m.MaxTasksAfterOffswitch = p.intVal(m.CS, H1CSPrefix+"maximum-tasks-after-offswitch", Value[int32]{V: 0}, "")
		p.positive32(m.MaxSystemJobs, "Invalid maximum system jobs: ")
	}
	m.InitPollInterval = p.longVal(m.CS, H1CSPrefix+"init-poll-interval", Value[int64]{V: pollDef}, "")
	m.InitWorkerThreads = p.intVal(m.CS, H1CSPrefix+"init-worker-threads", Value[int32]{V: 5}, "")
	if m.InitPollInterval.V <= 0 {
		p.add(RuleH1GlobalIllegal, m.InitPollInterval.Pos(), "", H1CSPrefix+"init-poll-interval",
			fmt.Sprintf("init-poll-interval is %d, must be > 0", m.InitPollInterval.V),
			fmt.Sprintf("the JobTracker fails: \"Invalid initializater poller interval %d\"", m.InitPollInterval.V))
	}
	p.positive32(m.InitWorkerThreads, "Invalid initializater worker thread number ")
	p.parseDefaults()
}

func (p *h1parser) positive32(v Value[int32], javaMsg string) {
	if v.V > 0 {
		return
	}
	key := ""
	if v.Prop != nil {
		key = v.Prop.Name
	}
	p.add(RuleH1GlobalIllegal, v.Pos(), "", key, fmt.Sprintf("%q is %d, must be > 0", key, v.V),
		fmt.Sprintf("the JobTracker fails: %q", fmt.Sprint(javaMsg, v.V)))
}

// parseScheduler checks that capacity-scheduler.xml was in effect at all.
func (p *h1parser) parseScheduler() {
	m := p.m
	key := H1KeyScheduler
	_, has1x := m.JT.Lookup(H1KeyScheduler)
	_, has021 := m.JT.Lookup(H1KeyScheduler021)
	// 0.21 reads its own key first; with neither set, a 0.21 set's hint
	// names the key 0.21 documents (felix-halim/maxflow-mapreduce's conf
	// was told to set the 1.x name).
	if (m.Dialect == H1Dialect021 && (has021 || !has1x)) || (has021 && !has1x) {
		key = H1KeyScheduler021
	}
	m.Scheduler = p.strVal(m.JT, key, H1DefaultScheduler)
	if m.Scheduler.V == H1CapacityTaskSchd {
		return
	}
	pos := m.Scheduler.Pos()
	if pos.IsZero() {
		if m.Files.MapredSite == nil {
			// No mapred-site.xml given: the scheduler class is unknown,
			// not the FIFO default, so there is nothing to report.
			return
		}
		pos = Pos{File: m.Files.MapredSite.File}
	}
	msg := fmt.Sprintf("the JobTracker runs %q, not %q, so the capacity scheduler settings were not in effect", m.Scheduler.V, H1CapacityTaskSchd)
	if JavaTrim(m.Scheduler.V) == H1CapacityTaskSchd {
		msg = fmt.Sprintf("scheduler class %q has blanks around it; Hadoop 1 does not trim it and fails to load the class", m.Scheduler.V)
	}
	p.add(RuleH1Scheduler, pos, "", key, msg, fmt.Sprintf("set %s to %s", key, H1CapacityTaskSchd))
}

func (p *h1parser) parseDefaults() {
	m, cs, d := p.m, p.m.CS, &p.m.Defaults
	d.MinUserLimitPercent = p.intVal(cs, H1CSPrefix+"default-minimum-user-limit-percent", Value[int32]{V: 100}, "")
	d.SupportsPriority = p.boolVal(cs, H1CSPrefix+"default-supports-priority", Value[bool]{V: false}, "")
	if m.Dialect == H1Dialect1x {
		d.UserLimitFactor = p.floatVal(cs, H1CSPrefix+"default-user-limit-factor", Value[float32]{V: 1}, "")
		d.MaxActiveTasksPerQ = p.intVal(cs, H1CSPrefix+"default-maximum-active-tasks-per-queue", Value[int32]{V: 200000}, "")
		d.MaxActiveTasksPerUser = p.intVal(cs, H1CSPrefix+"default-maximum-active-tasks-per-user", Value[int32]{V: 100000}, "")
		d.InitAcceptJobsFactor = p.intVal(cs, H1CSPrefix+"default-init-accept-jobs-factor", Value[int32]{V: 10}, "")
	} else {
		d.MaxInitJobsPerUser = p.intVal(cs, H1CSPrefix+"default-maximum-initialized-jobs-per-user", Value[int32]{V: 2}, "")
	}
}

// h1Effective drops the properties Hadoop 1's loadResource ignores
// entirely: one without a value (empty <value/>) sets nothing and, unlike
// Hadoop 2+, does not make the key final either.
func h1Effective(d *Document) *Document {
	if d == nil {
		return nil
	}
	out := &Document{File: d.File, Findings: d.Findings}
	for _, p := range d.Props {
		if !p.Unset {
			out.Props = append(out.Props, p)
		}
	}
	return out
}
