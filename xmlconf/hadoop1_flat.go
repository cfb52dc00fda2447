package xmlconf

import (
	"fmt"
	"math"
)

// csKey is CapacitySchedulerConf.toFullPropertyName.
func csKey(queue, prop string) string { return H1CSQueuePrefix + queue + "." + prop }

// qmKey is QueueManager.toFullPropertyName.
func qmKey(queue, prop string) string { return H1QueuePrefix + queue + "." + prop }

// parseFlat builds the 0.20/1.x queue list from mapred.queue.names
// (QueueManager.parseQueues) and resolves each queue.
func (p *h1parser) parseFlat() {
	m := p.m
	names := []string{"default"}
	pos := p.defaultQueueListPos()
	if prop, text, ok := p.lookup(m.JT, H1KeyQueueNames); ok {
		m.QueueNames, pos = prop, prop.ValuePos
		names = H1SplitNames(text)
	}
	if p.tooManyQueues(len(names), pos) {
		return
	}
	if len(names) == 0 {
		// StringUtils.getStrings returns null for a list of only commas;
		// QueueManager then fails on it.
		p.add(RuleH1NoQueues, pos, "", H1KeyQueueNames, fmt.Sprintf("%q lists no queue name", H1KeyQueueNames),
			"list the queues, e.g. \"default,etl\"")
		return
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			p.add(RuleH1QueueName, pos, n, H1KeyQueueNames, fmt.Sprintf("queue %q is listed twice; the JobTracker keeps one", n), "remove the duplicate")
			continue
		}
		seen[n] = true
		q := &H1Queue{Name: n, FullName: n, Pos: pos, Props: map[string]*Property{}}
		p.resolveFlatQueue(q)
		m.Roots = append(m.Roots, q)
		m.Queues = append(m.Queues, q)
	}
	if !seen["default"] {
		p.add(RuleH1NoDefaultQueue, pos, "", H1KeyQueueNames, "no queue is named \"default\": jobs that name no queue fail at submission",
			"add a default queue, or make sure every job sets mapred.job.queue.name")
	}
	p.flatCapacitySum()
}

// resolveFlatQueue reads one queue's ACLs, state and scheduler settings.
func (p *h1parser) resolveFlatQueue(q *H1Queue) {
	m := p.m
	q.SubmitACL = p.flatACL(q, "acl-submit-job")
	q.AdminACL = p.flatACL(q, "acl-administer-jobs")
	q.State, q.Running = Value[string]{V: "RUNNING", Raw: "RUNNING"}, true
	if m.Dialect == H1Dialect1x {
		p.flatState(q)
	}
	p.flatCapacity(q)
	d := m.Defaults
	q.MinUserLimitPercent = p.queueInt(q, "minimum-user-limit-percent", d.MinUserLimitPercent)
	p.checkUserLimit(q)
	q.SupportsPriority = p.queueBool(q, "supports-priority", d.SupportsPriority)
	if m.Dialect == H1Dialect020 {
		q.MaxInitJobsPerUser = p.queueInt(q, "maximum-initialized-jobs-per-user", d.MaxInitJobsPerUser)
		p.checkPositive(q, q.MaxInitJobsPerUser, "maximum-initialized-jobs-per-user", "Invalid maximum jobs per user configuration ")
		return
	}
	q.MaxCapacity = p.flatMaxCapacity(q)
	q.UserLimitFactor = p.queueFloat(q, "user-limit-factor", d.UserLimitFactor)
	p.checkULF(q)
	q.MaxInitActiveTasks = p.queueInt(q, "maximum-initialized-active-tasks", d.MaxActiveTasksPerQ)
	q.MaxInitActiveTasksPerUser = p.queueInt(q, "maximum-initialized-active-tasks-per-user", d.MaxActiveTasksPerUser)
	q.InitAcceptJobsFactor = p.queueInt(q, "init-accept-jobs-factor", d.InitAcceptJobsFactor)
	p.checkPositive(q, q.InitAcceptJobsFactor, "init-accept-jobs-factor", "Invalid maximum jobs per user configuration ")
	if q.MaxInitActiveTasks.V < q.MaxInitActiveTasksPerUser.V {
		pos := q.MaxInitActiveTasks.Pos()
		if pos.IsZero() {
			pos = q.MaxInitActiveTasksPerUser.Pos()
		}
		p.add(RuleH1TaskLimits, pos, q.FullName, csKey(q.Name, "maximum-initialized-active-tasks"),
			fmt.Sprintf("queue %q may initialize %d active tasks but %d per user; the per-queue limit must not be lower",
				q.Name, q.MaxInitActiveTasks.V, q.MaxInitActiveTasksPerUser.V),
			fmt.Sprintf("the JobTracker fails: \"Illegal queue configuration for queue '%s'\"", q.Name))
	}
}

