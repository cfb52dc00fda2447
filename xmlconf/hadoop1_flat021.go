package xmlconf

import "fmt"

// parseFlat021 is 0.21's DeprecatedQueueConfigurationParser: queues from
// mapred.queue.names, ACLs (default "*") and lowercase states from the
// JobTracker conf, and no per-queue scheduler properties, so the 0.21
// capacity scheduler treats every queue as unconfigured (equal shares).
func (p *h1parser) parseFlat021() {
	m := p.m
	prop, text, _ := p.lookup(m.JT, H1KeyQueueNames)
	m.QueueNames = prop
	names := H1SplitNames(text)
	if p.tooManyQueues(len(names), prop.ValuePos) {
		return
	}
	if len(names) == 0 {
		p.add(RuleH1NoQueues, prop.ValuePos, "", H1KeyQueueNames, fmt.Sprintf("%q lists no queue name", H1KeyQueueNames), "list the queues")
		return
	}
	p.add(RuleH1QueuesXMLIgnored, prop.NamePos, "", H1KeyQueueNames,
		"mapred.queue.names is set, so 0.21 uses its deprecated flat parser: mapred-queues.xml and per-queue capacities are not read, every queue gets an equal share",
		"remove mapred.queue.names and describe the queues in mapred-queues.xml")
	seen := map[string]bool{}
	d := m.Defaults
	for _, n := range names {
		if seen[n] {
			p.add(RuleH1QueueName, prop.ValuePos, n, H1KeyQueueNames, fmt.Sprintf("queue %q is listed twice; the JobTracker keeps one", n), "remove the duplicate")
			continue
		}
		seen[n] = true
		q := &H1Queue{Name: n, FullName: n, Pos: prop.ValuePos, Props: map[string]*Property{}}
		q.SubmitACL = p.flatACL(q, "acl-submit-job")
		q.AdminACL = p.flatACL(q, "acl-administer-jobs")
		p.flat021State(q)
		q.Capacity, q.MaxCapacity = Value[float32]{V: -1}, Value[float32]{V: -1}
		q.MinUserLimitPercent, q.MaxInitJobsPerUser = d.MinUserLimitPercent, d.MaxInitJobsPerUser
		q.SupportsPriority = Value[bool]{V: false}
		m.Roots = append(m.Roots, q)
		m.Queues = append(m.Queues, q)
	}
	p.treeShares(m.Roots, nil)
}

// flat021State mirrors QueueState.getState: exact lowercase names, anything
// else UNDEFINED (no job accepted).
func (p *h1parser) flat021State(q *H1Queue) {
	q.State, q.Running = Value[string]{V: "running", Raw: "running"}, true
	key := qmKey(q.Name, "state")
	prop, text, ok := p.lookup(p.m.JT, key)
	if !ok {
		return
	}
	p.remember(q, "state", prop)
	q.State = Value[string]{V: text, Raw: prop.Value, Origin: FromQueue, Prop: prop}
	switch text {
	case "running":
	case "stopped":
		q.Running = false
	default:
		q.Running = false
		p.addSev(RuleH1State, SeverityWarning, prop.ValuePos, q.FullName, key,
			fmt.Sprintf("state %q is not \"running\" or \"stopped\" (exact lowercase): 0.21 marks the queue UNDEFINED, which accepts no job", text),
			"write running or stopped in lowercase")
	}
}
