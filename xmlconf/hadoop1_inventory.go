package xmlconf

import (
	"fmt"
	"strconv"
	"strings"
)

// computeAbsolute fills the cluster shares the source scheduler used.
// Flat queues: capacity itself. 0.21: capacity and a leaf's
// maximum-capacity are relative to the parent's guarantee, and a
// container's maximum does not bound its children.
func (p *h1parser) computeAbsolute() {
	p.walk(p.m.Roots, func(q *H1Queue) {
		parentAbs := 100.0
		if q.Parent != nil {
			parentAbs = q.Parent.AbsCapacity
		}
		c := F32ToDecimal(q.Capacity.V)
		if c < 0 || c != c {
			c = 0
		}
		q.AbsCapacity = c * parentAbs / 100
		q.AbsMaxCapacity = 100
		if mc := F32ToDecimal(q.MaxCapacity.V); mc > 0 && mc <= 100 {
			q.AbsMaxCapacity = mc * parentAbs / 100
		}
	})
}

// checkNames flags queue names the JobTracker keeps but people misread:
// blanks around a name (from "a, b"), blank names.
func (p *h1parser) checkNames() {
	for _, q := range p.m.Queues {
		if q.Name != JavaTrim(q.Name) {
			p.add(RuleH1QueueName, q.Pos, q.FullName, "", fmt.Sprintf("queue name %q has blanks around it: Hadoop keeps them, so jobs must name the queue with the blanks", q.Name),
				"remove the blanks around the names in the list")
		}
	}
}

// h1QueueSuffixes are the per-queue capacity-scheduler.xml keys each flat
// dialect reads.
var h1QueueSuffixes = map[H1Dialect][]string{
	H1Dialect1x: {"capacity", "maximum-capacity", "minimum-user-limit-percent", "user-limit-factor", "supports-priority",
		"maximum-initialized-active-tasks", "maximum-initialized-active-tasks-per-user", "init-accept-jobs-factor"},
	H1Dialect020: {"capacity", "supports-priority", "minimum-user-limit-percent", "maximum-initialized-jobs-per-user"},
}

// h1Obsolete are keys older releases read and this dialect ignores.
var h1Obsolete = map[string]bool{
	"guaranteed-capacity": true, "reclaim-time-limit": true, "maximum-initialized-jobs-per-user": true,
	"default-maximum-initialized-jobs-per-user": true, "default-reclaim-time-limit": true,
	"reclaimCapacity.interval": true,
}

// h1Silent are keys deprecated already in 1.x: dropped without a finding.
var h1Silent = map[string]bool{
	"task.default-pmem-percentage-in-vmem": true, "task.limit.maxpmem": true,
}

// inventory reports every scheduler or queue key the JobTracker did not
// read: orphans (queue not listed), obsolete and unknown keys.
func (p *h1parser) inventory() {
	for _, k := range p.m.CS.Keys() {
		prop, _ := p.m.CS.Lookup(k)
		if p.consumed[prop] || !strings.HasPrefix(k, H1CSPrefix) {
			continue
		}
		p.leftoverCS(prop, strings.TrimPrefix(k, H1CSPrefix))
	}
	for _, k := range p.m.JT.Keys() {
		prop, _ := p.m.JT.Lookup(k)
		if strings.HasPrefix(k, H1CSPrefix) && !h1Silent[strings.TrimPrefix(k, H1CSPrefix)] {
			p.schedulerKeyInSite(k, prop)
			continue
		}
		if p.consumed[prop] || !strings.HasPrefix(k, H1QueuePrefix) {
			continue
		}
		p.leftoverJT(prop, strings.TrimPrefix(k, H1QueuePrefix))
	}
}

// schedulerKeyInSite reports a mapred.capacity-scheduler.* key in the
// JobTracker's configuration: CapacitySchedulerConf builds its own
// new Configuration(false) from capacity-scheduler.xml alone, so the key
// is never read (a Homebrew hive formula told users to put queue
// capacities in mapred-site.xml).
func (p *h1parser) schedulerKeyInSite(k string, prop *Property) {
	queue := ""
	if body, ok := strings.CutPrefix(k, H1CSPrefix+"queue."); ok {
		if i := strings.LastIndexByte(body, '.'); i > 0 {
			queue = body[:i]
		}
	}
	hint := "move it to capacity-scheduler.xml"
	if cs, ok := p.m.CS.Lookup(k); ok {
		hint = fmt.Sprintf("capacity-scheduler.xml sets it too (%q), and that value is the one in force; remove this one", cs.Value)
	}
	p.add(RuleH1SchedulerKeyInSite, prop.NamePos, queue, k,
		fmt.Sprintf("%q is set in mapred-site.xml, but the capacity scheduler reads its settings from capacity-scheduler.xml only: Hadoop ignores it", k), hint)
}

func (p *h1parser) leftoverCS(prop *Property, rest string) {
	d := p.m.Dialect
	if h1Silent[rest] {
		return
	}
	if !strings.HasPrefix(rest, "queue.") {
		switch {
		case h1Obsolete[rest] || (d == H1Dialect1x && rest == "default-maximum-initialized-jobs-per-user"):
			p.add(RuleH1Obsolete, prop.NamePos, "", prop.Name, fmt.Sprintf("%q is not read by Hadoop %s", prop.Name, d), "remove it")
		default:
			p.add(RuleH1Unknown, prop.NamePos, "", prop.Name, fmt.Sprintf("%q is not a capacity scheduler setting of Hadoop %s", prop.Name, d), "check the spelling")
		}
		return
	}
	body := strings.TrimPrefix(rest, "queue.")
	i := strings.LastIndexByte(body, '.')
	if i < 0 {
		p.add(RuleH1Unknown, prop.NamePos, "", prop.Name, fmt.Sprintf("%q names no queue property", prop.Name), "use mapred.capacity-scheduler.queue.<queue>.<property>")
		return
	}
	queue, suffix := body[:i], body[i+1:]
	p.leftoverQueueKey(prop, queue, suffix, h1QueueSuffixes[d])
}