func (p *h1parser) queueInt(q *H1Queue, prop string, def Value[int32]) Value[int32] {
	v := p.intVal(p.m.CS, csKey(q.Name, prop), def, q.FullName)
	p.remember(q, prop, v.Prop)
	return v
}

func (p *h1parser) queueFloat(q *H1Queue, prop string, def Value[float32]) Value[float32] {
	v := p.floatVal(p.m.CS, csKey(q.Name, prop), def, q.FullName)
	p.remember(q, prop, v.Prop)
	return v
}

func (p *h1parser) queueBool(q *H1Queue, prop string, def Value[bool]) Value[bool] {
	v := p.boolVal(p.m.CS, csKey(q.Name, prop), def, q.FullName)
	p.remember(q, prop, v.Prop)
	return v
}

func (p *h1parser) remember(q *H1Queue, suffix string, prop *Property) {
	if prop != nil && prop.Name != "" && (prop.Name == csKey(q.Name, suffix) || prop.Name == qmKey(q.Name, suffix)) {
		q.Props[suffix] = prop
	}
}

func (p *h1parser) flatACL(q *H1Queue, suffix string) Value[ACL] {
	key := qmKey(q.Name, suffix)
	v := p.aclVal(p.m.JT, key, "*", q.FullName)
	p.remember(q, suffix, v.Prop)
	if v.Prop != nil && p.m.Files.MapredSite != nil && v.Prop.Pos.File == p.m.Files.MapredSite.File &&
		p.m.Dialect == H1Dialect1x {
		p.add(RuleH1ACLLocation, v.Prop.NamePos, q.FullName, key,
			fmt.Sprintf("queue ACL %q is in mapred-site.xml: deprecated but honoured unless mapred-queue-acls.xml redefines it", key),
			"move it to mapred-queue-acls.xml")
	}
	return v
}

// flatState mirrors Configuration.getEnum: the exact constant name or
// the JobTracker does not start.
func (p *h1parser) flatState(q *H1Queue) {
	key := qmKey(q.Name, "state")
	prop, text, ok := p.lookup(p.m.JT, key)
	if !ok {
		return
	}
	p.remember(q, "state", prop)
	q.State = Value[string]{V: text, Raw: prop.Value, Origin: FromQueue, Prop: prop}
	switch text {
	case "RUNNING":
	case "STOPPED":
		q.Running = false
	default:
		q.Running = false
		p.add(RuleH1State, prop.ValuePos, q.FullName, key,
			fmt.Sprintf("state %q is not RUNNING or STOPPED (exact case): the JobTracker does not start", text),
			"write RUNNING or STOPPED in capitals, without blanks")
	}
}

