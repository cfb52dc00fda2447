package xmlconf

import (
	"fmt"
	"strings"
)

// parseTree builds the 0.21 hierarchy from mapred-queues.xml
// (QueueConfigurationParser + the contrib QueueHierarchyBuilder).
func (p *h1parser) parseTree() {
	m := p.m
	doc := m.Files.MapredQueues
	if doc == nil {
		return
	}
	// 0.21 reads ACLs only when <queues aclsEnabled="true">; the flat
	// mapred.acls.enabled is read by the deprecated parser only.
	if prop := m.ACLsEnabled.Prop; prop != nil {
		p.add(RuleH1DialectMismatched, prop.NamePos, "", prop.Name,
			fmt.Sprintf("%q is ignored with mapred-queues.xml: 0.21 enables ACLs with <queues aclsEnabled=\"true\">", prop.Name),
			"set the aclsEnabled attribute instead")
	}
	m.ACLsEnabled = doc.ACLsEnabled
	if p.tooManyQueues(countQueueElems(doc.Queues), Pos{File: doc.File}) {
		return
	}
	for _, e := range doc.Queues {
		m.Roots = append(m.Roots, p.treeQueue(e, nil))
	}
	if len(m.Roots) == 0 {
		p.add(RuleH1NoQueues, Pos{File: doc.File}, "", "", "mapred-queues.xml defines no queue",
			"the JobTracker fails: \"No queues defined \"")
		return
	}
	p.walk(m.Roots, func(q *H1Queue) { m.Queues = append(m.Queues, q) })
	p.treeShares(m.Roots, nil)
	for _, q := range m.Queues {
		p.treeMaxCheck(q)
	}
}

func (p *h1parser) walk(qs []*H1Queue, f func(*H1Queue)) {
	for _, q := range qs {
		f(q)
		p.walk(q.Children, f)
	}
}

func (p *h1parser) treeQueue(e *H1QueueElem, parent *H1Queue) *H1Queue {
	q := &H1Queue{Name: e.Name.Text, FullName: e.Name.Text, Parent: parent, Pos: e.Name.Pos, Props: map[string]*Property{}}
	if parent != nil {
		q.FullName = parent.FullName + ":" + q.Name
	}
	for _, prop := range e.Properties {
		q.Props[prop.Name] = prop // java.util.Properties: the last one wins
	}
	for _, c := range e.Children {
		q.Children = append(q.Children, p.treeQueue(c, q))
	}
	p.treeACLsAndState(q, e)
	p.treeValues(q)
	return q
}

func (p *h1parser) treeACLsAndState(q *H1Queue, e *H1QueueElem) {
	q.State, q.Running = Value[string]{V: "running", Raw: "running"}, true
	if e.State != nil && q.IsLeaf() {
		prop := textProp(e.State, "state")
		q.Props["state"] = prop
		q.State = Value[string]{V: e.State.Text, Raw: e.State.Text, Origin: FromQueue, Prop: prop}
		switch e.State.Text {
		case "running":
		case "stopped":
			q.Running = false
		default:
			q.Running = false
			p.addSev(RuleH1State, SeverityWarning, e.State.Pos, q.FullName, "state",
				fmt.Sprintf("state %q is not \"running\" or \"stopped\" (exact lowercase): 0.21 marks the queue UNDEFINED, which accepts no job", e.State.Text),
				"write running or stopped in lowercase, without blanks")
		}
	}
	q.SubmitACL = p.treeACL(q, e.SubmitACL, "acl-submit-job")
	q.AdminACL = p.treeACL(q, e.AdminACL, "acl-administer-jobs")
}

// treeACL: an absent element means "*" in 0.21.0 (" " in later parsers).
func (p *h1parser) treeACL(q *H1Queue, t *H1Text, name string) Value[ACL] {
	if t == nil || !q.IsLeaf() {
		return Value[ACL]{V: H1ParseACL("*"), Raw: "*"}
	}
	prop := textProp(t, name)
	q.Props[name] = prop
	if p.m.ACLsEnabled.V {
		p.aclQuirks(prop, t.Text, q.FullName)
	}
	return Value[ACL]{V: H1ParseACL(t.Text), Raw: t.Text, Origin: FromQueue, Prop: prop}
}

func textProp(t *H1Text, name string) *Property {
	return &Property{Name: name, Value: t.Text, Pos: t.Pos, NamePos: t.Pos, ValuePos: t.Pos}
}