func (p *h1parser) leftoverQueueKey(prop *Property, queue, suffix string, known []string) {
	d := p.m.Dialect
	isKnown := false
	for _, s := range known {
		isKnown = isKnown || s == suffix
	}
	switch {
	case d == H1Dialect021 && p.m.Deprecated021:
		p.add(RuleH1DialectMismatched, prop.NamePos, queue, prop.Name,
			fmt.Sprintf("%q is ignored: 0.21's deprecated flat parser reads no per-queue scheduler setting", prop.Name), "describe the queues in mapred-queues.xml instead")
	case d == H1Dialect021:
		p.add(RuleH1DialectMismatched, prop.NamePos, queue, prop.Name,
			fmt.Sprintf("%q is ignored: in 0.21 per-queue settings live in mapred-queues.xml <properties>", prop.Name), "move it into the queue's <properties>")
	case isKnown && !p.listed(queue):
		p.orphan(prop, queue)
	case h1Obsolete[suffix]:
		p.add(RuleH1Obsolete, prop.NamePos, queue, prop.Name, fmt.Sprintf("%q is not read by Hadoop %s", prop.Name, d), "remove it")
	case p.knownInOtherDialect(suffix):
		p.add(RuleH1DialectMismatched, prop.NamePos, queue, prop.Name,
			fmt.Sprintf("%q is not read by Hadoop %s (it belongs to another release)", prop.Name, d), "remove it, or check the source release")
	default:
		hint := "check the spelling"
		if s := nearestSuffix(suffix, known); s != "" {
			hint = fmt.Sprintf("did you mean %q?", H1CSPrefix+"queue."+queue+"."+s)
		}
		p.add(RuleH1Unknown, prop.NamePos, queue, prop.Name, fmt.Sprintf("%q is not a queue setting of Hadoop %s", prop.Name, d), hint)
	}
}

// nearestSuffix returns the one known queue setting within two edits of
// suffix, the way Ambari's HDP 1 manifests wrote supports-priorit for
// supports-priority (CapacitySchedulerConf reads only the exact key), or
// "" when none or several are that close.
func nearestSuffix(suffix string, known []string) string {
	found := ""
	for _, k := range known {
		if d := EditDistance(suffix, k); d > 0 && d <= 2 {
			if found != "" {
				return ""
			}
			found = k
		}
	}
	return found
}

func (p *h1parser) knownInOtherDialect(suffix string) bool {
	for _, list := range h1QueueSuffixes {
		for _, s := range list {
			if s == suffix {
				return true
			}
		}
	}
	return false
}

func (p *h1parser) listed(queue string) bool {
	for _, q := range p.m.Queues {
		if q.Name == queue {
			return true
		}
	}
	return false
}

// orphan reports H1014 for prop of a queue that is not listed, saying
// when the list is Hadoop's default because no mapred-site.xml was given
// (as H1002 does): "not in mapred.queue.names" alone named a list nobody
// wrote.
func (p *h1parser) orphan(prop *Property, queue string) {
	p.add(RuleH1Orphan, prop.NamePos, queue, prop.Name,
		fmt.Sprintf("queue %q is not in %s%s, so %q is ignored", queue, H1KeyQueueNames, p.defaultQueueListNote(), prop.Name),
		"add the queue to "+H1KeyQueueNames+" or remove the key")
}

func (p *h1parser) leftoverJT(prop *Property, rest string) {
	if rest == "names" {
		return // read by the flat dialects; 0.21 reports it with H1022
	}
	i := strings.LastIndexByte(rest, '.')
	if i < 0 {
		return
	}
	queue, suffix := rest[:i], rest[i+1:]
	switch suffix {
	case "acl-submit-job", "acl-administer-jobs", "state":
	default:
		return // other mapred.queue.* keys are not queue settings
	}
	switch {
	case p.m.Dialect == H1Dialect021 && !p.m.Deprecated021:
		p.add(RuleH1DialectMismatched, prop.NamePos, queue, prop.Name,
			fmt.Sprintf("%q is ignored: 0.21 reads ACLs and state from mapred-queues.xml", prop.Name), "move it into the queue's element")
	case suffix == "state" && p.m.Dialect == H1Dialect020:
		p.add(RuleH1DialectMismatched, prop.NamePos, queue, prop.Name,
			fmt.Sprintf("%q is ignored: Hadoop 0.20 has no queue state", prop.Name), "remove it")
	default:
		p.orphan(prop, queue)
	}
}

// F32ToDecimal widens a Java float to the float64 of its shortest decimal
// form, so 33.3f becomes 33.3 rather than 33.29999923706055.
func F32ToDecimal(f float32) float64 {
	out, err := strconv.ParseFloat(strconv.FormatFloat(float64(f), 'g', -1, 32), 64)
	if err != nil {
		return float64(f)
	}
	return out
}