// flatCapacity is CapacitySchedulerConf.getCapacity: presence by getRaw,
// value by getFloat with -1 as the fallback.
func (p *h1parser) flatCapacity(q *H1Queue) {
	key := csKey(q.Name, "capacity")
	prop, text, ok := p.lookup(p.m.CS, key)
	if !ok {
		q.Capacity = Value[float32]{V: -1}
		if p.m.Dialect == H1Dialect1x {
			p.add(RuleH1CapacityMissing, q.Pos, q.FullName, key,
				fmt.Sprintf("queue %q has no capacity%s", q.Name, p.defaultQueueListNote()),
				fmt.Sprintf("the JobTracker fails: \"Queue '%s' doesn't have configured capacity!\"; set %s", q.Name, key))
		}
		return
	}
	p.remember(q, "capacity", prop)
	q.CapacityConfigured = true
	q.Capacity = Value[float32]{Raw: prop.Value, Origin: FromQueue, Prop: prop}
	f, err := ParseJavaFloat(text)
	if err != nil {
		f = -1
		q.Capacity.Err = err.Error()
	}
	q.Capacity.V = f
	if f < 0 || f > 100 {
		p.add(RuleH1CapacityIllegal, prop.ValuePos, q.FullName, key,
			fmt.Sprintf("capacity %q of queue %q must be a number from 0 to 100", text, q.Name),
			fmt.Sprintf("the JobTracker fails: \"Illegal capacity for queue %s of %s\"", q.Name, FormatJavaFloat(f)))
	}
}

// flatMaxCapacity is CapacitySchedulerConf.getMaxCapacity: <= 0 or
// unparseable means no limit.
func (p *h1parser) flatMaxCapacity(q *H1Queue) Value[float32] {
	key := csKey(q.Name, "maximum-capacity")
	v := p.floatVal(p.m.CS, key, Value[float32]{V: -1}, q.FullName)
	p.remember(q, "maximum-capacity", v.Prop)
	p.noLimitQuirk(v, q, key)
	if v.V <= 0 {
		v.V = -1
	}
	switch {
	case v.V > 100:
		p.add(RuleH1MaxCapacity, v.Pos(), q.FullName, key,
			fmt.Sprintf("maximum-capacity %s of queue %q is above 100", FormatJavaFloat(v.V), q.Name),
			fmt.Sprintf("the JobTracker fails: \"Illegal maximum-capacity for queue %s of %s\"", q.Name, FormatJavaFloat(v.V)))
	case v.V != -1 && v.V < q.Capacity.V:
		p.add(RuleH1MaxCapacity, v.Pos(), q.FullName, key,
			fmt.Sprintf("maximum-capacity %s of queue %q is below its capacity %s", FormatJavaFloat(v.V), q.Name, FormatJavaFloat(q.Capacity.V)),
			fmt.Sprintf("the JobTracker fails: \"maximum-capacity %s for a queue should be greater than or equal to capacity \"", FormatJavaFloat(v.V)))
	}
	return v
}

func (p *h1parser) checkUserLimit(q *H1Queue) {
	v := q.MinUserLimitPercent
	if v.V > 0 && v.V <= 100 {
		return
	}
	p.add(RuleH1UserLimit, p.valuePos(v.Prop, q), q.FullName, propName(v.Prop, csKey(q.Name, "minimum-user-limit-percent")),
		fmt.Sprintf("minimum-user-limit-percent %d of queue %q must be from 1 to 100", v.V, q.Name),
		fmt.Sprintf("the JobTracker fails: \"Invalid user limit : %d for queue : %s\"", v.V, q.Name))
}

func (p *h1parser) checkULF(q *H1Queue) {
	v := q.UserLimitFactor
	if v.V > 0 && !math.IsNaN(float64(v.V)) {
		return
	}
	p.add(RuleH1UserLimitFactor, p.valuePos(v.Prop, q), q.FullName, propName(v.Prop, csKey(q.Name, "user-limit-factor")),
		fmt.Sprintf("user-limit-factor %s of queue %q lets no user run a task", FormatJavaFloat(v.V), q.Name),
		"use 1 (a user may take the queue's capacity) or more")
}

func (p *h1parser) checkPositive(q *H1Queue, v Value[int32], suffix, javaMsg string) {
	if v.V > 0 {
		return
	}
	key := propName(v.Prop, csKey(q.Name, suffix))
	p.add(RuleH1AcceptFactor, p.valuePos(v.Prop, q), q.FullName, key,
		fmt.Sprintf("%s is %d for queue %q, must be > 0", suffix, v.V, q.Name),
		fmt.Sprintf("the JobTracker fails: \"%s%d\"", javaMsg, v.V))
}

func (p *h1parser) valuePos(prop *Property, q *H1Queue) Pos {
	if prop != nil {
		return prop.ValuePos
	}
	return q.Pos
}