// treeValues resolves the 0.21 per-queue properties. 0.21's own helpers
// use Float.parseFloat / Integer.parseInt with a silent default and
// Boolean.parseBoolean (any case).
func (p *h1parser) treeValues(q *H1Queue) {
	d := p.m.Defaults
	known := map[string]bool{"capacity": true, "maximum-capacity": true, "minimum-user-limit-percent": true,
		"supports-priority": true, "maximum-initialized-jobs-per-user": true, "state": true,
		"acl-submit-job": true, "acl-administer-jobs": true}
	for k, prop := range q.Props {
		if !known[k] {
			p.add(RuleH1Unknown, prop.Pos, q.FullName, k, fmt.Sprintf("property %q of queue %q is not read by the 0.21 capacity scheduler", k, q.FullName), "remove it")
		}
	}
	q.Capacity = Value[float32]{V: -1}
	if prop := q.Props["capacity"]; prop != nil {
		f, err := ParseJavaFloat(prop.Value)
		q.Capacity = Value[float32]{V: f, Raw: prop.Value, Origin: FromQueue, Prop: prop}
		switch {
		case err != nil:
			q.Capacity.V, q.Capacity.Err = -1, err.Error()
			p.fallback(prop, q.FullName, prop.Value, "no capacity (the queue gets an equal share of what its siblings leave)")
		case f > 100:
			p.add(RuleH1CapacityIllegal, prop.Pos, q.FullName, "capacity", fmt.Sprintf("capacity %q of queue %q is above 100", prop.Value, q.FullName),
				fmt.Sprintf("the JobTracker fails: \"Illegal capacity for queue %s of %s\"", q.FullName, FormatJavaFloat(f)))
		case f < 0:
			q.Capacity.V = -1
		default:
			q.CapacityConfigured = true
		}
	}
	q.MaxCapacity = p.treeFloat(q, "maximum-capacity", Value[float32]{V: -1})
	p.noLimitQuirk(q.MaxCapacity, q, "maximum-capacity")
	if q.MaxCapacity.V <= 0 {
		q.MaxCapacity.V = -1
	}
	q.MinUserLimitPercent = p.treeInt(q, "minimum-user-limit-percent", d.MinUserLimitPercent)
	if q.IsLeaf() {
		p.checkUserLimit(q)
	}
	q.MaxInitJobsPerUser = p.treeInt(q, "maximum-initialized-jobs-per-user", d.MaxInitJobsPerUser)
	q.SupportsPriority = Value[bool]{V: false}
	if prop := q.Props["supports-priority"]; prop != nil {
		q.SupportsPriority = Value[bool]{V: strings.EqualFold(prop.Value, "true"), Raw: prop.Value, Origin: FromQueue, Prop: prop}
	}
}

func (p *h1parser) treeFloat(q *H1Queue, key string, def Value[float32]) Value[float32] {
	prop := q.Props[key]
	if prop == nil {
		return def
	}
	v := Value[float32]{Raw: prop.Value, Origin: FromQueue, Prop: prop}
	f, err := ParseJavaFloat(prop.Value)
	if err != nil {
		v.V, v.Err = def.V, err.Error()
		p.fallback(prop, q.FullName, prop.Value, "the default "+FormatJavaFloat(def.V))
		return v
	}
	v.V = f
	return v
}

func (p *h1parser) treeInt(q *H1Queue, key string, def Value[int32]) Value[int32] {
	prop := q.Props[key]
	if prop == nil {
		return def
	}
	v := Value[int32]{Raw: prop.Value, Origin: FromQueue, Prop: prop}
	n, err := ParseJavaInt(prop.Value)
	if err != nil {
		v.V, v.Err = def.V, err.Error()
		p.fallback(prop, q.FullName, prop.Value, fmt.Sprintf("the default %d", def.V))
		return v
	}
	v.V = n
	return v
}

// treeShares gives each level's unconfigured queues an equal share of
// what their configured siblings leave, and refuses a level over 100.
func (p *h1parser) treeShares(level []*H1Queue, parent *H1Queue) {
	var sum float32
	var unconfigured []*H1Queue
	names := make([]string, 0, len(level))
	for _, q := range level {
		names = append(names, q.FullName)
		if q.CapacityConfigured {
			sum += q.Capacity.V
		} else {
			unconfigured = append(unconfigured, q)
		}
	}
	if sum > 100 {
		p.add(RuleH1CapacitySum, level[0].Pos, parentName(parent), "capacity",
			fmt.Sprintf("capacities of %s sum to %s, above 100", strings.Join(names, ", "), FormatJavaFloat(sum)),
			fmt.Sprintf("the JobTracker fails: \"The cumulative capacity for the queues (%s) at the same level has overflown over 100%% at %s%%\"",
				strings.Join(names, ","), FormatJavaFloat(sum)))
	}
	if n := len(unconfigured); n > 0 {
		share := (100 - sum) / float32(n)
		if share < 0 {
			share = 0
		}
		for _, q := range unconfigured {
			q.Capacity.V, q.Capacity.Origin = share, FromComputed
			if q.MaxCapacity.V != -1 && share > q.MaxCapacity.V {
				p.add(RuleH1ShareOverMax, q.Pos, q.FullName, "maximum-capacity",
					fmt.Sprintf("queue %q gets the unassigned share %s, above its maximum-capacity %s", q.FullName, FormatJavaFloat(share), FormatJavaFloat(q.MaxCapacity.V)),
					"the JobTracker fails with an IllegalStateException; configure the capacity explicitly")
			}
		}
	}
	for _, q := range level {
		if len(q.Children) > 0 {
			p.treeShares(q.Children, q)
		}
	}
}

func parentName(q *H1Queue) string {
	if q == nil {
		return ""
	}
	return q.FullName
}

func (p *h1parser) treeMaxCheck(q *H1Queue) {
	mc := q.MaxCapacity
	switch {
	case mc.V > 100:
		p.add(RuleH1MaxCapacity, mc.Pos(), q.FullName, "maximum-capacity", fmt.Sprintf("maximum-capacity %s of queue %q is above 100", FormatJavaFloat(mc.V), q.FullName),
			fmt.Sprintf("the JobTracker fails: \"Illegal maximum-capacity-stretch for queue %s of %s\"", q.FullName, FormatJavaFloat(mc.V)))
	case mc.V != -1 && q.CapacityConfigured && mc.V < q.Capacity.V:
		p.add(RuleH1MaxCapacity, mc.Pos(), q.FullName, "maximum-capacity", fmt.Sprintf("maximum-capacity %s of queue %q is below its capacity %s", FormatJavaFloat(mc.V), q.FullName, FormatJavaFloat(q.Capacity.V)),
			"the JobTracker fails: \"maximum-capacity-stretch for a queue should be greater than capacity \"")
	}
}

// countQueueElems counts the <queue> elements of a mapred-queues.xml tree.
func countQueueElems(es []*H1QueueElem) int {
	n := len(es)
	for _, e := range es {
		n += countQueueElems(e.Children)
	}
	return n
}