func propName(prop *Property, def string) string {
	if prop != nil {
		return prop.Name
	}
	return def
}

// flatCapacitySum runs the start-up sum check: 1.x refuses
// Math.floor(sum) != 100; 0.20 splits 100 − Σconfigured equally among
// queues without a capacity and refuses only sum > 100.
func (p *h1parser) flatCapacitySum() {
	m := p.m
	var sum float32
	var unconfigured []*H1Queue
	for _, q := range m.Roots {
		if !q.CapacityConfigured {
			unconfigured = append(unconfigured, q)
			continue
		}
		if q.Capacity.V >= 0 {
			sum += q.Capacity.V
		}
	}
	pos := m.Roots[0].Pos
	if pos.Line == 0 && m.Roots[0].Capacity.Prop != nil {
		// No mapred.queue.names (QueueManager's default "default", often a
		// capacity-scheduler.xml linted alone): point at the capacity read
		// rather than at a mapred-site.xml nobody gave.
		pos = m.Roots[0].Capacity.Pos()
	}
	if m.Dialect == H1Dialect020 {
		if len(unconfigured) > 0 {
			share := (100 - sum) / float32(len(unconfigured))
			for _, q := range unconfigured {
				q.Capacity.V, q.Capacity.Origin = share, FromComputed
			}
		}
		if sum > 100 {
			p.add(RuleH1CapacitySum, pos, "", H1KeyQueueNames,
				fmt.Sprintf("queue capacities sum to %s, above 100", FormatJavaFloat(sum)),
				fmt.Sprintf("the JobTracker fails: \"Sum of queue capacities over 100%% at %s\"", FormatJavaFloat(sum)))
		}
		return
	}
	if len(unconfigured) > 0 {
		return // the JobTracker already failed on the missing capacity
	}
	if math.Floor(float64(sum)) != 100 {
		p.add(RuleH1CapacitySum, pos, "", H1KeyQueueNames,
			fmt.Sprintf("queue capacities sum to %s; the JobTracker requires Math.floor(sum) == 100", FormatJavaFloat(sum)),
			fmt.Sprintf("the JobTracker fails: \"Sum of queue capacities not 100%% at %s\"", FormatJavaFloat(sum)))
	}
}

// noLimitQuirk warns when a maximum-capacity of 0 or below (other than
// the documented -1) silently means "no limit" rather than "nothing".
func (p *h1parser) noLimitQuirk(v Value[float32], q *H1Queue, key string) {
	if v.Prop == nil || v.Err != "" || v.V > 0 || v.V == -1 {
		return
	}
	p.add(RuleH1Fallback, v.Prop.ValuePos, q.FullName, key,
		fmt.Sprintf("maximum-capacity %q of queue %q means no limit, not %s: the scheduler turns every value ≤ 0 into -1", v.Raw, q.FullName, FormatJavaFloat(v.V)),
		"write -1 (or leave it unset) for no limit")
}

// defaultQueueListPos is where a queue of QueueManager's default list
// (mapred.queue.names unset: getStrings(..., {"default"})) is declared:
// the mapred-site.xml it is missing from, or, when none was given, the
// first file of the set that was, never a mapred-site.xml nobody gave.
func (p *h1parser) defaultQueueListPos() Pos {
	for _, d := range []*Document{p.m.Files.MapredSite, p.m.Files.QueueACLs, p.m.Files.CapacityScheduler} {
		if d != nil {
			return Pos{File: d.File}
		}
	}
	return Pos{}
}

// defaultQueueListNote says, in a finding about a queue of that default
// list, where the queue came from: without it a finding on "default"
// pointed at a file that does not define it.
func (p *h1parser) defaultQueueListNote() string {
	switch {
	case p.m.QueueNames != nil:
		return ""
	case p.m.Files.MapredSite == nil:
		return fmt.Sprintf(" (no mapred-site.xml was given, so %s is Hadoop's default \"default\")", H1KeyQueueNames)
	}
	return fmt.Sprintf(" (%s is unset, so it is Hadoop's default \"default\")", H1KeyQueueNames)
}
